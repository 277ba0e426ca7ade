import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { SheetCourse } from '@portal/contracts';
import { useId, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { FilterGrid, SearchField } from '../../../components/crud/filters';
import { ReferenceInput } from '../../../components/crud/ReferenceInput';
import { QueryTable } from '../../../components/crud/ServerTable';
import { useDebounced } from '../../../components/crud/useDebounced';
import { useListFilters } from '../../../components/crud/useListFilters';
import { PageHeading } from '../../../components/PageHeading';
import { useT } from '../../../i18n/useT';
import { useDocumentTitle } from '../../../lib/useDocumentTitle';
import { useSheetCourses } from '../api/results';
import { SheetPanel, SheetStateChip } from './SheetPanel';

/**
 * resultupload (the lecturer's own courses, scores entered or uploaded) and marksheet (every course
 * with registered students, read-only): choose the semester, open a course's score sheet.
 */
export default function SheetCoursesScreen({ mine }: { mine: boolean }) {
  const t = useT();
  const id = useId();
  const title = t(mine ? 'adminPage.resultupload' : 'adminPage.marksheet');
  useDocumentTitle(`${title} · ${t('portal.name')}`);
  // A link from the home page names the semester and the course to open (?semesterId=&courseId=).
  const [params] = useSearchParams();
  const linked = (name: string) => {
    const value = Number(params.get(name));
    return Number.isInteger(value) && value > 0 ? value : null;
  };
  const { state, setState, filters, setFilter } = useListFilters<{
    semesterId: number | null;
    search: string;
  }>({
    semesterId: linked('semesterId'),
    search: '',
  });
  const search = useDebounced(filters.search.trim());
  const query = useMemo(
    () => ({
      page: state.page,
      pageSize: state.pageSize,
      semesterId: filters.semesterId ?? undefined,
      mine: String(mine),
      search: search || undefined,
    }),
    [state, filters.semesterId, search, mine],
  );
  const list = useSheetCourses(query, filters.semesterId !== null);
  const [open, setOpen] = useState<number | null>(() => (filters.semesterId ? linked('courseId') : null));
  return (
    <>
      <PageHeading title={title} intro={t(mine ? 'results.upload.intro' : 'results.marksheet.intro')} />
      <Card variant="outlined">
        <CardContent>
          <FilterGrid sm={2} lg={3}>
            <ReferenceInput
              id={`${id}-semester`}
              path="/api/admin/semesters"
              label={t('results.field.semester')}
              value={filters.semesterId}
              onChange={(semesterId) => {
                setOpen(null);
                setFilter({ semesterId });
              }}
              size="small"
            />
            <SearchField
              label={t('results.searchCourse')}
              value={filters.search}
              onChange={(value) => setFilter({ search: value })}
            />
          </FilterGrid>
          {filters.semesterId === null ? (
            <Typography color="text.secondary">{t('results.chooseSemester')}</Typography>
          ) : (
            <QueryTable<SheetCourse>
              label={t('results.courses')}
              query={list}
              getRowId={(row) => row.CourseId}
              state={state}
              onStateChange={setState}
              emptyText={list.data?.Message ?? t('results.noCourses')}
              columns={[
                { field: 'Code', header: t('results.field.code') },
                { field: 'Title', header: t('results.field.title') },
                { field: 'Department', header: t('results.field.department'), priority: 3 },
                { field: 'Registered', header: t('results.field.registered') },
                {
                  field: 'State',
                  header: t('results.field.state'),
                  render: (r) => (
                    <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
                      <SheetStateChip state={r.State} />
                      {r.Stage && <Typography variant="caption">{r.Stage}</Typography>}
                    </Stack>
                  ),
                },
              ]}
              rowActions={(row) => (
                <Button
                  size="small"
                  onClick={() => setOpen(row.CourseId)}
                  aria-label={t('results.openSheetOf', { code: row.Code })}
                >
                  {t('results.openSheet')}
                </Button>
              )}
            />
          )}
        </CardContent>
      </Card>
      {open !== null && filters.semesterId !== null && (
        <SheetPanel
          key={`${open}-${filters.semesterId}`}
          sheetKey={{ courseId: open, semesterId: filters.semesterId }}
        />
      )}
    </>
  );
}
