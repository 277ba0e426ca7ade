import Download from '@mui/icons-material/Download';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import type { DebtorRow } from '@portal/contracts';
import { useMemo, useState } from 'react';
import { useIntl } from 'react-intl';
import { FilterGrid, SearchField } from '../../../components/crud/filters';
import { ReferenceInput } from '../../../components/crud/ReferenceInput';
import { QueryTable } from '../../../components/crud/ServerTable';
import { serverMessage } from '../../../components/crud/errors';
import { useDebounced } from '../../../components/crud/useDebounced';
import { useListFilters } from '../../../components/crud/useListFilters';
import { PageHeading } from '../../../components/PageHeading';
import { useT } from '../../../i18n/useT';
import { formatNaira } from '../../../lib/money';
import { notify } from '../../../lib/notify';
import { useDocumentTitle } from '../../../lib/useDocumentTitle';
import { exportDebtors, useDebtors, type DebtorsFilter } from '../api/get-debtors';
import { PaymentsMessages } from './PaymentsMessages';

/**
 * debtorslist: students owing school fees for a session (the current one unless chosen), by
 * department and level, with what is due, paid and left; paged on the server; CSV or XLSX.
 */
export default function DebtorsListScreen() {
  return (
    <PaymentsMessages>
      <Debtors />
    </PaymentsMessages>
  );
}

function Debtors() {
  const t = useT();
  const intl = useIntl();
  const naira = (n: number) => formatNaira(intl, n);
  const title = t('adminPage.debtorslist');
  useDocumentTitle(`${title} · ${t('portal.name')}`);
  const { state, setState, filters, setFilter } = useListFilters<{
    search: string;
    sessionId: number | null;
    departmentId: number | null;
    levelId: number | null;
  }>({ search: '', sessionId: null, departmentId: null, levelId: null });
  const search = useDebounced(filters.search);
  const filter: DebtorsFilter = useMemo(
    () => ({
      search: search.trim() || undefined,
      sessionId: filters.sessionId ?? undefined,
      departmentId: filters.departmentId ?? undefined,
      levelId: filters.levelId ?? undefined,
    }),
    [search, filters.sessionId, filters.departmentId, filters.levelId],
  );
  const debtors = useDebtors({ ...filter, page: state.page, pageSize: state.pageSize });
  const [exporting, setExporting] = useState<'csv' | 'xlsx' | null>(null);
  const download = async (format: 'csv' | 'xlsx') => {
    setExporting(format);
    try {
      await exportDebtors(filter, format);
      notify.success(t('payments.debtors.exported'));
    } catch (error) {
      notify.error(serverMessage(error) || t('payments.error.generic'));
    } finally {
      setExporting(null);
    }
  };

  return (
    <>
      <PageHeading title={title} />
      <Card variant="outlined">
        <CardContent>
          <FilterGrid sm={2} lg={4}>
            <ReferenceInput
              id="debtors-session"
              path="/api/admin/academic-sessions"
              label={t('payments.debtors.session')}
              value={filters.sessionId}
              onChange={(sessionId) => setFilter({ sessionId })}
              size="small"
            />
            <ReferenceInput
              id="debtors-department"
              path="/api/admin/departments"
              label={t('payments.debtors.department')}
              value={filters.departmentId}
              onChange={(departmentId) => setFilter({ departmentId })}
              size="small"
            />
            <ReferenceInput
              id="debtors-level"
              path="/api/admin/levels"
              label={t('payments.debtors.level')}
              value={filters.levelId}
              onChange={(levelId) => setFilter({ levelId })}
              size="small"
            />
            <SearchField
              label={t('payments.debtors.search')}
              value={filters.search}
              onChange={(value) => setFilter({ search: value })}
            />
          </FilterGrid>
          <Box
            sx={{
              display: 'flex',
              flexWrap: 'wrap',
              gap: 1,
              alignItems: 'center',
              justifyContent: 'space-between',
              my: 2,
            }}
          >
            <Typography color="text.secondary" data-testid="debtors-session">
              {debtors.data?.Session
                ? t('payments.debtors.summary', { session: debtors.data.Session, count: debtors.data.Total })
                : ''}
            </Typography>
            <Box sx={{ display: 'flex', gap: 1 }}>
              <Button
                variant="outlined"
                startIcon={<Download />}
                loading={exporting === 'csv'}
                disabled={exporting !== null}
                onClick={() => void download('csv')}
              >
                {t('payments.debtors.exportCsv')}
              </Button>
              <Button
                variant="outlined"
                startIcon={<Download />}
                loading={exporting === 'xlsx'}
                disabled={exporting !== null}
                onClick={() => void download('xlsx')}
              >
                {t('payments.debtors.exportXlsx')}
              </Button>
            </Box>
          </Box>
          <QueryTable<DebtorRow>
            label={title}
            columns={[
              { field: 'MatricNo', header: t('payments.debtors.matricNo') },
              { field: 'Name', header: t('payments.debtors.name') },
              {
                field: 'Department',
                header: t('payments.debtors.department'),
                priority: 3,
                render: (r) => r.Department ?? '—',
              },
              { field: 'Level', header: t('payments.debtors.level'), render: (r) => r.Level ?? '—' },
              { field: 'Due', header: t('payments.debtors.due'), render: (r) => naira(r.Due) },
              { field: 'Paid', header: t('payments.debtors.paid'), render: (r) => naira(r.Paid) },
              { field: 'Balance', header: t('payments.debtors.balance'), render: (r) => naira(r.Balance) },
            ]}
            query={debtors}
            getRowId={(r) => r.StudentId}
            state={state}
            onStateChange={setState}
            emptyText={t('payments.debtors.empty')}
          />
        </CardContent>
      </Card>
    </>
  );
}
