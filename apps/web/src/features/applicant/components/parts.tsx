import Lock from '@mui/icons-material/Lock';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useT } from '../../../i18n/useT';
import { ApiError } from '../../../lib/api';

/*
 * Small parts the applicant's screens share: page title, loading and error states, the note on
 * a locked form.
 */

export function PageTitle({ children }: { children: ReactNode }) {
  return (
    <Typography component="h1" variant="h5" sx={{ fontWeight: 600, mb: 2, overflowWrap: 'anywhere' }}>
      {children}
    </Typography>
  );
}

/** A skeleton while a screen's data loads: the one every area's screens show. */
export { LoadingBlock } from '../../../components/LoadState';

/** A failed load: the server's message when it sent one, else 'Unable to complete operation.', and Retry. */
export function LoadError({ error, onRetry }: { error: unknown; onRetry?: () => void }) {
  const t = useT();
  const message =
    error instanceof ApiError && error.message ? error.message : t('applicant.unableToComplete');
  return (
    <Alert
      severity="error"
      action={
        onRetry && (
          <Button color="inherit" size="small" onClick={onRetry}>
            {t('applicant.retry')}
          </Button>
        )
      }
    >
      {message}
    </Alert>
  );
}

/** Shown above a form that can no longer change (registration is complete). */
export function LockedNote() {
  const t = useT();
  return (
    <Alert severity="info" icon={<Lock fontSize="inherit" />} sx={{ mb: 2 }}>
      {t('applicant.locked')}
    </Alert>
  );
}
