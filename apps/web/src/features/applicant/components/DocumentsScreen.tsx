import CheckCircle from '@mui/icons-material/CheckCircle';
import CloudUpload from '@mui/icons-material/CloudUpload';
import Download from '@mui/icons-material/Download';
import Alert from '@mui/material/Alert';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ApplicantDocumentEntry } from '@portal/contracts';
import { useEffect, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { Link as RouterLink } from 'react-router';
import { useT } from '../../../i18n/useT';
import { ApiError } from '../../../lib/api';
import { notify } from '../../../lib/notify';
import { keepUser, useSessionUser } from '../../../lib/session';
import { useDocumentTitle } from '../../../lib/useDocumentTitle';
import { useApplicantDocuments, useDownloadDocument, useUploadDocument } from '../api/documents';
import { LoadError, LoadingBlock, LockedNote, PageTitle } from './parts';

/** '300 KB', '2 MB': a size as the server's messages write it. */
export function sizeText(bytes: number): string {
  return bytes >= 1024 * 1024
    ? `${(bytes / (1024 * 1024)).toFixed(bytes % (1024 * 1024) ? 1 : 0)} MB`
    : `${Math.max(1, Math.round(bytes / 1024))} KB`;
}

const TYPE_NAMES: Record<string, string> = {
  'application/pdf': 'PDF',
  'image/jpeg': 'JPEG',
  'image/png': 'PNG',
};

/** /applicant/documents: the passport photograph and each required document. */
export default function DocumentsScreen() {
  const t = useT();
  useDocumentTitle(`${t('applicant.nav.uploadDocuments')} · ${t('portal.name')}`);
  return (
    <>
      <PageTitle>{t('applicant.nav.uploadDocuments')}</PageTitle>
      <ApplicantDocumentsList />
    </>
  );
}

/** Every kind of document with its state; read-only (downloads only) once registration is complete. */
export function ApplicantDocumentsList({
  readOnly = false,
  headingLevel = 'h2',
}: {
  readOnly?: boolean;
  headingLevel?: 'h2' | 'h3';
}) {
  const t = useT();
  const documents = useApplicantDocuments();
  const user = useSessionUser('applicantUser');
  const passport = documents.data?.Data.Passport ?? null;

  // The header shows the passport from the signed-in user: keep it in step with an upload.
  useEffect(() => {
    if (user && passport && user.Passport !== passport)
      keepUser('applicantUser', { ...user, Passport: passport });
  }, [user, passport]);

  if (documents.isPending) return <LoadingBlock rows={5} />;
  if (documents.isError)
    return <LoadError error={documents.error} onRetry={() => void documents.refetch()} />;

  const { Documents, Complete, Locked } = documents.data.Data;
  const locked = Locked || readOnly;
  return (
    <>
      {Locked && !readOnly && <LockedNote />}
      {!locked && Complete && (
        <Alert
          severity="success"
          sx={{ mb: 2 }}
          action={
            <Button component={RouterLink} to="/applicant/dashboard" color="inherit" size="small">
              {t('nav.dashboard')}
            </Button>
          }
        >
          {t('applicant.documents.complete')}
        </Alert>
      )}
      {!locked && !Complete && (
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          {t('applicant.documents.intro')}
        </Typography>
      )}
      <Stack spacing={2}>
        {Documents.map((entry) => (
          <DocumentCard
            key={entry.Kind}
            entry={entry}
            locked={locked}
            preview={entry.Kind === 'passport' ? passport : null}
            headingLevel={headingLevel}
          />
        ))}
      </Stack>
    </>
  );
}

function DocumentCard({
  entry,
  locked,
  preview,
  headingLevel,
}: {
  entry: ApplicantDocumentEntry;
  locked: boolean;
  preview: string | null;
  headingLevel: 'h2' | 'h3';
}) {
  const t = useT();
  const intl = useIntl();
  const input = useRef<HTMLInputElement>(null);
  const upload = useUploadDocument();
  const download = useDownloadDocument();
  const [percent, setPercent] = useState<number | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const uploaded = entry.Uploaded;
  const titleId = `document-${entry.Kind}-title`;
  const allowed = entry.Accept.map((type) => TYPE_NAMES[type] ?? type).join(', ');

  const choose = (file: File | undefined) => {
    if (input.current) input.current.value = '';
    if (!file) return;
    setProblem(null);
    // The server refuses it too, but a phone should not send megabytes to learn that.
    if (file.size > entry.MaxBytes) {
      const message = t('applicant.documents.tooLarge', { limit: sizeText(entry.MaxBytes) });
      setProblem(message);
      return notify.error(message);
    }
    setPercent(0);
    upload.mutate(
      { kind: entry.Kind, file, onProgress: (progress) => setPercent(progress.percent) },
      {
        onSuccess: (answer) => notify.success(answer.Message),
        onError: (error) => {
          const message =
            error instanceof ApiError && error.message
              ? error.message
              : t('applicant.documents.uploadFailed');
          setProblem(message);
          notify.error(message);
        },
        onSettled: () => setPercent(null),
      },
    );
  };

  return (
    <Card variant="outlined" component="section" aria-labelledby={titleId}>
      <CardContent>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
          {entry.Kind === 'passport' && (
            <Avatar
              src={preview ?? undefined}
              alt={preview ? t('applicant.documents.passportAlt') : ''}
              variant="rounded"
              sx={{ width: 96, height: 96 }}
            />
          )}
          <Box sx={{ flex: 1, minWidth: 0 }}>
            <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
              <Typography id={titleId} component={headingLevel} variant="subtitle1" sx={{ fontWeight: 600 }}>
                {entry.Label}
              </Typography>
              {entry.Required && <Chip size="small" label={t('applicant.documents.required')} />}
            </Stack>
            <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
              {entry.Description}
            </Typography>
            <Typography variant="body2" sx={{ mt: 0.5, overflowWrap: 'anywhere' }}>
              {uploaded ? (
                <>
                  <CheckCircle color="success" sx={{ fontSize: 16, verticalAlign: 'text-bottom', mr: 0.5 }} />
                  {t('applicant.documents.uploaded', {
                    name: uploaded.FileName,
                    size: sizeText(uploaded.Size),
                    date: intl.formatDate(uploaded.UploadedAt, { dateStyle: 'medium' }),
                  })}
                </>
              ) : (
                t('applicant.documents.notUploaded')
              )}
            </Typography>
          </Box>
          <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
            {uploaded && (
              <Button
                variant="outlined"
                startIcon={<Download />}
                disabled={download.isPending}
                aria-label={t('applicant.documents.downloadOne', { name: entry.Label })}
                onClick={() =>
                  download.mutate(
                    { url: uploaded.DownloadUrl, fileName: uploaded.FileName },
                    { onError: () => notify.error(t('error.download')) },
                  )
                }
              >
                {t('applicant.documents.download')}
              </Button>
            )}
            {!locked && (
              <>
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
                  aria-label={t(
                    uploaded ? 'applicant.documents.replaceOne' : 'applicant.documents.uploadOne',
                    {
                      name: entry.Label,
                    },
                  )}
                  onClick={() => input.current?.click()}
                >
                  {t(uploaded ? 'applicant.documents.replace' : 'applicant.documents.upload')}
                </Button>
              </>
            )}
          </Stack>
        </Stack>
        {!locked && (
          <Typography variant="caption" color="text.secondary" sx={{ display: 'block', mt: 1 }}>
            {t('applicant.documents.limits', { types: allowed, limit: sizeText(entry.MaxBytes) })}
          </Typography>
        )}
        {percent !== null && (
          <Box sx={{ mt: 1 }}>
            <LinearProgress
              variant="determinate"
              value={percent}
              aria-label={t('applicant.documents.progress', { name: entry.Label })}
            />
            <Typography variant="caption" aria-live="polite">
              {t('applicant.documents.uploading', { percent })}
            </Typography>
          </Box>
        )}
        {problem && (
          <Alert severity="error" sx={{ mt: 1 }} onClose={() => setProblem(null)}>
            {problem}
          </Alert>
        )}
      </CardContent>
    </Card>
  );
}
