import { onlineManager, QueryClient } from '@tanstack/react-query';
import { retryUnlessRefused } from '../../lib/api';
import { SERVER_STATE_ID, serverState } from '../../lib/earlyRead';
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
 * A page the server rendered with its data (ADR 17) starts from the reads it was rendered from:
 * its first render is the page as it came, not its loading states. Like the document's early reads
 * (lib/earlyRead.ts), each is taken as fresh by the components that show it within
 * DOCUMENT_FRESH_MS of the page's opening, even where its query is otherwise read again on every
 * mount; once read again (or invalidated), or later, the query follows its own rules. main.tsx has
 * removed them if the page is not the one they were read for.
 */
const DOCUMENT_FRESH_MS = 20_000;
/** Each read the document brought, by query hash: when it was read. */
const fromDocument = new Map<string, number>();
let documentReadAt = 0;
const state = serverState();
if (state) {
  try {
    for (const [queryKey, data, readAt] of state.queries) {
      queryClient.setQueryData(queryKey, data, { updatedAt: readAt });
      const query = queryClient.getQueryCache().find({ queryKey, exact: true });
      if (query) fromDocument.set(query.queryHash, readAt);
    }
    documentReadAt = Date.now();
  } catch {
    // Unreadable: the page reads its data as any other does.
  }
  document.getElementById(SERVER_STATE_ID)?.remove();
}
queryClient.setDefaultOptions({
  queries: {
    ...queryClient.getDefaultOptions().queries,
    refetchOnMount: (query) =>
      !(
        fromDocument.get(query.queryHash) === query.state.dataUpdatedAt &&
        !query.state.isInvalidated &&
        Date.now() - documentReadAt <= DOCUMENT_FRESH_MS
      ),
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
