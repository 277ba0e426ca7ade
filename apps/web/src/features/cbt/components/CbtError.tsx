import Alert from '@mui/material/Alert';
import { serverMessage } from '../../../components/crud/errors';
import { useT } from '../../../i18n/useT';
import { ApiError } from '../../../lib/api';

/** A list that failed: a refusal as the server words it (not the lecturer), else the generic error. */
export function CbtError({ error }: { error: unknown }) {
  const t = useT();
  const refused = error instanceof ApiError && error.httpStatus >= 400 && error.httpStatus < 500;
  return <Alert severity="error">{(refused && serverMessage(error)) || t('error.generic')}</Alert>;
}
