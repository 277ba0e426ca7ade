// Build time (vite build --ssr, then scripts/prerender.mjs): the HTML of the public pages in
// English with the default theme, for the server to send before any JavaScript has run. At run time
// (the API, apps/api/src/platform/signed-in-pages.ts): a signed-in student's page with its data.
import createCache from '@emotion/cache';
import type { QueryClient } from '@tanstack/react-query';
import { StrictMode, type ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { prerenderToNodeStream } from 'react-dom/static';
import { StaticRouter } from 'react-router';
import { INSTITUTION_API, type FeePurpose, type InstitutionInfo } from '@portal/contracts';
import { App } from './app/App';
import {
  declaredReads,
  EARLY_LOADS_ID,
  EARLY_READS,
  scriptJson,
  setupForPage,
  type EarlyReadsSetup,
} from './app/earlyReads';
import { PRERENDERED_PAGES, PRERENDERED_PATHS } from './app/AppRoutes';
import { queryClient } from './app/providers/queryClient';
import { studentPagesOptions } from './features/student/api/pages';
import { loadCatalogue } from './i18n/catalogues';
import { DEFAULT_LOCALE, type Namespace } from './i18n/locales';
import {
  JSON_CALL_HEADERS,
  SERVER_RENDERED_MARK,
  SERVER_STATE_ID,
  type ServerRead,
  type ServerState,
} from './lib/earlyRead';
import { setServerRender } from './lib/serverRender';
import { appStateStore, sessionStore, usersOfCookie, type SessionUsers } from './lib/session';
import { prerenderedTitle } from './lib/useDocumentTitle';

export { PRERENDERED_PAGES, PRERENDERED_PATHS };

/** Emotion writes each style element before the elements it styles; React hydrates #root without them. */
const STYLE = /<style data-emotion="[^"]*"[^>]*>[\s\S]*?<\/style>/g;

/** A page's markup for #root, its styles (each once) for <head>, and its title. */
export interface RenderedPage {
  markup: string;
  styles: string;
  title: string;
}

/**
 * The app at `path` in English with the default theme, rendered to completion: its lazy parts
 * are waited for (renderToString would write their loading fallbacks instead).
 */
async function renderApp(path: string, mode: 'wait' | 'now' = 'wait'): Promise<RenderedPage> {
  const messages = await loadCatalogue(DEFAULT_LOCALE);
  const Router = ({ children }: { children: ReactNode }) => (
    <StaticRouter basename="/portal" location={`/portal${path}`}>
      {children}
    </StaticRouter>
  );
  prerenderedTitle.current = '';
  const app = (
    <StrictMode>
      <App
        catalogue={{ locale: DEFAULT_LOCALE, messages }}
        rtlCache={null}
        Router={Router}
        styleCache={createCache({ key: 'mui' })}
      />
    </StrictMode>
  );
  let html = '';
  if (mode === 'now') {
    // Everything it needs has arrived (an earlier render waited for it): the markup in one piece,
    // without the scripts that reveal parts completed late.
    html = renderToString(app);
  } else {
    const { prelude } = await prerenderToNodeStream(app);
    const decoder = new TextDecoder();
    for await (const chunk of prelude as AsyncIterable<Uint8Array | string>) {
      html += typeof chunk === 'string' ? chunk : decoder.decode(chunk, { stream: true });
    }
    html += decoder.decode();
  }
  // Each style once (an input's global keyframes come with every input).
  const styles = [...new Set(html.match(STYLE) ?? [])].join('');
  return { markup: html.replace(STYLE, ''), styles, title: prerenderedTitle.current };
}

/** A public page's prerendering (scripts/prerender.mjs). */
export const render = (path: string): Promise<RenderedPage> => renderApp(path);

/** The signed-in pages the server renders: the student's pages whose first loads are declared. */
const SERVER_RENDERED = new Set(
  Object.keys(EARLY_READS.student?.pages ?? {}).map((page) => `student/${page}`),
);

/** Whether the server renders the page at `route` (its path under /portal, without slashes at the ends, in lower case). */
export const serverRenders = (route: string): boolean => SERVER_RENDERED.has(route);

/** What the server gives a signed-in page's render. */
export interface SignedInRequest {
  /** The page's path under /portal (`/student/dashboard`). */
  path: string;
  /** The document request's Cookie header (the signed-in users are in its `user` cookie). */
  cookie: string;
  /** A GET of an API path with these headers, answered in-process. */
  read: (url: string, headers: Record<string, string>) => Promise<Response>;
  /** The width the visitor's kind of screen is laid out for (360 for a phone, 1280 otherwise). */
  viewportWidth: number;
}

