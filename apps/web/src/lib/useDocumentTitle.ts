import { useEffect } from 'react';

/** The title of the page last rendered by the build's prerendering (src/prerender.tsx). */
export const prerenderedTitle = { current: '' };

/** Names the browser tab (and what a screen reader announces) after the page. */
export function useDocumentTitle(title: string): void {
  if (import.meta.env.SSR) prerenderedTitle.current = title;
  useEffect(() => {
    document.title = title;
  }, [title]);
}
