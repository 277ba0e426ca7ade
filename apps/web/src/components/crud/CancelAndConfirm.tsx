import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import { useT } from '../../i18n/useT';

/**
 * Cancel, then the confirming button (Save unless `label` says otherwise): both disabled while the
 * write is pending, the confirming one showing a spinner. Without `onConfirm` it submits its form.
 */
export function CancelAndConfirm({
  pending,
  onCancel,
  onConfirm,
  label,
  danger = false,
  disabled = false,
}: {
  pending: boolean;
  onCancel: () => void;
  onConfirm?: () => void;
  label?: string;
  danger?: boolean;
  disabled?: boolean;
}) {
  const t = useT();
  return (
    <>
      <Button onClick={onCancel} disabled={pending}>
        {t('crud.cancel')}
      </Button>
      <Button
        type={onConfirm ? 'button' : 'submit'}
        variant="contained"
        color={danger ? 'error' : 'primary'}
        // While pending the button keeps its focus (a disabled one drops it to the page, where Escape
        // no longer reaches the dialog) and ignores presses instead.
        onClick={(event) => {
          if (pending) event.preventDefault();
          else onConfirm?.();
        }}
        disabled={disabled}
        aria-disabled={pending || disabled}
        aria-busy={pending}
      >
        {pending ? (
          <CircularProgress size={20} color="inherit" aria-label={t('common.loading')} />
        ) : (
          (label ?? t('crud.save'))
        )}
      </Button>
    </>
  );
}
