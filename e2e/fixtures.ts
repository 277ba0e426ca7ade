import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type BrowserContext, type Page } from '@playwright/test';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { atPortal, portal, SIGN_IN_PATH, type Mode } from './accounts';
import { MAIL_DIR } from './env';

export { expect };

/**
 * The console errors a test provokes on purpose. Anything else logged as an error, and any uncaught
 * error, by any page of the test (its own page, other pages of its context, pages of contexts it
 * creates with browser.newContext() or browser.newPage()) fails the test.
 */
export interface ConsoleErrors {
  /**
   * Declares a request this test makes fail on purpose, for which the browser logs 'Failed to load
   * resource: …': the path it goes to (without the query) and the HTTP status the server answers,
   * or 'aborted' for a request the test aborts with route.abort(). A declared failure must happen.
   */
  expectFailedRequest(path: string, answer: number | 'aborted'): void;
}

interface ErrorSeen {
  text: string;
  /** The address of the request or script the message is about, when there is one. */
  url: string;
  where: string;
}

interface ExpectedFailure {
  path: string;
  answer: number | 'aborted';
}

const failedRequestText = (answer: number | 'aborted', text: string): boolean =>
  answer === 'aborted'
    ? text === 'Failed to load resource: net::ERR_FAILED'
    : text.startsWith(`Failed to load resource: the server responded with a status of ${answer} (`);

const pathOf = (url: string): string => {
  try {
    return new URL(url).pathname;
  } catch {
    return '';
  }
};

class ErrorCollector implements ConsoleErrors {
  private readonly seen: ErrorSeen[] = [];
  private readonly expected: ExpectedFailure[] = [];
  private readonly watched = new WeakSet<BrowserContext>();

  expectFailedRequest(path: string, answer: number | 'aborted'): void {
    this.expected.push({ path, answer });
  }

  watch(context: BrowserContext): void {
    if (this.watched.has(context)) return;
    this.watched.add(context);
    context.on('console', (message) => {
      if (message.type() !== 'error') return;
      const { url, lineNumber } = message.location();
      this.seen.push({
        text: message.text(),
        url,
        where: url ? `${url}:${lineNumber}` : (message.page()?.url() ?? ''),
      });
    });
    context.on('weberror', (error) => {
      const thrown = error.error();
      this.seen.push({
        text: `uncaught ${thrown.message}`,
        url: '',
        where: `${error.page()?.url() ?? ''}\n${thrown.stack ?? ''}`,
      });
    });
  }

  /** Errors nobody declared, and declared failures that never happened. */
  problems(): string[] {
    const matches = (expected: ExpectedFailure, error: ErrorSeen) =>
      pathOf(error.url) === expected.path && failedRequestText(expected.answer, error.text);
    return [
      ...this.seen
        .filter((error) => !this.expected.some((expected) => matches(expected, error)))
        .map((error) => `unexpected error: ${error.text}\n    at ${error.where}`),
      ...this.expected
        .filter((expected) => !this.seen.some((error) => matches(expected, error)))
        .map((expected) => `declared failure never happened: ${expected.path} ${expected.answer}`),
    ];
  }
}

/**
 * A student's page arrives rendered by the server, inert until the app has taken it over (ADR 17):
 * a page's navigations (goto, reload) wait for that too, as its user waits for the page to answer.
 * Not where the test looks at the document as it arrives (`waitUntil: 'commit'`).
 */
const waiting = new WeakSet<Page>();
function waitForTakeOvers(page: Page): void {
  if (waiting.has(page)) return;
  waiting.add(page);
  const takenOver = () =>
    page.waitForFunction(() => !document.querySelector('#root[data-server-rendered]'), undefined, {
      timeout: 30_000,
    });
  const settled = async <R>(response: R, options?: { waitUntil?: string }) => {
    if (options?.waitUntil !== 'commit') await takenOver();
    return response;
  };
  const goto = page.goto.bind(page);
  const reload = page.reload.bind(page);
  page.goto = async (url, options) => settled(await goto(url, options), options);
  page.reload = async (options) => settled(await reload(options), options);
}

