import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { REGISTRATION_STATES, type CourseListRow, type UnregisteredRow } from '@portal/contracts';
import { useId, useMemo, useState } from 'react';
import { AnySelect, FilterGrid } from '../../../components/crud/filters';
import { ReferenceInput } from '../../../components/crud/ReferenceInput';
import { ExportButtons } from '../../../components/crud/ResourceFiles';
import { QueryTable } from '../../../components/crud/ServerTable';
import { useListFilters } from '../../../components/crud/useListFilters';
import { PageHeading } from '../../../components/PageHeading';
import { SimpleTable } from '../../../components/SimpleTable';
import { useT } from '../../../i18n/useT';
import { useDocumentTitle } from '../../../lib/useDocumentTitle';
import { COURSE_LISTS, useCourseList, useRegistrationCounts, useUnregistered } from '../api/courses';
import { StateChip } from './parts';

type View = 'list' | 'counts' | 'unregistered';

/**
 * studentcourselist: the students registered for a course in a semester (for attendance and
 * result sheets, as CSV or XLSX), the counts per course and department, and who has not registered.
 */
export default function CourseListScreen() {
  const t = useT();
  const id = useId();
  const title = t('adminPage.studentcourselist');
  useDocumentTitle(`${title} · ${t('portal.name')}`);
  const [view, setView] = useState<View>('list');
  const [semesterId, setSemesterId] = useState<number | null>(null);
  return (
    <>
      <PageHeading title={title} intro={t('courses.lists.intro')} />
      <Card variant="outlined">
        <CardContent>
          <Box sx={{ maxWidth: { sm: 360 }, mb: 2 }}>
            <ReferenceInput
              id={`${id}-semester`}
              path="/api/admin/semesters"
              label={t('courses.field.semesterDefault')}
              value={semesterId}
              onChange={setSemesterId}
              size="small"
            />
          </Box>
          <Tabs
            value={view}
            onChange={(_event, next: View) => setView(next)}
            variant="scrollable"
            allowScrollButtonsMobile
            sx={{ mb: 2, borderBottom: 1, borderColor: 'divider' }}
          >
            <Tab value="list" label={t('courses.lists.students')} />
            <Tab value="counts" label={t('courses.lists.counts')} />
            <Tab value="unregistered" label={t('courses.lists.unregistered')} />
          </Tabs>
          {view === 'list' && <Students semesterId={semesterId} />}
          {view === 'counts' && <Counts semesterId={semesterId} />}
          {view === 'unregistered' && <Unregistered semesterId={semesterId} />}
        </CardContent>
      </Card>
    </>
  );
}

function Students({ semesterId }: { semesterId: number | null }) {
  const t = useT();
  const id = useId();
  const { state, setState, filters, setFilter } = useListFilters<{ courseId: number | null; state: string }>({
    courseId: null,
    state: '',
  });
  const filterQuery = useMemo(
    () => ({
      courseId: filters.courseId ?? undefined,
      semesterId: semesterId ?? undefined,
      state: filters.state || undefined,
    }),
    [filters, semesterId],
  );
  const query = useMemo(
    () => ({ page: state.page, pageSize: state.pageSize, ...filterQuery }),
    [state, filterQuery],
  );
  const list = useCourseList(query, filters.courseId !== null);
  return (
    <>
      <FilterGrid sm={2} lg={3}>
        <ReferenceInput
          id={`${id}-course`}
          path="/api/admin/courses"
          label={t('courses.field.course')}
          value={filters.courseId}
          onChange={(courseId) => setFilter({ courseId })}
          size="small"
        />
        <AnySelect
          label={t('courses.field.state')}
          value={filters.state}
          onChange={(value) => setFilter({ state: value })}
          choices={REGISTRATION_STATES.map((s) => ({ value: s, label: t(`courses.state.${s}`) }))}
        />
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
          <ExportButtons
            path={`${COURSE_LISTS}/export`}
            query={filterQuery}
            fileName={t('courses.lists.fileName')}
            disabled={filters.courseId === null}
          />
        </Stack>
      </FilterGrid>
      {filters.courseId === null ? (
        <Typography color="text.secondary">{t('courses.lists.chooseCourse')}</Typography>
      ) : (
        <QueryTable<CourseListRow>
          label={t('courses.lists.students')}
          query={list}
          getRowId={(row) => row.MatricNo}
          state={state}
          onStateChange={setState}
          emptyText={t('courses.lists.empty')}
          columns={[
            { field: 'MatricNo', header: t('courses.field.matricNo') },
            { field: 'Name', header: t('courses.field.name') },
            {
              field: 'Department',
              header: t('courses.field.department'),
              priority: 2,
              render: (r) => r.Department ?? '—',
            },
            {
              field: 'Level',
              header: t('courses.field.level'),
              render: (r) => r.Level ?? '—',
            },
            {
              field: 'State',
              header: t('courses.field.state'),
              render: (r) => <StateChip state={r.State} />,
            },
            {
              field: 'CarryOver',
              header: t('courses.mark.carryOver'),
              render: (r) => (r.CarryOver ? t('courses.yes') : ''),
            },
          ]}
        />
      )}
    </>
  );
}

