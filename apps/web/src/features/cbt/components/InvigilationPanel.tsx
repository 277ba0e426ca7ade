import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { CandidateView, ExamView } from '@portal/contracts';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/crud/ConfirmDialog';
import { serverMessage } from '../../../components/crud/errors';
import { SimpleTable } from '../../../components/SimpleTable';
import { useT } from '../../../i18n/useT';
import { notify } from '../../../lib/notify';
import { useWhen } from '../../../lib/useWhen';
import { useCandidates, useEndAttempt, useExtend, useRestartAttempt } from '../api';
import { formatTimeLeft } from '../sitting/serverClock';
import { CbtError } from './CbtError';

type Action =
  | { kind: 'extend'; candidate: CandidateView | null }
  | { kind: 'end'; candidate: CandidateView }
  | { kind: 'restart'; candidate: CandidateView };

/** The live view of an exam (per hall): who has not started, who is sitting (and how far), who has submitted. */
export function InvigilationPanel({ exam }: { exam: ExamView }) {
  const t = useT();
  const when = useWhen();
  const [hall, setHall] = useState<number | null>(null);
  const candidates = useCandidates(exam.Id, hall);
  const [action, setAction] = useState<Action | null>(null);
  const data = candidates.data;
  const serverNow = data ? Date.parse(data.ServerNow) : 0;

  const stateOf = (c: CandidateView) =>
    c.State === 'inProgress' && c.Offline ? (
      <Chip size="small" color="warning" label={t('cbt.invigilate.offline')} />
    ) : (
      <Chip
        size="small"
        color={c.State === 'submitted' ? 'success' : c.State === 'inProgress' ? 'info' : 'default'}
        label={t(`cbt.invigilate.state.${c.State}`)}
      />
    );

  return (
    <Stack spacing={2} component="section" aria-label={t('cbt.invigilate.title', { title: exam.Title })}>
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
        {exam.Halls.length > 0 && (
          <TextField
            select
            size="small"
            label={t('cbt.invigilate.hall')}
            value={hall ?? ''}
            onChange={(e) => setHall(e.target.value === '' ? null : Number(e.target.value))}
            sx={{ minWidth: 180 }}
          >
            <MenuItem value="">{t('cbt.invigilate.allHalls')}</MenuItem>
            {exam.Halls.map((h, i) => (
              <MenuItem key={h.Name} value={i}>
                {h.Name}
              </MenuItem>
            ))}
          </TextField>
        )}
        <Button
          variant="outlined"
          size="small"
          onClick={() => setAction({ kind: 'extend', candidate: null })}
        >
          {t('cbt.invigilate.extendAll')}
        </Button>
        <Typography variant="caption" color="text.secondary">
          {t('cbt.invigilate.refresh')}
        </Typography>
      </Stack>
      {candidates.isLoading && <LinearProgress aria-label={t('cbt.loading')} />}
      {candidates.isError && <CbtError error={candidates.error} />}
      {data && (
        <SimpleTable
          label={t('cbt.invigilate.candidates')}
          rows={data.Candidates}
          rowKey={(c) => c.StudentId}
          columns={[
            {
              header: t('cbt.invigilate.candidate'),
              cell: (c) => `${c.MatricNo} · ${c.Name}`,
              priority: 0,
            },
            { header: t('cbt.invigilate.stateHeader'), cell: stateOf, priority: 1 },
            {
              header: t('cbt.invigilate.answered'),
              cell: (c) => `${c.Answered}/${c.Questions}`,
              numeric: true,
              priority: 2,
            },
            {
              header: t('cbt.invigilate.timeLeft'),
              cell: (c) =>
                c.State === 'inProgress' && c.EndsAt
                  ? formatTimeLeft(Date.parse(c.EndsAt) - serverNow)
                  : c.State === 'submitted' && c.Percent !== null
                    ? `${c.Percent}%`
                    : '—',
              priority: 2,
            },
            { header: t('cbt.invigilate.lastSeen'), cell: (c) => when(c.LastSeenAt), priority: 4 },
            {
              header: t('cbt.invigilate.machines'),
              cell: (c) => c.MachineChanges,
              numeric: true,
              priority: 5,
            },
            { header: t('cbt.invigilate.extra'), cell: (c) => c.ExtraMinutes, numeric: true, priority: 5 },
            {
              header: t('cbt.staff.actions'),
              controls: true,
              priority: 1,
              cell: (c) =>
                c.AttemptId === null ? null : (
                  <Stack direction="row" spacing={0.5} useFlexGap sx={{ flexWrap: 'wrap' }}>
                    {c.State === 'inProgress' && (
                      <>
                        <Button
                          size="small"
                          onClick={() => setAction({ kind: 'extend', candidate: c })}
                          aria-label={t('cbt.invigilate.extendOne', { name: c.MatricNo })}
                        >
                          {t('cbt.invigilate.extend')}
                        </Button>
                        <Button
                          size="small"
                          color="error"
                          onClick={() => setAction({ kind: 'end', candidate: c })}
                          aria-label={t('cbt.invigilate.endOne', { name: c.MatricNo })}
                        >
                          {t('cbt.invigilate.end')}
                        </Button>
                      </>
                    )}
                    <Button
                      size="small"
                      onClick={() => setAction({ kind: 'restart', candidate: c })}
                      aria-label={t('cbt.invigilate.restartOne', { name: c.MatricNo })}
                    >
                      {t('cbt.invigilate.restart')}
                    </Button>
                  </Stack>
                ),
            },
          ]}
        />
      )}
      {action && <ActionDialog examId={exam.Id} action={action} onClose={() => setAction(null)} />}
    </Stack>
  );
}

