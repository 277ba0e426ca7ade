import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { ApiError } from '../../../lib/api';
import { serverMessage } from '../../../components/crud/errors';
import { useT } from '../../../i18n/useT';

/**
 * A content list that failed: a refusal the server words (not registered for the course) as it
 * words it, anything else as the spec's 'An error occured', with Retry.
 */
export function ContentError({ error, onRetry }: { error: unknown; onRetry?: () => void }) {
  const t = useT();
  const refused = error instanceof ApiError && error.httpStatus >= 400 && error.httpStatus < 500;
  return (
    <Alert
      severity="error"
      action={
        onRetry && !refused ? (
          <Button color="inherit" size="small" onClick={onRetry}>
            {t('content.retry')}
          </Button>
        ) : undefined
      }
    >
      {(refused && serverMessage(error)) || t('content.error')}
    </Alert>
  );
}
