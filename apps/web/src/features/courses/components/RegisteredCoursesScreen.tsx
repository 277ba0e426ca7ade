import Visibility from '@mui/icons-material/Visibility';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { RegistrationRow } from '@portal/contracts';
import { useMemo, useState } from 'react';
import { serverMessage } from '../../../components/crud/errors';
import { FilterGrid, SearchField } from '../../../components/crud/filters';
import { QueryTable } from '../../../components/crud/ServerTable';
import { useDebounced } from '../../../components/crud/useDebounced';
import { useListFilters } from '../../../components/crud/useListFilters';
import { PageHeading } from '../../../components/PageHeading';
import { SectionCard } from '../../../components/SectionCard';
import { useT } from '../../../i18n/useT';
import { useDocumentTitle } from '../../../lib/useDocumentTitle';
import { useRegistrations, useStudentRegistrations } from '../api/courses';
import {
  RegistrationDialog,
  RegistrationFilters,
  RegistrationView,
  registrationQuery,
  useWhen,
  type RegistrationFilterValues,
} from './parts';
import { registrationColumns } from './registrationColumns';

/**
 * RegisteredCourse: the registry's view of course registration — one student's registrations of
 * every semester with their full history (by matric number), and every registration, filtered.
 */
export default function RegisteredCoursesScreen() {
  const t = useT();
  const when = useWhen();
  const title = t('adminPage.RegisteredCourse');
  useDocumentTitle(`${title} · ${t('portal.name')}`);
  const [matric, setMatric] = useState('');
  const student = useStudentRegistrations(useDebounced(matric.trim()));
  const { state, setState, filters, setFilter } = useListFilters<RegistrationFilterValues>({
    semesterId: null,
    departmentId: null,
    levelId: null,
    state: '',
    search: '',
  });
  const search = useDebounced(filters.search);
  const query = useMemo(
    () => ({ page: state.page, pageSize: state.pageSize, ...registrationQuery(filters, search) }),
    [state, filters, search],
  );
  const list = useRegistrations(query);
  const [open, setOpen] = useState<number | null>(null);
  return (
    <>
      <PageHeading title={title} />
      <Stack spacing={2}>
        <SectionCard title={t('courses.registered.student')}>
          <SearchField
            label={t('courses.field.matricNo')}
            value={matric}
            onChange={setMatric}
            sx={{ width: { xs: '100%', sm: 320 } }}
          />
          {student.isError && (
            <Alert severity="info" sx={{ mt: 2 }}>
              {serverMessage(student.error) || t('error.generic')}
            </Alert>
          )}
          {student.data && student.data.Data.length === 0 && (
            <Typography sx={{ mt: 2 }}>{t('courses.registered.none')}</Typography>
          )}
          {student.data?.Data.map((detail) => (
            <Card key={detail.Registration.Id} variant="outlined" sx={{ mt: 2 }}>
              <CardContent>
                <RegistrationView detail={detail} />
              </CardContent>
            </Card>
          ))}
        </SectionCard>
        <SectionCard title={t('courses.registered.all')}>
          <FilterGrid sm={2} lg={5}>
            <RegistrationFilters values={filters} onChange={setFilter} />
          </FilterGrid>
          <QueryTable<RegistrationRow>
            label={t('courses.registered.all')}
            query={list}
            getRowId={(row) => row.Id}
            state={state}
            onStateChange={setState}
            emptyText={t('courses.registered.empty')}
            columns={registrationColumns(t, when)}
            actionsHeader={t('courses.field.actions')}
            actionsWidth={110}
            rowActions={(row) => (
              <Button
                size="small"
                startIcon={<Visibility fontSize="small" />}
                onClick={() => setOpen(row.Id)}
              >
                {t('courses.open')}
              </Button>
            )}
          />
        </SectionCard>
      </Stack>
      <RegistrationDialog id={open} onClose={() => setOpen(null)} />
    </>
  );
}