export interface SignedInPage extends RenderedPage {
  /** The page's reads as TanStack Query holds them, and the school's particulars, for the browser's first render to start from. */
  state: ServerState;
}

/** The reads a render made (its queries' answers), for the browser's first render to start from. */
const readsOf = (client: QueryClient): ServerRead[] =>
  client
    .getQueryCache()
    .getAll()
    .filter((query) => query.state.status === 'success')
    .map((query) => [query.queryKey, query.state.data, query.state.dataUpdatedAt]);

/** Rounds of reads a render may find one after another (one needing another's answer): at most this many. */
const MAX_PASSES = 3;

let queue: Promise<unknown> = Promise.resolve();

/** The session with no one signed in, before and after each render. */
const NO_ONE: SessionUsers = {
  applicantUser: undefined,
  adminUser: undefined,
  studentUser: undefined,
  authUser: undefined,
};

/**
 * A signed-in page's HTML with its data, or null when it cannot be rendered as the browser would
 * render it (a read refused or failed, reads still missing after the last pass): the browser then
 * renders the page itself, as it does for every other page. Renders run one at a time: the stores
 * they fill (the session, the query cache) are the module's own.
 */
export function renderSignedIn(request: SignedInRequest): Promise<SignedInPage | null> {
  const run = queue.then(() => renderSignedInNow(request));
  queue = run.catch(() => undefined);
  return run;
}

async function renderSignedInNow({
  path,
  cookie,
  read,
  viewportWidth,
}: SignedInRequest): Promise<SignedInPage | null> {
  const users = usersOfCookie(cookie);
  const asked = (url: string, headers: Record<string, string>) =>
    read(url, headers).catch(() => new Response(null, { status: 502 }));
  // The page's declared reads (app/earlyReads.ts) are asked for at once, with the headers `api()`
  // sends, and taken by the render's queries when they ask (as the browser's early reads are):
  // they are on their way while the first pass renders, a read found only by a later pass too.
  const token = users.studentUser?.token;
  const declared = new Map<string, Promise<Response>>();
  if (token)
    for (const url of declaredReads('student', path.slice('/student/'.length)))
      declared.set(url, asked(url, { ...JSON_CALL_HEADERS, authorization: `Bearer ${token}` }));
  const fetchInProcess = ((input: string | URL | Request, init?: RequestInit) => {
    const url =
      typeof input === 'string' ? input : input instanceof URL ? input.pathname + input.search : input.url;
    const headers = Object.fromEntries(new Headers(init?.headers).entries());
    const early = declared.get(url);
    declared.delete(url);
    return early && headers.authorization === `Bearer ${token}` ? early : asked(url, headers);
  }) as typeof fetch;
  const institution = await fetchInProcess(INSTITUTION_API, { headers: { accept: 'application/json' } })
    .then(async (answer) =>
      answer.ok ? (((await answer.json()) as { Data?: InstitutionInfo }).Data ?? null) : null,
    )
    .catch(() => null);
  sessionStore.set({ ...NO_ONE, ...users });
  appStateStore.set({ userMode: null, adminPages: [], studentPages: [], consolePages: [] });
  const drawn = { catalogues: new Set<Namespace>(), fees: new Set<FeePurpose>() };
  setServerRender({ pathname: `/portal${path}`, fetch: fetchInProcess, institution, viewportWidth, drawn });
  queryClient.clear();
  // A failed read is not retried here: the browser renders the page itself instead.
  queryClient.setDefaultOptions({ queries: { ...queryClient.getDefaultOptions().queries, retry: false } });
  const waitingReads = () => {
    const queries = queryClient.getQueryCache().getAll();
    if (queries.some((query) => query.state.status === 'error')) return null;
    return queries.filter((query) => {
      if (query.state.status !== 'pending') return false;
      const { enabled } = query.options as { enabled?: boolean | ((q: typeof query) => boolean) };
      return typeof enabled === 'function' ? enabled(query) : enabled !== false;
    });
  };
  try {
    // The area's guard draws no screen before the student's pages have arrived: asked first, the
    // first pass finds the screen's reads as well as the frame's (the server renders only student pages).
    await queryClient.prefetchQuery(studentPagesOptions());
    // A pass that waits for the lazy parts finds the page's reads; once they have arrived the page
    // is rendered in one piece. A read found only then (one that needs another's answer) is asked
    // for and the page rendered again; a part drawn only with the data (a fee's card) is waited for
    // by another waiting pass first.
    await renderApp(path);
    for (let pass = 1; ; pass++) {
      const waiting = waitingReads();
      if (!waiting) return null;
      await Promise.all(waiting.map((query) => query.fetch().catch(() => undefined)));
      const whole = await renderApp(path, 'now');
      const complete = !/<!--\$[?!]-->/.test(whole.markup) && !whole.markup.includes('<template');
      const more = waitingReads();
      if (!more) return null;
      if (complete && more.length === 0)
        return {
          ...whole,
          state: {
            queries: readsOf(queryClient),
            institution,
            drawn: { catalogues: [...drawn.catalogues], fees: [...drawn.fees] },
          },
        };
      if (pass === MAX_PASSES) return null;
      if (!complete) await renderApp(path);
    }
  } finally {
    setServerRender(null);
    queryClient.clear();
    sessionStore.set(NO_ONE);
  }
}

