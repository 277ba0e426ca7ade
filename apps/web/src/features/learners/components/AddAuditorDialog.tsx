import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { AUDIT_REASON_MAX } from '@portal/contracts';
import { useId, useState, type FormEvent } from 'react';
import { CancelAndConfirm } from '../../../components/crud/CancelAndConfirm';
import { serverMessage } from '../../../components/crud/errors';
import { useT } from '../../../i18n/useT';
import { notify } from '../../../lib/notify';
import { useAddAuditor } from '../api';

/**
 * 'Add an auditor': a student enrolled by hand in the offering (where the school allows auditing),
 * by matric number, with the reason. The server refuses an unknown student, one registered for the
 * course, one already auditing it, and says why; the dialog stays open with the answer.
 */
export function AddAuditorDialog({
  courseId,
  sessionId,
  code,
  onClose,
}: {
  courseId: number;
  sessionId: number;
  code: string;
  onClose: () => void;
}) {
  const t = useT();
  const id = useId();
  const fullScreen = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const add = useAddAuditor();
  const [matricNo, setMatricNo] = useState('');
  const [reason, setReason] = useState('');
  const ready = matricNo.trim().length >= 3 && reason.trim().length >= 3;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!ready || add.isPending) return;
    add.mutate(
      { CourseId: courseId, SessionId: sessionId, MatricNo: matricNo.trim(), Reason: reason.trim() },
      {
        onSuccess: (answer) => {
          notify.success(answer.Message);
          onClose();
        },
        onError: (error) => notify.error(serverMessage(error) || t('error.generic')),
      },
    );
  };
  return (
    <Dialog
      open
      onClose={add.isPending ? undefined : onClose}
      fullScreen={fullScreen}
      fullWidth
      maxWidth="sm"
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-text`}
    >
      <form onSubmit={submit} noValidate>
        <DialogTitle id={`${id}-title`}>{t('learners.addAuditorTitle', { code })}</DialogTitle>
        <DialogContent>
          <DialogContentText id={`${id}-text`} sx={{ mb: 2 }}>
            {t('learners.addAuditorIntro')}
          </DialogContentText>
          <Stack spacing={2}>
            <TextField
              autoFocus
              required
              size="small"
              label={t('learners.matricNo')}
              value={matricNo}
              onChange={(event) => setMatricNo(event.target.value)}
              slotProps={{ htmlInput: { maxLength: 40, autoComplete: 'off' } }}
            />
            <TextField
              required
              size="small"
              multiline
              minRows={2}
              label={t('learners.reason')}
              value={reason}
              onChange={(event) => setReason(event.target.value)}
              helperText={t('learners.reasonHelp', { count: reason.trim().length, max: AUDIT_REASON_MAX })}
              slotProps={{ htmlInput: { maxLength: AUDIT_REASON_MAX } }}
            />
          </Stack>
        </DialogContent>
        <DialogActions>
          <CancelAndConfirm
            pending={add.isPending}
            onCancel={onClose}
            label={t('learners.addAuditor')}
            disabled={!ready}
          />
        </DialogActions>
      </form>
    </Dialog>
  );
}