function Counts({ semesterId }: { semesterId: number | null }) {
  const t = useT();
  const counts = useRegistrationCounts({ semesterId: semesterId ?? undefined });
  const data = counts.data?.Data;
  return (
    <>
      {counts.isFetching && <LinearProgress aria-label={t('common.loading')} sx={{ mb: 1 }} />}
      {data && (
        <Stack spacing={2}>
          <Typography color="text.secondary">{data.Semester}</Typography>
          <SimpleTable
            label={t('courses.lists.byDepartment')}
            rows={data.Departments}
            rowKey={(d) => d.Department}
            columns={[
              { header: t('courses.field.department'), cell: (d) => d.Department },
              { header: t('courses.lists.studentsCount'), cell: (d) => d.Students, numeric: true },
              { header: t('courses.lists.registered'), cell: (d) => d.Registered, numeric: true },
              { header: t('courses.lists.approved'), cell: (d) => d.Approved, numeric: true },
              { header: t('courses.lists.notRegistered'), cell: (d) => d.NotRegistered, numeric: true },
            ]}
          />
          {data.Courses.length === 0 ? (
            <Typography>{t('courses.lists.noRegistrations')}</Typography>
          ) : (
            <SimpleTable
              label={t('courses.lists.byCourse')}
              rows={data.Courses}
              rowKey={(c) => c.CourseId}
              columns={[
                { header: t('courses.field.code'), cell: (c) => c.Code },
                { header: t('courses.field.title'), cell: (c) => c.Title },
                { header: t('courses.lists.registered'), cell: (c) => c.Registered, numeric: true },
                { header: t('courses.lists.approved'), cell: (c) => c.Approved, numeric: true },
              ]}
            />
          )}
        </Stack>
      )}
    </>
  );
}

function Unregistered({ semesterId }: { semesterId: number | null }) {
  const t = useT();
  const id = useId();
  const { state, setState, filters, setFilter } = useListFilters<{
    departmentId: number | null;
    levelId: number | null;
  }>({ departmentId: null, levelId: null });
  const query = useMemo(
    () => ({
      page: state.page,
      pageSize: state.pageSize,
      semesterId: semesterId ?? undefined,
      departmentId: filters.departmentId ?? undefined,
      levelId: filters.levelId ?? undefined,
    }),
    [state, filters, semesterId],
  );
  const list = useUnregistered(query);
  return (
    <>
      <FilterGrid sm={2} lg={3}>
        <ReferenceInput
          id={`${id}-department`}
          path="/api/admin/departments"
          label={t('courses.field.department')}
          value={filters.departmentId}
          onChange={(departmentId) => setFilter({ departmentId })}
          size="small"
        />
        <ReferenceInput
          id={`${id}-level`}
          path="/api/admin/levels"
          label={t('courses.field.level')}
          value={filters.levelId}
          onChange={(levelId) => setFilter({ levelId })}
          size="small"
        />
      </FilterGrid>
      <QueryTable<UnregisteredRow>
        label={t('courses.lists.unregistered')}
        query={list}
        getRowId={(row) => row.MatricNo}
        state={state}
        onStateChange={setState}
        emptyText={t('courses.lists.everyone')}
        columns={[
          { field: 'MatricNo', header: t('courses.field.matricNo') },
          { field: 'Name', header: t('courses.field.name') },
          { field: 'Email', header: t('courses.field.email'), priority: 3 },
          {
            field: 'Department',
            header: t('courses.field.department'),
            priority: 2,
            render: (r) => r.Department ?? '—',
          },
          { field: 'Level', header: t('courses.field.level'), render: (r) => r.Level ?? '—' },
        ]}
      />
    </>
  );
}
