import { CACHE_NAMES, SW_FILE } from './offlineCaches';

let registering: Promise<ServiceWorkerRegistration | null> | undefined;

/**
 * Registers the portal's service worker (vite.config.ts) once, from the pages that work offline
 * (lecture notes): a visitor who never opens them never downloads it. Not in development (Vite's
 * dev server has no built worker) nor where the browser has none; a failure is not the page's
 * concern (the page works online without it), so it resolves to null rather than throwing.
 */
export function registerServiceWorker(): Promise<ServiceWorkerRegistration | null> {
  if (!import.meta.env.PROD || typeof navigator === 'undefined' || !('serviceWorker' in navigator))
    return Promise.resolve(null);
  registering ??= navigator.serviceWorker
    .register(`/portal/${SW_FILE}`, { scope: '/portal/' })
    .catch(() => null);
  return registering;
}

/**
 * Empties the caches of course content (documents, lists): on signing out, so the next person to
 * use the device never reads the previous student's notes. The notes' names go with them.
 */
export async function clearContentCaches(): Promise<void> {
  try {
    localStorage.removeItem('portal.offlineNotes');
  } catch {
    // Storage disabled: nothing kept.
  }
  if (typeof caches === 'undefined') return;
  await Promise.all([CACHE_NAMES.documents, CACHE_NAMES.lists].map((name) => caches.delete(name))).catch(
    () => undefined,
  );
}
