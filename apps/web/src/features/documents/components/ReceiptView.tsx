import Verified from '@mui/icons-material/Verified';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { type PaymentReceipt, type ReceiptLine, type SchoolFeesReceipt } from '@portal/contracts';
import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import type { MessageId } from '../../../i18n/locales';
import { useT } from '../../../i18n/useT';
import { formatNaira, shortenId } from '../../../lib/money';
import { CopyButton, KeyValues, QrBlock, SectionTitle } from './parts';

const PROVIDER_NAMES: Record<string, string> = { monnify: 'Monnify', nomba: 'Nomba', remita: 'Remita' };

/**
 * A payment receipt (spec sections 2 and 3): the school-fees receipt when the payment has a
 * paymentCategoryId (its breakdown passed in), the simple receipt otherwise. Both show the
 * shortened transaction id with a copy button, the naira amounts with the bank / Interswitch
 * service-charge line, and the verification QR code.
 */
export function ReceiptView({
  receipt,
  schoolFees,
  actions,
}: {
  receipt: PaymentReceipt;
  schoolFees?: SchoolFeesReceipt;
  actions?: ReactNode;
}) {
  const t = useT();
  const intl = useIntl();
  const naira = (amount: number) => formatNaira(intl, amount);
  const date = (iso: string) => intl.formatDate(iso, { dateStyle: 'long', timeStyle: 'short' });
  const provider = PROVIDER_NAMES[receipt.provider.toLowerCase()] ?? receipt.provider;

  return (
    <Box component="article" aria-labelledby="receipt-title" data-testid="receipt">
      <Box sx={{ display: 'flex', gap: 2, alignItems: 'flex-start', flexWrap: 'wrap-reverse' }}>
        <Box sx={{ flex: '1 1 220px', minWidth: 0 }}>
          <Typography variant="overline" color="text.secondary" component="p">
            {receipt.institutionShortName
              ? `${receipt.institutionName} (${receipt.institutionShortName})`
              : receipt.institutionName}
          </Typography>
          <Typography id="receipt-title" component="h2" variant="h5" sx={{ fontWeight: 700 }}>
            {schoolFees ? t('documents.receipt.schoolFeesTitle') : t('documents.receipt.title')}
          </Typography>
          <Typography color="text.secondary">
            {[receipt.paymentName, receipt.session].filter(Boolean).join(' · ')}
          </Typography>
        </Box>
        {receipt.passport && (
          <Box
            component="img"
            src={receipt.passport}
            alt={t('documents.receipt.passport', { name: receipt.name })}
            width={96}
            height={116}
            sx={{ objectFit: 'cover', borderRadius: 1, border: 1, borderColor: 'divider' }}
          />
        )}
      </Box>

      <Alert icon={<Verified />} severity="success" sx={{ my: 2 }}>
        {t('documents.receipt.genuine')}
      </Alert>

      <SectionTitle>{t('documents.receipt.payer')}</SectionTitle>
      <KeyValues
        rows={[
          [t('documents.field.name'), receipt.name],
          [
            receipt.matricNo ? t('documents.field.matricNo') : t('documents.field.jambRegNo'),
            receipt.payeeNo,
          ],
          [t('documents.field.department'), receipt.department],
          [t('documents.field.courseOfStudy'), receipt.courseOfStudy],
          [t('documents.field.level'), schoolFees?.Level ?? receipt.level],
          [t('documents.field.programme'), receipt.program],
          [t('documents.field.admittedSession'), receipt.admittedSession],
        ]}
      />

      <SectionTitle>{t('documents.receipt.payment')}</SectionTitle>
      <KeyValues
        rows={[
          [t('documents.receipt.paymentName'), receipt.paymentName],
          [t('documents.field.session'), receipt.session],
          [
            t('documents.receipt.transactionId'),
            <Box
              component="span"
              key="id"
              sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, flexWrap: 'wrap' }}
            >
              <Box
                component="span"
                sx={{ fontFamily: 'monospace' }}
                title={receipt.transactionId}
                data-testid="transaction-id"
              >
                {shortenId(receipt.transactionId)}
              </Box>
            </Box>,
          ],
          [
            t('documents.receipt.transactionRef'),
            // The copy message names the Transaction Ref: the button copies that reference.
            <Box
              component="span"
              key="ref"
              sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, flexWrap: 'wrap' }}
            >
              <Box component="span" sx={{ overflowWrap: 'anywhere' }} data-testid="transaction-ref">
                {receipt.transactionRef}
              </Box>
              <CopyButton text={receipt.transactionRef} label={t('documents.receipt.copy')} />
            </Box>,
          ],
          [receipt.provider === 'remita' ? 'RRR' : t('documents.receipt.gatewayRef'), receipt.RRR],
          [t('documents.receipt.paidThrough'), provider],
          [t('documents.receipt.paymentDate'), date(receipt.paymentDate)],
          [
            t('documents.receipt.paymentMethod'),
            schoolFees
              ? schoolFees.MethodId === 1
                ? t('documents.receipt.fullPayment')
                : t('documents.receipt.installmental')
              : null,
          ],
          [t('documents.receipt.status'), t('documents.receipt.paid')],
        ]}
      />

      <SectionTitle>{t('documents.receipt.amounts')}</SectionTitle>
      {schoolFees ? (
        <SchoolFeesTable receipt={receipt} schoolFees={schoolFees} naira={naira} />
      ) : (
        <ReceiptLines lines={receipt.lines} naira={naira} />
      )}
      <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 1 }}>
        {t('documents.receipt.chargeNote')}
      </Typography>

      <Divider sx={{ my: 2 }} />
      <QrBlock image={receipt.QRcode} url={receipt.verifyUrl} caption={t('documents.qr.caption')} />
      <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 1 }}>
        {t('documents.receipt.generated', { date: date(receipt.generatedDate) })}
      </Typography>
      {actions && <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', mt: 2 }}>{actions}</Box>}
    </Box>
  );
}

