import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import type { SiwesItem } from '@portal/contracts';
import { useMemo, useState } from 'react';
import { useIntl } from 'react-intl';
import { ConfirmDialog } from '../../../components/crud/ConfirmDialog';
import { serverMessage } from '../../../components/crud/errors';
import { AnySelect, FilterGrid, SearchField } from '../../../components/crud/filters';
import { QueryTable } from '../../../components/crud/ServerTable';
import { useDebounced } from '../../../components/crud/useDebounced';
import { useListFilters } from '../../../components/crud/useListFilters';
import { PageHeading } from '../../../components/PageHeading';
import { useT } from '../../../i18n/useT';
import { notify } from '../../../lib/notify';
import { useDocumentTitle } from '../../../lib/useDocumentTitle';
import { openProtectedFile, useIssueSiwes, useSiwesList } from '../api/records';
import { reportOutcome } from './shared';

/**
 * siwes: students eligible for industrial training (active, 200 level or above, not yet in the
 * final level) and the placement letters issued this session (3 months for Computer Science, 6
 * otherwise).
 */
export default function SiwesScreen() {
  const t = useT();
  const intl = useIntl();
  const title = t('adminPage.siwes');
  useDocumentTitle(`${title} · ${t('portal.name')}`);
  const { state, setState, filters, setFilter } = useListFilters({ search: '', issued: '' });
  const search = useDebounced(filters.search);
  const query = useMemo(
    () => ({
      page: state.page,
      pageSize: state.pageSize,
      search: search.trim() || undefined,
      issued: filters.issued || undefined,
    }),
    [state, search, filters.issued],
  );
  const list = useSiwesList(query);
  const issue = useIssueSiwes();
  const [pending, setPending] = useState<SiwesItem | null>(null);
  const close = () => setPending(null);
  return (
    <>
      <PageHeading title={title} intro={t('records.siwes.intro')} />
      <Card variant="outlined">
        <CardContent>
          <FilterGrid sm={2} lg={3}>
            <SearchField
              label={t('records.students.search')}
              value={filters.search}
              onChange={(value) => setFilter({ search: value })}
            />
            <AnySelect
              label={t('records.siwes.letter')}
              value={filters.issued}
              onChange={(value) => setFilter({ issued: value })}
              choices={[
                { value: 'true', label: t('records.siwes.issued') },
                { value: 'false', label: t('records.siwes.notIssued') },
              ]}
            />
          </FilterGrid>
          <QueryTable<SiwesItem>
            label={title}
            query={list}
            getRowId={(row) => row.studentId}
            state={state}
            onStateChange={setState}
            emptyText={t('records.siwes.empty')}
            columns={[
              { field: 'matricNo', header: t('records.field.matricNo') },
              { field: 'name', header: t('records.field.name') },
              {
                field: 'courseOfStudy',
                header: t('records.field.course'),
                render: (row) => row.courseOfStudy ?? '—',
              },
              {
                field: 'level',
                header: t('records.field.level'),
                render: (row) => row.level ?? '—',
              },
              {
                field: 'months',
                header: t('records.siwes.duration'),
                render: (row) => t('records.siwes.months', { months: row.months }),
              },
              {
                field: 'letter',
                header: t('records.siwes.letter'),
                render: (row) =>
                  row.letter ? (
                    <Chip
                      size="small"
                      color="success"
                      label={`${row.letter.reference} · ${intl.formatDate(row.letter.issuedAt, { dateStyle: 'medium' })}`}
                    />
                  ) : (
                    <Chip size="small" label={t('records.siwes.notIssued')} />
                  ),
              },
            ]}
            actionsHeader={t('records.field.actions')}
            rowActions={(row) =>
              row.letter ? (
                <Button
                  size="small"
                  onClick={() =>
                    openProtectedFile(row.letter!.url).catch((e: unknown) =>
                      notify.error(serverMessage(e) || t('error.generic')),
                    )
                  }
                >
                  {t('records.siwes.open')}
                </Button>
              ) : (
                <Button size="small" variant="contained" onClick={() => setPending(row)}>
                  {t('records.siwes.issue')}
                </Button>
              )
            }
          />
        </CardContent>
      </Card>
      <ConfirmDialog
        open={pending !== null}
        title={t('records.siwes.issueTitle')}
        message={t('records.siwes.issueConfirm', {
          name: pending?.name ?? '',
          months: pending?.months ?? 6,
        })}
        confirmLabel={t('records.siwes.issue')}
        pending={issue.isPending}
        onClose={close}
        onConfirm={() => pending && issue.mutate(pending.studentId, reportOutcome(t, close))}
      />
    </>
  );
}