/** The collector of the test running in this worker (tests in one worker run one at a time). */
let running: ErrorCollector | undefined;

/** Playwright's `test`, failing any test during which a page logs a console error or throws. */
export const test = base.extend<{ consoleErrors: ConsoleErrors }, { watchedBrowser: void }>({
  // Every context the browser creates, including browser.newContext() and browser.newPage() in a test.
  watchedBrowser: [
    async ({ browser }, use) => {
      browser.on('context', (context) => {
        running?.watch(context);
        context.on('page', waitForTakeOvers);
      });
      await use();
    },
    { scope: 'worker', auto: true },
  ],
  consoleErrors: [
    // Playwright wants the fixtures argument destructured, even when none is used.
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const collector = new ErrorCollector();
      running = collector;
      await use(collector);
      running = undefined;
      expect(collector.problems(), 'console errors and uncaught page errors').toEqual([]);
    },
    { auto: true },
  ],
  // The test's own context, in case it was created before the collector above.
  context: async ({ context, consoleErrors }, use) => {
    (consoleErrors as ErrorCollector).watch(context);
    context.on('page', waitForTakeOvers);
    await use(context);
  },
});

export {
  atPortal,
  DASHBOARD_PATH,
  DEMO,
  DEMO_PASSWORD,
  portal,
  SAVED_ACCOUNT,
  SIGN_IN_PATH,
  signIn,
  signInThroughForm,
  submitSignIn,
  type Mode,
} from './accounts';

/** Signs out through the profile menu and waits for the area's sign-in page. */
export async function signOut(page: Page, mode: Mode): Promise<void> {
  await page.getByRole('button', { name: /^Account menu/ }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page).toHaveURL(atPortal(SIGN_IN_PATH[mode]));
}

/** The `user` cookie the portal keeps, parsed. */
export async function userCookie(page: Page): Promise<Record<string, { token: string; sid: string }>> {
  const cookie = (await page.context().cookies()).find((c) => c.name === 'user');
  return cookie ? JSON.parse(decodeURIComponent(cookie.value)) : {};
}

