import { lazy, Suspense, useState, type ReactNode } from 'react';
import { useT } from '../../i18n/useT';
import { notify } from '../../lib/notify';
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

/**
 * The dialog itself (MUI's Dialog, with Modal and its focus trap: about 7 KiB over the wire)
 * downloads when a confirmation is first asked for, not with every page that may ask one.
 */
const ConfirmDialogView = lazy(() => import('./ConfirmDialogView'));

/**
 * 'Are you sure…?': every destructive or bulk action asks first. Nothing is drawn (or downloaded)
 * until the dialog first opens; it then stays mounted, so it closes with its transition.
 */
export function ConfirmDialog(props: ConfirmDialogProps) {
  const [wanted, setWanted] = useState(props.open);
  if (props.open && !wanted) setWanted(true);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <ConfirmDialogView {...props} />
    </Suspense>
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
