import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import type { TransactionRow } from '@portal/contracts';
import { useEffect, useRef } from 'react';
import { useIntl } from 'react-intl';
import { ServerTable } from '../../../components/crud/ServerTable';
import { usePaymentColumns } from '../../../components/crud/usePaymentColumns';
import type { MessageId } from '../../../i18n/locales';
import { useT } from '../../../i18n/useT';
import { notify } from '../../../lib/notify';
import { useTransactions, type TransactionListState } from '../api/get-transactions';

const PAGE_SIZES = [5, 10, 20, 50];
const STATE_LABELS: Record<string, MessageId> = {
  pending: 'transactions.state.pending',
  paid: 'transactions.state.paid',
  failed: 'transactions.state.failed',
  expired: 'transactions.state.expired',
};

/** The transactions, newest first, paged on the server; the loader stays on until the first load ends. */
export default function TransactionsTable({
  state,
  onStateChange,
}: {
  state: TransactionListState;
  onStateChange: (next: TransactionListState) => void;
}) {
  const t = useT();
  const intl = useIntl();
  const transactions = useTransactions(state);
  const answer = transactions.data;
  const failed = !!answer && answer.state !== 1;
  const reported = useRef(0);
  const paymentColumns = usePaymentColumns<TransactionRow>(
    {
      provider: t('transactions.provider'),
      amount: t('transactions.amount'),
      state: t('transactions.status'),
    },
    (state) => (STATE_LABELS[state] ? t(STATE_LABELS[state]!) : state),
  );

  // One notification per answer: 'Unable to load data.' when state is not 1, 'An error occurred.' on an exception.
  useEffect(() => {
    const at = Math.max(transactions.dataUpdatedAt, transactions.errorUpdatedAt);
    if (!at || reported.current === at) return;
    if (transactions.isError) {
      reported.current = at;
      notify.error(t('error.generic'));
    } else if (failed) {
      reported.current = at;
      notify.error(t('transactions.unableToLoad'));
    }
  }, [transactions.dataUpdatedAt, transactions.errorUpdatedAt, transactions.isError, failed, t]);

  if (transactions.isPending) {
    return (
      <Box
        role="status"
        aria-label={t('common.loading')}
        sx={{ display: 'flex', justifyContent: 'center', py: 6 }}
      >
        <CircularProgress />
      </Box>
    );
  }

  const rows = failed ? [] : (answer?.data ?? []);
  return (
    <Card variant="outlined">
      <CardContent>
        <ServerTable<TransactionRow>
          label={t('sidebar.transaction')}
          columns={[
            {
              field: 'date',
              header: t('transactions.date'),
              render: (r) => intl.formatDate(r.date, { dateStyle: 'medium', timeStyle: 'short' }),
            },
            { field: 'reference', header: t('transactions.reference') },
            { field: 'payerName', header: t('transactions.payer') },
            { field: 'regNo', header: t('transactions.regNo'), render: (r) => r.regNo ?? '—' },
            { field: 'category', header: t('transactions.category') },
            ...paymentColumns,
          ]}
          rows={rows}
          getRowId={(r) => r.transactionId}
          total={failed ? 0 : (answer?.total ?? 0)}
          loading={transactions.isFetching}
          state={{ page: state.page, pageSize: state.pageSize }}
          onStateChange={(next) => onStateChange({ ...state, page: next.page, pageSize: next.pageSize })}
          emptyText={
            failed
              ? t('transactions.unableToLoad')
              : transactions.isError
                ? t('error.generic')
                : t('transactions.empty')
          }
          pageSizes={PAGE_SIZES}
          rowActions={(r) =>
            r.state === 'paid' ? (
              <Link
                href={`${import.meta.env.BASE_URL}paymentreceipt?transactionId=${encodeURIComponent(r.transactionId)}`}
                target="_blank"
                rel="noopener"
                aria-label={t('transactions.receiptOf', { reference: r.reference })}
              >
                {t('transactions.receipt')}
              </Link>
            ) : null
          }
        />
      </CardContent>
    </Card>
  );
}
