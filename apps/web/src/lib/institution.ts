import { INSTITUTION_API, type InstitutionInfo } from '@portal/contracts';
import { useEffect, useSyncExternalStore } from 'react';
import { createStore } from './store';

/**
 * The school's particulars as School Management sets them (GET /api/institution: names, contacts,
 * logo, colours), read once per visit and shared by the shell, the public pages and the theme. A
 * plain fetch and a small store rather than TanStack Query: the landing and sign-in pages, which do
 * without Query, show the school's name and logo too. Null until it arrives (or where it cannot be
 * read): callers show the portal's generic name and the default colours meanwhile, as the
 * prerendered pages do.
 */
const store = createStore<{ info: InstitutionInfo | null }>({ info: null });
let loading: Promise<void> | null = null;

/** Reads the particulars (again, with `fresh`: after School Management saved them). */
export function loadInstitution(fresh = false): Promise<void> {
  if (loading && !fresh) return loading;
  if (typeof navigator !== 'undefined' && navigator.onLine === false) {
    // Offline (a lesson read from the device): no request that can only fail; read once back online.
    window.addEventListener('online', () => void loadInstitution(), { once: true });
    return Promise.resolve();
  }
  loading = fetch(`${INSTITUTION_API}`, { headers: { accept: 'application/json' } })
    .then((response) => (response.ok ? (response.json() as Promise<{ Data?: InstitutionInfo }>) : null))
    .then((body) => {
      if (body?.Data) store.set({ info: body.Data });
    })
    .catch(() => {
      // Offline or refused: the generic name and colours stay; the next visit asks again.
      loading = null;
    });
  return loading;
}

const current = () => store.get().info;
/** What a prerendered page was rendered with: a page hydrating renders that first, whatever has arrived since. */
const prerendered = () => null;

/** The school's particulars, or null until they arrive. */
export function useInstitution(): InstitutionInfo | null {
  useEffect(() => {
    void loadInstitution();
  }, []);
  return useSyncExternalStore(store.subscribe, current, prerendered);
}
