import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { useId, useState, type FormEvent } from 'react';
import { serverMessage } from '../../../components/crud/errors';
import { TextInput } from '../../../components/form/TextInput';
import type { ResultCourse } from '../../../components/SemesterResults';
import { useT } from '../../../i18n/useT';
import { notify } from '../../../lib/notify';
import { useRaiseQuery } from '../api/student-results';

/** The contract's limits on a query's reason (raiseQueryInput). */
const REASON_MIN = 10;
const REASON_MAX = 1000;

/** A query on one course's result: the reason, checked as the server checks it. */
export default function QueryDialog({ course, onClose }: { course: ResultCourse; onClose: () => void }) {
  const t = useT();
  const raise = useRaiseQuery();
  const titleId = useId();
  const [reason, setReason] = useState('');
  const [error, setError] = useState('');

  const check = (value: string) => {
    const length = value.trim().length;
    if (length < REASON_MIN) return t('student.results.reasonShort');
    if (length > REASON_MAX) return t('student.results.reasonLong', { max: REASON_MAX });
    return '';
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problem = check(reason);
    setError(problem);
    if (problem) return;
    raise.mutate(
      { ResultId: course.ResultId, Reason: reason.trim() },
      {
        onSuccess: (answer) => {
          notify.success(answer.Message ?? t('student.results.queried'));
          onClose();
        },
        onError: (failure) => notify.error(serverMessage(failure) || t('error.generic')),
      },
    );
  };

  return (
    <Dialog
      open
      onClose={raise.isPending ? undefined : onClose}
      fullWidth
      maxWidth="sm"
      aria-labelledby={titleId}
    >
      <Box component="form" noValidate onSubmit={submit}>
        <DialogTitle id={titleId}>{t('student.results.queryTitle', { code: course.Code })}</DialogTitle>
        <DialogContent>
          <Typography sx={{ overflowWrap: 'anywhere' }}>
            {t('student.results.queryIntro', {
              title: course.Title,
              score: course.Score,
              grade: course.Grade,
            })}
          </Typography>
          <TextInput
            id="result-query-reason"
            label={t('student.results.reason')}
            value={reason}
            onChange={(e) => {
              setReason(e.target.value);
              if (error) setError(check(e.target.value));
            }}
            required
            multiline
            minRows={3}
            autoFocus
            error={!!error}
            helperText={error || t('student.results.reasonHint')}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={raise.isPending}>
            {t('student.results.cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={raise.isPending}>
            {raise.isPending ? t('student.results.sending') : t('student.results.send')}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
