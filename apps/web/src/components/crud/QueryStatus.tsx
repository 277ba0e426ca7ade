import Alert from '@mui/material/Alert';
import LinearProgress from '@mui/material/LinearProgress';
import type { SxProps, Theme } from '@mui/material/styles';
import { useT } from '../../i18n/useT';
import { serverMessage } from './errors';

/**
 * A query's first load and its failure: a loading bar, then the server's message (or the generic
 * one) in an error alert. `showError` false leaves a failure the caller explains itself.
 */
export function QueryStatus({
  query,
  showError = true,
  sx,
}: {
  query: { isPending: boolean; isError: boolean; error: unknown };
  showError?: boolean;
  sx?: SxProps<Theme>;
}) {
  const t = useT();
  return (
    <>
      {query.isPending && <LinearProgress aria-label={t('common.loading')} sx={sx} />}
      {query.isError && showError && (
        <Alert severity="error" sx={sx}>
          {serverMessage(query.error) || t('error.generic')}
        </Alert>
      )}
    </>
  );
}
