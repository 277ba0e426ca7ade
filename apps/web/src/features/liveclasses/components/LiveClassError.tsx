import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { serverMessage } from '../../../components/crud/errors';
import { useT } from '../../../i18n/useT';
import { ApiError } from '../../../lib/api';

/** A list that failed: a refusal as the server words it, anything else as 'An error occured', with Retry. */
export function LiveClassError({ error, onRetry }: { error: unknown; onRetry?: () => void }) {
  const t = useT();
  const refused = error instanceof ApiError && error.httpStatus >= 400 && error.httpStatus < 500;
  return (
    <Alert
      severity="error"
      action={
        onRetry && !refused ? (
          <Button color="inherit" size="small" onClick={onRetry}>
            {t('liveclasses.retry')}
          </Button>
        ) : undefined
      }
    >
      {(refused && serverMessage(error)) || t('liveclasses.error')}
    </Alert>
  );
}
