import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { TEACHING_PAGES, adminPageLabelId, type Instructor } from '@portal/contracts';
import { useState } from 'react';
import { QueryStatus } from '../../../components/crud/QueryStatus';
import { ServerTable } from '../../../components/crud/ServerTable';
import type { ListState } from '../../../components/crud/types';
import { useDebounced } from '../../../components/crud/useDebounced';
import { PageHeading } from '../../../components/PageHeading';
import { SectionCard } from '../../../components/SectionCard';
import type { MessageId } from '../../../i18n/locales';
import { useT } from '../../../i18n/useT';
import { useDocumentTitle } from '../../../lib/useDocumentTitle';
import { useWhen } from '../../../lib/useWhen';
import { useInstructors, useTeachingTrail } from '../api';
import { SearchField } from '../../../components/SearchField';

/**
 * /app/instructorManagement ('Manage Audits'): the lecturers of the session with their offerings
 * (CourseLecturers) and their teaching — lessons published, assignments set and graded, classes
 * held, score sheets submitted — and, for the one chosen, the audit trail of their teaching actions.
 */
export default function InstructorsScreen() {
  const t = useT();
  useDocumentTitle(`${t('app.nav.manageAudits')} · ${t('portal.name')}`);
  const [state, setState] = useState<ListState>({ page: 1, pageSize: 10 });
  const [search, setSearch] = useState('');
  const settled = useDebounced(search.trim());
  const list = useInstructors(state.page, state.pageSize, settled);
  const [chosen, setChosen] = useState<Instructor | null>(null);
  return (
    <>
      <PageHeading title={t('app.nav.manageAudits')} intro={t('instructors.intro')} />
      <Stack spacing={2}>
        <SearchField
          label={t('instructors.search')}
          value={search}
          onChange={(value) => {
            setSearch(value);
            setState((current) => ({ ...current, page: 1 }));
          }}
        />
        <QueryStatus query={list} />
        <ServerTable<Instructor>
          label={t('instructors.table')}
          rows={list.data?.Data ?? []}
          total={list.data?.Total ?? 0}
          loading={list.isFetching}
          getRowId={(row) => row.StaffId}
          state={state}
          onStateChange={setState}
          emptyText={t('instructors.empty')}
          columns={[
            { field: 'Name', header: t('instructors.name'), priority: 0 },
            {
              field: 'Offerings',
              header: t('instructors.offerings'),
              render: (row) => row.Offerings.map((o) => o.Code).join(', '),
              priority: 1,
            },
            { field: 'ContentPublished', header: t('instructors.contentPublished'), priority: 3 },
            {
              field: 'AssignmentsSet',
              header: t('instructors.assignments'),
              render: (row) =>
                t('instructors.assignmentsCell', { set: row.AssignmentsSet, graded: row.SubmissionsGraded }),
              priority: 3,
            },
            { field: 'ClassesHeld', header: t('instructors.classesHeld'), priority: 4 },
            { field: 'ScoreSheetsSubmitted', header: t('instructors.scoreSheets'), priority: 4 },
          ]}
          actionsHeader={t('instructors.actions')}
          rowActions={(row) =>
            row.AdminId !== null && (
              <Button
                size="small"
                variant={chosen?.StaffId === row.StaffId ? 'contained' : 'outlined'}
                onClick={() => setChosen(row)}
                aria-label={t('instructors.trailOf', { name: row.Name })}
              >
                {t('instructors.trail')}
              </Button>
            )
          }
        />
        {chosen && <TeachingTrail key={chosen.StaffId} instructor={chosen} />}
      </Stack>
    </>
  );
}

function TeachingTrail({ instructor }: { instructor: Instructor }) {
  const t = useT();
  const when = useWhen();
  const [state, setState] = useState<ListState>({ page: 1, pageSize: 10 });
  const [pageName, setPageName] = useState('');
  const trail = useTeachingTrail(instructor.AdminId, state.page, state.pageSize, pageName);
  const pageLabel = (page: string) => t(adminPageLabelId(page) as MessageId);
  return (
    <SectionCard title={t('instructors.trailOf', { name: instructor.Name })}>
      <TextField
        select
        size="small"
        label={t('instructors.page')}
        value={pageName}
        onChange={(event) => {
          setPageName(event.target.value);
          setState((current) => ({ ...current, page: 1 }));
        }}
        sx={{ minWidth: 220, mb: 2 }}
      >
        <MenuItem value="">{t('instructors.allPages')}</MenuItem>
        {TEACHING_PAGES.map((page) => (
          <MenuItem key={page} value={page}>
            {pageLabel(page)}
          </MenuItem>
        ))}
      </TextField>
      <QueryStatus query={trail} />
      <ServerTable
        label={t('instructors.trailOf', { name: instructor.Name })}
        rows={trail.data?.Data ?? []}
        total={trail.data?.Total ?? 0}
        loading={trail.isFetching}
        getRowId={(row) => row.Id}
        state={state}
        onStateChange={setState}
        emptyText={t('instructors.noActions')}
        columns={[
          { field: 'At', header: t('instructors.when'), render: (row) => when(row.At), priority: 0 },
          { field: 'Page', header: t('instructors.page'), render: (row) => pageLabel(row.Page), priority: 2 },
          { field: 'Action', header: t('instructors.action'), priority: 1 },
          {
            field: 'Entity',
            header: t('instructors.record'),
            render: (row) => (
              <Typography variant="body2" component="span">
                {[row.Entity, row.EntityId].filter(Boolean).join(' #')}
              </Typography>
            ),
            priority: 3,
          },
        ]}
      />
    </SectionCard>
  );
}
