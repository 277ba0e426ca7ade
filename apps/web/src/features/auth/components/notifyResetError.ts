import type { useT } from '../../../i18n/useT';
import { ApiError } from '../../../lib/api';
import { notify } from '../../../lib/notify';

/**
 * The reset pages' failures (spec section 8): NotFound and Invalid show the server's message;
 * any other status shows it under the status as title; no answer at all shows 'An Error Occurred'.
 */
export function notifyResetError(error: unknown, t: ReturnType<typeof useT>): void {
  if (!(error instanceof ApiError) || !error.message) notify.error(t('error.anErrorOccurred'));
  else if (error.status === 'NotFound' || error.status === 'Invalid') notify.error(error.message);
  else notify.error(error.message, error.status);
}
