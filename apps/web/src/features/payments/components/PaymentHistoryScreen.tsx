import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import {
  PAYMENT_PURPOSES,
  purposeOfCategory,
  type ApplicantPaymentRow,
  type PaymentPurpose,
} from '@portal/contracts';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { Link as RouterLink } from 'react-router';
import { TablePager } from '../../../components/TablePager';
import { useT } from '../../../i18n/useT';
import { ApiError } from '../../../lib/api';
import { notify } from '../../../lib/notify';
import { formatNaira } from '../../../lib/money';
import { useSessionUser } from '../../../lib/session';
import { useDocumentTitle } from '../../../lib/useDocumentTitle';
import { useCheckAgain } from '../api/check-payment';
import type { ReturnedPayment } from '../api/returned-payment';
import { usePaymentHistory, type Payer } from '../api/get-payment-history';
import { PaymentsMessages } from './PaymentsMessages';
import { messageOf } from './PaymentStatusContent';
import { PaymentStateChip } from './PaymentStateChip';
import { isProvider, PROVIDER_NAMES, ProviderLogo } from './ProviderLogo';

const PAGE_SIZES = [5, 10, 20];

/**
 * /applicant/paymenthistory and /student/paymenthistory: every payment attempt of the signed-in
 * payer, newest first, a page at a time, with its state, 'Check again' and the receipt.
 */
export default function PaymentHistoryScreen({ payer = 'applicant' }: { payer?: Payer }) {
  return (
    <PaymentsMessages>
      <History payer={payer} />
    </PaymentsMessages>
  );
}

function History({ payer }: { payer: Payer }) {
  const t = useT();
  const applicant = useSessionUser('applicantUser');
  const student = useSessionUser('studentUser');
  const payeeId = (payer === 'student' ? student?.StudId : applicant?.ApplicantID) ?? 0;
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState(PAGE_SIZES[0]!);
  const history = usePaymentHistory(payer, payeeId, page + 1, pageSize);
  const narrow = useMediaQuery((theme: Theme) => theme.breakpoints.down('md'));
  useDocumentTitle(`${t('payments.history.title')} · ${t('portal.name')}`);

  const rows = history.data?.Data ?? [];
  const total = history.data?.Total ?? 0;

  return (
    <>
      <Typography component="h1" variant="h5" sx={{ fontWeight: 600, mb: 2 }}>
        {t('payments.history.title')}
      </Typography>
      {history.isError && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {history.error instanceof ApiError && history.error.message
            ? history.error.message
            : t('payments.error.generic')}
        </Alert>
      )}
      <Card variant="outlined">
        {history.isPending ? (
          <Box sx={{ p: 2 }} role="status" aria-label={t('common.loading')}>
            <Skeleton variant="rounded" height={160} />
          </Box>
        ) : rows.length === 0 && !history.isError ? (
          <CardContent>
            <Typography color="text.secondary" data-testid="payment-history-empty">
              {t('payments.history.empty')}
            </Typography>
          </CardContent>
        ) : narrow ? (
          <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }} aria-label={t('payments.history.title')}>
            {rows.map((row) => (
              <HistoryCard key={row.PaymentId} row={row} />
            ))}
          </Box>
        ) : (
          <HistoryTable rows={rows} />
        )}
        {total > 0 && (
          <TablePager
            count={total}
            page={page}
            onPageChange={setPage}
            rowsPerPage={pageSize}
            rowsPerPageOptions={PAGE_SIZES}
            onRowsPerPageChange={(size) => {
              setPageSize(size);
              setPage(0);
            }}
          />
        )}
      </Card>
    </>
  );
}

function Provider({ name }: { name: string }) {
  const key = name.toLowerCase();
  if (!isProvider(key)) return <>{name}</>;
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
      <Box aria-hidden>
        <ProviderLogo provider={key} height={18} />
      </Box>
      {PROVIDER_NAMES[key]}
    </Box>
  );
}

/** The receipt of a paid attempt; 'Check again' (the gateway re-queried) for a pending or expired one. */
function RowAction({ row }: { row: ApplicantPaymentRow }) {
  const t = useT();
  const state = row.State.toLowerCase();
  if (state === 'paid')
    return (
      <Link component={RouterLink} to={receiptPath(row)}>
        {t('payments.history.viewReceipt')}
      </Link>
    );
  const provider = row.Provider.toLowerCase();
  if ((state === 'pending' || state === 'expired') && isProvider(provider))
    return (
      <CheckAgainButton
        payment={{ provider, reference: row.Reference }}
        purpose={purposeOfCategory(row.PaymentCategoryId)}
      />
    );
  return null;
}

