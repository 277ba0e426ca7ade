import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useId } from 'react';
import { CancelAndConfirm } from './CancelAndConfirm';
import type { ConfirmDialogProps } from './ConfirmDialog';

/** The confirmation dialog that `ConfirmDialog` downloads when it first opens. */
export default function ConfirmDialogView({
  open,
  title,
  message,
  confirmLabel,
  onConfirm,
  onClose,
  pending = false,
  confirmDisabled = false,
  danger = false,
  children,
}: ConfirmDialogProps) {
  const id = useId();
  return (
    <Dialog
      open={open}
      onClose={pending ? undefined : onClose}
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-text`}
      fullWidth
      maxWidth="xs"
    >
      <DialogTitle id={`${id}-title`}>{title}</DialogTitle>
      <DialogContent>
        <DialogContentText id={`${id}-text`} component="div">
          {message}
        </DialogContentText>
        {children}
      </DialogContent>
      <DialogActions>
        <CancelAndConfirm
          pending={pending}
          onCancel={onClose}
          onConfirm={onConfirm}
          label={confirmLabel}
          danger={danger}
          disabled={confirmDisabled}
        />
      </DialogActions>
    </Dialog>
  );
}
