import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { ASSIGNMENTS_API as API, type SubmissionView } from '@portal/contracts';
import { useState } from 'react';
import { serverMessage } from '../../../components/crud/errors';
import { useT } from '../../../i18n/useT';
import { notify } from '../../../lib/notify';
import { useWhen } from '../../../lib/useWhen';
import { download, useAssignmentDetail, useGrade, useReturn } from '../api';
import { AssignmentsError } from './AssignmentsError';

/** An assignment's submissions: download them all as a zip, grade each with a comment, return the graded. */
export function SubmissionsPanel({ id }: { id: number }) {
  const t = useT();
  const detail = useAssignmentDetail(id);
  const giveBack = useReturn();
  const failed = (error: unknown) => notify.error(serverMessage(error) || t('error.generic'));
  if (detail.isLoading) return <LinearProgress aria-label={t('assignments.loading')} />;
  if (detail.isError || !detail.data) return <AssignmentsError error={detail.error} />;
  const a = detail.data;
  const waiting = a.Submissions.filter((s) => s.Score !== null && s.ReturnedAt === null).length;
  return (
    <Stack spacing={2}>
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
        <Button
          size="small"
          variant="outlined"
          disabled={a.Submissions.length === 0}
          onClick={() =>
            void download(API.zip(a.Id), `${a.Code} ${a.Title} submissions.zip`, 'admin').catch(failed)
          }
        >
          {t('assignments.staff.downloadAll')}
        </Button>
        <Button
          size="small"
          variant="contained"
          disabled={waiting === 0 || giveBack.isPending}
          onClick={() =>
            giveBack.mutate(a.Id, {
              onSuccess: (answer) => notify.success(answer.Message),
              onError: failed,
            })
          }
        >
          {t('assignments.staff.returnGraded', { n: waiting })}
        </Button>
      </Stack>
      {a.Submissions.length === 0 && <Alert severity="info">{t('assignments.staff.noSubmissions')}</Alert>}
      {a.Submissions.map((s) => (
        <SubmissionRow key={s.Id} submission={s} max={a.MaxScore} />
      ))}
    </Stack>
  );
}

function SubmissionRow({ submission: s, max }: { submission: SubmissionView; max: number }) {
  const t = useT();
  const when = useWhen();
  const grade = useGrade();
  const [score, setScore] = useState(s.Score === null ? '' : String(s.Score));
  const [comment, setComment] = useState(s.Comment ?? '');
  const value = Number(score);
  const invalid = score.trim() === '' || !Number.isFinite(value) || value < 0 || value > max;
  return (
    <Box>
      <Divider sx={{ mb: 1 }} />
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
        <Typography variant="subtitle2">
          {s.MatricNo} · {s.Name}
        </Typography>
        {s.Late && (
          <Chip size="small" color="warning" label={t('assignments.staff.late', { penalty: s.Penalty })} />
        )}
        {s.ReturnedAt && <Chip size="small" color="success" label={t('assignments.staff.returned')} />}
      </Stack>
      <Typography variant="body2" color="text.secondary">
        {t('assignments.staff.submittedAt', { at: when(s.SubmittedAt) })}
      </Typography>
      {s.Text && (
        <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', my: 1 }}>
          {s.Text}
        </Typography>
      )}
      {s.FileName && (
        <Button
          size="small"
          onClick={() =>
            void download(API.submissionFile(s.Id), s.FileName!, 'admin').catch((error: unknown) =>
              notify.error(serverMessage(error) || t('error.generic')),
            )
          }
        >
          {s.FileName}
        </Button>
      )}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ mt: 1 }}>
        <TextField
          size="small"
          label={t('assignments.staff.score', { max })}
          value={score}
          onChange={(e) => setScore(e.target.value)}
          error={score.trim() !== '' && invalid}
          slotProps={{ htmlInput: { inputMode: 'decimal' } }}
          sx={{ width: { sm: 140 } }}
        />
        <TextField
          size="small"
          label={t('assignments.staff.comment')}
          value={comment}
          onChange={(e) => setComment(e.target.value)}
          sx={{ flex: 1 }}
        />
        <Button
          variant="outlined"
          disabled={invalid || grade.isPending}
          onClick={() =>
            grade.mutate(
              { id: s.Id, input: { Score: value, Comment: comment } },
              {
                onSuccess: (answer) => notify.success(answer.Message ?? ''),
                onError: (error) => notify.error(serverMessage(error) || t('error.generic')),
              },
            )
          }
        >
          {t('assignments.staff.saveGrade')}
        </Button>
      </Stack>
    </Box>
  );
}
