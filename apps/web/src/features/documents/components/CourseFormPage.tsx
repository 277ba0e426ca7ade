import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import type { CourseFormVerification } from '@portal/contracts';
import { useIntl } from 'react-intl';
import { useSearchParams } from 'react-router';
import { SimpleTable } from '../../../components/SimpleTable';
import { useT } from '../../../i18n/useT';
import { safeFileName } from '../api/download-pdf';
import { useCourseForm } from '../api/get-letters';
import {
  KeyValues,
  LoadedDocument,
  PassportPhoto,
  PdfButton,
  SectionTitle,
  useLogLoadFailure,
} from './parts';
import { PublicDocument } from './PublicDocument';

/**
 * /CourseForm?id=&v=: what a course form's QR code opens — the registration as it is now, and a
 * warning when the form scanned (version `v`) has been overtaken by a later change.
 */
export default function CourseFormPage() {
  return <PublicDocument param="id" title="document.courseForm" document={CourseForm} />;
}

function CourseForm({ id }: { id: string }) {
  const t = useT();
  const [params] = useSearchParams();
  const form = useCourseForm(id, params.get('v'));
  useLogLoadFailure('course form', form.error);
  return (
    <LoadedDocument query={form} notFoundText={t('documents.courseForm.notFound')}>
      {(data) => <CourseFormView form={data} />}
    </LoadedDocument>
  );
}

const STATE_COLOR = { approved: 'success', submitted: 'info', returned: 'warning' } as const;

function CourseFormView({ form }: { form: CourseFormVerification }) {
  const t = useT();
  const intl = useIntl();
  const reg = form.Registration;
  const when = (value: string | null) =>
    value ? intl.formatDate(new Date(value), { dateStyle: 'long', timeZone: 'Africa/Lagos' }) : '—';
  const courses = reg.Courses.filter((c) => c.Requested);
  return (
    <Box component="article" data-testid="course-form">
      {form.Outdated ? (
        <Alert severity="warning" sx={{ mb: 2 }}>
          {t('documents.courseForm.outdated', { date: when(form.ChangedAt) })}
        </Alert>
      ) : (
        <Alert severity="success" sx={{ mb: 2 }}>
          {t(form.FormVersion === null ? 'documents.courseForm.asNow' : 'documents.courseForm.current')}
        </Alert>
      )}
      <Box sx={{ textAlign: 'center', mb: 2 }}>
        <Typography component="p" variant="h6" sx={{ fontWeight: 700 }}>
          {form.Institution}
        </Typography>
        <Typography component="h2" variant="h5" sx={{ fontWeight: 700, mt: 1 }}>
          {t('documents.courseForm.title')}
        </Typography>
        <Typography color="text.secondary">
          {form.Semester} · {form.Session}
        </Typography>
      </Box>
      <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'flex-start' }}>
        <PassportPhoto url={form.PassportUrl} />
        <Box sx={{ flex: '1 1 240px', minWidth: 0 }}>
          <KeyValues
            rows={[
              [t('documents.field.name'), form.Name],
              [t('documents.field.matricNo'), form.MatricNo],
              [t('documents.courseForm.programme'), form.Programme ?? '—'],
              [t('documents.field.department'), form.Department ?? '—'],
              [t('documents.field.level'), form.Level ?? '—'],
            ]}
          />
        </Box>
      </Box>
      <SectionTitle>{t('documents.courseForm.registration')}</SectionTitle>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center', mb: 1 }}>
        <Chip
          color={STATE_COLOR[reg.State]}
          label={t(`documents.courseForm.state.${reg.State}`)}
          data-testid="registration-state"
        />
        {reg.State !== 'submitted' && reg.DecidedBy && (
          <Typography variant="body2">
            {t('documents.courseForm.decided', { by: reg.DecidedBy, date: when(reg.DecidedAt) })}
          </Typography>
        )}
      </Box>
      <SimpleTable
        label={t('documents.courseForm.courses')}
        rows={courses}
        rowKey={(c) => c.CourseId}
        columns={[
          { header: t('documents.courseForm.code'), cell: (c) => c.Code },
          { header: t('documents.courseForm.courseTitle'), cell: (c) => c.Title },
          { header: t('documents.courseForm.units'), cell: (c) => c.Units, numeric: true },
        ]}
      />
      <Typography sx={{ fontWeight: 600, mt: 1 }}>
        {t('documents.courseForm.total', { units: reg.TotalUnits })}
      </Typography>
      <Box sx={{ mt: 2 }}>
        <PdfButton
          download={{
            url: `/api/course-forms/${reg.PublicId}.pdf`,
            fileName: safeFileName(`CourseForm-${form.MatricNo.replace(/[^0-9A-Za-z]/g, '')}.pdf`),
            area: null,
          }}
          label={t('documents.courseForm.download')}
        />
      </Box>
    </Box>
  );
}
