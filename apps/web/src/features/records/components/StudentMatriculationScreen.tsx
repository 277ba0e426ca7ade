import PictureAsPdf from '@mui/icons-material/PictureAsPdf';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useIntl } from 'react-intl';
import { DetailList } from '../../../components/DetailList';
import { PageHeading } from '../../../components/PageHeading';
import { SectionCard } from '../../../components/SectionCard';
import { useT } from '../../../i18n/useT';
import { notify } from '../../../lib/notify';
import { useDocumentTitle } from '../../../lib/useDocumentTitle';
import { useDownload } from '../../../lib/useDownload';
import { useMatriculation } from '../api/matriculation';
import { LoadError, LoadingBlock, formatDay } from '../../../components/LoadState';

/** /student/Matriculation: matric number, matriculation date and the form as a PDF. */
export default function MatriculationScreen() {
  const t = useT();
  const intl = useIntl();
  const matriculation = useMatriculation();
  const download = useDownload();
  useDocumentTitle(`${t('student.nav.matriculation')} · ${t('portal.name')}`);
  const m = matriculation.data?.Data;
  return (
    <>
      <PageHeading title={t('student.nav.matriculation')} />
      {matriculation.isPending && <LoadingBlock rows={4} />}
      {matriculation.isError && (
        <LoadError error={matriculation.error} onRetry={() => void matriculation.refetch()} />
      )}
      {m && (
        <SectionCard title={t('student.matriculation.record')}>
          <DetailList
            rows={[
              [t('student.field.matricNo'), m.MatricNo],
              [t('student.field.matriculatedAt'), formatDay(intl.locale, m.MatriculatedAt)],
              [t('student.field.name'), m.FullName],
              [t('student.field.courseOfStudy'), m.CourseOfStudy ?? '—'],
              [t('student.field.department'), m.DepartmentName ?? '—'],
              [t('student.field.level'), m.LevelName ?? '—'],
              [t('student.field.admittedSession'), m.AdmittedSession ?? '—'],
            ]}
          />
          <Typography color="text.secondary" variant="body2" sx={{ mt: 2 }}>
            {t('student.matriculation.qr')}
          </Typography>
          <Button
            variant="contained"
            startIcon={<PictureAsPdf />}
            sx={{ mt: 2 }}
            disabled={download.isPending}
            onClick={() =>
              download.mutate(
                {
                  url: m.PdfUrl,
                  fileName: `MatriculationForm-${m.MatricNo.replace(/[^0-9A-Za-z]/g, '')}.pdf`,
                },
                {
                  onSuccess: () => notify.success(t('student.documents.downloadStarted')),
                  onError: () => notify.error(t('error.download')),
                },
              )
            }
          >
            {t('student.matriculation.download')}
          </Button>
        </SectionCard>
      )}
    </>
  );
}
