import FilterAlt from '@mui/icons-material/FilterAlt';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import { TRANSACTIONS_DEFAULT_PAGE, TRANSACTIONS_DEFAULT_PAGE_SIZE } from '@portal/contracts';
import { lazy, Suspense, useState, type FormEvent } from 'react';
import { DateRange, PickersProvider, today } from '../../../components/crud/DateInput';
import { PageHeading } from '../../../components/PageHeading';
import { PageLoading } from '../../../components/PageLoading';
import { SectionCard } from '../../../components/SectionCard';
import { useT } from '../../../i18n/useT';
import { useDocumentTitle } from '../../../lib/useDocumentTitle';
import type { TransactionListState } from '../api/get-transactions';

const TransactionsTable = lazy(() => import('./TransactionsTable'));

/**
 * /app/Transaction and /admin/Transaction: titled with the sidebar's Transaction label, a Filter
 * By Date card (Start Date and End Date, none after today, YYYY-MM-DD) and the transactions table,
 * loaded lazily and paged on the server (page 1 of 5 rows at first).
 */
export default function TransactionsScreen() {
  const t = useT();
  const title = t('sidebar.transaction');
  useDocumentTitle(`${title} · ${t('portal.name')}`);
  const [state, setState] = useState<TransactionListState>({
    page: TRANSACTIONS_DEFAULT_PAGE,
    pageSize: TRANSACTIONS_DEFAULT_PAGE_SIZE,
    startDate: '',
    endDate: '',
  });
  const [startDate, setStartDate] = useState('');
  const [endDate, setEndDate] = useState('');
  const max = today();
  const problem =
    (startDate && startDate > max) || (endDate && endDate > max)
      ? t('transactions.futureDate')
      : startDate && endDate && endDate < startDate
        ? t('transactions.endBeforeStart')
        : null;

  const filter = (event: FormEvent) => {
    event.preventDefault();
    if (problem) return;
    setState((s) => ({ ...s, page: TRANSACTIONS_DEFAULT_PAGE, startDate, endDate }));
  };

  return (
    <>
      <PageHeading title={title} />
      <SectionCard title={t('transactions.filterByDate')} sx={{ mb: 2 }} contentSx={{ pt: 0 }}>
        <PickersProvider>
          <Box
            component="form"
            onSubmit={filter}
            noValidate
            aria-label={t('transactions.filterByDate')}
            sx={{
              display: 'grid',
              gap: 2,
              alignItems: 'start',
              gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'minmax(0, 1fr) minmax(0, 1fr) auto' },
            }}
          >
            <DateRange
              labels={[t('transactions.startDate'), t('transactions.endDate')]}
              names={['startDate', 'endDate']}
              value={[startDate, endDate]}
              onChange={([start, end]) => {
                setStartDate(start);
                setEndDate(end);
              }}
            />
            <Button type="submit" variant="contained" startIcon={<FilterAlt />} sx={{ minHeight: 40 }}>
              {t('transactions.filter')}
            </Button>
          </Box>
        </PickersProvider>
        {problem && (
          <FormHelperText error role="alert">
            {problem}
          </FormHelperText>
        )}
      </SectionCard>
      <Suspense fallback={<PageLoading />}>
        <TransactionsTable state={state} onStateChange={setState} />
      </Suspense>
    </>
  );
}
