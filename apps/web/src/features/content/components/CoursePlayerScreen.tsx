import ArrowBack from '@mui/icons-material/ArrowBack';
import CloudDone from '@mui/icons-material/CloudDone';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import type { ContentLesson, StudentContent } from '@portal/contracts';
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Link as RouterLink, useParams, useSearchParams } from 'react-router';
import { LoadingBlock } from '../../../components/LoadState';
import { useT } from '../../../i18n/useT';
import { apiBlob, authHeaders } from '../../../lib/api';
import { saveFile } from '../../../lib/download';
import { notify } from '../../../lib/notify';
import { registerServiceWorker } from '../../../lib/serviceWorker';
import { useDocumentTitle } from '../../../lib/useDocumentTitle';
import {
  askForStudentContent,
  useRecordProgress,
  useStudentContent,
  useVideosCompleted,
} from '../api/student';
import { isPdf } from '../lessons';
import { isSavedOffline, offlineCopy, saveOfflineNote } from '../offlineNotes';
import { ContentError } from './ContentStatus';
import { idParam, OfferingRoute } from './OfferingRoute';
import { CoursePlayer } from './CoursePlayer';
import type { PdfSource } from './PdfReader';

const LECTURE_NOTES = '/student/lecturenote';

/**
 * /student/lecturenote/:courseId/:sessionId: a course's lessons in the player, readable offline once
 * opened. Full screen (app/routes/lesson.tsx), under a light header of its own: the way back to the
 * lecture notes and the course.
 */
export default function CoursePlayerScreen() {
  const params = useParams();
  const courseId = idParam(params.courseId);
  const sessionId = idParam(params.sessionId);
  return (
    <>
      {courseId && sessionId && (
        <AskForContent key={`${courseId}/${sessionId}`} courseId={courseId} sessionId={sessionId} />
      )}
      <OfferingRoute home={LECTURE_NOTES}>{(offering) => <StudentCourse {...offering} />}</OfferingRoute>
    </>
  );
}

/**
 * Asks for the course's contents once as the page opens, while the content strings download
 * (OfferingRoute waits for them), rather than after them: a round trip less before the lesson shows
 * on a slow network.
 */
function AskForContent({ courseId, sessionId }: { courseId: number; sessionId: number }) {
  const client = useQueryClient();
  useState(() => void askForStudentContent(client, courseId, sessionId));
  return null;
}

/** The lesson page's frame: a header (back to the lecture notes, the course as the page's h1), then the page. */
function LessonFrame({ title, children }: { title: string; children: ReactNode }) {
  const t = useT();
  return (
    <Box sx={{ minHeight: '100dvh', display: 'flex', flexDirection: 'column' }}>
      <Box
        component="header"
        sx={{
          position: 'sticky',
          top: 0,
          zIndex: 'appBar',
          display: 'flex',
          alignItems: 'center',
          gap: 1,
          minHeight: 56,
          px: { xs: 1, sm: 2 },
          bgcolor: 'background.paper',
          borderBottom: 1,
          borderColor: 'divider',
        }}
      >
        <Button
          component={RouterLink}
          to={LECTURE_NOTES}
          aria-label={t('content.player.back')}
          startIcon={
            <ArrowBack sx={(theme) => (theme.direction === 'rtl' ? { transform: 'scaleX(-1)' } : {})} />
          }
          sx={{ flexShrink: 0 }}
        >
          {t('content.lectureNotes')}
        </Button>
        <Typography
          component="h1"
          variant="h6"
          title={title}
          sx={{
            flex: 1,
            minWidth: 0,
            fontSize: '1.05rem',
            fontWeight: 600,
            lineHeight: 1.3,
            overflowWrap: 'anywhere',
            // Two lines at most (a long course title on a phone), the rest in its tooltip.
            display: '-webkit-box',
            WebkitLineClamp: 2,
            WebkitBoxOrient: 'vertical',
            overflow: 'hidden',
          }}
        >
          <bdi>{title}</bdi>
        </Typography>
      </Box>
      <Box
        component="main"
        sx={{ flex: 1, minWidth: 0, width: '100%', maxWidth: 1280, mx: 'auto', p: { xs: 2, sm: 3 } }}
      >
        {children}
      </Box>
    </Box>
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

  if (content.isPending)
    return (
      <LessonFrame title={t('content.lectureNotes')}>
        <LoadingBlock rows={4} />
      </LessonFrame>
    );
  if (content.isError || !course)
    return (
      <LessonFrame title={t('content.lectureNotes')}>
        <ContentError error={content.error} onRetry={() => void content.refetch()} />
      </LessonFrame>
    );

  return (
    <LessonFrame title={`${course.Code} · ${course.Title}`}>
      {course.Lecturers.length > 0 && (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          <bdi>{course.Lecturers.join(', ')}</bdi>
        </Typography>
      )}
      {course.Sections.every((section) => section.Items.length === 0) ? (
        <Typography color="text.secondary">{t('content.noData')}</Typography>
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
          lessonFooter={(lesson) => (isPdf(lesson) ? <SavedOnDevice itemId={lesson.Id} /> : null)}
        />
      )}
    </LessonFrame>
  );
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
function SavedOnDevice({ itemId }: { itemId: number }) {
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
    <Typography
      variant="body2"
      sx={{ mt: 1, display: 'flex', alignItems: 'center', gap: 0.5, color: 'success.main' }}
    >
      <CloudDone fontSize="small" aria-hidden />
      {t('content.offline.saved')}
    </Typography>
  );
}
