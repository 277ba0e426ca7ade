import { useEffect, useSyncExternalStore } from 'react';

/** The title of the page last rendered by the build's prerendering (src/prerender.tsx). */
export const prerenderedTitle = { current: '' };

/** The page's own name: its tab title without the portal's name after the last ' · '. */
let pageName = '';
const listeners = new Set<() => void>();
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** Names the browser tab (and what a screen reader announces) after the page. */
export function useDocumentTitle(title: string): void {
  if (import.meta.env.SSR) prerenderedTitle.current = title;
  useEffect(() => {
    document.title = title;
    const name = title.includes(' · ') ? title.slice(0, title.lastIndexOf(' · ')) : title;
    if (name !== pageName) {
      pageName = name;
      for (const listener of listeners) listener();
    }
  }, [title]);
}

/**
 * The name the page on screen gave itself through `useDocumentTitle` (a course's code, say): the
 * breadcrumb's last crumb where the path ends in ids.
 */
export function usePageName(): string {
  return useSyncExternalStore(
    subscribe,
    () => pageName,
    () => '',
  );
}
