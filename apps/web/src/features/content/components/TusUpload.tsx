import CloudUpload from '@mui/icons-material/CloudUpload';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  UPLOAD_METADATA,
  UPLOAD_PURPOSES,
  UPLOAD_TUS_PATH,
  megabytesText,
  type UploadPurpose,
} from '@portal/contracts';
import { useEffect, useId, useRef, useState } from 'react';
import { Upload, type DetailedError } from 'tus-js-client';
import { UploadProgress } from '../../../components/crud/UploadProgress';
import { useT } from '../../../i18n/useT';
import { authHeaders } from '../../../lib/api';

/** A finished upload, to be claimed by the item that names it (`UploadId`). */
export interface FinishedUpload {
  id: string;
  fileName: string;
  size: number;
}

/**
 * Bytes per PATCH: each confirmed chunk is kept by the server, so a dropped connection costs at
 * most one chunk (and the bar moves on a slow link).
 */
export const TUS_CHUNK_BYTES = 2 * 1024 * 1024;
/** Retries after a dropped connection before the upload stops and offers Resume. */
const RETRY_DELAYS = [0, 1000, 3000, 5000, 10000];

const EXTENSIONS: Record<string, string> = {
  pdf: '.pdf',
  pptx: '.pptx',
  ppt: '.ppt',
  docx: '.docx',
  doc: '.doc',
  mp4: '.mp4',
  webm: '.webm',
};

type Phase = 'idle' | 'uploading' | 'paused' | 'failed' | 'done';

/** The server's message in a tus error's answer, if it sent one. */
function messageOf(error: Error | DetailedError): string {
  const response = 'originalResponse' in error ? error.originalResponse : null;
  if (!response) return '';
  try {
    const body = JSON.parse(response.getBody()) as { Message?: unknown; message?: unknown };
    const message = body.Message ?? body.message;
    return typeof message === 'string' ? message : '';
  } catch {
    return '';
  }
}

/**
 * A resumable upload (tus, tus-js-client) with a progress bar. A dropped connection is retried from
 * the offset the server holds; an upload stopped (Pause, a closed tab) resumes from there too — the
 * file's fingerprint is kept in local storage until it finishes. The server's refusal (kind, size)
 * is shown as it words it.
 */
export function TusUpload({
  purpose,
  onUploaded,
  label,
}: {
  purpose: UploadPurpose;
  onUploaded: (upload: FinishedUpload) => void;
  label?: string;
}) {
  const t = useT();
  const id = useId();
  const facts = UPLOAD_PURPOSES[purpose];
  const upload = useRef<Upload | null>(null);
  const [file, setFile] = useState<File | null>(null);
  const [phase, setPhase] = useState<Phase>('idle');
  const [fraction, setFraction] = useState(0);
  const [error, setError] = useState('');
  const done = useRef(onUploaded);
  done.current = onUploaded;

  useEffect(() => () => void upload.current?.abort(), []);

  const start = async (chosen: File) => {
    setError('');
    if (chosen.size > facts.maxBytes) {
      setPhase('failed');
      setError(t('content.upload.tooLarge', { max: megabytesText(facts.maxBytes) }));
      return;
    }
    const tus = new Upload(chosen, {
      endpoint: UPLOAD_TUS_PATH,
      chunkSize: TUS_CHUNK_BYTES,
      retryDelays: RETRY_DELAYS,
      metadata: { [UPLOAD_METADATA.fileName]: chosen.name, [UPLOAD_METADATA.purpose]: purpose },
      headers: { ...authHeaders(), 'x-message-refs': '1' },
      storeFingerprintForResuming: true,
      removeFingerprintOnSuccess: true,
      // A refusal (4xx but a lock or a timeout) will not change by retrying.
      onShouldRetry: (failure) => {
        const status = failure.originalResponse?.getStatus() ?? 0;
        return status === 0 || status === 409 || status === 423 || status >= 500;
      },
      onProgress: (sent, total) => setFraction(total ? sent / total : 0),
      onError: (failure) => {
        setPhase('failed');
        setError(messageOf(failure) || t('content.upload.failed'));
      },
      onSuccess: () => {
        setPhase('done');
        setFraction(1);
        const uploadId = (tus.url ?? '').split('/').pop() ?? '';
        done.current({ id: uploadId, fileName: chosen.name, size: chosen.size });
      },
    });
    upload.current = tus;
    setPhase('uploading');
    // The same file started before (a closed tab, a lost connection): go on from where it stopped.
    const previous = await tus.findPreviousUploads().catch(() => []);
    if (previous[0]) tus.resumeFromPreviousUpload(previous[0]);
    tus.start();
  };

  const pause = () => {
    void upload.current?.abort();
    setPhase('paused');
  };
  const resume = () => {
    setError('');
    setPhase('uploading');
    upload.current?.start();
  };

  const accept = facts.kinds.map((kind) => EXTENSIONS[kind]).join(',');
  const percent = Math.round(fraction * 100);
  return (
    <Box>
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
        <Button
          component="label"
          variant="outlined"
          startIcon={<CloudUpload />}
          disabled={phase === 'uploading' || phase === 'paused'}
        >
          {label ?? t('content.upload.choose')}
          <input
            id={id}
            type="file"
            hidden
            accept={accept}
            onChange={(event) => {
              const chosen = event.target.files?.[0];
              event.target.value = '';
              if (!chosen) return;
              setFile(chosen);
              setFraction(0);
              void start(chosen);
            }}
          />
        </Button>
        {phase === 'uploading' && <Button onClick={pause}>{t('content.upload.pause')}</Button>}
        {(phase === 'paused' || (phase === 'failed' && upload.current?.url)) && (
          <Button variant="contained" onClick={resume}>
            {t('content.upload.resume')}
          </Button>
        )}
      </Stack>
      <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 0.5 }}>
        {t('content.upload.hint', { kinds: facts.kinds.join(', '), max: megabytesText(facts.maxBytes) })}
      </Typography>
      {file && phase !== 'idle' && (
        <UploadProgress
          fraction={fraction}
          label={
            phase === 'done'
              ? t('content.upload.done', { name: file.name })
              : phase === 'paused'
                ? t('content.upload.paused', { name: file.name, percent })
                : t('content.upload.progress', { name: file.name, percent })
          }
        />
      )}
      {error && (
        <Alert severity="error" sx={{ mt: 1 }}>
          {error}
        </Alert>
      )}
    </Box>
  );
}
