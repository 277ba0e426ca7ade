import CloudDone from '@mui/icons-material/CloudDone';
import ArrowBack from '@mui/icons-material/ArrowBack';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import type { ContentLesson, StudentContent } from '@portal/contracts';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { LoadingBlock } from '../../../components/LoadState';
import { PageHeading } from '../../../components/PageHeading';
import { useT } from '../../../i18n/useT';
import { apiBlob, authHeaders } from '../../../lib/api';
import { saveFile } from '../../../lib/download';
import { notify } from '../../../lib/notify';
import { registerServiceWorker } from '../../../lib/serviceWorker';
import { useDocumentTitle } from '../../../lib/useDocumentTitle';
import { useRecordProgress, useStudentContent, useVideosCompleted } from '../api/student';
import { isPdf } from '../lessons';
import { isSavedOffline, offlineCopy, saveOfflineNote } from '../offlineNotes';
import { ContentError } from './ContentStatus';
import { idParam, OfferingRoute } from './OfferingRoute';
import { CoursePlayer } from './CoursePlayer';
import type { PdfSource } from './PdfReader';

/** /student/lecturenote/:courseId/:sessionId: a course's lessons in the player, readable offline once opened. */
export default function CoursePlayerScreen() {
  return (
    <OfferingRoute home="/student/lecturenote">{(offering) => <StudentCourse {...offering} />}</OfferingRoute>
  );
}

function StudentCourse({ courseId, sessionId }: { courseId: number; sessionId: number }) {
  const t = useT();
  const content = useStudentContent(courseId, sessionId);
  const [search, setSearch] = useSearchParams();
  const lessonId = idParam(search.get('lesson') ?? undefined);
  const progress = useRecordProgress();
  const videosCompleted = useVideosCompleted();
  const recorded = useRef(new Set<string>());
  const course = content.data;
  useDocumentTitle(`${course ? course.Code : t('content.lectureNotes')} · ${t('portal.name')}`);
  useEffect(() => void registerServiceWorker(), []);

  /** Each fact once per lesson and visit. */
  const record = useCallback(
    (lesson: ContentLesson, fact: 'Opened' | 'Completed') => {
      const key = `${lesson.Id}:${fact}`;
      if (recorded.current.has(key) || (fact === 'Completed' && lesson.Completed)) return;
      recorded.current.add(key);
      progress.mutate({ itemId: lesson.Id, input: { [fact]: true } });
    },
    [progress],
  );

  const pdfSource = useCallback(async (lesson: ContentLesson): Promise<PdfSource> => {
    const copy = await offlineCopy(lesson.Id).catch(() => undefined);
    if (copy) return { data: await copy.arrayBuffer() };
    return { url: lesson.FileUrl ?? '', headers: authHeaders('student') };
  }, []);

  if (content.isPending) return <LoadingBlock rows={4} />;
  if (content.isError || !course)
    return (
      <>
        <PageHeading title={t('content.lectureNotes')} />
        <ContentError error={content.error} onRetry={() => void content.refetch()} />
      </>
    );

  return (
    <>
      <PageHeading
        title={`${course.Code} · ${course.Title}`}
        intro={course.Lecturers.join(', ')}
        action={
          <Button component={RouterLink} to="/student/lecturenote" startIcon={<ArrowBack />}>
            {t('content.lectureNotes')}
          </Button>
        }
      />
      {course.Sections.every((section) => section.Items.length === 0) ? (
        <ContentEmpty />
      ) : (
        <CoursePlayer
          content={course}
          lessonId={lessonId}
          pdfSource={pdfSource}
          videoSource={(lesson) => ({ src: lesson.FileUrl ?? '' })}
          onDownload={(lesson) => void download(lesson, t('content.error'))}
          onOpened={(lesson) => {
            record(lesson, 'Opened');
            if (isPdf(lesson)) void keepOnDevice(course, lesson, courseId, sessionId);
          }}
          onCompleted={(lesson) => record(lesson, 'Completed')}
          onPosition={(lesson, seconds) =>
            progress.mutate({ itemId: lesson.Id, input: { PositionSeconds: seconds } })
          }
          onAllCompleted={() => videosCompleted.mutate({ courseId, sessionId })}
          onLessonChange={(lesson) =>
            setSearch(
              (current) => {
                const next = new URLSearchParams(current);
                next.set('lesson', String(lesson.Id));
                return next;
              },
              { replace: true },
            )
          }
          lessonFooter={(lesson) => (isPdf(lesson) ? <SavedChip itemId={lesson.Id} /> : null)}
        />
      )}
    </>
  );
}

function ContentEmpty() {
  const t = useT();
  return <Chip label={t('content.noData')} />;
}

/** Saves an opened PDF for offline reading (once its first page is on screen). */
async function keepOnDevice(
  course: StudentContent,
  lesson: ContentLesson,
  courseId: number,
  sessionId: number,
) {
  await saveOfflineNote(
    {
      itemId: lesson.Id,
      title: lesson.Title,
      course: `${course.Code} · ${course.Title}`,
      path: `/student/lecturenote/${courseId}/${sessionId}`,
    },
    authHeaders('student'),
  ).catch(() => false);
}

/** Downloads a lesson's file: the device's copy when there is one (offline too), else from the server. */
async function download(lesson: ContentLesson, failure: string) {
  if (!lesson.File) return;
  try {
    const copy = await offlineCopy(lesson.Id).catch(() => undefined);
    const blob = copy ? await copy.blob() : await apiBlob(lesson.FileUrl ?? '', { area: 'student' });
    saveFile(blob, lesson.File.Name);
  } catch {
    notify.error(failure);
  }
}

/** 'Saved on this device' under a PDF once its copy is cached. */
function SavedChip({ itemId }: { itemId: number }) {
  const t = useT();
  const [saved, setSaved] = useState(false);
  useEffect(() => {
    let live = true;
    const check = () =>
      void isSavedOffline(itemId).then(
        (yes) => live && setSaved(yes),
        () => undefined,
      );
    check();
    const timer = setInterval(check, 2000);
    return () => {
      live = false;
      clearInterval(timer);
    };
  }, [itemId]);
  if (!saved) return null;
  return (
    <Chip
      icon={<CloudDone />}
      label={t('content.offline.saved')}
      color="success"
      variant="outlined"
      sx={{ mt: 1 }}
    />
  );
}
