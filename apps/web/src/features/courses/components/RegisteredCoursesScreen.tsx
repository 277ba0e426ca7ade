import Alert from '@mui/material/Alert';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { serverMessage } from '../../../components/crud/errors';
import { FilterGrid, SearchField } from '../../../components/crud/filters';
import { useDebounced } from '../../../components/crud/useDebounced';
import { PageHeading } from '../../../components/PageHeading';
import { SectionCard } from '../../../components/SectionCard';
import { useT } from '../../../i18n/useT';
import { useDocumentTitle } from '../../../lib/useDocumentTitle';
import { useStudentRegistrations } from '../api/courses';
import { RegistrationDialog, RegistrationFilters, RegistrationView } from './parts';
import { RegistrationTable, useRegistrationList } from './RegistrationTable';

/**
 * RegisteredCourse: the registry's view of course registration — one student's registrations of
 * every semester with their full history (by matric number), and every registration, filtered.
 */
export default function RegisteredCoursesScreen() {
  const t = useT();
  const title = t('adminPage.RegisteredCourse');
  useDocumentTitle(`${title} · ${t('portal.name')}`);
  const [matric, setMatric] = useState('');
  const student = useStudentRegistrations(useDebounced(matric.trim()));
  const registrations = useRegistrationList('');
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
            <RegistrationFilters values={registrations.filters} onChange={registrations.setFilter} />
          </FilterGrid>
          <RegistrationTable
            label={t('courses.registered.all')}
            emptyText={t('courses.registered.empty')}
            registrations={registrations}
            onOpen={setOpen}
          />
        </SectionCard>
      </Stack>
      <RegistrationDialog id={open} onClose={() => setOpen(null)} />
    </>
  );
}
