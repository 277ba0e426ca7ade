import { render, screen } from '@testing-library/react';
import { App } from '../app/App';
import { loadRtlCache } from '../app/providers/rtlCache';
import { settingsStore } from '../app/settings';
import { loadCatalogue } from '../i18n/catalogues';

/**
 * Renders the whole portal as main.tsx does (the stored settings' catalogue and direction loaded
 * first), at a path inside /portal, with the browser's own router over happy-dom's history.
 */
export async function renderApp(pathInPortal: string) {
  const { locale, isDirectionRTL } = settingsStore.get();
  const messages = await loadCatalogue(locale);
  const rtlCache = isDirectionRTL ? await loadRtlCache() : null;
  window.history.replaceState(null, '', `/portal${pathInPortal}`);
  const view = render(<App catalogue={{ locale, messages }} rtlCache={rtlCache} />);
  return { ...view, screen };
}

/** The path the browser shows now, inside /portal. */
export const currentPath = () =>
  (window.location.pathname.replace(/^\/portal/, '') || '/') + window.location.search;
