import Search from '@mui/icons-material/Search';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMemo, useState } from 'react';
import { useIntl } from 'react-intl';
import { DateInput, PickersProvider } from '../../../components/crud/DateInput';
import { serverMessage } from '../../../components/crud/errors';
import { ServerTable } from '../../../components/crud/ServerTable';
import type { ListState } from '../../../components/crud/types';
import { useDebounced } from '../../../components/crud/useDebounced';
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
  const [state, setState] = useState<ListState>({ page: 1, pageSize: 20 });
  const [filters, setFilters] = useState({ search: '', state: '', provider: '', from: '', to: '' });
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
  const set = (patch: Partial<typeof filters>) => {
    setFilters((f) => ({ ...f, ...patch }));
    setState((s) => ({ ...s, page: 1 }));
  };
  const stateLabel = (value: string) => {
    const found = STATES.find(([key]) => key === value);
    return found ? t(found[1]) : value;
  };

  return (
    <>
      <Typography component="h1" variant="h5" sx={{ fontWeight: 600, mb: 2 }}>
        {title}
      </Typography>
      <Card variant="outlined">
        <CardContent>
          <PickersProvider>
            <Box
              sx={{
                display: 'grid',
                gap: 1.5,
                mb: 2,
                gridTemplateColumns: {
                  xs: 'minmax(0, 1fr)',
                  sm: 'repeat(2, minmax(0, 1fr))',
                  lg: 'repeat(5, minmax(0, 1fr))',
                },
              }}
            >
              <TextField
                size="small"
                type="search"
                label={t('admissions.payments.search')}
                value={filters.search}
                onChange={(event) => set({ search: event.target.value })}
                slotProps={{
                  input: {
                    startAdornment: (
                      <InputAdornment position="start">
                        <Search fontSize="small" />
                      </InputAdornment>
                    ),
                  },
                }}
              />
              <TextField
                select
                size="small"
                label={t('admissions.payments.state')}
                value={filters.state}
                onChange={(event) => set({ state: event.target.value })}
              >
                <MenuItem value="">{t('crud.any')}</MenuItem>
                {STATES.map(([value, label]) => (
                  <MenuItem key={value} value={value}>
                    {t(label)}
                  </MenuItem>
                ))}
              </TextField>
              <TextField
                select
                size="small"
                label={t('admissions.payments.provider')}
                value={filters.provider}
                onChange={(event) => set({ provider: event.target.value })}
              >
                <MenuItem value="">{t('crud.any')}</MenuItem>
                {PROVIDERS.map((provider) => (
                  <MenuItem key={provider} value={provider}>
                    {provider}
                  </MenuItem>
                ))}
              </TextField>
              <DateInput
                label={t('admissions.payments.from')}
                value={filters.from}
                onChange={(from) => set({ from })}
                disableFuture
              />
              <DateInput
                label={t('admissions.payments.to')}
                value={filters.to}
                onChange={(to) => set({ to })}
                disableFuture
                minDate={filters.from || undefined}
              />
            </Box>
          </PickersProvider>
          <ServerTable<AdmissionPaymentItem>
            label={title}
            columns={[
              { field: 'reference', header: t('admissions.payments.reference'), minWidth: 180 },
              { field: 'payerName', header: t('admissions.payments.payer'), minWidth: 160 },
              {
                field: 'jambRegNo',
                header: t('admissions.field.jambNumber'),
                render: (p) => p.jambRegNo ?? '—',
              },
              {
                field: 'provider',
                header: t('admissions.payments.provider'),
                minWidth: 110,
                render: (p) => p.provider.charAt(0).toUpperCase() + p.provider.slice(1),
              },
              {
                field: 'amount',
                header: t('admissions.payments.amount'),
                minWidth: 120,
                render: (p) => intl.formatNumber(p.amount, { style: 'currency', currency: 'NGN' }),
              },
              {
                field: 'state',
                header: t('admissions.payments.state'),
                minWidth: 110,
                render: (p) => (
                  <Chip
                    size="small"
                    label={stateLabel(p.state)}
                    color={p.state === 'paid' ? 'success' : p.state === 'pending' ? 'warning' : 'default'}
                  />
                ),
              },
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
            rows={payments.data?.Data ?? []}
            getRowId={(p) => p.id}
            total={payments.data?.Total ?? 0}
            loading={payments.isFetching}
            state={state}
            onStateChange={setState}
            emptyText={
              payments.isError
                ? serverMessage(payments.error) || t('error.generic')
                : t('admissions.payments.empty')
            }
          />
        </CardContent>
      </Card>
    </>
  );
}
