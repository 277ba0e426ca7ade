// Build time only (vite build --ssr, then scripts/prerender.mjs): the HTML of the public pages in
// English with the default theme, for the server to send before any JavaScript has run.
import createCache from '@emotion/cache';
import { StrictMode, type ReactNode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { StaticRouter } from 'react-router';
import { App } from './app/App';
import { PRERENDERED_PAGES, PRERENDERED_PATHS } from './app/AppRoutes';
import { loadCatalogue } from './i18n/catalogues';
import { DEFAULT_LOCALE } from './i18n/locales';
import { prerenderedTitle } from './lib/useDocumentTitle';

export { PRERENDERED_PAGES, PRERENDERED_PATHS };

/**
 * A page's markup (its styles inline, as Emotion writes them on a server) and its title. The same
 * tree as main.tsx hydrates, but for the router. Rendered to completion: the page is a lazy chunk,
 * which the prerenderer waits for (renderToString would write the loading fallback instead).
 */
export async function render(path: string): Promise<{ html: string; title: string }> {
  const messages = await loadCatalogue(DEFAULT_LOCALE);
  const Router = ({ children }: { children: ReactNode }) => (
    <StaticRouter basename="/portal" location={`/portal${path}`}>
      {children}
    </StaticRouter>
  );
  prerenderedTitle.current = '';
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <App
        catalogue={{ locale: DEFAULT_LOCALE, messages }}
        rtlCache={null}
        Router={Router}
        styleCache={createCache({ key: 'mui' })}
      />
    </StrictMode>,
  );
  const decoder = new TextDecoder();
  let html = '';
  for await (const chunk of prelude as AsyncIterable<Uint8Array | string>) {
    html += typeof chunk === 'string' ? chunk : decoder.decode(chunk, { stream: true });
  }
  html += decoder.decode();
  return { html, title: prerenderedTitle.current };
}
