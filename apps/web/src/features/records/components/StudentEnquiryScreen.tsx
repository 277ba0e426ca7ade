import Visibility from '@mui/icons-material/Visibility';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import type { StudentItem } from '@portal/contracts';
import { useState } from 'react';
import {
  DeclaredFilters,
  useDeclaredFilters,
  type FilterDeclaration,
} from '../../../components/crud/declaredFilters';
import { QueryTable } from '../../../components/crud/ServerTable';
import { PageHeading } from '../../../components/PageHeading';
import { useT } from '../../../i18n/useT';
import { useDocumentTitle } from '../../../lib/useDocumentTitle';
import { useStudents } from '../api/records';
import { ActiveChip } from './shared';
import { StudentRecordDialog } from './StudentRecordDialog';

/** The students list's filters: studentenquiry shows the search, studentAccess also the sign-in switch. */
export const STUDENT_FILTERS = [
  { kind: 'search', key: 'search', label: 'records.students.search' },
  {
    kind: 'select',
    key: 'isActive',
    label: 'records.field.signIn',
    choices: [
      { value: 'true', label: 'records.access.active' },
      { value: 'false', label: 'records.access.inactive' },
    ],
  },
] as const satisfies readonly FilterDeclaration<string>[];
const ENQUIRY_FILTERS = STUDENT_FILTERS.slice(0, 1);

/** The students list of studentenquiry and studentAccess: the declared filters, paged on the server. */
export function useStudentSearch(declared: readonly FilterDeclaration<'search' | 'isActive'>[]) {
  const { state, setState, filters, setFilter, query } = useDeclaredFilters(declared);
  const students = useStudents({ page: state.page, pageSize: state.pageSize, ...query });
  return { state, setState, filters, setFilter, students };
}

/** studentenquiry: find a student by matric number, name, e-mail or JAMB number; open the whole record. */
export default function StudentEnquiryScreen() {
  const t = useT();
  const title = t('adminPage.studentenquiry');
  useDocumentTitle(`${title} · ${t('portal.name')}`);
  const { state, setState, filters, setFilter, students } = useStudentSearch(ENQUIRY_FILTERS);
  const [open, setOpen] = useState<number | null>(null);
  return (
    <>
      <PageHeading title={title} />
      <Card variant="outlined">
        <CardContent>
          <DeclaredFilters declared={ENQUIRY_FILTERS} values={filters} onChange={setFilter} sm={1} lg={2} />
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
