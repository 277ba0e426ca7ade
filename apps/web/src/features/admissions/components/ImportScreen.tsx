import Download from '@mui/icons-material/Download';
import UploadFile from '@mui/icons-material/UploadFile';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { CANDIDATE_COLUMNS, type ImportJobItem, type ImportKind } from '@portal/contracts';
import { useId, useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import { serverMessage } from '../../../components/crud/errors';
import { ServerTable } from '../../../components/crud/ServerTable';
import type { ListState } from '../../../components/crud/types';
import { megabytes, UploadProgress } from '../../../components/crud/UploadProgress';
import type { MessageId } from '../../../i18n/locales';
import { useT } from '../../../i18n/useT';
import { notify } from '../../../lib/notify';
import { useDocumentTitle } from '../../../lib/useDocumentTitle';
import { downloadImportTemplate } from '../api/download-import-template';
import { useAdmissionSessionOptions } from '../api/get-admission-sessions';
import { isFinished, useImportJob } from '../api/get-import-job';
import { useImportJobs } from '../api/get-import-jobs';
import { useStartImport } from '../api/upload-import';

/** The server keeps the first 1,000 warnings of a job. */
const MAX_NOTES_KEPT = 1000;

/** What each list needs of the candidates file's columns (the API matches headers loosely). */
const REQUIRED: Record<Exclude<ImportKind, 'utmeImages'>, readonly (typeof CANDIDATE_COLUMNS)[number][]> = {
  PostUtmeList: ['JAMB Number', 'First Name', 'Last Name', 'E-mail', 'Course', 'UTME Score'],
  CAPSList: ['JAMB Number', 'First Name', 'Last Name', 'E-mail', 'CAPS Status'],
  uploadadmissionlist: ['JAMB Number', 'First Name', 'Last Name', 'E-mail', 'Course'],
};
const LIST_MAX_BYTES = 50 * 1024 * 1024;
const ZIP_MAX_BYTES = 200 * 1024 * 1024;

const TITLES: Record<ImportKind, MessageId> = {
  PostUtmeList: 'admissions.import.PostUtmeList',
  CAPSList: 'admissions.import.CAPSList',
  uploadadmissionlist: 'admissions.import.uploadadmissionlist',
  utmeImages: 'admissions.import.utmeImages',
};

const STATUS_LABELS: Record<string, MessageId> = {
  queued: 'admissions.import.status.queued',
  running: 'admissions.import.status.running',
  issuing: 'admissions.import.status.issuing',
  done: 'admissions.import.status.done',
  failed: 'admissions.import.status.failed',
};

/**
 * PostUtmeList, CAPSList, uploadadmissionlist (CSV or XLSX) and utmeImages (a ZIP of passports
 * named by JAMB number): choose the file, watch it upload, then watch the import job work
 * through the rows, with the problems found row by row.
 */
export default function ImportScreen({ kind }: { kind: ImportKind }) {
  const t = useT();
  const id = useId();
  const zip = kind === 'utmeImages';
  const title = t(TITLES[kind]);
  useDocumentTitle(`${title} · ${t('portal.name')}`);
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [sessionId, setSessionId] = useState('');
  const [progress, setProgress] = useState<number | null>(null);
  const [jobId, setJobId] = useState<number | null>(null);
  const [inputKey, setInputKey] = useState(0);
  const [history, setHistory] = useState<ListState>({ page: 1, pageSize: 10 });
  const start = useStartImport(kind);
  const job = useImportJob(jobId);
  const jobs = useImportJobs(kind, history.page, history.pageSize);
  const sessions = useAdmissionSessionOptions();
  const maxBytes = zip ? ZIP_MAX_BYTES : LIST_MAX_BYTES;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!file) return setFileError(t('crud.fileRequired'));
    if (file.size > maxBytes) return setFileError(t('crud.fileTooLarge', { max: megabytes(maxBytes) }));
    setFileError(null);
    setProgress(0);
    start.mutate(
      { file, admissionSessionId: sessionId ? Number(sessionId) : undefined, onProgress: setProgress },
      {
        onSuccess: (answer) => {
          setJobId(answer.Data.id);
          setFile(null);
          setProgress(null);
          setInputKey((k) => k + 1);
          notify.success(t('admissions.import.started'));
        },
        onError: (error) => {
          setProgress(null);
          notify.error(serverMessage(error) || t('error.generic'));
        },
      },
    );
  };

  const template = (format: 'csv' | 'xlsx') =>
    downloadImportTemplate(format).catch((error: unknown) =>
      notify.error(serverMessage(error) || t('error.download')),
    );

  return (
    <>
      <Typography component="h1" variant="h5" sx={{ fontWeight: 600, mb: 2 }}>
        {title}
      </Typography>
      <Stack spacing={2}>
        <Card variant="outlined">
          <CardHeader
            title={t('admissions.import.uploadTitle')}
            slotProps={{ title: { component: 'h2', variant: 'h6' } }}
          />
          <CardContent>
            {zip ? (
              <Typography variant="body2" color="text.secondary">
                {t('admissions.import.zipHelp')}
              </Typography>
            ) : (
              <>
                <Typography variant="body2" color="text.secondary">
                  {t('admissions.import.listHelp')}
                </Typography>
                <Typography variant="body2" sx={{ mt: 1, overflowWrap: 'anywhere' }}>
                  {t('admissions.import.required', { columns: REQUIRED[kind].join(', ') })}
                </Typography>
                <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                  {t('admissions.import.optional', {
                    columns: CANDIDATE_COLUMNS.filter((c) => !REQUIRED[kind].includes(c)).join(', '),
                  })}
                </Typography>
                <Stack direction="row" spacing={1} sx={{ mt: 1.5, flexWrap: 'wrap' }} useFlexGap>
                  <Button size="small" startIcon={<Download />} onClick={() => void template('csv')}>
                    {t('admissions.import.templateCsv')}
                  </Button>
                  <Button size="small" startIcon={<Download />} onClick={() => void template('xlsx')}>
                    {t('admissions.import.templateXlsx')}
                  </Button>
                </Stack>
              </>
            )}
            <Box component="form" onSubmit={submit} noValidate sx={{ mt: 2 }}>
              <Stack spacing={1.5}>
                {!zip && !sessions.failed && (
                  <TextField
                    select
                    size="small"
                    label={t('admissions.field.admissionSession')}
                    value={sessionId}
                    onChange={(event) => setSessionId(event.target.value)}
                    helperText={t('admissions.import.sessionHelp')}
                    slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
                    sx={{ maxWidth: 360 }}
                  >
                    <MenuItem value="">{t('admissions.import.currentSession')}</MenuItem>
                    {sessions.options.map((option) => (
                      <MenuItem key={option.value} value={String(option.value)}>
                        {option.label}
                      </MenuItem>
                    ))}
                  </TextField>
                )}
                <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }} useFlexGap>
                  <Button
                    component="label"
                    variant="outlined"
                    startIcon={<UploadFile />}
                    disabled={start.isPending}
                  >
                    {t('crud.chooseFile')}
                    <input
                      key={inputKey}
                      type="file"
                      hidden
                      name="file"
                      accept={
                        zip
                          ? '.zip,application/zip'
                          : '.csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'
                      }
                      aria-describedby={`${id}-hint`}
                      onChange={(event) => {
                        setFile(event.target.files?.[0] ?? null);
                        setFileError(null);
                        setProgress(null);
                      }}
                    />
                  </Button>
                  <Typography variant="body2" sx={{ overflowWrap: 'anywhere', minWidth: 0 }}>
                    {file ? file.name : t('crud.noFile')}
                  </Typography>
                </Stack>
                <Typography
                  id={`${id}-hint`}
                  variant="caption"
                  color={fileError ? 'error' : 'text.secondary'}
                  role={fileError ? 'alert' : undefined}
                >
                  {fileError ??
                    t(zip ? 'admissions.import.zipHint' : 'admissions.import.listHint', {
                      max: megabytes(maxBytes),
                    })}
                </Typography>
                {progress !== null && <UploadProgress fraction={progress} />}
                <Box>
                  <Button type="submit" variant="contained" disabled={start.isPending || !file}>
                    {t('admissions.import.upload')}
                  </Button>
                </Box>
              </Stack>
            </Box>
          </CardContent>
        </Card>

        {jobId !== null && (
          <JobCard
            job={job.data?.Data}
            loading={job.isPending}
            error={job.isError ? serverMessage(job.error) : null}
          />
        )}

        <Card variant="outlined">
          <CardHeader
            title={t('admissions.import.history')}
            slotProps={{ title: { component: 'h2', variant: 'h6' } }}
          />
          <CardContent>
            <ServerTable<ImportJobItem>
              label={t('admissions.import.history')}
              columns={[
                { field: 'fileName', header: t('admissions.import.file') },
                {
                  field: 'createdAt',
                  header: t('admissions.import.when'),
                  render: (j) => <When iso={j.createdAt} />,
                },
                {
                  field: 'status',
                  header: t('admissions.import.statusLabel'),
                  render: (j) => <StatusChip status={j.status} />,
                },
                {
                  field: 'rows',
                  header: t('admissions.import.rows'),
                  render: (j) => `${j.processedRows} / ${j.totalRows}`,
                },
                { field: 'invalidCount', header: t('admissions.import.invalid') },
              ]}
              rows={jobs.data?.Data ?? []}
              getRowId={(j) => j.id}
              total={jobs.data?.Total ?? 0}
              loading={jobs.isFetching}
              state={history}
              onStateChange={setHistory}
              emptyText={
                jobs.isError
                  ? serverMessage(jobs.error) || t('error.generic')
                  : t('admissions.import.noHistory')
              }
              rowActions={(j) => (
                <Button
                  size="small"
                  onClick={() => setJobId(j.id)}
                  aria-label={t('admissions.import.viewJob', { file: j.fileName })}
                >
                  {t('admissions.import.view')}
                </Button>
              )}
            />
          </CardContent>
        </Card>
      </Stack>
    </>
  );
}

