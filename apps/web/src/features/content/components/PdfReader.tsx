import NavigateBefore from '@mui/icons-material/NavigateBefore';
import NavigateNext from '@mui/icons-material/NavigateNext';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { getDocument, GlobalWorkerOptions, type PDFDocumentProxy } from 'pdfjs-dist';
import workerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url';
import { useEffect, useRef, useState } from 'react';
import { useT } from '../../../i18n/useT';

GlobalWorkerOptions.workerSrc = workerUrl;

export type PdfSource =
  /** Read from the server page by page (HTTP ranges), with the caller's bearer header. */
  | { url: string; headers: Record<string, string> }
  /** A copy already on the device (Cache Storage). */
  | { data: ArrayBuffer };

/** Bytes per range request: a page of a lecture note rarely needs more than one or two. */
const RANGE_CHUNK = 64 * 1024;

/**
 * A PDF read in the page, one page at a time (pdf.js, in this lazily loaded chunk only): from the
 * server it asks only for the byte ranges of the page shown (no prefetch of the rest, no stream of
 * the whole file), and draws it to the width of its box (360 px phones included).
 */
export default function PdfReader({
  source,
  title,
  onLoaded,
  onLastPage,
}: {
  source: PdfSource;
  title: string;
  /** The first page is on screen. */
  onLoaded?: () => void;
  /** The reader reached the last page. */
  onLastPage?: () => void;
}) {
  const t = useT();
  const [pdf, setPdf] = useState<PDFDocumentProxy | null>(null);
  const [failed, setFailed] = useState(false);
  const [pageNumber, setPageNumber] = useState(1);
  const [drawing, setDrawing] = useState(true);
  const canvas = useRef<HTMLCanvasElement>(null);
  const box = useRef<HTMLDivElement>(null);
  const loadedOnce = useRef(false);
  const callbacks = useRef({ onLoaded, onLastPage });
  callbacks.current = { onLoaded, onLastPage };

  useEffect(() => {
    setPdf(null);
    setFailed(false);
    setPageNumber(1);
    loadedOnce.current = false;
    const task = getDocument({
      ...('data' in source
        ? { data: new Uint8Array(source.data.slice(0)) }
        : {
            url: source.url,
            httpHeaders: source.headers,
            rangeChunkSize: RANGE_CHUNK,
            disableAutoFetch: true,
            disableStream: true,
          }),
      // The portal's Content-Security-Policy allows no eval.
      isEvalSupported: false,
    });
    let live = true;
    task.promise.then(
      (doc) => live && setPdf(doc),
      () => live && setFailed(true),
    );
    return () => {
      live = false;
      // Not while the document is still loading: pdf.js's worker would throw 'Worker was terminated'
      // (uncaught, in the worker). Once it has loaded or failed, it goes.
      void task.promise.then(
        () => task.destroy(),
        () => task.destroy(),
      );
    };
  }, [source]);

  useEffect(() => {
    if (!pdf || !canvas.current) return;
    let cancelled = false;
    let render: { cancel(): void; promise: Promise<void> } | undefined;
    setDrawing(true);
    void (async () => {
      try {
        const page = await pdf.getPage(pageNumber);
        if (cancelled || !canvas.current) return;
        const width = box.current?.clientWidth || 320;
        const base = page.getViewport({ scale: 1 });
        const scale = width / base.width;
        const ratio = window.devicePixelRatio || 1;
        const viewport = page.getViewport({ scale: scale * ratio });
        const element = canvas.current;
        element.width = Math.floor(viewport.width);
        element.height = Math.floor(viewport.height);
        element.style.width = `${Math.floor(viewport.width / ratio)}px`;
        element.style.height = `${Math.floor(viewport.height / ratio)}px`;
        const context = element.getContext('2d');
        if (!context) return;
        render = page.render({ canvasContext: context, viewport });
        await render.promise;
        if (cancelled) return;
        setDrawing(false);
        if (!loadedOnce.current) {
          loadedOnce.current = true;
          callbacks.current.onLoaded?.();
        }
        if (pageNumber === pdf.numPages) callbacks.current.onLastPage?.();
      } catch (error) {
        if (!cancelled && !(error instanceof Error && error.name === 'RenderingCancelledException'))
          setFailed(true);
      }
    })();
    return () => {
      cancelled = true;
      render?.cancel();
    };
  }, [pdf, pageNumber]);

  if (failed) return <Alert severity="error">{t('content.error')}</Alert>;
  const pages = pdf?.numPages ?? 0;
  return (
    <Box ref={box} sx={{ width: '100%' }}>
      {(drawing || !pdf) && <LinearProgress aria-label={t('common.loading')} sx={{ mb: 1 }} />}
      <Box
        component="canvas"
        ref={canvas}
        role="img"
        aria-label={t('content.pdf.page', { title, page: pageNumber, pages })}
        sx={{
          display: 'block',
          maxWidth: '100%',
          border: 1,
          borderColor: 'divider',
          bgcolor: 'common.white',
        }}
      />
      {pdf && (
        <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'center', gap: 1, mt: 1 }}>
          <IconButton
            onClick={() => setPageNumber((n) => Math.max(1, n - 1))}
            disabled={pageNumber <= 1}
            aria-label={t('content.pdf.previousPage')}
          >
            <NavigateBefore />
          </IconButton>
          <Typography variant="body2" aria-live="polite">
            {t('content.pdf.pageOf', { page: pageNumber, pages })}
          </Typography>
          <IconButton
            onClick={() => setPageNumber((n) => Math.min(pages, n + 1))}
            disabled={pageNumber >= pages}
            aria-label={t('content.pdf.nextPage')}
          >
            <NavigateNext />
          </IconButton>
        </Stack>
      )}
    </Box>
  );
}
