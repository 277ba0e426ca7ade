import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import type { AssignmentInput, LatePolicy, StaffAssignment } from '@portal/contracts';
import { useState } from 'react';
import { serverMessage } from '../../../components/crud/errors';
import { useT } from '../../../i18n/useT';
import { ApiError } from '../../../lib/api';
import { notify } from '../../../lib/notify';
import { fromLagosInput, toLagosInput, useSaveAssignment, useScoreItems } from '../api';

const inAWeek = () => new Date(Date.now() + 7 * 86_400_000).toISOString();

/** Sets or changes an assignment: title, instructions, times (Lagos), late policy, maximum score, score item. */
export function AssignmentDialog({
  courseId,
  sessionId,
  assignment,
  onClose,
}: {
  courseId: number;
  sessionId: number;
  assignment: StaffAssignment | null;
  onClose: () => void;
}) {
  const t = useT();
  const items = useScoreItems();
  const save = useSaveAssignment(courseId, sessionId);
  const [title, setTitle] = useState(assignment?.Title ?? '');
  const [instructions, setInstructions] = useState(assignment?.Instructions ?? '');
  const [opensAt, setOpensAt] = useState(toLagosInput(assignment?.OpensAt ?? new Date().toISOString()));
  const [dueAt, setDueAt] = useState(toLagosInput(assignment?.DueAt ?? inAWeek()));
  const [policy, setPolicy] = useState<LatePolicy>(assignment?.LatePolicy ?? 'refuse');
  const [lateUntil, setLateUntil] = useState(toLagosInput(assignment?.LateUntil ?? null));
  const [penalty, setPenalty] = useState(String(assignment?.LatePenalty ?? 10));
  const [maxScore, setMaxScore] = useState(String(assignment?.MaxScore ?? 10));
  const [scoreItem, setScoreItem] = useState(assignment?.ScoreItemId ? String(assignment.ScoreItemId) : '');
  const [problems, setProblems] = useState<Record<string, string>>({});

  const onSave = () => {
    const input: AssignmentInput = {
      Title: title,
      Instructions: instructions,
      OpensAt: fromLagosInput(opensAt),
      DueAt: fromLagosInput(dueAt),
      LatePolicy: policy,
      LateUntil: policy === 'accept' && lateUntil ? fromLagosInput(lateUntil) : null,
      LatePenalty: policy === 'accept' ? Number(penalty) : null,
      MaxScore: Number(maxScore),
      ScoreItemId: scoreItem ? Number(scoreItem) : null,
    };
    save.mutate(
      { id: assignment?.Id ?? null, input },
      {
        onSuccess: (answer) => {
          notify.success(answer.Message ?? t('assignments.staff.saved'));
          onClose();
        },
        onError: (error) => {
          const errors = error instanceof ApiError ? error.errors : [];
          setProblems(Object.fromEntries(errors.map((e) => [e.path.replace(/^body\.?/, ''), e.message])));
          notify.error(serverMessage(error) || t('error.generic'));
        },
      },
    );
  };
  const field = (name: string) => ({ error: !!problems[name], helperText: problems[name] });

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="assignment-dialog-title">
      <DialogTitle id="assignment-dialog-title">
        {assignment ? t('assignments.staff.edit') : t('assignments.staff.new')}
      </DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <TextField
            label={t('assignments.staff.title')}
            value={title}
            onChange={(e) => setTitle(e.target.value)}
            required
            {...field('Title')}
          />
          <TextField
            label={t('assignments.staff.instructions')}
            value={instructions}
            onChange={(e) => setInstructions(e.target.value)}
            multiline
            minRows={3}
          />
          <TextField
            label={t('assignments.staff.opensAt')}
            type="datetime-local"
            value={opensAt}
            onChange={(e) => setOpensAt(e.target.value)}
            slotProps={{ inputLabel: { shrink: true } }}
            {...field('OpensAt')}
          />
          <TextField
            label={t('assignments.staff.dueAt')}
            type="datetime-local"
            value={dueAt}
            onChange={(e) => setDueAt(e.target.value)}
            slotProps={{ inputLabel: { shrink: true } }}
            {...field('DueAt')}
          />
          <TextField
            select
            label={t('assignments.staff.latePolicy')}
            value={policy}
            onChange={(e) => setPolicy(e.target.value as LatePolicy)}
          >
            <MenuItem value="refuse">{t('assignments.staff.policy.refuse')}</MenuItem>
            <MenuItem value="accept">{t('assignments.staff.policy.accept')}</MenuItem>
          </TextField>
          {policy === 'accept' && (
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              <TextField
                label={t('assignments.staff.lateUntil')}
                type="datetime-local"
                value={lateUntil}
                onChange={(e) => setLateUntil(e.target.value)}
                slotProps={{ inputLabel: { shrink: true } }}
                sx={{ flex: 2 }}
                {...field('LateUntil')}
              />
              <TextField
                label={t('assignments.staff.penalty')}
                type="number"
                value={penalty}
                onChange={(e) => setPenalty(e.target.value)}
                slotProps={{ htmlInput: { min: 0, max: 100 } }}
                sx={{ flex: 1 }}
                {...field('LatePenalty')}
              />
            </Stack>
          )}
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <TextField
              label={t('assignments.staff.maxScore')}
              type="number"
              value={maxScore}
              onChange={(e) => setMaxScore(e.target.value)}
              slotProps={{ htmlInput: { min: 1, max: 1000 } }}
              sx={{ flex: 1 }}
              {...field('MaxScore')}
            />
            <TextField
              select
              label={t('assignments.staff.scoreItem')}
              value={scoreItem}
              onChange={(e) => setScoreItem(e.target.value)}
              sx={{ flex: 1 }}
            >
              <MenuItem value="">{t('assignments.staff.noScoreItem')}</MenuItem>
              {(items.data ?? []).map((i) => (
                <MenuItem key={i.Id} value={String(i.Id)}>
                  {i.Name} ({i.Max})
                </MenuItem>
              ))}
            </TextField>
          </Stack>
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('assignments.staff.cancel')}</Button>
        <Button variant="contained" onClick={onSave} disabled={save.isPending || !title.trim()}>
          {t('assignments.staff.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
