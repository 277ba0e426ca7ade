import FileDownload from '@mui/icons-material/FileDownload';
import FileUpload from '@mui/icons-material/FileUpload';
import UploadFile from '@mui/icons-material/UploadFile';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import type { ImportSummary } from '@portal/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useT } from '../../i18n/useT';
import { apiBlob, type QueryValue } from '../../lib/api';
import { saveFile } from '../../lib/download';
import { notify } from '../../lib/notify';
import { resourceKey } from './api';
import { serverMessage } from './errors';
import { uploadForm } from './upload';
import { megabytes, UploadProgress } from './UploadProgress';

/** CSV and XLSX files of a resource: export of what the list shows, import with progress and a report by row. */

const IMPORT_MAX_BYTES = 10 * 1024 * 1024;

export function FileMenu({
  path,
  query,
  title,
  onImport,
}: {
  path: string;
  query: Record<string, QueryValue>;
  title: string;
  onImport: () => void;
}) {
  const t = useT();
  const { page: _page, pageSize: _size, sort: _sort, order: _order, ...filters } = query;
  return (
    <>
      <Button variant="outlined" startIcon={<FileUpload />} onClick={onImport}>
        {t('crud.import')}
      </Button>
      <ExportButtons path={`${path}/export`} query={filters} fileName={title} />
    </>
  );
}

/** CSV and XLSX downloads of a list's export endpoint, with the list's filters (`format` added). */
export function ExportButtons({
  path,
  query,
  fileName,
  disabled = false,
}: {
  path: string;
  query: Record<string, QueryValue>;
  /** Without the extension. */
  fileName: string;
  disabled?: boolean;
}) {
  const t = useT();
  const [busy, setBusy] = useState<'csv' | 'xlsx' | null>(null);
  const download = async (format: 'csv' | 'xlsx') => {
    setBusy(format);
    try {
      saveFile(await apiBlob(path, { query: { ...query, format } }), `${fileName}.${format}`);
    } catch (error) {
      notify.error(serverMessage(error) || t('error.download'));
    } finally {
      setBusy(null);
    }
  };
  return (
    <>
      {(['csv', 'xlsx'] as const).map((format) => (
        <Button
          key={format}
          variant="outlined"
          startIcon={<FileDownload />}
          disabled={disabled || busy !== null}
          onClick={() => void download(format)}
        >
          {t(format === 'csv' ? 'crud.exportCsv' : 'crud.exportXlsx')}
        </Button>
      ))}
    </>
  );
}

/** Choose a file, watch it upload, read what the server did with each row. */
export function ImportPanel({
  path,
  columns,
  keyColumns,
  onDone,
}: {
  path: string;
  columns: readonly string[];
  keyColumns: readonly string[];
  onDone?: () => void;
}) {
  const t = useT();
  const id = useId();
  const client = useQueryClient();
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [summary, setSummary] = useState<ImportSummary | null>(null);

  const start = async () => {
    if (!file) return setFileError(t('crud.fileRequired'));
    if (file.size > IMPORT_MAX_BYTES)
      return setFileError(t('crud.fileTooLarge', { max: megabytes(IMPORT_MAX_BYTES) }));
    const form = new FormData();
    form.append('file', file);
    setSummary(null);
    setProgress(0);
    try {
      const answer = await uploadForm<{ Message: string; Data: ImportSummary }>(`${path}/import`, form, {
        onProgress: setProgress,
      });
      setSummary(answer.Data);
      notify.success(answer.Message);
      await client.invalidateQueries({ queryKey: resourceKey(path) });
      onDone?.();
    } catch (error) {
      notify.error(serverMessage(error) || t('error.generic'));
    } finally {
      setProgress(null);
    }
  };

  return (
    <Stack spacing={1.5}>
      <Typography variant="body2" id={`${id}-hint`}>
        {t('crud.importHint', { columns: columns.join(', '), key: keyColumns.join(' + ') })}
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' } }}>
        <Button component="label" variant="outlined" startIcon={<UploadFile />} disabled={progress !== null}>
          {t('crud.chooseFile')}
          <input
            type="file"
            hidden
            accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
            aria-describedby={`${id}-hint`}
            onChange={(event) => {
              setFile(event.target.files?.[0] ?? null);
              setFileError(null);
              setSummary(null);
            }}
          />
        </Button>
        <Typography variant="body2" sx={{ overflowWrap: 'anywhere', flex: 1 }}>
          {file ? file.name : t('crud.noFile')}
        </Typography>
        <Button variant="contained" onClick={() => void start()} disabled={progress !== null}>
          {t('crud.import')}
        </Button>
      </Stack>
      {fileError && <Alert severity="error">{fileError}</Alert>}
      {progress !== null &&
        (progress < 1 ? (
          <UploadProgress fraction={progress} />
        ) : (
          <Stack spacing={0.5}>
            <Typography variant="body2">{t('crud.importing')}</Typography>
            <LinearProgress aria-label={t('crud.importing')} />
          </Stack>
        ))}
      {summary && (
        <Alert severity={summary.invalid ? 'warning' : 'success'} role="status">
          {t('crud.importDone', {
            created: summary.created,
            updated: summary.updated,
            unchanged: summary.unchanged,
            invalid: summary.invalid,
          })}
        </Alert>
      )}
      {summary && summary.errors.length > 0 && (
        <>
          <Typography variant="subtitle2">{t('crud.importProblems')}</Typography>
          <List dense sx={{ maxHeight: 240, overflow: 'auto', bgcolor: 'action.hover', borderRadius: 1 }}>
            {summary.errors.map((problem) => (
              <ListItem key={problem} sx={{ overflowWrap: 'anywhere' }}>
                {problem}
              </ListItem>
            ))}
          </List>
        </>
      )}
    </Stack>
  );
}

export function ImportDialog({
  path,
  noun,
  columns,
  keyColumns,
  onClose,
}: {
  path: string;
  /** What a row is ('course'): the title names the records imported. */
  noun: string;
  columns: readonly string[];
  keyColumns: readonly string[];
  onClose: () => void;
}) {
  const t = useT();
  const id = useId();
  const fullScreen = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'), { noSsr: true });
  return (
    <Dialog
      open
      onClose={onClose}
      fullScreen={fullScreen}
      fullWidth
      maxWidth="sm"
      aria-labelledby={`${id}-title`}
    >
      <DialogTitle id={`${id}-title`}>{t('crud.importTitle', { noun })}</DialogTitle>
      <DialogContent dividers>
        <ImportPanel path={path} columns={columns} keyColumns={keyColumns} />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('crud.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
