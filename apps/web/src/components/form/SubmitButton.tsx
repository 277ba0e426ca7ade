import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import { useT } from '../../i18n/useT';

/** A full-width submit button that turns into a spinner while the request runs. */
export function SubmitButton({ pending, label }: { pending: boolean; label: string }) {
  const t = useT();
  return (
    <Button
      type="submit"
      variant="contained"
      size="large"
      fullWidth
      disabled={pending}
      aria-busy={pending}
      sx={{ mt: 2, minHeight: 48 }}
    >
      {pending ? <CircularProgress size={24} color="inherit" aria-label={t('common.loading')} /> : label}
    </Button>
  );
}
