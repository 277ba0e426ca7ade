import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { loadRtlCache } from './app/providers/rtlCache';
import { settingsStore } from './app/settings';
import { loadCatalogue } from './i18n/catalogues';
import { DEFAULT_LOCALE, type Messages } from './i18n/locales';

// The chosen language's strings (and, for right-to-left, its style cache) start downloading at
// once, and the first render already has them: no flash of the wrong language or direction.
// If a download fails the page still renders: in English, or else showing message ids.
const { locale, isDirectionRTL } = settingsStore.get();
const loadingMessages = loadCatalogue(locale)
  .catch(() => loadCatalogue(DEFAULT_LOCALE))
  .catch(() => ({}) as Messages);
const loadingRtlCache = isDirectionRTL ? loadRtlCache().catch(() => null) : null;

void Promise.all([loadingMessages, loadingRtlCache]).then(([messages, rtlCache]) => {
  if (rtlCache) document.documentElement.dir = 'rtl';
  document.documentElement.lang = locale;
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App catalogue={{ locale, messages }} rtlCache={rtlCache} />
    </StrictMode>,
  );
});
