import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useIntl } from 'react-intl';
import { QueryTable } from '../../../components/crud/ServerTable';
import { useDeclaredFilters } from '../../../components/crud/declaredFilters';
import { PageHeading } from '../../../components/PageHeading';
import { useT } from '../../../i18n/useT';
import { useDocumentTitle } from '../../../lib/useDocumentTitle';
import { useBursaryOptions } from '../api/get-bursary-options';
import { useBursaryPayments } from '../api/get-bursary-payments';
import { ExportButtons, Figures, useNaira, usePaymentTableColumns } from './parts';
import { PAYMENT_FILTERS, PAYMENT_FILTERS_INITIAL, PaymentFilters } from './PaymentFilters';

/**
 * studentpayments: every payment (paid unless another state is chosen), filtered, searched and
 * paged on the server, with the totals of the filtered set and its export as CSV or Excel.
 */
export default function StudentPaymentsScreen() {
  const t = useT();
  const intl = useIntl();
  const naira = useNaira();
  const title = t('adminPage.studentpayments');
  useDocumentTitle(`${title} · ${t('portal.name')}`);
  const options = useBursaryOptions();
  const {
    state,
    setState,
    filters,
    setFilter,
    query: filterQuery,
  } = useDeclaredFilters(PAYMENT_FILTERS, PAYMENT_FILTERS_INITIAL);
  const payments = useBursaryPayments({
    ...filterQuery,
    page: state.page,
    pageSize: state.pageSize,
    ...(state.sort ? { sort: state.sort, order: state.order ?? 'asc' } : {}),
  });
  const columns = usePaymentTableColumns();
  const totals = payments.data?.Totals;

  return (
    <>
      <PageHeading title={title} intro={t('bursary.payments.intro')} />
      <Card variant="outlined">
        <CardContent>
          <PaymentFilters value={filters} onChange={setFilter} options={options.data} />
          <Stack
            direction="row"
            sx={{ justifyContent: 'space-between', alignItems: 'center', flexWrap: 'wrap', gap: 1, mb: 1.5 }}
          >
            <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 600 }}>
              {t('bursary.totals')}
            </Typography>
            <ExportButtons what="payments" query={filterQuery} disabled={!payments.data} />
          </Stack>
          <Figures
            label={t('bursary.totals')}
            figures={[
              [t('bursary.totals.count'), totals ? intl.formatNumber(totals.count) : '…'],
              [t('bursary.totals.due'), totals ? naira(totals.amountKobo) : '…'],
              [t('bursary.totals.received'), totals ? naira(totals.amountPaidKobo) : '…'],
              [t('bursary.totals.charges'), totals ? naira(totals.chargesKobo) : '…'],
            ]}
          />
          <Typography variant="body2" color="text.secondary" sx={{ mt: -1, mb: 2 }}>
            {t('bursary.totals.chargesNote')}
          </Typography>
          <QueryTable
            label={title}
            columns={columns.map((c) =>
              c.field === 'reference' || c.field === 'date' || c.field === 'amount'
                ? { ...c, sortable: true }
                : c,
            )}
            query={payments}
            getRowId={(p) => p.id}
            state={state}
            onStateChange={setState}
            emptyText={t('bursary.payments.empty')}
          />
        </CardContent>
      </Card>
    </>
  );
}
