import { INSTITUTION_API, type InstitutionInfo } from '@portal/contracts';
import { useEffect, useSyncExternalStore } from 'react';
import { serverRender } from './serverRender';
import { createPersistedStore } from './store';

const TEXT_FIELDS = ['Name', 'ShortName', 'Address', 'Email', 'Phone', 'Website'] as const;
const COLOUR_FIELDS = ['PrimaryColour', 'SecondaryColour'] as const;
const isInstitution = (value: unknown): value is InstitutionInfo | null => {
  if (value === null) return true;
  if (typeof value !== 'object') return false;
  const info = value as Record<string, unknown>;
  return (
    TEXT_FIELDS.every((field) => typeof info[field] === 'string') &&
    COLOUR_FIELDS.every((field) => typeof info[field] === 'string' && /^#[0-9a-f]{6}$/i.test(info[field])) &&
    (info.LogoUrl === null || typeof info.LogoUrl === 'string')
  );
};

/**
 * The school's particulars as School Management sets them (GET /api/institution: names, contacts,
 * logo, colours), shared by the shell, the public pages and the theme. A plain fetch and a small
 * store rather than TanStack Query: the landing and sign-in pages, which do without Query, show the
 * school's name and logo too. Kept in local storage: a visit starts with what the last one read
 * (the school's colour in the first render, rather than the page drawn again in it once the read
 * arrives: a flash of the default colour and, on a phone, a long task after the page has shown), and
 * reads them again once, changing the page only where they have changed. Null on a browser's first
 * visit until they arrive (or where they cannot be read): callers show the portal's generic name and
 * the default colours meanwhile, as the prerendered pages do.
 */
const store = createPersistedStore<{ info: InstitutionInfo | null }>(
  'portal.institution',
  { info: null },
  { info: isInstitution },
);
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
      const info = body?.Data;
      if (info && JSON.stringify(info) !== JSON.stringify(store.get().info)) store.set({ info });
    })
    .catch(() => {
      // Offline or refused: the generic name and colours stay; the next visit asks again.
      loading = null;
    });
  return loading;
}

/**
 * The particulars a page the server rendered came with (ADR 17): read as the page was, so they
 * are not read again this visit.
 */
export function keepServerInstitution(info: InstitutionInfo | null): void {
  if (info && JSON.stringify(info) !== JSON.stringify(store.get().info)) store.set({ info });
  loading = Promise.resolve();
}

const current = () => store.get().info;
/**
 * What a page rendered ahead was rendered with: none for the prerendered public pages (a page
 * hydrating renders that first, whatever has arrived since); the school's for a signed-in page the
 * server renders.
 */
const prerendered = () => serverRender()?.institution ?? null;

/** The school's particulars, or null until they arrive. */
export function useInstitution(): InstitutionInfo | null {
  useEffect(() => {
    void loadInstitution();
  }, []);
  return useSyncExternalStore(store.subscribe, current, prerendered);
}
