import CheckCircle from '@mui/icons-material/CheckCircle';
import Download from '@mui/icons-material/Download';
import NavigateBefore from '@mui/icons-material/NavigateBefore';
import NavigateNext from '@mui/icons-material/NavigateNext';
import OpenInNew from '@mui/icons-material/OpenInNew';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ButtonBase from '@mui/material/ButtonBase';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ContentLesson, StudentContent } from '@portal/contracts';
import {
  lazy,
  Suspense,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ChangeEvent,
  type ReactNode,
} from 'react';
import { useT } from '../../../i18n/useT';
import { isPdf, isPlayableVideo, lessonsInOrder, startIndex, type PlacedLesson } from '../lessons';
import type { PdfSource } from './PdfReader';
import { VideoPlayer, type VideoSource } from './VideoPlayer';

const PdfReader = lazy(() => import('./PdfReader'));

/** How long the 'Video has ended' message shows before autoplay moves on. */
export const AUTOPLAY_DELAY_MS = 3000;
const AUTOPLAY_KEY = 'portal.content.autoplay';

function storedAutoplay(): boolean {
  try {
    return localStorage.getItem(AUTOPLAY_KEY) !== 'off';
  } catch {
    return true;
  }
}

export interface CoursePlayerProps {
  content: StudentContent;
  /** The lesson to open first (a link to one lesson); else the first not completed. */
  lessonId?: number | null;
  /** The sources of a lesson's file (documents: read by ranges or from the device; videos). */
  pdfSource: (lesson: ContentLesson) => PdfSource | Promise<PdfSource>;
  videoSource: (lesson: ContentLesson) => VideoSource;
  onDownload: (lesson: ContentLesson) => void;
  /** The lesson is on screen (documents: their first page). */
  onOpened?: (lesson: ContentLesson) => void;
  onCompleted?: (lesson: ContentLesson) => void;
  onPosition?: (lesson: ContentLesson, seconds: number) => void;
  /** The last lesson ended: videosCompleted. */
  onAllCompleted?: () => void;
  onLessonChange?: (lesson: ContentLesson) => void;
  /** Under the lesson: e.g. 'Saved on this device'. */
  lessonFooter?: (lesson: ContentLesson) => ReactNode;
}

/**
 * The course preview (spec §4): every lesson in order across the sections, the parent (section)
 * and child (lesson) index, next and previous, autoplay (on unless the student switched it off on
 * this device). At a video's end it says 'Video has ended, go to next lesson' and, with autoplay,
 * goes on by itself; the end of the last lesson records videosCompleted.
 */
