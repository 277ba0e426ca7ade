import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import { serverMessage } from './crud/errors';
import { useT } from '../i18n/useT';

/** A skeleton while a student screen's data loads. */
export function LoadingBlock({ rows = 3 }: { rows?: number }) {
  const t = useT();
  return (
    <Box role="status" aria-label={t('common.loading')}>
      <Skeleton variant="rounded" height={56} sx={{ mb: 2 }} />
      {Array.from({ length: rows }, (_, index) => (
        <Skeleton key={index} variant="rounded" height={40} sx={{ mb: 1 }} />
      ))}
    </Box>
  );
}

/** A failed load: the server's message, or the generic one, with Retry. */
export function LoadError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const t = useT();
  return (
    <Alert
      severity="error"
      action={
        <Button color="inherit" size="small" onClick={onRetry}>
          {t('student.retry')}
        </Button>
      }
    >
      {serverMessage(error) || t('error.generic')}
    </Alert>
  );
}

/** A date (YYYY-MM-DD or ISO) as the reader's locale writes it, e.g. 20 November 2023. */
export function formatDay(locale: string, value: string | null): string {
  if (!value) return '';
  const date = value.length === 10 ? new Date(`${value}T12:00:00Z`) : new Date(value);
  return new Intl.DateTimeFormat(locale, {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'Africa/Lagos',
  }).format(date);
}
