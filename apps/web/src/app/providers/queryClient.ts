import { onlineManager, QueryClient } from '@tanstack/react-query';
import { retryUnlessRefused } from '../../lib/api';
import { sessionStore } from '../../lib/session';
import { settingsStore } from '../settings';

/** Server state: fresh for ten minutes, no interval or focus refetch, refetched on reconnect (spec section 7). */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 600_000,
      refetchInterval: false,
      refetchOnWindowFocus: false,
      refetchOnReconnect: true,
      retry: retryUnlessRefused,
    },
  },
});

/**
 * A page opened without a network (a lecture note read offline, served by the service worker)
 * starts offline: TanStack Query assumes online until told, and would send every call to fail.
 * Calls then wait for the network, except those that the service worker can answer from its
 * caches (networkMode 'offlineFirst', the student's course content).
 */
if (typeof navigator !== 'undefined' && navigator.onLine === false) onlineManager.setOnline(false);

/** Answers carry the server's messages in the language they were loaded in: a new language reloads them. */
let locale = settingsStore.get().locale;
settingsStore.subscribe(() => {
  const now = settingsStore.get().locale;
  if (now !== locale) void queryClient.invalidateQueries();
  locale = now;
});

/** When anyone signs out (or is signed out), nothing they loaded stays in memory. */
let signedIn = Object.values(sessionStore.get()).filter(Boolean).length;
sessionStore.subscribe(() => {
  const now = Object.values(sessionStore.get()).filter(Boolean).length;
  if (now < signedIn) queryClient.clear();
  signedIn = now;
});
