import { lazy, Suspense, useEffect } from 'react';
import { useLocation } from 'react-router';
import { dropNoticeOfOtherPage, useCurrentNotice } from '../lib/notify';

const loadSnackbar = () => import('./NotificationSnackbar');
const NotificationSnackbar = lazy(loadSnackbar);

/** Call when a notification is likely soon (e.g. on submitting a form), so it shows without delay. */
export const preloadNotifications = (): void => void loadSnackbar();

/** Resolves once a notification can be drawn (its code is loaded), e.g. before leaving the page. */
export const notificationsReady = (): Promise<unknown> => loadSnackbar();

/**
 * Shows the latest notification raised with `notify` on this page. A newer one replaces it at once
 * (a new key: no closing animation to wait for); moving to another page drops it.
 */
export function NotificationHost() {
  const { pathname } = useLocation();
  const notice = useCurrentNotice();
  useEffect(() => dropNoticeOfOtherPage(), [pathname]);
  if (!notice) return null;
  return (
    <Suspense fallback={null}>
      <NotificationSnackbar key={notice.id} notice={notice} />
    </Suspense>
  );
}
