import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import type { MatriculationItem } from '@portal/contracts';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { ConfirmDialog } from '../../../components/crud/ConfirmDialog';
import {
  DeclaredFilters,
  useDeclaredFilters,
  type FilterDeclaration,
} from '../../../components/crud/declaredFilters';
import { QueryTable } from '../../../components/crud/ServerTable';
import { PageHeading } from '../../../components/PageHeading';
import { useT } from '../../../i18n/useT';
import { useDocumentTitle } from '../../../lib/useDocumentTitle';
import { useClearDocuments, useMatriculate, useMatriculationList } from '../api/records';
import { DocumentButtons, reportOutcome } from './shared';

type Pending = { action: 'clear' | 'matriculate'; item: MatriculationItem } | null;

/**
 * matriculation: admitted applicants who paid the acceptance fee, with their documents. The
 * registry clears the documents, then matriculates: the student gets the next matric number of
 * the programme's pattern and an e-mail to set a password.
 */
const MATRICULATION_FILTERS = [
  { kind: 'search', key: 'search', label: 'records.matriculation.search' },
  {
    kind: 'select',
    key: 'state',
    label: 'records.matriculation.state',
    choices: [
      { value: 'awaiting', label: 'records.matriculation.awaiting' },
      { value: 'cleared', label: 'records.matriculation.cleared' },
      { value: 'matriculated', label: 'records.matriculation.matriculated' },
    ],
  },
] as const satisfies readonly FilterDeclaration<string>[];

export default function MatriculationScreen() {
  const t = useT();
  const intl = useIntl();
  const title = t('adminPage.matriculation');
  useDocumentTitle(`${title} · ${t('portal.name')}`);
  const { state, setState, filters, setFilter, query } = useDeclaredFilters(MATRICULATION_FILTERS);
  const list = useMatriculationList({ page: state.page, pageSize: state.pageSize, ...query });
  const clear = useClearDocuments();
  const matriculate = useMatriculate();
  const [pending, setPending] = useState<Pending>(null);
  const close = () => setPending(null);
  const date = (value: string) => intl.formatDate(value, { dateStyle: 'medium' });

  return (
    <>
      <PageHeading title={title} intro={t('records.matriculation.intro')} />
      <Card variant="outlined">
        <CardContent>
          <DeclaredFilters
            declared={MATRICULATION_FILTERS}
            values={filters}
            onChange={setFilter}
            sm={2}
            lg={3}
          />
          <QueryTable<MatriculationItem>
            label={title}
            query={list}
            getRowId={(row) => row.applicantId}
            state={state}
            onStateChange={setState}
            emptyText={t('records.matriculation.empty')}
            columns={[
              { field: 'jambRegNo', header: t('records.field.jamb') },
              { field: 'name', header: t('records.field.name') },
              {
                field: 'courseOfStudy',
                header: t('records.field.course'),
                render: (row) => row.courseOfStudy ?? '—',
              },
              {
                field: 'documents',
                header: t('records.field.documents'),
                render: (row) => <DocumentButtons documents={row.documents} />,
              },
              {
                field: 'status',
                header: t('records.field.status'),
                render: (row) =>
                  row.matricNo ? (
                    <Chip size="small" color="success" label={row.matricNo} />
                  ) : row.clearedAt ? (
                    <Chip
                      size="small"
                      color="info"
                      label={t('records.matriculation.clearedOn', {
                        date: date(row.clearedAt),
                        who: row.clearedBy ?? '',
                      })}
                    />
                  ) : (
                    <Chip size="small" label={t('records.matriculation.awaiting')} />
                  ),
              },
            ]}
            actionsHeader={t('records.field.actions')}
            rowActions={(row) =>
              row.matricNo ? null : (
                <Stack direction="row" spacing={1}>
                  {row.clearedAt ? (
                    <Button
                      size="small"
                      variant="contained"
                      onClick={() => setPending({ action: 'matriculate', item: row })}
                    >
                      {t('records.matriculation.matriculate')}
                    </Button>
                  ) : (
                    <Button
                      size="small"
                      variant="outlined"
                      onClick={() => setPending({ action: 'clear', item: row })}
                    >
                      {t('records.matriculation.clear')}
                    </Button>
                  )}
                </Stack>
              )
            }
          />
        </CardContent>
      </Card>
      <ConfirmDialog
        open={pending?.action === 'clear'}
        title={t('records.matriculation.clearTitle')}
        message={t('records.matriculation.clearConfirm', { name: pending?.item.name ?? '' })}
        confirmLabel={t('records.matriculation.clear')}
        pending={clear.isPending}
        onClose={close}
        onConfirm={() => pending && clear.mutate(pending.item.applicantId, reportOutcome(t, close))}
      />
      <ConfirmDialog
        open={pending?.action === 'matriculate'}
        title={t('records.matriculation.matriculateTitle')}
        message={t('records.matriculation.matriculateConfirm', { name: pending?.item.name ?? '' })}
        confirmLabel={t('records.matriculation.matriculate')}
        pending={matriculate.isPending}
        onClose={close}
        onConfirm={() => pending && matriculate.mutate(pending.item.applicantId, reportOutcome(t, close))}
      />
    </>
  );
}
