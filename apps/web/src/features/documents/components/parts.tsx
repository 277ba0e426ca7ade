import ContentCopy from '@mui/icons-material/ContentCopy';
import PictureAsPdf from '@mui/icons-material/PictureAsPdf';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useEffect, type ReactNode } from 'react';
import { useT } from '../../../i18n/useT';
import { ApiError } from '../../../lib/api';
import { notify } from '../../../lib/notify';
import { useDownloadPdf, type PdfDownload } from '../api/download-pdf';

/** Label and value pairs: two columns from the small tablet up, stacked on a phone. */
export function KeyValues({ rows }: { rows: [label: string, value: ReactNode][] }) {
  return (
    <Box
      component="dl"
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: '1fr', sm: 'minmax(140px, max-content) 1fr' },
        columnGap: 2,
        rowGap: { xs: 0, sm: 0.75 },
        m: 0,
      }}
    >
      {rows
        .filter(([, value]) => value !== null && value !== undefined && value !== '')
        .map(([label, value]) => (
          <Box key={label} sx={{ display: 'contents' }}>
            <Typography component="dt" variant="body2" color="text.secondary" sx={{ mt: { xs: 1, sm: 0 } }}>
              {label}
            </Typography>
            <Typography
              component="dd"
              variant="body2"
              sx={{ m: 0, fontWeight: 500, overflowWrap: 'anywhere' }}
            >
              {value}
            </Typography>
          </Box>
        ))}
    </Box>
  );
}

/** A section heading inside a document. */
export function SectionTitle({ children }: { children: ReactNode }) {
  return (
    <Typography
      component="h2"
      variant="overline"
      sx={{ display: 'block', fontWeight: 700, letterSpacing: 1, mt: 2, mb: 1, color: 'primary.main' }}
    >
      {children}
    </Typography>
  );
}

/** Copies a text to the clipboard, with the toast the spec gives ('Transaction Ref copied successfully'). */
export function CopyButton({ text, label }: { text: string; label: string }) {
  const t = useT();
  const copy = async () => {
    try {
      if (navigator.clipboard?.writeText) await navigator.clipboard.writeText(text);
      else copyWithSelection(text);
      notify.success(t('documents.receipt.copied'));
    } catch {
      try {
        copyWithSelection(text);
        notify.success(t('documents.receipt.copied'));
      } catch {
        notify.error(t('documents.error.generic'));
      }
    }
  };
  return (
    <Tooltip title={label}>
      <IconButton size="small" onClick={() => void copy()} aria-label={label}>
        <ContentCopy fontSize="small" />
      </IconButton>
    </Tooltip>
  );
}

/** The old way, for browsers without the asynchronous clipboard (plain HTTP, old WebViews). */
function copyWithSelection(text: string): void {
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.append(area);
  area.select();
  const done = document.execCommand('copy');
  area.remove();
  if (!done) throw new Error('copy refused');
}

/** The server's PDF of a document: 'Download will begin shortly!', or 'An error occurred!'. */
export function PdfButton({ download, label }: { download: PdfDownload; label?: string }) {
  const t = useT();
  const mutation = useDownloadPdf();
  return (
    <Button
      variant="contained"
      startIcon={<PictureAsPdf />}
      disabled={mutation.isPending}
      onClick={() => {
        notify.success(t('documents.download.starting'));
        mutation.mutate(download, {
          onError: (error) =>
            notify.error(
              error instanceof ApiError && error.message ? error.message : t('documents.download.failed'),
            ),
        });
      }}
    >
      {label ?? t('documents.download.pdf')}
    </Button>
  );
}

/** The verification QR code (a PNG from the server) with the link it encodes. */
export function QrBlock({ image, url, caption }: { image: string; url: string; caption: string }) {
  return (
    <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap' }}>
      {image && (
        <Box
          component="img"
          src={image}
          alt={caption}
          width={120}
          height={120}
          sx={{ border: 1, borderColor: 'divider', borderRadius: 1, bgcolor: '#fff', flexShrink: 0 }}
        />
      )}
      <Box sx={{ minWidth: 0, flex: '1 1 180px' }}>
        <Typography variant="body2" sx={{ fontWeight: 600 }}>
          {caption}
        </Typography>
        <Link href={url} variant="body2" sx={{ overflowWrap: 'anywhere' }} data-testid="verify-url">
          {url}
        </Link>
      </Box>
    </Box>
  );
}

/** A document's query, as `LoadedDocument` reads it. */
export interface DocumentQuery<T> {
  data?: { Data: T };
  isPending: boolean;
  error: unknown;
  refetch: () => Promise<unknown>;
}

/** The document once its query has it; until then, or when it fails, `DocumentState`. */
export function LoadedDocument<T>({
  query,
  notFoundText,
  children,
}: {
  query: DocumentQuery<T>;
  notFoundText: string;
  children: (data: T) => ReactNode;
}) {
  const data = query.data?.Data;
  if (!data)
    return (
      <DocumentState
        loading={query.isPending}
        error={query.error}
        notFoundText={notFoundText}
        onRetry={() => void query.refetch()}
      />
    );
  return children(data);
}

/** The server's answer that the document does not exist (or its id is malformed): an outcome, not a fault. */
const isNotFound = (error: unknown): boolean =>
  error instanceof ApiError && (error.httpStatus === 404 || error.httpStatus === 400);

/**
 * Spec section 8: a document that fails to load is logged (the page says so too). A document that
 * does not exist is an answer shown to the user, not a fault, so it is not logged.
 */
export function useLogLoadFailure(what: string, error: unknown): void {
  useEffect(() => {
    if (error && !isNotFound(error)) console.error(what, error);
  }, [what, error]);
}

/** Loading, not found or failed: what a document page shows instead of the document. */
export function DocumentState({
  loading,
  error,
  notFoundText,
  onRetry,
}: {
  loading: boolean;
  error: unknown;
  notFoundText: string;
  onRetry?: () => void;
}) {
  const t = useT();
  if (loading)
    return (
      <Box role="status" aria-label={t('common.loading')}>
        <Skeleton variant="text" sx={{ fontSize: '2rem', width: '60%' }} />
        <Skeleton variant="rounded" height={200} sx={{ mt: 2 }} />
      </Box>
    );
  const notFound = isNotFound(error);
  return (
    <Alert
      severity={notFound ? 'warning' : 'error'}
      data-testid={notFound ? 'document-not-found' : 'document-error'}
      action={
        !notFound && onRetry ? (
          <Button color="inherit" size="small" onClick={onRetry}>
            {t('documents.retry')}
          </Button>
        ) : undefined
      }
    >
      {notFound ? notFoundText : t('documents.error.generic')}
    </Alert>
  );
}

/** The student's passport photograph on a public document page (none when there is none). */
export function PassportPhoto({ url }: { url: string | null }) {
  const t = useT();
  if (!url) return null;
  return (
    <Box
      component="img"
      src={url}
      alt={t('documents.courseForm.passport')}
      width={96}
      height={116}
      sx={{ objectFit: 'cover', border: 1, borderColor: 'divider', borderRadius: 1 }}
    />
  );
}