/**
 * The school-fees breakdown: the indigene amounts and total for a payer of the school's indigene state
 * (the server's answer, by School Management's setting), the non-indigene ones otherwise.
 */
function SchoolFeesTable({
  receipt,
  schoolFees,
  naira,
}: {
  receipt: PaymentReceipt;
  schoolFees: SchoolFeesReceipt;
  naira: (amount: number) => string;
}) {
  const t = useT();
  const indigene = receipt.indigene;
  const total = (indigene ? schoolFees.totals1 : schoolFees.totals0)[0]?.total ?? 0;
  return (
    <>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }} data-testid="indigene-rule">
        {indigene ? t('documents.receipt.indigene') : t('documents.receipt.nonIndigene')}
      </Typography>
      <AmountTable
        rows={schoolFees.details.map((d) => [
          d.PaymentName,
          naira(indigene ? d.IndigeneAmount : d.NonIndigeneAmount),
        ])}
        subtotal={[t('documents.receipt.total'), naira(total)]}
        extras={[[t('documents.receipt.serviceCharge'), naira(receipt.charges)]]}
        totalLabel={t('documents.receipt.amountPaid')}
        total={naira(schoolFees.amountPaid)}
      />
    </>
  );
}

const LINE_LABELS = {
  charge: 'documents.receipt.serviceCharge',
  excess: 'documents.receipt.excess',
  total: 'documents.receipt.totalPaid',
} as const satisfies Record<Exclude<ReceiptLine['kind'], 'item'>, MessageId>;

/** The receipt's own lines, as the PDF prints them: items, the service charge, any excess, the total. */
function ReceiptLines({ lines, naira }: { lines: ReceiptLine[]; naira: (amount: number) => string }) {
  const t = useT();
  const label = (line: ReceiptLine) => (line.kind === 'item' ? line.label : t(LINE_LABELS[line.kind]));
  const items = lines.filter((l) => l.kind === 'item');
  const extras = lines.filter((l) => l.kind !== 'item' && l.kind !== 'total');
  const total = lines.find((l) => l.kind === 'total');
  return (
    <AmountTable
      rows={items.map((l) => [label(l), naira(l.amount)])}
      extras={extras.map((l) => [label(l), naira(l.amount)])}
      totalLabel={total ? label(total) : t('documents.receipt.totalPaid')}
      total={naira(total?.amount ?? 0)}
    />
  );
}

function AmountTable({
  rows,
  subtotal,
  extras,
  totalLabel,
  total,
}: {
  rows: [string, string][];
  subtotal?: [string, string];
  /** Lines between the items and the total: the service charge first. */
  extras: [string, string][];
  totalLabel: string;
  total: string;
}) {
  const t = useT();
  const cell = { px: { xs: 1, sm: 2 } };
  return (
    <Table
      size="small"
      sx={{ tableLayout: 'fixed', width: '100%' }}
      aria-label={t('documents.receipt.amounts')}
    >
      <TableHead>
        <TableRow>
          <TableCell sx={{ ...cell, width: 40 }}>{t('documents.table.sn')}</TableCell>
          <TableCell sx={cell}>{t('documents.table.item')}</TableCell>
          <TableCell sx={{ ...cell, width: { xs: 110, sm: 160 } }} align="right">
            {t('documents.table.amount')}
          </TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {rows.map(([name, amount], i) => (
          <TableRow key={`${i}-${name}`}>
            <TableCell sx={cell}>{i + 1}</TableCell>
            <TableCell sx={{ ...cell, overflowWrap: 'anywhere' }}>{name}</TableCell>
            <TableCell sx={cell} align="right">
              {amount}
            </TableCell>
          </TableRow>
        ))}
        {subtotal && (
          <TableRow>
            <TableCell sx={cell} />
            <TableCell sx={{ ...cell, fontWeight: 600 }}>{subtotal[0]}</TableCell>
            <TableCell sx={{ ...cell, fontWeight: 600 }} align="right">
              {subtotal[1]}
            </TableCell>
          </TableRow>
        )}
        {extras.map(([name, amount], i) => (
          <TableRow key={`extra-${i}-${name}`}>
            <TableCell sx={cell} />
            <TableCell sx={{ ...cell, overflowWrap: 'anywhere' }}>{name}</TableCell>
            <TableCell sx={cell} align="right" data-testid={i === 0 ? 'service-charge' : undefined}>
              {amount}
            </TableCell>
          </TableRow>
        ))}
        <TableRow>
          <TableCell sx={cell} />
          <TableCell sx={{ ...cell, fontWeight: 700 }}>{totalLabel}</TableCell>
          <TableCell sx={{ ...cell, fontWeight: 700 }} align="right" data-testid="amount-paid">
            {total}
          </TableCell>
        </TableRow>
      </TableBody>
    </Table>
  );
}