/** Extend (one or all), end or allow a restart: each asks first, with the reason (audited). */
function ActionDialog({ examId, action, onClose }: { examId: number; action: Action; onClose: () => void }) {
  const t = useT();
  const extend = useExtend(examId);
  const end = useEndAttempt();
  const restart = useRestartAttempt();
  const [minutes, setMinutes] = useState('10');
  const [reason, setReason] = useState('');
  const who = action.candidate ? `${action.candidate.MatricNo} · ${action.candidate.Name}` : '';
  const callbacks = {
    onSuccess: (answer: { Message: string }) => {
      notify.success(answer.Message);
      onClose();
    },
    onError: (error: unknown) => notify.error(serverMessage(error) || t('error.generic')),
  };
  const attemptId = action.candidate?.AttemptId ?? null;
  const run = () => {
    if (action.kind === 'extend')
      extend.mutate({ AttemptId: attemptId, Minutes: Number(minutes), Reason: reason }, callbacks);
    else if (attemptId !== null && action.kind === 'end') end.mutate({ attemptId, reason }, callbacks);
    else if (attemptId !== null) restart.mutate({ attemptId, reason }, callbacks);
  };
  const text = {
    extend: {
      title: action.candidate ? t('cbt.invigilate.extendTitle') : t('cbt.invigilate.extendAllTitle'),
      message: action.candidate
        ? t('cbt.invigilate.extendMessage', { name: who })
        : t('cbt.invigilate.extendAllMessage'),
      label: t('cbt.invigilate.extend'),
    },
    end: {
      title: t('cbt.invigilate.endTitle'),
      message: t('cbt.invigilate.endMessage', { name: who }),
      label: t('cbt.invigilate.end'),
    },
    restart: {
      title: t('cbt.invigilate.restartTitle'),
      message: t('cbt.invigilate.restartMessage', { name: who }),
      label: t('cbt.invigilate.restart'),
    },
  }[action.kind];
  const minutesValid = /^\d{1,3}$/.test(minutes) && Number(minutes) >= 1;
  return (
    <ConfirmDialog
      open
      title={text.title}
      message={text.message}
      confirmLabel={text.label}
      danger={action.kind !== 'extend'}
      pending={extend.isPending || end.isPending || restart.isPending}
      confirmDisabled={!reason.trim() || (action.kind === 'extend' && !minutesValid)}
      onClose={onClose}
      onConfirm={run}
    >
      <Stack spacing={2} sx={{ mt: 2 }}>
        {action.kind === 'extend' && (
          <TextField
            label={t('cbt.invigilate.minutes')}
            value={minutes}
            onChange={(e) => setMinutes(e.target.value)}
            error={!minutesValid}
            slotProps={{ htmlInput: { inputMode: 'numeric' } }}
          />
        )}
        <TextField
          required
          label={t('cbt.invigilate.reason')}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          multiline
          minRows={2}
        />
      </Stack>
    </ConfirmDialog>
  );
}
