import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useId, type ReactNode } from 'react';
import { useT } from '../../i18n/useT';
import { notify } from '../../lib/notify';
import { CancelAndConfirm } from './CancelAndConfirm';
import { serverMessage } from './errors';

export interface ConfirmDialogProps {
  open: boolean;
  title: string;
  message: ReactNode;
  confirmLabel: string;
  onConfirm: () => void;
  onClose: () => void;
  pending?: boolean;
  /** Disables the confirm button (e.g. a reason still missing). */
  confirmDisabled?: boolean;
  /** Red confirm button for destructive actions. */
  danger?: boolean;
  /** Extra content under the message (e.g. a reason field). */
  children?: ReactNode;
}

/** 'Are you sure…?': every destructive or bulk action asks first. */
export function ConfirmDialog({
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

/** A delete mutation, as `DeleteDialog` runs it. */
export interface DeleteMutation<Id> {
  mutate: (
    id: Id,
    callbacks: { onSuccess: (answer: { Message: string }) => void; onError: (error: unknown) => void },
  ) => void;
  isPending: boolean;
}

/**
 * 'Delete <name>?' for the item chosen (none: closed); on confirmation deletes it, then says the
 * server's message and closes, or says why it failed and stays open.
 */
export function DeleteDialog<Item, Id>({
  item,
  title,
  nameOf,
  idOf,
  remove,
  onClose,
}: {
  item: Item | null;
  title: string;
  nameOf: (item: Item) => string;
  idOf: (item: Item) => Id;
  remove: DeleteMutation<Id>;
  onClose: () => void;
}) {
  const t = useT();
  return (
    <ConfirmDialog
      open={item !== null}
      title={title}
      message={t('crud.deleteConfirm', { name: item ? nameOf(item) : '' })}
      confirmLabel={t('crud.delete')}
      danger
      pending={remove.isPending}
      onClose={onClose}
      onConfirm={() =>
        item &&
        remove.mutate(idOf(item), {
          onSuccess: (answer) => {
            notify.success(answer.Message);
            onClose();
          },
          onError: (error) => notify.error(serverMessage(error) || t('error.generic')),
        })
      }
    />
  );
}
