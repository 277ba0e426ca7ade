import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import { useMemo } from 'react';
import { useIntl } from 'react-intl';
import { DateRange, PickersProvider } from '../../../components/crud/DateInput';
import { AnySelect, FilterGrid, SearchField } from '../../../components/crud/filters';
import { QueryTable } from '../../../components/crud/ServerTable';
import { useDebounced } from '../../../components/crud/useDebounced';
import { useListFilters } from '../../../components/crud/useListFilters';
import { usePaymentColumns } from '../../../components/crud/usePaymentColumns';
import { PageHeading } from '../../../components/PageHeading';
import type { MessageId } from '../../../i18n/locales';
import { useT } from '../../../i18n/useT';
import { useDocumentTitle } from '../../../lib/useDocumentTitle';
import { useAdmissionPayments } from '../api/get-admission-payments';
import type { AdmissionPaymentItem } from '../types';

const STATES: [string, MessageId][] = [
  ['pending', 'admissions.payment.pending'],
  ['paid', 'admissions.payment.paid'],
  ['failed', 'admissions.payment.failed'],
  ['expired', 'admissions.payment.expired'],
];
const PROVIDERS = ['Monnify', 'Nomba', 'Remita'];

/** admission/payments: acceptance-fee payments with their states, filtered and paged on the server. */
export default function AdmissionPaymentsScreen() {
  const t = useT();
  const intl = useIntl();
  const title = t('admissions.payments.title');
  useDocumentTitle(`${title} · ${t('portal.name')}`);
  const { state, setState, filters, setFilter } = useListFilters({
    search: '',
    state: '',
    provider: '',
    from: '',
    to: '',
  });
  const search = useDebounced(filters.search);
  const query = useMemo(
    () => ({
      page: state.page,
      pageSize: state.pageSize,
      search: search.trim() || undefined,
      state: filters.state || undefined,
      provider: filters.provider || undefined,
      from: filters.from || undefined,
      to: filters.to || undefined,
    }),
    [state, search, filters.state, filters.provider, filters.from, filters.to],
  );
  const payments = useAdmissionPayments(query);
  const paymentColumns = usePaymentColumns<AdmissionPaymentItem>(
    {
      provider: t('admissions.payments.provider'),
      amount: t('admissions.payments.amount'),
      state: t('admissions.payments.state'),
    },
    (value) => {
      const found = STATES.find(([key]) => key === value);
      return found ? t(found[1]) : value;
    },
  );

  return (
    <>
      <PageHeading title={title} />
      <Card variant="outlined">
        <CardContent>
          <PickersProvider>
            <FilterGrid sm={2} lg={5}>
              <SearchField
                label={t('admissions.payments.search')}
                value={filters.search}
                onChange={(search) => setFilter({ search })}
              />
              <AnySelect
                label={t('admissions.payments.state')}
                value={filters.state}
                onChange={(state) => setFilter({ state })}
                choices={STATES.map(([value, label]) => ({ value, label: t(label) }))}
              />
              <AnySelect
                label={t('admissions.payments.provider')}
                value={filters.provider}
                onChange={(provider) => setFilter({ provider })}
                choices={PROVIDERS.map((provider) => ({ value: provider, label: provider }))}
              />
              <DateRange
                labels={[t('admissions.payments.from'), t('admissions.payments.to')]}
                value={[filters.from, filters.to]}
                onChange={([from, to]) => setFilter({ from, to })}
              />
            </FilterGrid>
          </PickersProvider>
          <QueryTable<AdmissionPaymentItem>
            label={title}
            columns={[
              { field: 'reference', header: t('admissions.payments.reference') },
              { field: 'payerName', header: t('admissions.payments.payer') },
              {
                field: 'jambRegNo',
                header: t('admissions.field.jambNumber'),
                render: (p) => p.jambRegNo ?? '—',
              },
              ...paymentColumns,
              {
                field: 'createdAt',
                header: t('admissions.payments.created'),
                render: (p) => intl.formatDate(p.createdAt, { dateStyle: 'medium', timeStyle: 'short' }),
              },
              {
                field: 'paidAt',
                header: t('admissions.payments.paidAt'),
                render: (p) =>
                  p.paidAt ? intl.formatDate(p.paidAt, { dateStyle: 'medium', timeStyle: 'short' }) : '—',
              },
            ]}
            query={payments}
            getRowId={(p) => p.id}
            state={state}
            onStateChange={setState}
            emptyText={t('admissions.payments.empty')}
          />
        </CardContent>
      </Card>
    </>
  );
}
