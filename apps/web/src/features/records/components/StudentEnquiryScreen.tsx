import Visibility from '@mui/icons-material/Visibility';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import type { StudentItem } from '@portal/contracts';
import { useMemo, useState } from 'react';
import { FilterGrid, SearchField } from '../../../components/crud/filters';
import { QueryTable } from '../../../components/crud/ServerTable';
import { useDebounced } from '../../../components/crud/useDebounced';
import { useListFilters } from '../../../components/crud/useListFilters';
import { PageHeading } from '../../../components/PageHeading';
import { useT } from '../../../i18n/useT';
import { useDocumentTitle } from '../../../lib/useDocumentTitle';
import { useStudents } from '../api/records';
import { ActiveChip } from './shared';
import { StudentRecordDialog } from './StudentRecordDialog';

/** The students list of studentenquiry and studentAccess: search, paged on the server. */
export function useStudentSearch() {
  const { state, setState, filters, setFilter } = useListFilters({ search: '', isActive: '' });
  const search = useDebounced(filters.search);
  const query = useMemo(
    () => ({
      page: state.page,
      pageSize: state.pageSize,
      search: search.trim() || undefined,
      isActive: filters.isActive || undefined,
    }),
    [state, search, filters.isActive],
  );
  return { state, setState, filters, setFilter, students: useStudents(query) };
}

/** studentenquiry: find a student by matric number, name, e-mail or JAMB number; open the whole record. */
export default function StudentEnquiryScreen() {
  const t = useT();
  const title = t('adminPage.studentenquiry');
  useDocumentTitle(`${title} · ${t('portal.name')}`);
  const { state, setState, filters, setFilter, students } = useStudentSearch();
  const [open, setOpen] = useState<number | null>(null);
  return (
    <>
      <PageHeading title={title} />
      <Card variant="outlined">
        <CardContent>
          <FilterGrid sm={1} lg={2}>
            <SearchField
              label={t('records.students.search')}
              value={filters.search}
              onChange={(value) => setFilter({ search: value })}
            />
          </FilterGrid>
          <QueryTable<StudentItem>
            label={title}
            query={students}
            getRowId={(row) => row.id}
            state={state}
            onStateChange={setState}
            emptyText={t('records.students.empty')}
            columns={studentColumns(t)}
            actionsHeader={t('records.field.actions')}
            rowActions={(row) => (
              <Button
                size="small"
                startIcon={<Visibility fontSize="small" />}
                onClick={() => setOpen(row.id)}
              >
                {t('records.enquiry.view')}
              </Button>
            )}
          />
        </CardContent>
      </Card>
      <StudentRecordDialog studentId={open} onClose={() => setOpen(null)} />
    </>
  );
}

export function studentColumns(t: ReturnType<typeof useT>) {
  return [
    { field: 'matricNo', header: t('records.field.matricNo') },
    { field: 'name', header: t('records.field.name') },
    { field: 'email', header: t('records.field.email'), priority: 3 },
    {
      field: 'jambRegNo',
      header: t('records.field.jamb'),
      priority: 2,
      render: (row: StudentItem) => row.jambRegNo ?? '—',
    },
    {
      field: 'courseOfStudy',
      header: t('records.field.course'),
      render: (row: StudentItem) => row.courseOfStudy ?? '—',
    },
    {
      field: 'level',
      header: t('records.field.level'),
      render: (row: StudentItem) => row.level ?? '—',
    },
    {
      field: 'isActive',
      header: t('records.field.signIn'),
      render: (row: StudentItem) => <ActiveChip active={row.isActive} />,
    },
  ];
}
