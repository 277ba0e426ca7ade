import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import { useEffect, useRef, useState } from 'react';
import { useT } from '../../../i18n/useT';

/** How often, while playing, the position is reported (and when paused or left). */
const POSITION_EVERY_MS = 15_000;

export type VideoSource =
  /** A URL the element can play itself (ranges: seeking does not download what is skipped). */
  | { src: string }
  /** A file behind the bearer header, which a <video> cannot send: fetched, then played from memory. */
  | { url: string; headers: Record<string, string> };

/**
 * A native <video> lesson: starts where the student stopped (`startAt`), reports the position now
 * and then (and on pause), and says when it has ended. Autoplay starts it as soon as it can.
 */
export function VideoPlayer({
  source,
  title,
  autoPlay,
  startAt,
  onEnded,
  onPosition,
}: {
  source: VideoSource;
  title: string;
  autoPlay: boolean;
  startAt?: number | null;
  onEnded: () => void;
  onPosition?: (seconds: number) => void;
}) {
  const t = useT();
  const video = useRef<HTMLVideoElement>(null);
  const [src, setSrc] = useState<string | null>('src' in source ? source.src : null);
  const [failed, setFailed] = useState(false);
  const lastReport = useRef(0);
  const report = useRef(onPosition);
  report.current = onPosition;

  useEffect(() => {
    setFailed(false);
    if ('src' in source) {
      setSrc(source.src);
      return;
    }
    setSrc(null);
    const controller = new AbortController();
    let objectUrl: string | undefined;
    fetch(source.url, { headers: source.headers, signal: controller.signal })
      .then((answer) => {
        if (!answer.ok) throw new Error(String(answer.status));
        return answer.blob();
      })
      .then((blob) => {
        objectUrl = URL.createObjectURL(blob);
        setSrc(objectUrl);
      })
      .catch(() => {
        if (!controller.signal.aborted) setFailed(true);
      });
    return () => {
      controller.abort();
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [source]);

  // The position where the student left, reported once more when the lesson is left.
  useEffect(() => {
    const element = video.current;
    return () => {
      if (element && element.currentTime > 0 && !element.ended)
        report.current?.(Math.floor(element.currentTime));
    };
  }, [src]);

  if (failed) return <Alert severity="error">{t('content.error')}</Alert>;
  if (!src) return <LinearProgress aria-label={t('common.loading')} />;
  return (
    <Box
      component="video"
      ref={video}
      src={src}
      controls
      playsInline
      preload="metadata"
      autoPlay={autoPlay}
      aria-label={title}
      onLoadedMetadata={(event) => {
        const element = event.currentTarget;
        if (startAt && startAt > 0 && startAt < element.duration - 1) element.currentTime = startAt;
      }}
      onTimeUpdate={(event) => {
        const now = Date.now();
        if (now - lastReport.current < POSITION_EVERY_MS) return;
        lastReport.current = now;
        report.current?.(Math.floor(event.currentTarget.currentTime));
      }}
      onPause={(event) => {
        if (!event.currentTarget.ended) report.current?.(Math.floor(event.currentTarget.currentTime));
      }}
      onEnded={onEnded}
      onError={() => setFailed(true)}
      sx={{ display: 'block', width: '100%', maxHeight: '70vh', bgcolor: 'common.black', borderRadius: 1 }}
    />
  );
}
