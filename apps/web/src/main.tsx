import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/App';
import { loadPrerenderedPage, preloadAreaPage } from './app/AppRoutes';
import { holdLinkClicksWhileHydrating, notePrerenderedEdits } from './app/prerenderedEdits';
import { loadRtlCache } from './app/providers/rtlCache';
import { settingsStore } from './app/settings';
import { loadCatalogue } from './i18n/catalogues';
import { DEFAULT_LOCALE, type Messages, type Namespace } from './i18n/locales';
import { AREA_IDS, AREAS } from './lib/areas';
import { SERVER_RENDERED_MARK, SERVER_STATE_ID, serverState, type ServerState } from './lib/earlyRead';
import { keepServerInstitution, loadInstitution } from './lib/institution';
import { liveUser } from './lib/session';

// The chosen language's strings (and, for right-to-left, its style cache) start downloading at
// once, and the first render already has them: no flash of the wrong language or direction.
// If a download fails the page still renders: in English, or else showing message ids.
const settings = settingsStore.get();
const { locale, isDirectionRTL } = settings;
const loadingMessages = loadCatalogue(locale)
  .catch(() => loadCatalogue(DEFAULT_LOCALE))
  .catch(() => ({}) as Messages);
const loadingRtlCache = isDirectionRTL ? loadRtlCache().catch(() => null) : null;

const container = document.getElementById('root')!;
const samePath = (a: string, b: string) =>
  a.replace(/\/+$/, '').toLowerCase() === b.replace(/\/+$/, '').toLowerCase();

/**
 * The public pages arrive prerendered in English with the default theme (scripts/prerender.mjs).
 * They are hydrated when this visitor would see exactly that page: same path, default settings,
 * and, on a sign-in page, no one signed in to its area (who would be sent on to the dashboard).
 * Anyone else gets the page rendered afresh (their prerendered page was kept hidden meanwhile).
 */
function canHydrate(): boolean {
  const prerendered = container.dataset.prerendered;
  if (!prerendered || !samePath(`/portal${prerendered}`, window.location.pathname)) return false;
  if (settings.locale !== DEFAULT_LOCALE || settings.isDirectionRTL) return false;
  // Prerendered with the school's colour unknown: the default, indigo's 500.
  if (settings.darkTheme || !['school', 'indigo'].includes(settings.themeColor)) return false;
  const area = AREA_IDS.find((id) => samePath(AREAS[id].signInPath, prerendered));
  return !(area && liveUser(AREAS[area].userKind));
}

// A prerendered page is hydrated once its lazy page has arrived too (preloaded by its HTML): the
// form comes alive in one go, with what the visitor typed meanwhile handed over (prerenderedEdits.ts).
const hydrating = canHydrate();

/**
 * A page of a signed-in area, for its signed-in user: its frame, screen and strings are loaded
 * before the first render, so that render reaches the screen rather than suspending at each.
 * Only when the code comes from the cache (`codeCached`): measured in a throttled Chromium, a
 * cached page paints 5–16 % sooner, and a first visit gains nothing from waiting.
 */
function loadAreaPage(drawn?: ServerState['drawn']): Promise<unknown> | null {
  const base = import.meta.env.BASE_URL;
  const { pathname } = window.location;
  if (pathname.slice(0, base.length).toLowerCase() !== base.toLowerCase()) return null;
  const match = /^([a-z]+)\/(.*)$/i.exec(pathname.slice(base.length));
  const area = AREA_IDS.find((id) => id === match?.[1]?.toLowerCase());
  if (!match || !area || !liveUser(AREAS[area].userKind)) return null;
  return Promise.all([
    preloadAreaPage(area, match[2]!, drawn?.fees),
    ...[...new Set<Namespace>(['shell', area, ...(drawn?.catalogues ?? [])])].map((namespace) =>
      loadCatalogue(locale, namespace),
    ),
  ]).catch(() => undefined);
}
/**
 * Whether this visit's code comes from the browser's cache: the entry's did (nothing transferred).
 * The page's code then will too, in a moment, and waiting for it renders the page once; on a first
 * visit it is still downloading, and the app renders as its parts arrive instead.
 */
function codeCached(): boolean {
  const entry = document.querySelector<HTMLScriptElement>('script[type="module"][src]')?.src;
  const timing = entry ? performance.getEntriesByName(entry)[0] : undefined;
  return !!timing && (timing as PerformanceResourceTiming).transferSize === 0;
}
/**
 * A signed-in page the server rendered with its data (ADR 17), in this visitor's settings (the
 * document's early script marks it stale otherwise): it stays on screen until the app has rendered
 * it again in one go, its code waited for (cached or not) and its query cache started from the
 * reads it was rendered from (app/providers/queryClient.ts takes them from the document). Any other
 * page's reads, if the document holds some, are dropped.
 */
function isServerRendered(): boolean {
  const rendered = container.dataset.serverRendered;
  const mark = document.documentElement.getAttribute(SERVER_RENDERED_MARK);
  const current =
    rendered !== undefined && mark !== 'stale' && samePath(`/portal${rendered}`, window.location.pathname);
  if (!current) document.getElementById(SERVER_STATE_ID)?.remove();
  return current;
}
const serverRendered = !hydrating && isServerRendered();
// The school's particulars: those the server rendered the page with, or else asked for beside the
// page's code rather than after its first render (a page being hydrated asks after it, as its
// components do: its first render must be the prerendered one).
if (serverRendered) keepServerInstitution(serverState()?.institution ?? null);
else if (!hydrating) void loadInstitution();

const loadingPage = hydrating
  ? loadPrerenderedPage(container.dataset.prerendered!).catch(() => undefined)
  : serverRendered
    ? loadAreaPage(serverState()?.drawn)
    : codeCached()
      ? loadAreaPage()
      : null;

void Promise.all([loadingMessages, loadingRtlCache, loadingPage]).then(([messages, rtlCache]) => {
  const app = (
    <StrictMode>
      <App catalogue={{ locale, messages }} rtlCache={rtlCache} />
    </StrictMode>
  );
  if (hydrating) {
    // A transition: hydration yields to the browser every few milliseconds instead of one long task.
    notePrerenderedEdits(container);
    holdLinkClicksWhileHydrating();
    startTransition(() => {
      hydrateRoot(container, app);
    });
    return;
  }
  // React replaces a server-rendered page's markup as it commits its first render.
  if (!serverRendered) container.replaceChildren();
  delete container.dataset.prerendered;
  delete container.dataset.serverRendered;
  container.removeAttribute('inert');
  document.documentElement.removeAttribute(SERVER_RENDERED_MARK);
  container.dataset.hydrated = '';
  document.documentElement.removeAttribute('data-prerendered');
  if (rtlCache) document.documentElement.dir = 'rtl';
  document.documentElement.lang = locale;
  createRoot(container).render(app);
});
