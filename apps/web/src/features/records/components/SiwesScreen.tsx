import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import type { SiwesItem } from '@portal/contracts';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { ConfirmDialog } from '../../../components/crud/ConfirmDialog';
import { serverMessage } from '../../../components/crud/errors';
import {
  DeclaredFilters,
  useDeclaredFilters,
  type FilterDeclaration,
} from '../../../components/crud/declaredFilters';
import { QueryTable } from '../../../components/crud/ServerTable';
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
const SIWES_FILTERS = [
  { kind: 'search', key: 'search', label: 'records.students.search' },
  {
    kind: 'select',
    key: 'issued',
    label: 'records.siwes.letter',
    choices: [
      { value: 'true', label: 'records.siwes.issued' },
      { value: 'false', label: 'records.siwes.notIssued' },
    ],
  },
] as const satisfies readonly FilterDeclaration<string>[];

export default function SiwesScreen() {
  const t = useT();
  const intl = useIntl();
  const title = t('adminPage.siwes');
  useDocumentTitle(`${title} · ${t('portal.name')}`);
  const { state, setState, filters, setFilter, query } = useDeclaredFilters(SIWES_FILTERS);
  const list = useSiwesList({ page: state.page, pageSize: state.pageSize, ...query });
  const issue = useIssueSiwes();
  const [pending, setPending] = useState<SiwesItem | null>(null);
  const close = () => setPending(null);
  return (
    <>
      <PageHeading title={title} intro={t('records.siwes.intro')} />
      <Card variant="outlined">
        <CardContent>
          <DeclaredFilters declared={SIWES_FILTERS} values={filters} onChange={setFilter} sm={2} lg={3} />
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
