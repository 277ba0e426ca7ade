import Download from '@mui/icons-material/Download';
import Receipt from '@mui/icons-material/ReceiptLong';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { BursaryPaymentItem, PaymentFlagKind } from '@portal/contracts';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { serverMessage } from '../../../components/crud/errors';
import type { TableColumn } from '../../../components/crud/ServerTable';
import { usePaymentColumns } from '../../../components/crud/usePaymentColumns';
import type { MessageId } from '../../../i18n/locales';
import { useT } from '../../../i18n/useT';
import type { QueryValue } from '../../../lib/api';
import { formatKobo } from '../../../lib/money';
import { notify } from '../../../lib/notify';
import { exportBursaryFile } from '../api/export-file';

export const PAYMENT_STATES: [string, MessageId][] = [
  ['paid', 'bursary.state.paid'],
  ['pending', 'bursary.state.pending'],
  ['failed', 'bursary.state.failed'],
  ['expired', 'bursary.state.expired'],
];
export const FLAG_KINDS: [PaymentFlagKind, MessageId][] = [
  ['underpaid', 'bursary.flag.underpaid'],
  ['overpaid', 'bursary.flag.overpaid'],
  ['duplicate', 'bursary.flag.duplicate'],
  ['other', 'bursary.flag.other'],
];

/** Naira from kobo, as the locale writes money. */
export function useNaira() {
  const intl = useIntl();
  return (kobo: number) => formatKobo(intl, kobo);
}

export const providerName = (provider: string) => provider.charAt(0).toUpperCase() + provider.slice(1);

/** The receipt page of a paid payment (public by its unguessable id). */
export const receiptHref = (transactionId: string) =>
  `${import.meta.env.BASE_URL}paymentreceipt?transactionId=${encodeURIComponent(transactionId)}`;

/** The columns of a list of payments: who, what, which session, how much, its state and flag, its receipt. */
export function usePaymentTableColumns(options: { payer?: boolean } = {}): TableColumn<BursaryPaymentItem>[] {
  const t = useT();
  const intl = useIntl();
  const stateLabel = (value: string) => {
    const found = PAYMENT_STATES.find(([key]) => key === value);
    return found ? t(found[1]) : value;
  };
  const paymentColumns = usePaymentColumns<BursaryPaymentItem>(
    { provider: t('bursary.provider'), amount: t('bursary.amount'), state: t('bursary.state') },
    stateLabel,
  );
  const date = (value: string) => intl.formatDate(value, { dateStyle: 'medium', timeStyle: 'short' });
  return [
    { field: 'reference', header: t('bursary.reference') },
    ...(options.payer === false
      ? []
      : [
          { field: 'payerName', header: t('bursary.payer') },
          {
            field: 'regNo',
            header: t('bursary.regNo'),
            render: (p: BursaryPaymentItem) => p.regNo ?? '—',
          },
          {
            field: 'departmentName',
            header: t('bursary.department'),
            priority: 3,
            render: (p: BursaryPaymentItem) =>
              [p.departmentName, p.levelName].filter(Boolean).join(' · ') || '—',
          },
        ]),
    {
      field: 'categoryName',
      header: t('bursary.category'),
      render: (p) => (p.items.length ? `${p.categoryName} (${p.items.join(', ')})` : p.categoryName),
    },
    {
      field: 'sessionName',
      header: t('bursary.session'),
      render: (p) => p.sessionName ?? '—',
    },
    ...paymentColumns,
    {
      field: 'flag',
      header: t('bursary.flag'),
      render: (p) => <FlagChip kind={p.flagKind} flag={p.flag} />,
    },
    {
      field: 'date',
      header: t('bursary.date'),
      render: (p) => date(p.paidAt ?? p.createdAt),
    },
    {
      field: 'receipt',
      header: t('bursary.receipt'),
      render: (p) =>
        p.state === 'paid' ? (
          <Link
            href={receiptHref(p.transactionId)}
            target="_blank"
            rel="noopener"
            sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}
          >
            <Receipt fontSize="small" aria-hidden />
            {t('bursary.viewReceipt')}
          </Link>
        ) : (
          '—'
        ),
    },
  ];
}

/** A payment's flag as a chip (its full text on hover and to screen readers), or a dash. */
export function FlagChip({ kind, flag }: { kind: PaymentFlagKind | null; flag: string | null }) {
  const t = useT();
  if (!kind || !flag) return <>—</>;
  const label = t(FLAG_KINDS.find(([k]) => k === kind)![1]);
  return (
    <Chip
      size="small"
      color={kind === 'other' ? 'default' : 'warning'}
      label={label}
      title={flag}
      aria-label={`${label}: ${flag}`}
    />
  );
}

/** Figures in a row of small cards (two a row on a phone). */
export function Figures({ label, figures }: { label: string; figures: readonly [string, string][] }) {
  return (
    <Box
      component="ul"
      aria-label={label}
      sx={{
        listStyle: 'none',
        p: 0,
        m: 0,
        mb: 2,
        display: 'grid',
        gap: 1.5,
        gridTemplateColumns: {
          xs: 'repeat(2, minmax(0, 1fr))',
          md: `repeat(${figures.length}, minmax(0, 1fr))`,
        },
      }}
    >
      {figures.map(([name, value]) => (
        <Card component="li" variant="outlined" key={name}>
          <CardContent sx={{ py: 1.5, '&:last-child': { pb: 1.5 } }}>
            <Typography variant="body2" color="text.secondary">
              {name}
            </Typography>
            <Typography
              component="p"
              sx={{ fontWeight: 600, fontSize: { xs: '1rem', sm: '1.2rem' }, overflowWrap: 'break-word' }}
            >
              <bdi>{value}</bdi>
            </Typography>
          </CardContent>
        </Card>
      ))}
    </Box>
  );
}

/** CSV and Excel buttons that download the filtered set (the server streams the CSV). */
export function ExportButtons({
  what,
  query,
  disabled,
}: {
  what: 'payments' | 'summary';
  query: Record<string, QueryValue>;
  disabled?: boolean;
}) {
  const t = useT();
  const [busy, setBusy] = useState<'csv' | 'xlsx' | null>(null);
  const run = async (format: 'csv' | 'xlsx') => {
    setBusy(format);
    try {
      await exportBursaryFile(what, format, query);
      notify.success(t('bursary.export.done'));
    } catch (error) {
      notify.error(serverMessage(error) || t('error.download'));
    } finally {
      setBusy(null);
    }
  };
  return (
    <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap' }}>
      {(['csv', 'xlsx'] as const).map((format) => (
        <Button
          key={format}
          variant="outlined"
          size="small"
          startIcon={<Download />}
          disabled={disabled || busy !== null}
          onClick={() => void run(format)}
        >
          {t(format === 'csv' ? 'bursary.export.csv' : 'bursary.export.xlsx')}
        </Button>
      ))}
    </Stack>
  );
}