function When({ iso }: { iso: string }) {
  const intl = useIntl();
  return <>{intl.formatDate(iso, { dateStyle: 'medium', timeStyle: 'short' })}</>;
}

function StatusChip({ status }: { status: string }) {
  const t = useT();
  const label = STATUS_LABELS[status] ? t(STATUS_LABELS[status]) : status;
  const color = status === 'done' ? 'success' : status === 'failed' ? 'error' : 'info';
  return <Chip size="small" label={label} color={color} />;
}

/** The job being watched: a progress bar of rows, the counts, then the problems row by row. */
function JobCard({ job, loading, error }: { job?: ImportJobItem; loading: boolean; error: string | null }) {
  const t = useT();
  if (loading || !job)
    return error ? (
      <Alert severity="error">{error || t('error.generic')}</Alert>
    ) : (
      <LinearProgress aria-label={t('common.loading')} />
    );
  const finished = isFinished(job);
  const fraction = job.totalRows > 0 ? job.processedRows / job.totalRows : finished ? 1 : 0;
  const percent = Math.round(fraction * 100);
  const counts: [MessageId, number][] = [
    ['admissions.import.created', job.createdCount],
    ['admissions.import.updated', job.updatedCount],
    ['admissions.import.unchanged', job.unchangedCount],
    ['admissions.import.invalid', job.invalidCount],
  ];
  if (job.kind !== 'utmeImages') {
    counts.push(['admissions.import.warned', job.warnedCount]);
    counts.push(['admissions.import.accountsIssued', job.accountsIssued]);
    counts.push(['admissions.import.accountsPending', job.accountsPending]);
  }
  return (
    <Card variant="outlined" aria-live="polite">
      <CardHeader
        title={t('admissions.import.jobTitle', { file: job.fileName })}
        action={<StatusChip status={job.status} />}
        slotProps={{ title: { component: 'h2', variant: 'h6', sx: { overflowWrap: 'anywhere' } } }}
      />
      <CardContent>
        <Typography variant="body2" id={`job-${job.id}-progress`} sx={{ mb: 0.5 }}>
          {t('admissions.import.progress', { processed: job.processedRows, total: job.totalRows, percent })}
        </Typography>
        <LinearProgress
          variant={job.status === 'queued' ? 'indeterminate' : 'determinate'}
          value={percent}
          aria-labelledby={`job-${job.id}-progress`}
        />
        <Stack direction="row" spacing={1} sx={{ mt: 2, flexWrap: 'wrap' }} useFlexGap>
          {counts.map(([label, value]) => (
            <Chip key={label} variant="outlined" label={`${t(label)}: ${value}`} />
          ))}
        </Stack>
        {job.status === 'issuing' && (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
            {t('admissions.import.issuing')}
          </Typography>
        )}
        {job.message && (
          <Alert severity={job.status === 'failed' ? 'error' : 'info'} sx={{ mt: 2 }}>
            {job.message}
          </Alert>
        )}
        {job.errors.length > 0 && (
          <Box sx={{ mt: 2 }}>
            <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 600 }}>
              {t('admissions.import.problems', { count: job.invalidCount || job.errors.length })}
            </Typography>
            <List dense sx={{ maxHeight: 320, overflowY: 'auto', bgcolor: 'action.hover', borderRadius: 1 }}>
              {job.errors.map((problem, index) => (
                <ListItem key={index} sx={{ overflowWrap: 'anywhere' }}>
                  {problem}
                </ListItem>
              ))}
            </List>
            {job.invalidCount > job.errors.length && (
              <Typography variant="caption" color="text.secondary">
                {t('admissions.import.moreProblems', { shown: job.errors.length, count: job.invalidCount })}
              </Typography>
            )}
          </Box>
        )}
        {job.warnings.length > 0 && (
          <Box sx={{ mt: 2 }}>
            <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 600 }}>
              {t('admissions.import.warnings', { count: job.warnedCount || job.warnings.length })}
            </Typography>
            <List dense sx={{ maxHeight: 320, overflowY: 'auto', bgcolor: 'action.hover', borderRadius: 1 }}>
              {job.warnings.map((warning, index) => (
                <ListItem key={index} sx={{ overflowWrap: 'anywhere' }}>
                  {warning}
                </ListItem>
              ))}
            </List>
            {job.warnings.length >= MAX_NOTES_KEPT && (
              <Typography variant="caption" color="text.secondary">
                {t('admissions.import.moreWarnings', { shown: job.warnings.length })}
              </Typography>
            )}
          </Box>
        )}
        {finished && job.status === 'done' && job.errors.length === 0 && (
          <Alert severity="success" sx={{ mt: 2 }}>
            {t('admissions.import.finished')}
          </Alert>
        )}
      </CardContent>
    </Card>
  );
}