/** The receipt page the payment's purpose declares: the acceptance fee's is the one its QR code opens. */
function receiptPath(row: Pick<ApplicantPaymentRow, 'PaymentId' | 'PaymentCategoryId'>): string {
  const page = PAYMENT_PURPOSES[purposeOfCategory(row.PaymentCategoryId)].receiptPage;
  return `${page}?transactionId=${encodeURIComponent(row.PaymentId)}`;
}

function CheckAgainButton({ payment, purpose }: { payment: ReturnedPayment; purpose: PaymentPurpose }) {
  const t = useT();
  const checkAgain = useCheckAgain();
  const run = () =>
    checkAgain.mutate(payment, {
      onSuccess: ({ Data }) => {
        const message = t(messageOf(Data, purpose));
        if (Data.status === 'PAID') notify.success(message);
        else if (Data.status === 'PENDING') notify.info(message);
        else notify.warning(message);
      },
      onError: (error) =>
        notify.error(
          error instanceof ApiError && error.message ? error.message : t('payments.status.checkError'),
        ),
    });
  return (
    <Button
      size="small"
      variant="outlined"
      onClick={run}
      loading={checkAgain.isPending}
      sx={{ whiteSpace: 'nowrap' }}
    >
      {t('payments.history.checkAgain')}
    </Button>
  );
}

function useRowText(row: ApplicantPaymentRow) {
  const intl = useIntl();
  return {
    date: intl.formatDate(row.Date, { dateStyle: 'medium', timeStyle: 'short' }),
    amount: formatNaira(intl, row.AmountPaid ?? row.Amount),
  };
}

function HistoryTable({ rows }: { rows: ApplicantPaymentRow[] }) {
  const t = useT();
  return (
    <TableContainer>
      <Table size="small" aria-label={t('payments.history.title')}>
        <TableHead>
          <TableRow>
            <TableCell>{t('payments.history.date')}</TableCell>
            <TableCell>{t('payments.history.payment')}</TableCell>
            <TableCell>{t('payments.history.provider')}</TableCell>
            <TableCell>{t('payments.history.reference')}</TableCell>
            <TableCell align="right">{t('payments.history.amount')}</TableCell>
            <TableCell>{t('payments.history.status')}</TableCell>
            <TableCell>{t('payments.history.receipt')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => (
            <HistoryRow key={row.PaymentId} row={row} />
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

function HistoryRow({ row }: { row: ApplicantPaymentRow }) {
  const text = useRowText(row);
  return (
    <TableRow data-testid="payment-history-row" data-state={row.State}>
      <TableCell sx={{ whiteSpace: 'nowrap' }}>{text.date}</TableCell>
      <TableCell>{row.PaymentName}</TableCell>
      <TableCell>
        <Provider name={row.Provider} />
      </TableCell>
      <TableCell sx={{ fontFamily: 'monospace', overflowWrap: 'anywhere' }}>{row.Reference}</TableCell>
      <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
        {text.amount}
      </TableCell>
      <TableCell>
        <PaymentStateChip state={row.State} />
      </TableCell>
      <TableCell>
        <RowAction row={row} />
      </TableCell>
    </TableRow>
  );
}

function HistoryCard({ row }: { row: ApplicantPaymentRow }) {
  const t = useT();
  const text = useRowText(row);
  return (
    <Box
      component="li"
      data-testid="payment-history-row"
      data-state={row.State}
      sx={{ p: 2, borderBottom: 1, borderColor: 'divider', display: 'grid', gap: 0.5 }}
    >
      <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1, alignItems: 'center' }}>
        <Typography sx={{ fontWeight: 600 }}>{text.amount}</Typography>
        <PaymentStateChip state={row.State} />
      </Box>
      <Typography variant="body2">{row.PaymentName}</Typography>
      <Provider name={row.Provider} />
      <Typography variant="body2" color="text.secondary">
        {text.date}
      </Typography>
      <Typography variant="body2" sx={{ fontFamily: 'monospace', overflowWrap: 'anywhere' }}>
        <Box component="span" sx={{ fontFamily: 'inherit', color: 'text.secondary' }}>
          {t('payments.history.reference')}:{' '}
        </Box>
        {row.Reference}
      </Typography>
      <RowAction row={row} />
    </Box>
  );
}