/** Text for an element or a quoted attribute (scripts/prerender.mjs writes the public pages' titles with it too). */
export const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
/** Each page's frame, by route, for the index.html they were made from: computed once per page. */
const frames = new Map<string, string | null>();
let framesOf = '';

/**
 * index.html made ready for a rendered page at `route`: the entry's tag left out (the early script
 * runs it once the page has painted: the page shows first), the early script's plan cut to this
 * page (the rest is of no use to this document) and told the entry, <html> marked, and the rule
 * that hides the page from a visitor in other settings. Null when index.html lacks one of them.
 */
function frameFor(shell: string, route: string): string | null {
  if (shell !== framesOf) {
    frames.clear();
    framesOf = shell;
  }
  if (frames.has(route)) return frames.get(route)!;
  // (The plan's JSON holds no '<': scriptJson escapes it.)
  const plan = new RegExp(`(<script type="application/json" id="${EARLY_LOADS_ID}">)([^<]*)(</script>)`);
  const entryTag = /<script type="module" crossorigin src="([^"]+)"><\/script>/.exec(shell);
  const [area, name] = route.split('/') as [string, string];
  const frame =
    entryTag && plan.test(shell)
      ? shell
          .replace(entryTag[0], '')
          .replace(plan, (_whole, open: string, json: string, close: string) => {
            const setup = JSON.parse(json) as EarlyReadsSetup;
            return `${open}${scriptJson({ ...setupForPage(setup, area, name), entry: entryTag[1] })}${close}`;
          })
          .replace('<html', `<html ${SERVER_RENDERED_MARK}`)
          .replace(
            '</head>',
            `<style>html[${SERVER_RENDERED_MARK}=stale] #root{visibility:hidden}</style></head>`,
          )
      : null;
  frames.set(route, frame);
  return frame;
}

/**
 * The document of a signed-in page at `route` (`student/dashboard`), rendered with its data into
 * `shell` (the build's index.html), or null when the server does not render it (ADR 17): its
 * markup in #root, its styles in <head>, its reads in a JSON script for the browser's first render,
 * and <html> marked, which the early script (app/earlyReads.ts) reads.
 */
export async function signedInDocument(
  shell: string,
  route: string,
  request: Omit<SignedInRequest, 'path'>,
): Promise<string | null> {
  const frame = serverRenders(route) ? frameFor(shell, route) : null;
  if (!frame) return null;
  const path = `/${route}`;
  const page = await renderSignedIn({ ...request, path });
  if (!page || !page.title) return null;
  // Replaced by functions: the page's text is the students' data, where '$&' or "$'" must stay as written.
  const document = frame
    .replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(page.title)}</title>`)
    .replace('</head>', () => `${page.styles}</head>`)
    .replace(
      '<div id="root"></div>',
      // Inert until the app takes it over (main.tsx): a tap or a keystroke meanwhile would be lost
      // when the app renders the page afresh, so the page only reads until then.
      () =>
        `<div id="root" inert data-server-rendered="${escapeHtml(path)}">${page.markup}</div>` +
        `<script type="application/json" id="${SERVER_STATE_ID}">${scriptJson(page.state)}</script>`,
    );
  return document.includes(`id="${SERVER_STATE_ID}"`) ? document : null;
}
