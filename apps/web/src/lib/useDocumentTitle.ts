import { useEffect } from 'react';

/** Names the browser tab (and what a screen reader announces) after the page. */
export function useDocumentTitle(title: string): void {
  useEffect(() => {
    document.title = title;
  }, [title]);
}
