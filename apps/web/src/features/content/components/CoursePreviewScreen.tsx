import ArrowBack from '@mui/icons-material/ArrowBack';
import Button from '@mui/material/Button';
import { Link as RouterLink } from 'react-router';
import { LoadingBlock } from '../../../components/LoadState';
import { PageHeading } from '../../../components/PageHeading';
import { useT } from '../../../i18n/useT';
import { apiBlob, authHeaders } from '../../../lib/api';
import { saveFile } from '../../../lib/download';
import { notify } from '../../../lib/notify';
import { useDocumentTitle } from '../../../lib/useDocumentTitle';
import { usePreview } from '../api/staff';
import { ContentError } from './ContentStatus';
import { CoursePlayer } from './CoursePlayer';
import { OfferingRoute } from './OfferingRoute';

/** /admin/managecontent/:courseId/:sessionId/preview: the course as the player shows it, every item in every state. */
export default function CoursePreviewScreen() {
  return <OfferingRoute home="/admin/managecontent">{(offering) => <Preview {...offering} />}</OfferingRoute>;
}

function Preview({ courseId, sessionId }: { courseId: number; sessionId: number }) {
  const t = useT();
  const preview = usePreview(courseId, sessionId);
  useDocumentTitle(`${t('content.preview.title')} · ${t('portal.name')}`);
  const back = (
    <Button
      component={RouterLink}
      to={`/admin/managecontent/${courseId}/${sessionId}`}
      startIcon={<ArrowBack />}
    >
      {t('content.preview.back')}
    </Button>
  );
  if (preview.isPending) return <LoadingBlock rows={4} />;
  if (preview.isError || !preview.data)
    return (
      <>
        <PageHeading title={t('content.preview.title')} action={back} />
        <ContentError error={preview.error} onRetry={() => void preview.refetch()} />
      </>
    );
  const course = preview.data;
  return (
    <>
      <PageHeading
        title={`${t('content.preview.title')}: ${course.Code}`}
        intro={course.Title}
        action={back}
      />
      <CoursePlayer
        content={course}
        pdfSource={(lesson) => ({ url: lesson.FileUrl ?? '', headers: authHeaders() })}
        videoSource={(lesson) => ({ src: lesson.FileUrl ?? '' })}
        onDownload={(lesson) =>
          void apiBlob(lesson.FileUrl ?? '')
            .then((blob) => saveFile(blob, lesson.File?.Name ?? 'file'))
            .catch(() => notify.error(t('content.error')))
        }
      />
    </>
  );
}
