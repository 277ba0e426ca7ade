import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import type { LiveClassOffering } from '@portal/contracts';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { ServerTable } from '../../../components/crud/ServerTable';
import type { ListState } from '../../../components/crud/types';
import { useDebounced } from '../../../components/crud/useDebounced';
import { PageHeading } from '../../../components/PageHeading';
import { useT } from '../../../i18n/useT';
import { useDocumentTitle } from '../../../lib/useDocumentTitle';
import { useStaffOfferings } from '../api';
import { LiveClassError } from './LiveClassError';
import { LiveClassesMessages } from './LiveClassesMessages';

export const liveOfferingPath = (courseId: number, sessionId: number) =>
  `/admin/LiveClassroom/${courseId}/${sessionId}`;

/** /admin/LiveClassroom: the courses the lecturer teaches (the page's administrator: every course). */
export default function LiveClassroomScreen() {
  return (
    <LiveClassesMessages>
      <Offerings />
    </LiveClassesMessages>
  );
}

function Offerings() {
  const t = useT();
  const [state, setState] = useState<ListState>({ page: 1, pageSize: 10 });
  const [search, setSearch] = useState('');
  const settled = useDebounced(search.trim());
  const offerings = useStaffOfferings(state.page, state.pageSize, settled);
  useDocumentTitle(`${t('liveclasses.manage.title')} · ${t('portal.name')}`);
  return (
    <>
      <PageHeading title={t('liveclasses.manage.title')} intro={t('liveclasses.manage.intro')} />
      <Stack spacing={2}>
        <TextField
          size="small"
          label={t('liveclasses.search')}
          value={search}
          onChange={(event) => {
            setSearch(event.target.value);
            setState((current) => ({ ...current, page: 1 }));
          }}
          sx={{ maxWidth: 360 }}
        />
        {offerings.isError ? (
          <LiveClassError error={offerings.error} onRetry={() => void offerings.refetch()} />
        ) : (
          <ServerTable<LiveClassOffering>
            label={t('liveclasses.offerings')}
            rows={offerings.data?.Data ?? []}
            total={offerings.data?.Total ?? 0}
            loading={offerings.isFetching}
            getRowId={(row) => `${row.CourseId}-${row.SessionId}`}
            state={state}
            onStateChange={setState}
            emptyText={t('liveclasses.noData')}
            columns={[
              { field: 'Code', header: t('liveclasses.code'), priority: 0 },
              { field: 'Title', header: t('liveclasses.course'), priority: 1 },
              {
                field: 'Session',
                header: t('liveclasses.session'),
                render: (row) => `${row.Session} · ${row.Semester ?? ''}`,
                priority: 3,
              },
              {
                field: 'Lecturers',
                header: t('liveclasses.lecturers'),
                render: (row) => row.Lecturers.join(', '),
                priority: 4,
              },
              { field: 'Enrolled', header: t('liveclasses.enrolled'), priority: 2 },
            ]}
            actionsHeader={t('liveclasses.actions')}
            rowActions={(row) => (
              <Button
                component={RouterLink}
                to={liveOfferingPath(row.CourseId, row.SessionId)}
                size="small"
                variant="contained"
                aria-label={t('liveclasses.openOffering', { code: row.Code })}
              >
                {t('liveclasses.open')}
              </Button>
            )}
          />
        )}
      </Stack>
    </>
  );
}