export function CoursePlayer({
  content,
  lessonId,
  pdfSource,
  videoSource,
  onDownload,
  onOpened,
  onCompleted,
  onPosition,
  onAllCompleted,
  onLessonChange,
  lessonFooter,
}: CoursePlayerProps) {
  const t = useT();
  const lessons = useMemo(() => lessonsInOrder(content.Sections), [content.Sections]);
  const [index, setIndex] = useState(() => startIndex(lessons, lessonId));
  const [autoplay, setAutoplay] = useState(storedAutoplay);
  const [ended, setEnded] = useState(false);
  const [allDone, setAllDone] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const heading = useRef<HTMLHeadingElement>(null);

  const current: PlacedLesson | undefined = lessons[Math.min(index, lessons.length - 1)];
  const lesson = current?.lesson;
  const hasNext = index < lessons.length - 1;

  useEffect(() => () => clearTimeout(timer.current), []);
  useEffect(() => {
    if (lesson) onLessonChange?.(lesson);
    // Only when the lesson changes.
  }, [lesson?.Id]);

  if (!current || !lesson) return <Alert severity="info">{t('content.noData')}</Alert>;

  const go = (to: number) => {
    clearTimeout(timer.current);
    setEnded(false);
    setAllDone(false);
    setIndex(Math.max(0, Math.min(lessons.length - 1, to)));
    heading.current?.focus();
  };

  const lessonEnded = () => {
    onCompleted?.(lesson);
    setEnded(true);
    if (!hasNext) {
      setAllDone(true);
      onAllCompleted?.();
      return;
    }
    if (autoplay) timer.current = setTimeout(() => go(index + 1), AUTOPLAY_DELAY_MS);
  };

  const switchAutoplay = (on: boolean) => {
    setAutoplay(on);
    if (!on) clearTimeout(timer.current);
    try {
      localStorage.setItem(AUTOPLAY_KEY, on ? 'on' : 'off');
    } catch {
      // Not kept past this visit.
    }
  };

  return (
    <Stack direction={{ xs: 'column', md: 'row' }} sx={{ gap: 2, alignItems: 'flex-start' }}>
      <Box sx={{ flex: 1, minWidth: 0, width: '100%' }}>
        <Typography variant="body2" color="text.secondary">
          {t('content.player.position', {
            section: current.parent + 1,
            sections: content.Sections.length,
            lesson: index + 1,
            lessons: lessons.length,
          })}{' '}
          · <bdi>{current.section}</bdi>
        </Typography>
        <Typography
          component="h2"
          variant="h6"
          ref={heading}
          tabIndex={-1}
          sx={{ mb: 1, outline: 'none', overflowWrap: 'anywhere' }}
        >
          <bdi>{lesson.Title}</bdi>
        </Typography>
        <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1, alignItems: 'center', mb: 2 }}>
          <Button
            variant="outlined"
            startIcon={<NavigateBefore />}
            disabled={index === 0}
            onClick={() => go(index - 1)}
          >
            {t('content.player.previous')}
          </Button>
          <Button
            variant="outlined"
            endIcon={<NavigateNext />}
            disabled={!hasNext}
            onClick={() => go(index + 1)}
          >
            {t('content.player.next')}
          </Button>
          <AutoplaySwitch checked={autoplay} onChange={switchAutoplay} />
        </Stack>
        {ended && (
          <Alert
            severity={allDone ? 'success' : 'info'}
            sx={{ mb: 2 }}
            action={
              hasNext ? (
                <Button color="inherit" size="small" onClick={() => go(index + 1)}>
                  {t('content.player.next')}
                </Button>
              ) : undefined
            }
          >
            {allDone ? t('content.player.allDone') : t('content.player.videoEnded')}
          </Alert>
        )}
        <Lesson
          key={lesson.Id}
          lesson={lesson}
          autoplay={autoplay}
          pdfSource={pdfSource}
          videoSource={videoSource}
          onDownload={onDownload}
          onOpened={() => onOpened?.(lesson)}
          onEnded={lessonEnded}
          onCompleted={() => onCompleted?.(lesson)}
          onPosition={(seconds) => onPosition?.(lesson, seconds)}
        />
        {lessonFooter?.(lesson)}
      </Box>
      <Paper variant="outlined" sx={{ width: { xs: '100%', md: 320 }, flexShrink: 0 }}>
        <Box component="ul" aria-label={t('content.player.lessons')} sx={LIST}>
          {content.Sections.map((section, parent) => (
            <li key={section.Id}>
              <Typography
                component="div"
                variant="body2"
                sx={{ px: 2, py: 1, fontWeight: 500, color: 'text.secondary', overflowWrap: 'anywhere' }}
              >
                <bdi>{section.Title}</bdi>
              </Typography>
              {section.Items.length === 0 && (
                <Typography variant="body2" color="text.secondary" sx={{ px: 2, pb: 1 }}>
                  {t('content.noData')}
                </Typography>
              )}
              <Box component="ul" sx={LIST}>
                {section.Items.map((item) => {
                  const at = lessons.findIndex(
                    (placed) => placed.lesson.Id === item.Id && placed.parent === parent,
                  );
                  return (
                    <li key={item.Id}>
                      <LessonButton
                        selected={at === index}
                        onClick={() => go(at)}
                        title={item.Title}
                        kind={t(`content.kind.${item.Kind}`)}
                      >
                        {item.IsNew && <NewMark label={t('content.new')} />}
                        {item.Completed && (
                          <CheckCircle
                            color="success"
                            fontSize="small"
                            titleAccess={t('content.completed')}
                            sx={{ ml: 1 }}
                          />
                        )}
                      </LessonButton>
                    </li>
                  );
                })}
              </Box>
            </li>
          ))}
        </Box>
      </Paper>
    </Stack>
  );
}

/**
 * Autoplay, on or off: a native checkbox drawn as a switch (role switch), which the lesson page
 * needs rather than MUI's Switch and FormControlLabel (about 4 KiB over the wire it would download
 * for them alone). Its knob sits at the start, and at the end when on, in either direction.
 */
function AutoplaySwitch({ checked, onChange }: { checked: boolean; onChange: (on: boolean) => void }) {
  const t = useT();
  return (
    <Box
      component="label"
      sx={{ display: 'inline-flex', alignItems: 'center', gap: 1, cursor: 'pointer', minHeight: 40, px: 1 }}
    >
      <Box
        component="input"
        type="checkbox"
        role="switch"
        checked={checked}
        onChange={(event: ChangeEvent<HTMLInputElement>) => onChange(event.target.checked)}
        sx={(theme) => ({
          appearance: 'none',
          position: 'relative',
          flexShrink: 0,
          width: 36,
          height: 20,
          m: 0,
          borderRadius: 10,
          bgcolor: 'action.disabled',
          cursor: 'pointer',
          transition: theme.transitions.create('background-color'),
          '&::before': {
            content: '""',
            position: 'absolute',
            top: 2,
            insetInlineStart: 2,
            width: 16,
            height: 16,
            borderRadius: '50%',
            bgcolor: 'common.white',
            boxShadow: 1,
            transition: theme.transitions.create('inset-inline-start'),
          },
          '&:checked': { bgcolor: 'primary.main' },
          '&:checked::before': { insetInlineStart: 18 },
          '&:focus-visible': { outline: `2px solid ${theme.palette.primary.main}`, outlineOffset: 2 },
          '@media (forced-colors: active)': { appearance: 'auto' },
        })}
      />
      <Typography variant="body1" component="span">
        {t('content.player.autoplay')}
      </Typography>
    </Box>
  );
}

