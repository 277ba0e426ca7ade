import Search from '@mui/icons-material/Search';
import Button from '@mui/material/Button';
import InputAdornment from '@mui/material/InputAdornment';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import type { ContentOffering } from '@portal/contracts';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { ServerTable } from '../../../components/crud/ServerTable';
import type { ListState } from '../../../components/crud/types';
import { useDebounced } from '../../../components/crud/useDebounced';
import { PageHeading } from '../../../components/PageHeading';
import { useT } from '../../../i18n/useT';
import { useDocumentTitle } from '../../../lib/useDocumentTitle';
import { useStaffOfferings } from '../api/staff';
import { ContentError } from './ContentStatus';
import { ContentMessages } from './ContentMessages';

/** /admin/managecontent: the offerings the lecturer teaches (an admin holding the page: every offering). */
export default function ManageContentScreen() {
  return (
    <ContentMessages>
      <Offerings />
    </ContentMessages>
  );
}

export const offeringPath = (courseId: number, sessionId: number) =>
  `/admin/managecontent/${courseId}/${sessionId}`;

function Offerings() {
  const t = useT();
  const [state, setState] = useState<ListState>({ page: 1, pageSize: 10 });
  const [search, setSearch] = useState('');
  const settled = useDebounced(search.trim());
  const offerings = useStaffOfferings(state.page, state.pageSize, settled);
  useDocumentTitle(`${t('content.manage.title')} · ${t('portal.name')}`);
  return (
    <>
      <PageHeading title={t('content.manage.title')} intro={t('content.manage.intro')} />
      <Stack spacing={2}>
        <TextField
          size="small"
          label={t('content.manage.search')}
          value={search}
          onChange={(event) => {
            setSearch(event.target.value);
            setState((current) => ({ ...current, page: 1 }));
          }}
          slotProps={{
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <Search />
                </InputAdornment>
              ),
            },
          }}
          sx={{ maxWidth: 360 }}
        />
        {offerings.isError && (
          <ContentError error={offerings.error} onRetry={() => void offerings.refetch()} />
        )}
        {!offerings.isError && (
          <ServerTable<ContentOffering>
            label={t('content.manage.offerings')}
            rows={offerings.data?.Data ?? []}
            total={offerings.data?.Total ?? 0}
            loading={offerings.isFetching}
            getRowId={(row) => `${row.CourseId}-${row.SessionId}`}
            state={state}
            onStateChange={setState}
            emptyText={t('content.noData')}
            columns={[
              { field: 'Code', header: t('content.course.code'), priority: 0 },
              { field: 'Title', header: t('content.course.title'), priority: 1 },
              {
                field: 'Session',
                header: t('content.course.session'),
                render: (row) => `${row.Session} · ${row.Semester}`,
                priority: 3,
              },
              {
                field: 'Lecturers',
                header: t('content.course.lecturers'),
                render: (row) => row.Lecturers.join(', '),
                priority: 4,
              },
              {
                field: 'Items',
                header: t('content.manage.itemsColumn'),
                render: (row) =>
                  t('content.manage.itemCounts', {
                    items: row.Items,
                    published: row.Published,
                    pending: row.PendingReview,
                  }),
                priority: 2,
              },
              { field: 'Enrolled', header: t('content.manage.enrolled'), priority: 5 },
            ]}
            actionsHeader={t('content.actions')}
            rowActions={(row) => (
              <Button
                component={RouterLink}
                to={offeringPath(row.CourseId, row.SessionId)}
                size="small"
                variant="contained"
                aria-label={t('content.manage.openOffering', { code: row.Code })}
              >
                {t('content.open')}
              </Button>
            )}
          />
        )}
      </Stack>
    </>
  );
}