/** An unsigned JWT carrying only an `exp` (the browser reads exp; the server would refuse it). */
export function fakeToken(expiresAtSeconds: number): string {
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${part({ alg: 'HS256', typ: 'JWT' })}.${part({ exp: expiresAtSeconds, sid: 'test' })}.signature`;
}

export interface Mail {
  to: string[];
  subject: string;
  text: string;
  receivedAt: number;
}

/**
 * The newest message to `to` received after `since` (ms), polled for: the server sends some mail
 * (such as a reset link) after it has answered.
 */
export async function readLatestMail(to: string, { since = 0, timeoutMs = 20_000 } = {}): Promise<Mail> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = readdirSync(MAIL_DIR)
      .filter((file) => file.endsWith('.json'))
      .sort()
      .reverse()
      .map(
        (file) =>
          JSON.parse(readFileSync(path.join(MAIL_DIR, file), 'utf8')) as {
            to: string[];
            raw: string;
            receivedAt: number;
          },
      )
      .find((message) => message.receivedAt >= since && message.to.includes(to.toLowerCase()));
    if (found) return { to: found.to, receivedAt: found.receivedAt, ...parseMessage(found.raw) };
    if (Date.now() > deadline) throw new Error(`No mail to ${to} within ${timeoutMs / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** Subject and plain-text body of a single-part message (7bit, quoted-printable or base64). */
function parseMessage(raw: string): { subject: string; text: string } {
  const split = raw.indexOf('\r\n\r\n');
  const head = raw.slice(0, split).replace(/\r\n[ \t]+/g, ' ');
  const body = raw.slice(split + 4);
  const header = (name: string) => new RegExp(`^${name}:\\s*(.*)$`, 'im').exec(head)?.[1]?.trim() ?? '';
  const encoding = header('Content-Transfer-Encoding').toLowerCase();
  const text =
    encoding === 'quoted-printable'
      ? Buffer.from(
          body
            .replace(/=\r?\n/g, '')
            .replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
          'latin1',
        ).toString('utf8')
      : encoding === 'base64'
        ? Buffer.from(body, 'base64').toString('utf8')
        : body;
  return { subject: header('Subject'), text };
}

/** Waits until every finite animation on the page (not spinners) has finished. */
export async function animationsSettled(page: Page): Promise<void> {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().iterations !== Infinity)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
}

/**
 * Waits for the notification with this text, then closes it (they show one at a time). The click
 * waits for the notification to finish growing in: mid-animation the Close button is still moving.
 */
export async function closeNotice(page: Page, text: string | RegExp): Promise<void> {
  const notice = page.locator('.MuiSnackbar-root').getByRole('alert').filter({ hasText: text });
  await expect(notice).toBeVisible();
  await animationsSettled(page);
  await notice.getByRole('button', { name: 'Close' }).click();
  await expect(notice).toBeHidden();
}

/**
 * Opens a page of the area the way its sidebar does: inside the running portal (the router follows
 * the history entry), not by loading the portal again. A full load per page parsed the scripts, read
 * the catalogues and the session and laid out the shell each time: most of the walk's processor time.
 * The shell remounts each page (its error boundary is keyed by the path), so the old heading leaves the
 * document before the new one is looked for.
 */
export async function openInPortal(page: Page, href: string) {
  const path = href.startsWith('/portal') ? href : portal(href);
  if (!page.url().includes('/portal/')) {
    await page.goto(path);
    return;
  }
  // Already there (the walk's first page is often the landing page): the same path does not remount
  // the page, so its heading would never leave.
  const here = new URL(page.url());
  const there = new URL(path, here);
  const bare = (url: URL) => url.pathname.replace(/\/+$/, '').toLowerCase() + url.search;
  if (bare(here) === bare(there)) return;
  await page.evaluate((to) => {
    for (const heading of document.querySelectorAll('h1')) heading.setAttribute('data-walked', '');
    window.history.pushState(null, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
  await page.waitForFunction(() => !document.querySelector('h1[data-walked]'));
}

/** Serious and critical accessibility violations on the page as it is now. */
export async function seriousA11yViolations(page: Page) {
  // A notification still fading in is half transparent, and axe would judge its contrast mid-fade:
  // let pending requests settle and the animations finish first.
  await page.waitForLoadState('networkidle');
  await animationsSettled(page);
  // axe's default rules, plus label-in-name (WCAG 2.5.3): axe-core 4.13 still tags
  // label-content-name-mismatch experimental and leaves it out of the default run. Only the violations
  // are read: axe gives every violating node still, and builds a selector for one node only of each
  // rule that passed or was inapplicable or incomplete (rather than for every node of the page, the
  // costly end of a run on a long table).
  //
  // Legacy mode runs axe.run in the page itself. The default runs axe in each frame and then finishes
  // in a new blank page opened for the purpose (for frames from other origins, which the portal's
  // pages do not hold): three quarters of the 0.75 s each check took, for the same rules and result.
  const results = await new AxeBuilder({ page })
    .setLegacyMode(true)
    .options({ resultTypes: ['violations'], rules: { 'label-content-name-mismatch': { enabled: true } } })
    .analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => ({
      id: violation.id,
      impact: violation.impact,
      nodes: violation.nodes.map((node) => node.target.join(' ')),
    }));
}

/** Whether the page scrolls sideways (it must not, down to 360 px). */
export const hasHorizontalScroll = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);

/** Switches the language with the picker on the page (the public header's or the customiser's). */
export async function chooseLanguage(page: Page, name: string): Promise<void> {
  await page.locator('select[name="locale"]').last().selectOption({ label: name });
}

/** The page's loading bars: indeterminate progress bars (a determinate one shows data, such as fees paid). */
export const loadingBars = (page: Page) => page.locator('[role="progressbar"]:not([aria-valuenow])');

/**
 * Every page link of the signed-in area's sidebar, its groups opened one by one. `group` names a
 * group to wait for where the menus arrive with the user's pages (the admin's).
 */
export async function sidebarLinks(page: Page, group?: string): Promise<{ href: string; name: string }[]> {
  const nav = page.getByRole('navigation', { name: 'Main menu' }).first();
  const links = new Map<string, string>();
  if (group) await expect(nav.getByRole('button', { name: group })).toBeVisible();
  else await expect(nav.locator('a[href]').first()).toBeVisible();
  const groups = nav.getByRole('button');
  const count = await groups.count();
  for (let index = 0; index <= count; index += 1) {
    const button = index < count ? groups.nth(index) : null;
    if (button && (await button.getAttribute('aria-expanded')) !== 'true') await button.click();
    // Read in one call: a round trip per link (over a hundred in the admin's sidebar, once per group)
    // outlasts a hook's time limit on a busy machine.
    const shown = await nav
      .locator('a[href]')
      .evaluateAll((anchors) =>
        anchors.map((a) => [a.getAttribute('href') ?? '', (a as HTMLElement).innerText.trim()] as const),
      );
    for (const [href, name] of shown) links.set(href, name);
  }
  return [...links.entries()].map(([href, name]) => ({ href, name }));
}

/**
 * The notices (snackbar alerts) a page shows from now on, recorded as they appear: a notice shown just
 * before the page is left (the payment reference before a gateway's checkout) can be missed by polling.
 */
const noticesShown = new WeakMap<Page, string[]>();

export async function recordNotices(page: Page): Promise<string[]> {
  let shown = noticesShown.get(page);
  if (!shown) {
    const texts: string[] = [];
    shown = texts;
    noticesShown.set(page, texts);
    await page.exposeFunction('noticeShown', (text: string) => texts.push(text));
  }
  await page.evaluate(() => {
    const report = (window as unknown as { noticeShown: (text: string) => void }).noticeShown;
    new MutationObserver(() => {
      for (const alert of document.querySelectorAll('.MuiSnackbar-root [role="alert"]')) {
        report(alert.textContent ?? '');
      }
    }).observe(document.body, { childList: true, subtree: true, characterData: true });
  });
  return shown;
}

/** What a page asked for while it loaded: its GET reads of the API and the portal's script files, with how often. */
export interface LoadRecord {
  reads: Map<string, number>;
  scripts: Map<string, number>;
  /** Stops recording (the record keeps what it has). */
  stop(): void;
}

/** Records the page's GET reads of the API (path and query) and script files from now until `stop`. */
export function recordLoads(page: Page): LoadRecord {
  const reads = new Map<string, number>();
  const scripts = new Map<string, number>();
  const note = (map: Map<string, number>, key: string) => map.set(key, (map.get(key) ?? 0) + 1);
  const onRequest = (request: { url(): string; method(): string }) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/api/') && request.method() === 'GET')
      note(reads, `${url.pathname}${url.search}`);
    if (/^\/portal\/assets\/.+\.js$/.test(url.pathname)) note(scripts, url.pathname);
  };
  page.on('request', onRequest);
  return { reads, scripts, stop: () => page.off('request', onRequest) };
}

/** The page's early loads as its document's script left them: the reads not yet taken, the code it preloaded, the entry. */
export async function earlyLoads(
  page: Page,
): Promise<{ left: string[]; code: string[]; entry: string | null }> {
  return page.evaluate(() => {
    const loads = (window as unknown as { __portalEarlyReads?: { reads: object; code: string[] } })
      .__portalEarlyReads;
    const entry = document.querySelector('script[type="module"][src]')?.getAttribute('src') ?? null;
    return { left: Object.keys(loads?.reads ?? {}), code: loads?.code ?? [], entry };
  });
}

/** Each script the page loaded that its document did not preload (the entry aside), or loaded more than once. */
export function scriptsNotPreloaded(
  scripts: Map<string, number>,
  early: { code: string[]; entry: string | null },
): string[] {
  const problems: string[] = [];
  for (const [script, times] of scripts) {
    if (script !== early.entry && !early.code.includes(script))
      problems.push(`${script} not preloaded by the document`);
    if (times !== 1) problems.push(`${script} downloaded ${times} times`);
  }
  return problems;
}
