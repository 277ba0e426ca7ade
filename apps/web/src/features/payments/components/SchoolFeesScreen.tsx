import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { SchoolFeesStatement } from '@portal/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useId, useState } from 'react';
import { useIntl } from 'react-intl';
import { Link as RouterLink } from 'react-router';
import { PlainRadioGroup } from '../../../components/form/PlainChoice';
import { useT } from '../../../i18n/useT';
import { ApiError } from '../../../lib/api';
import { formatNaira } from '../../../lib/money';
import { useDocumentTitle } from '../../../lib/useDocumentTitle';
import { useSchoolFees } from '../api/get-school-fees';
import { startSchoolFees, type SchoolFeesChoice } from '../api/start-payment';
import { ProviderButtons } from './PaymentButtons';
import { PaymentReturn } from './PaymentReturn';
import { PaymentsMessages } from './PaymentsMessages';
import { PaymentStateChip } from './PaymentStateChip';

const InstalmentField = lazy(() => import('./InstalmentField'));

/**
 * /student/payment ('School Fees'): this session's items with both amounts and their totals (the
 * student's own column by the indigene rule), what is paid and left, and the payment — in full
 * (MethodId 1) or by instalments (a first instalment of at least the school's share, then the
 * balance) through Monnify, Nomba or Remita. The gateway sends the browser back here; the status
 * is asked of the server, which asks the gateway.
 */
export default function SchoolFeesScreen() {
  return (
    <PaymentsMessages>
      <SchoolFees />
    </PaymentsMessages>
  );
}

type Method = 'full' | 'first' | 'balance';

function SchoolFees() {
  const t = useT();
  const statement = useSchoolFees();
  const queryClient = useQueryClient();
  useDocumentTitle(`${t('payments.schoolFees.title')} · ${t('portal.name')}`);
  const data = statement.data?.Data;

  return (
    <>
      <PaymentReturn
        purpose="schoolFees"
        onDone={() => void queryClient.invalidateQueries({ queryKey: ['payments'] })}
      />
      <Typography component="h1" variant="h5" sx={{ fontWeight: 600, mb: 0.5 }}>
        {t('payments.schoolFees.title')}
      </Typography>
      {data?.Session && (
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          {t('payments.schoolFees.session', { session: data.Session, level: data.Level ?? '' })}
        </Typography>
      )}
      {statement.isPending ? (
        <Box role="status" aria-label={t('common.loading')}>
          <Skeleton variant="rounded" height={220} />
        </Box>
      ) : statement.isError || !data ? (
        <Alert severity="error">
          {statement.error instanceof ApiError && statement.error.message
            ? statement.error.message
            : t('payments.error.generic')}
        </Alert>
      ) : data.Lines.length === 0 ? (
        <Alert severity="info">{t('payments.schoolFees.noFees')}</Alert>
      ) : (
        <Box sx={{ display: 'grid', gap: 2 }}>
          <Summary data={data} />
          <Items data={data} />
          {data.Balance > 0 ? (
            <PayCard data={data} />
          ) : (
            <Alert severity="success" data-testid="school-fees-settled">
              {t('payments.schoolFees.paidInFull')}
            </Alert>
          )}
          <Attempts data={data} />
        </Box>
      )}
    </>
  );
}

function Summary({ data }: { data: SchoolFeesStatement }) {
  const t = useT();
  const intl = useIntl();
  const cells: [string, number, string][] = [
    [t('payments.schoolFees.due'), data.Total, 'school-fees-total'],
    [t('payments.schoolFees.paid'), data.Paid, 'school-fees-paid'],
    [t('payments.schoolFees.balance'), data.Balance, 'school-fees-balance'],
  ];
  return (
    <Box
      component="dl"
      sx={{ m: 0, display: 'grid', gap: 1, gridTemplateColumns: { xs: '1fr', sm: 'repeat(3, 1fr)' } }}
    >
      {cells.map(([label, amount, testId]) => (
        <Card key={testId} variant="outlined" sx={{ p: 1.5 }}>
          <Typography component="dt" variant="body2" color="text.secondary">
            {label}
          </Typography>
          <Typography component="dd" variant="h6" sx={{ m: 0, fontWeight: 600 }} data-testid={testId}>
            {formatNaira(intl, amount)}
          </Typography>
        </Card>
      ))}
    </Box>
  );
}

/** The items with both amounts and their totals; the student's own column is marked. */
function Items({ data }: { data: SchoolFeesStatement }) {
  const t = useT();
  const intl = useIntl();
  const naira = (n: number) => formatNaira(intl, n);
  const mine = { fontWeight: 600, bgcolor: 'action.selected' };
  return (
    <Card variant="outlined">
      <CardContent sx={{ pb: 1 }}>
        <Typography variant="body2" color="text.secondary" data-testid="school-fees-rule">
          {data.Indigene ? t('payments.schoolFees.rule.indigene') : t('payments.schoolFees.rule.nonIndigene')}
        </Typography>
      </CardContent>
      <Box sx={{ overflowX: 'auto' }}>
        <Table size="small" aria-label={t('payments.schoolFees.items')} sx={{ '& td, & th': { px: 1 } }}>
          <TableHead>
            <TableRow>
              <TableCell>{t('payments.schoolFees.item')}</TableCell>
              <TableCell align="right" sx={data.Indigene ? mine : undefined}>
                {t('payments.schoolFees.indigene')}
              </TableCell>
              <TableCell align="right" sx={data.Indigene ? undefined : mine}>
                {t('payments.schoolFees.nonIndigene')}
              </TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {data.Lines.map((line) => (
              <TableRow key={line.PaymentItemId} data-testid="school-fees-line">
                <TableCell>{line.PaymentName}</TableCell>
                <TableCell align="right" sx={data.Indigene ? mine : undefined}>
                  {naira(line.IndigeneAmount)}
                </TableCell>
                <TableCell align="right" sx={data.Indigene ? undefined : mine}>
                  {naira(line.NonIndigeneAmount)}
                </TableCell>
              </TableRow>
            ))}
            <TableRow>
              <TableCell sx={{ fontWeight: 600 }}>{t('payments.schoolFees.total')}</TableCell>
              <TableCell align="right" sx={{ fontWeight: 600, ...(data.Indigene ? mine : {}) }}>
                {naira(data.TotalIndigene)}
              </TableCell>
              <TableCell align="right" sx={{ fontWeight: 600, ...(data.Indigene ? {} : mine) }}>
                {naira(data.TotalNonIndigene)}
              </TableCell>
            </TableRow>
          </TableBody>
        </Table>
      </Box>
    </Card>
  );
}