const LIST = { listStyle: 'none', m: 0, p: 0 } as const;

/**
 * A lesson in the list: its title and kind, the current one marked (aria-current). Drawn on
 * ButtonBase, which every page has already, rather than MUI's List parts, which only the areas'
 * menus need (about 2 KiB over the wire on the lesson page).
 */
function LessonButton({
  selected,
  onClick,
  title,
  kind,
  children,
}: {
  selected: boolean;
  onClick: () => void;
  title: string;
  kind: string;
  children?: ReactNode;
}) {
  return (
    <ButtonBase
      onClick={onClick}
      aria-current={selected ? 'true' : undefined}
      sx={{
        width: '100%',
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'flex-start',
        textAlign: 'start',
        px: 2,
        py: 0.75,
        bgcolor: selected ? 'action.selected' : undefined,
        '&:hover': { bgcolor: selected ? 'action.selected' : 'action.hover' },
        '&.Mui-focusVisible': { bgcolor: 'action.focus' },
      }}
    >
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Typography variant="body2" sx={{ overflowWrap: 'anywhere', fontWeight: selected ? 600 : 400 }}>
          <bdi>{title}</bdi>
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {kind}
        </Typography>
      </Box>
      {children}
    </ButtonBase>
  );
}

/** 'New' beside a lesson the student has not seen (a small mark, not a MUI Chip). */
function NewMark({ label }: { label: string }) {
  return (
    <Box
      component="span"
      sx={{
        ml: 1,
        px: 1,
        flexShrink: 0,
        borderRadius: 3,
        typography: 'caption',
        lineHeight: '20px',
        fontWeight: 600,
        bgcolor: 'primary.main',
        color: 'primary.contrastText',
      }}
    >
      {label}
    </Box>
  );
}

/** One lesson as its kind shows it. */
function Lesson({
  lesson,
  autoplay,
  pdfSource,
  videoSource,
  onDownload,
  onOpened,
  onEnded,
  onCompleted,
  onPosition,
}: {
  lesson: ContentLesson;
  autoplay: boolean;
  pdfSource: CoursePlayerProps['pdfSource'];
  videoSource: CoursePlayerProps['videoSource'];
  onDownload: CoursePlayerProps['onDownload'];
  onOpened: () => void;
  onEnded: () => void;
  onCompleted: () => void;
  onPosition: (seconds: number) => void;
}) {
  const t = useT();
  const [source, setSource] = useState<PdfSource | null>(null);
  const pdf = isPdf(lesson);
  useEffect(() => {
    if (!pdf) {
      // Text, links and videos are opened as soon as they show.
      onOpened();
      if (lesson.Kind === 'text') onCompleted();
      return;
    }
    let live = true;
    void Promise.resolve(pdfSource(lesson)).then((found) => live && setSource(found));
    return () => {
      live = false;
    };
    // Once per lesson (the component is keyed by it).
  }, []);

  const download = lesson.File && (
    <Button startIcon={<Download />} onClick={() => onDownload(lesson)} sx={{ mt: 1 }}>
      {t('content.download', { name: lesson.File.Name })}
    </Button>
  );

  if (lesson.Kind === 'document')
    return (
      <Box>
        {pdf && source && (
          <Suspense fallback={<Typography variant="body2">{t('common.loading')}</Typography>}>
            <PdfReader source={source} title={lesson.Title} onLoaded={onOpened} onLastPage={onCompleted} />
          </Suspense>
        )}
        {!pdf && <Alert severity="info">{t('content.document.downloadOnly')}</Alert>}
        {download}
      </Box>
    );
  if (isPlayableVideo(lesson))
    return (
      <VideoPlayer
        source={videoSource(lesson)}
        title={lesson.Title}
        autoPlay={autoplay}
        startAt={lesson.PositionSeconds}
        onEnded={onEnded}
        onPosition={onPosition}
      />
    );
  if (lesson.Kind === 'text')
    return (
      <Box
        sx={{ overflowWrap: 'anywhere', '& img': { maxWidth: '100%' } }}
        // Sanitised by the server (sanitize-html) when it was saved.
        dangerouslySetInnerHTML={{ __html: lesson.Html ?? '' }}
      />
    );
  // A link, or a video on its host's site.
  return (
    <Box>
      <Button
        variant="contained"
        endIcon={<OpenInNew />}
        href={lesson.Url ?? ''}
        target="_blank"
        rel="noopener noreferrer"
        onClick={onCompleted}
      >
        {lesson.Kind === 'video' ? t('content.link.watch') : t('content.link.open')}
      </Button>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 1, overflowWrap: 'anywhere' }}>
        {lesson.Url}
      </Typography>
    </Box>
  );
}
