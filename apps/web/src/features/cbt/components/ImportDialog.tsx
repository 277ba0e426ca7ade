import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { BANK_FORMATS, type BankFormat, type ImportResult, type TopicView } from '@portal/contracts';
import { useId, useRef, useState } from 'react';
import { serverMessage } from '../../../components/crud/errors';
import { SimpleTable } from '../../../components/SimpleTable';
import { useT } from '../../../i18n/useT';
import { notify } from '../../../lib/notify';
import { ImportFailed, useImportBank } from '../api';

const ACCEPT: Record<BankFormat, string> = { aiken: '.txt', gift: '.txt,.gift', xlsx: '.xlsx' };

/** Imports Aiken, GIFT or the spreadsheet template into the bank: all or nothing, problems listed by line. */
export function ImportDialog({
  courseId,
  topics,
  onClose,
}: {
  courseId: number;
  topics: TopicView[];
  onClose: () => void;
}) {
  const t = useT();
  const id = useId();
  const importBank = useImportBank();
  const [format, setFormat] = useState<BankFormat>('aiken');
  const [topicId, setTopicId] = useState<number | ''>(topics[0]?.Id ?? '');
  const [file, setFile] = useState<File | null>(null);
  const [result, setResult] = useState<ImportResult | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const needsTopic = format === 'aiken';

  const run = () => {
    if (!file) return;
    setResult(null);
    setFailure(null);
    importBank.mutate(
      { courseId, format, topicId: topicId === '' ? null : topicId, file },
      {
        onSuccess: (answer) => {
          setResult(answer.Data);
          notify.success(answer.Message ?? t('cbt.import.done', { n: answer.Data.Imported }));
        },
        onError: (error) => {
          setFailure(
            serverMessage(error) || (error instanceof ImportFailed && error.message) || t('error.generic'),
          );
          if (error instanceof ImportFailed && error.result) setResult(error.result);
        },
      },
    );
  };

  return (
    <Dialog
      open
      onClose={importBank.isPending ? undefined : onClose}
      aria-labelledby={`${id}-title`}
      fullWidth
      maxWidth="sm"
    >
      <DialogTitle id={`${id}-title`}>{t('cbt.import.title')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <Typography variant="body2" color="text.secondary">
            {t('cbt.import.intro')}
          </Typography>
          <TextField
            select
            label={t('cbt.import.format')}
            value={format}
            onChange={(event) => setFormat(event.target.value as BankFormat)}
          >
            {BANK_FORMATS.map((f) => (
              <MenuItem key={f} value={f}>
                {t(`cbt.import.format.${f}`)}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            select
            required={needsTopic}
            label={needsTopic ? t('cbt.import.topic') : t('cbt.import.defaultTopic')}
            value={topicId}
            onChange={(event) => setTopicId(event.target.value === '' ? '' : Number(event.target.value))}
          >
            {!needsTopic && <MenuItem value="">{t('cbt.import.topicFromFile')}</MenuItem>}
            {topics.map((topic) => (
              <MenuItem key={topic.Id} value={topic.Id}>
                {topic.Name}
              </MenuItem>
            ))}
          </TextField>
          <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
            <Button variant="outlined" onClick={() => input.current?.click()}>
              {t('cbt.import.choose')}
            </Button>
            <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
              {file ? file.name : t('cbt.import.noFile')}
            </Typography>
            <input
              ref={input}
              type="file"
              hidden
              accept={ACCEPT[format]}
              aria-label={t('cbt.import.choose')}
              onChange={(event) => {
                setFile(event.target.files?.[0] ?? null);
                setResult(null);
                setFailure(null);
                event.target.value = '';
              }}
            />
          </Stack>
          {importBank.isPending && <LinearProgress aria-label={t('cbt.import.running')} />}
          {failure && <Alert severity="error">{failure}</Alert>}
          {result && result.Problems.length === 0 && (
            <Alert severity="success">
              {t('cbt.import.done', { n: result.Imported })}
              {result.TopicsCreated.length > 0 &&
                ` ${t('cbt.import.topicsCreated', { topics: result.TopicsCreated.join(', ') })}`}
            </Alert>
          )}
          {result && result.Problems.length > 0 && (
            <SimpleTable
              label={t('cbt.import.problems')}
              rows={result.Problems}
              rowKey={(p) => `${p.Line}-${p.Message}`}
              columns={[
                { header: t('cbt.import.line'), cell: (p) => p.Line, numeric: true, priority: 0 },
                { header: t('cbt.import.problem'), cell: (p) => p.Message, priority: 0 },
              ]}
            />
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={importBank.isPending}>
          {t('cbt.close')}
        </Button>
        <Button
          variant="contained"
          onClick={run}
          disabled={!file || importBank.isPending || (needsTopic && topicId === '')}
        >
          {t('cbt.import.run')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
