import { lazy, Suspense } from 'react';
import { useCurrentNotice } from '../lib/notify';

const loadSnackbar = () => import('./NotificationSnackbar');
const NotificationSnackbar = lazy(loadSnackbar);

/** Call when a notification is likely soon (e.g. on submitting a form), so it shows without delay. */
export const preloadNotifications = (): void => void loadSnackbar();

/** Resolves once a notification can be drawn (its code is loaded), e.g. before leaving the page. */
export const notificationsReady = (): Promise<unknown> => loadSnackbar();

/** Shows the notifications raised with `notify`, one at a time. */
export function NotificationHost() {
  const notice = useCurrentNotice();
  if (!notice) return null;
  return (
    <Suspense fallback={null}>
      <NotificationSnackbar key={notice.id} notice={notice} />
    </Suspense>
  );
}
