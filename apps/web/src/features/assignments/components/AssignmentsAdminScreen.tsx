import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import type { AssignmentOffering } from '@portal/contracts';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { ServerTable } from '../../../components/crud/ServerTable';
import type { ListState } from '../../../components/crud/types';
import { useDebounced } from '../../../components/crud/useDebounced';
import { PageHeading } from '../../../components/PageHeading';
import { useT } from '../../../i18n/useT';
import { useDocumentTitle } from '../../../lib/useDocumentTitle';
import { useAssignmentOfferings } from '../api';
import { AssignmentsError } from './AssignmentsError';

export const offeringAssignmentsPath = (courseId: number, sessionId: number) =>
  `/admin/assignment/${courseId}/${sessionId}`;

/** /admin/assignment: the offerings the lecturer teaches (the page's administrator: every offering). */
export default function AssignmentsAdminScreen() {
  const t = useT();
  const [state, setState] = useState<ListState>({ page: 1, pageSize: 10 });
  const [search, setSearch] = useState('');
  const settled = useDebounced(search.trim());
  const offerings = useAssignmentOfferings(state.page, state.pageSize, settled);
  useDocumentTitle(`${t('assignments.staff.heading')} · ${t('portal.name')}`);
  return (
    <>
      <PageHeading title={t('assignments.staff.heading')} intro={t('assignments.staff.intro')} />
      <Stack spacing={2}>
        <TextField
          size="small"
          label={t('assignments.staff.search')}
          value={search}
          onChange={(event) => {
            setSearch(event.target.value);
            setState((current) => ({ ...current, page: 1 }));
          }}
          sx={{ maxWidth: 360 }}
        />
        {offerings.isError ? (
          <AssignmentsError error={offerings.error} />
        ) : (
          <ServerTable<AssignmentOffering>
            label={t('assignments.staff.offerings')}
            rows={offerings.data?.Data ?? []}
            total={offerings.data?.Total ?? 0}
            loading={offerings.isFetching}
            getRowId={(row) => `${row.CourseId}-${row.SessionId}`}
            state={state}
            onStateChange={setState}
            emptyText={t('assignments.staff.noOfferings')}
            columns={[
              { field: 'Code', header: t('assignments.staff.code'), priority: 0 },
              { field: 'Title', header: t('assignments.staff.course'), priority: 1 },
              {
                field: 'Session',
                header: t('assignments.staff.session'),
                render: (row) => `${row.Session} · ${row.Semester ?? ''}`,
                priority: 3,
              },
            ]}
            actionsHeader={t('assignments.staff.actions')}
            rowActions={(row) => (
              <Button
                component={RouterLink}
                to={offeringAssignmentsPath(row.CourseId, row.SessionId)}
                size="small"
                variant="contained"
                aria-label={t('assignments.staff.openOffering', { code: row.Code })}
              >
                {t('assignments.staff.open')}
              </Button>
            )}
          />
        )}
      </Stack>
    </>
  );
}