function PayCard({ data }: { data: SchoolFeesStatement }) {
  const t = useT();
  const intl = useIntl();
  const id = useId();
  const naira = (n: number) => formatNaira(intl, n);
  const [chosen, setMethod] = useState<Method | null>(null);
  // What may be paid changes under the page (a payment credited by a webhook or 'Check again'):
  // a choice no longer offered falls back to the one that is.
  const offered = (m: Method) =>
    m === 'full' ? data.CanPayFull : m === 'first' ? data.CanPayFirstInstalment : data.CanPayBalance;
  const method: Method = chosen && offered(chosen) ? chosen : data.CanPayBalance ? 'balance' : 'full';
  const [instalment, setInstalment] = useState(String(data.MinimumFirstInstalment));
  const first = Number(instalment);
  const firstValid = Number.isFinite(first) && first >= data.MinimumFirstInstalment && first < data.Total;
  const amount = method === 'full' ? data.Total : method === 'balance' ? data.Balance : first;
  const labels: Record<Method, string> = {
    full: t('payments.schoolFees.full', { amount: naira(data.Total) }),
    first: t('payments.schoolFees.firstInstalment', {
      percent: data.FirstInstalmentPercent,
      amount: naira(data.MinimumFirstInstalment),
    }),
    balance: t('payments.schoolFees.balanceOption', { amount: naira(data.Balance) }),
  };
  const choice: SchoolFeesChoice =
    method === 'full'
      ? { MethodId: 1 }
      : method === 'balance'
        ? { MethodId: 2 }
        : { MethodId: 2, InstalmentAmount: first };

  return (
    <Card variant="outlined">
      <CardContent sx={{ display: 'grid', gap: 2 }}>
        <PlainRadioGroup
          legend={t('payments.schoolFees.method')}
          value={method}
          options={(['full', 'first', 'balance'] as const)
            .filter(offered)
            .map((value) => ({ value, label: labels[value] }))}
          onChange={setMethod}
        />
        {method === 'first' && (
          <Suspense fallback={<Skeleton variant="rounded" height={56} sx={{ maxWidth: 320, my: 2 }} />}>
            <InstalmentField
              id={`${id}-amount`}
              label={t('payments.schoolFees.instalmentAmount')}
              value={instalment}
              onChange={setInstalment}
              error={!firstValid}
              helperText={t('payments.schoolFees.instalmentHint', {
                min: naira(data.MinimumFirstInstalment),
                total: naira(data.Total),
              })}
              min={data.MinimumFirstInstalment}
              max={data.Total}
            />
          </Suspense>
        )}
        <ProviderButtons
          label={t('payments.schoolFees.payWith', { amount: naira(Number.isFinite(amount) ? amount : 0) })}
          disabled={method === 'first' && !firstValid}
          start={(provider) => startSchoolFees(provider, choice)}
        />
      </CardContent>
    </Card>
  );
}

/** This session's attempts: state, amount and the receipt of each paid one. */
function Attempts({ data }: { data: SchoolFeesStatement }) {
  const t = useT();
  const intl = useIntl();
  if (data.Attempts.length === 0) return null;
  const pending = data.Attempts.some((a) => a.State === 'pending');
  return (
    <Card variant="outlined">
      <CardContent>
        <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 600, mb: 1 }}>
          {t('payments.schoolFees.attempts')}
        </Typography>
        {pending && (
          <Alert severity="info" sx={{ mb: 1 }}>
            {t('payments.schoolFees.pendingNote')}
          </Alert>
        )}
        <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
          {data.Attempts.map((a) => (
            <Box
              component="li"
              key={a.PaymentId}
              data-testid="school-fees-attempt"
              data-state={a.State}
              sx={{
                py: 1,
                borderBottom: 1,
                borderColor: 'divider',
                display: 'flex',
                flexWrap: 'wrap',
                gap: 1,
                alignItems: 'center',
              }}
            >
              <Typography sx={{ fontWeight: 600 }}>{formatNaira(intl, a.AmountPaid ?? a.Amount)}</Typography>
              <Typography variant="body2" color="text.secondary">
                {a.MethodId === 1
                  ? t('payments.schoolFees.methodFull')
                  : t('payments.schoolFees.methodInstalment')}
                {' · '}
                {intl.formatDate(a.PaidAt ?? a.Date, { dateStyle: 'medium' })}
              </Typography>
              <PaymentStateChip state={a.State} />
              {a.State === 'paid' && (
                <Link
                  component={RouterLink}
                  to={`/paymentreceipt?transactionId=${encodeURIComponent(a.PaymentId)}`}
                >
                  {t('payments.history.viewReceipt')}
                </Link>
              )}
            </Box>
          ))}
        </Box>
        <Link component={RouterLink} to="/student/paymenthistory" sx={{ display: 'inline-block', mt: 1 }}>
          {t('payments.schoolFees.history')}
        </Link>
      </CardContent>
    </Card>
  );
}
