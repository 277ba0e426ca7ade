import CheckCircle from '@mui/icons-material/CheckCircle';
import CloudUpload from '@mui/icons-material/CloudUpload';
import Download from '@mui/icons-material/Download';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ClearanceEntry } from '@portal/contracts';
import { useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { PageHeading } from '../../../components/PageHeading';
import { serverMessage } from '../../../components/crud/errors';
import { useT } from '../../../i18n/useT';
import { notify } from '../../../lib/notify';
import { useDocumentTitle } from '../../../lib/useDocumentTitle';
import { useDownload } from '../../../lib/useDownload';
import { useClearance, useUploadClearance } from '../api/student-uploads';
import { LoadError, LoadingBlock } from '../../../components/LoadState';

const TYPE_NAMES: Record<string, string> = {
  'application/pdf': 'PDF',
  'image/jpeg': 'JPEG',
  'image/png': 'PNG',
};
const sizeText = (bytes: number) =>
  bytes >= 1024 * 1024
    ? `${Math.round((bytes / (1024 * 1024)) * 10) / 10} MB`
    : `${Math.max(1, Math.round(bytes / 1024))} KB`;

/** /student/documentupload: the clearance documents, each checked by its content on the server. */
export default function DocumentUploadScreen() {
  const t = useT();
  const clearance = useClearance();
  useDocumentTitle(`${t('student.nav.documentUpload')} · ${t('portal.name')}`);
  return (
    <>
      <PageHeading title={t('student.nav.documentUpload')} intro={t('student.uploads.intro')} />
      {clearance.isPending && <LoadingBlock rows={3} />}
      {clearance.isError && <LoadError error={clearance.error} onRetry={() => void clearance.refetch()} />}
      {clearance.data && (
        <Stack spacing={2}>
          {clearance.data.Data.map((entry) => (
            <UploadCard key={entry.Kind} entry={entry} />
          ))}
        </Stack>
      )}
    </>
  );
}

function UploadCard({ entry }: { entry: ClearanceEntry }) {
  const t = useT();
  const intl = useIntl();
  const input = useRef<HTMLInputElement>(null);
  const upload = useUploadClearance();
  const download = useDownload();
  const [percent, setPercent] = useState<number | null>(null);
  const uploaded = entry.Uploaded;
  const titleId = `clearance-${entry.Kind}-title`;
  const types = entry.Accept.map((type) => TYPE_NAMES[type] ?? type).join(', ');

  const choose = (file: File | undefined) => {
    if (input.current) input.current.value = '';
    if (!file) return;
    if (file.size > entry.MaxBytes)
      return notify.error(t('student.uploads.tooLarge', { limit: sizeText(entry.MaxBytes) }));
    setPercent(0);
    upload.mutate(
      { kind: entry.Kind, file, onProgress: (p) => setPercent(p.percent) },
      {
        onSuccess: (answer) => notify.success(answer.Message),
        onError: (error) => notify.error(serverMessage(error) || t('student.uploads.failed')),
        onSettled: () => setPercent(null),
      },
    );
  };

  return (
    <Card variant="outlined" component="section" aria-labelledby={titleId}>
      <CardContent>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
          <Box sx={{ flex: 1, minWidth: 0 }}>
            <Typography id={titleId} component="h2" variant="subtitle1" sx={{ fontWeight: 600 }}>
              {entry.Label}
            </Typography>
            <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
              {entry.Description}
            </Typography>
            <Typography
              variant="body2"
              sx={{ mt: 0.5, overflowWrap: 'anywhere' }}
              data-state={uploaded ? 'uploaded' : 'missing'}
            >
              {uploaded ? (
                <>
                  <CheckCircle color="success" sx={{ fontSize: 16, verticalAlign: 'text-bottom', mr: 0.5 }} />
                  {t('student.uploads.uploaded', {
                    name: uploaded.FileName,
                    size: sizeText(uploaded.Size),
                    date: intl.formatDate(uploaded.UploadedAt, { dateStyle: 'medium' }),
                  })}
                </>
              ) : (
                t('student.uploads.notUploaded')
              )}
            </Typography>
          </Box>
          <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
            {uploaded && (
              <Button
                variant="outlined"
                startIcon={<Download />}
                disabled={download.isPending}
                aria-label={t('student.documents.downloadOne', { name: entry.Label })}
                onClick={() =>
                  download.mutate(
                    { url: uploaded.DownloadUrl, fileName: uploaded.FileName },
                    { onError: () => notify.error(t('error.download')) },
                  )
                }
              >
                {t('student.documents.download')}
              </Button>
            )}
            <input
              ref={input}
              type="file"
              hidden
              tabIndex={-1}
              aria-hidden
              data-kind={entry.Kind}
              accept={entry.Accept.join(',')}
              onChange={(event) => choose(event.target.files?.[0])}
            />
            <Button
              variant="contained"
              startIcon={<CloudUpload />}
              disabled={upload.isPending}
              aria-label={t(uploaded ? 'student.uploads.replaceOne' : 'student.uploads.uploadOne', {
                name: entry.Label,
              })}
              onClick={() => input.current?.click()}
            >
              {t(uploaded ? 'student.uploads.replace' : 'student.uploads.upload')}
            </Button>
          </Stack>
        </Stack>
        <Typography variant="caption" color="text.secondary" sx={{ display: 'block', mt: 1 }}>
          {t('student.uploads.limits', { types, limit: sizeText(entry.MaxBytes) })}
        </Typography>
        {percent !== null && (
          <Box sx={{ mt: 1 }}>
            <LinearProgress
              variant="determinate"
              value={percent}
              aria-label={t('student.uploads.progress', { name: entry.Label })}
            />
          </Box>
        )}
      </CardContent>
    </Card>
  );
}
