import Alert from '@mui/material/Alert';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import type { LiveClass, LiveClassInput } from '@portal/contracts';
import { useId, useState, type FormEvent } from 'react';
import { CancelAndConfirm } from '../../../components/crud/CancelAndConfirm';
import { serverMessage } from '../../../components/crud/errors';
import { useT } from '../../../i18n/useT';
import { isoToLagosInput, lagosInputToIso } from '../api';

/** Schedule a class (with weekly repeats) or change one: title, start in Lagos time, duration, recording. */
export function ScheduleDialog({
  open,
  editing,
  maxMinutes,
  onClose,
  onSubmit,
}: {
  open: boolean;
  editing: LiveClass | null;
  maxMinutes: number;
  onClose: () => void;
  onSubmit: (input: LiveClassInput) => Promise<unknown>;
}) {
  const t = useT();
  const id = useId();
  const [title, setTitle] = useState(editing?.Title ?? '');
  const [start, setStart] = useState(editing ? isoToLagosInput(editing.StartsAt) : '');
  const [duration, setDuration] = useState(String(editing?.DurationMinutes ?? 60));
  const [record, setRecord] = useState(editing?.Record ?? true);
  const [repeat, setRepeat] = useState('1');
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setPending(true);
    setError(null);
    onSubmit({
      Title: title,
      StartsAt: start ? lagosInputToIso(start) : '',
      DurationMinutes: Number(duration),
      Record: record,
      RepeatWeeks: Number(repeat) || 1,
    })
      .then(onClose)
      .catch((e: unknown) => setError(serverMessage(e) || t('liveclasses.error')))
      .finally(() => setPending(false));
  };

  return (
    <Dialog
      open={open}
      onClose={pending ? undefined : onClose}
      fullWidth
      maxWidth="sm"
      aria-labelledby={`${id}-t`}
    >
      <form onSubmit={submit} noValidate>
        <DialogTitle id={`${id}-t`}>
          {editing ? t('liveclasses.editTitle') : t('liveclasses.schedule')}
        </DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {error && <Alert severity="error">{error}</Alert>}
            <TextField
              label={t('liveclasses.field.title')}
              value={title}
              onChange={(e) => setTitle(e.target.value)}
              required
            />
            <TextField
              label={t('liveclasses.field.start')}
              type="datetime-local"
              value={start}
              onChange={(e) => setStart(e.target.value)}
              required
              slotProps={{ inputLabel: { shrink: true } }}
            />
            <TextField
              label={t('liveclasses.field.duration')}
              type="number"
              value={duration}
              onChange={(e) => setDuration(e.target.value)}
              helperText={t('liveclasses.field.durationHelp', { max: maxMinutes })}
              slotProps={{ htmlInput: { min: 15, max: maxMinutes, step: 5 } }}
            />
            {!editing && (
              <TextField
                label={t('liveclasses.field.repeat')}
                type="number"
                value={repeat}
                onChange={(e) => setRepeat(e.target.value)}
                slotProps={{ htmlInput: { min: 1, max: 16 } }}
              />
            )}
            <FormControlLabel
              control={<Checkbox checked={record} onChange={(e) => setRecord(e.target.checked)} />}
              label={t('liveclasses.field.record')}
            />
          </Stack>
        </DialogContent>
        <DialogActions>
          <CancelAndConfirm pending={pending} onCancel={onClose} />
        </DialogActions>
      </form>
    </Dialog>
  );
}
