import type { BrowserContext } from '@playwright/test';
import { atPortal, DEMO, expect, portal, signIn, test } from '../fixtures';

interface Fetched {
  url: string;
  /** Where the answer came from: the server, or one of the browser's caches. */
  source: 'network' | 'cache';
}

/** Opens a sign-in page in a new tab of the context and lists every request it made until the network was idle. */
async function openAndRecord(context: BrowserContext, path: string): Promise<Fetched[]> {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  const fetched = new Map<string, Fetched>();
  cdp.on('Network.requestWillBeSent', ({ requestId, request }) =>
    fetched.set(requestId, { url: request.url, source: 'network' }),
  );
  cdp.on('Network.requestServedFromCache', ({ requestId }) => {
    const request = fetched.get(requestId);
    if (request) request.source = 'cache';
  });
  cdp.on('Network.responseReceived', ({ requestId, response }) => {
    const request = fetched.get(requestId);
    if (request && (response.fromDiskCache || response.fromServiceWorker || response.fromPrefetchCache))
      request.source = 'cache';
  });
  await cdp.send('Network.enable');
  // The sign-in form asks for the active session once it has hydrated, which on a busy machine can be
  // after the network first falls idle: wait for that read, then for the network to settle again.
  const sessionRead = page.waitForRequest(
    (request) => new URL(request.url()).pathname === '/api/ActiveSessions',
  );
  await page.goto(portal(path), { waitUntil: 'networkidle' });
  await sessionRead;
  await page.waitForLoadState('networkidle');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Applicant Login');
  await page.close();
  return [...fetched.values()];
}

test('a repeat visit to a sign-in page asks the server for no hashed file', async ({ browser }) => {
  const context = await browser.newContext();
  const first = await openAndRecord(context, '/ApplicantSignin');
  const hashed = (list: Fetched[]) =>
    list.filter((r) => new URL(r.url).pathname.startsWith('/portal/assets/'));
  expect(hashed(first).length).toBeGreaterThan(0);

  const repeat = await openAndRecord(context, '/ApplicantSignin');
  expect(hashed(repeat).map((r) => r.url)).toEqual(hashed(first).map((r) => r.url));
  expect(hashed(repeat).filter((r) => r.source === 'network')).toEqual([]);
  // Nothing else but the page itself and the API is asked again (the favicon is in the page): the
  // sessions, and the school's particulars the header shows (School Management's name and logo).
  const asked = repeat.filter((r) => r.source === 'network').map((r) => new URL(r.url).pathname);
  expect(asked.sort()).toEqual(['/api/ActiveSessions', '/api/institution', '/portal/ApplicantSignin']);
  await context.close();
});

test('the public pages arrive as HTML: they read and look right before any JavaScript runs', async ({
  browser,
}) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  for (const [path, heading] of [
    ['/', 'Welcome to the School Portal'],
    ['/ApplicantSignin', 'Applicant Login'],
    ['/adminsignin/', 'Admin Login'],
    ['/StudentSignin', 'Student Login'],
    ['/signin', 'Login'],
  ] as const) {
    await page.goto(portal(path));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
    await expect(page).toHaveTitle(`${heading} · School Portal`);
  }
  // Styled: the sign-in button is the theme's colour, not the browser's grey.
  const button = page.locator('form button[type="submit"]');
  expect(await button.evaluate((b) => getComputedStyle(b).backgroundColor)).toBe('rgb(63, 81, 181)');
  await context.close();
});

test('a prerendered sign-in page comes alive without a console error', async ({ page }) => {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  await page.goto(portal('/ApplicantSignin'));
  await expect(page.locator('#root')).toHaveAttribute('data-prerendered', '/ApplicantSignin');
  // The form answers once hydrated.
  await expect(async () => {
    await page.locator('#signin-username').fill(DEMO.applicant);
    await page.locator('form button[type="submit"]').click();
    await expect(page.getByText('You must enter your password!')).toBeVisible({ timeout: 1000 });
  }).toPass();
  // The header's first link goes home, named by the school (School Management's) once its name arrives.
  await page
    .getByRole('banner')
    .getByRole('link', { name: /School Portal|Demo Institute of Technology/ })
    .click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Welcome to the School Portal');
  expect(problems).toEqual([]);
});

test('a visitor who chose Arabic never sees the English prerendered page', async ({
  page,
  consoleErrors,
}) => {
  await page.addInitScript(() =>
    localStorage.setItem('portal.settings', JSON.stringify({ locale: 'ar', isDirectionRTL: true })),
  );
  // Until the JavaScript runs, the English page is hidden: the entry script is held back on purpose.
  const html = await (await page.request.get(portal('/AdminSignin'))).text();
  const entry = /\/portal\/assets\/index-[\w-]+\.js/.exec(html)?.[0];
  expect(entry, 'the prerendered page names its entry script').toBeTruthy();
  consoleErrors.expectFailedRequest(entry!, 'aborted');
  await page.route('**/portal/assets/index-*.js', (route) => route.abort());
  // The browser's report of the aborted script, awaited before the reload below: a report still on its
  // way when the page is replaced is lost, and the declared failure would then never be seen.
  const reported = page.waitForEvent(
    'console',
    (message) => message.type() === 'error' && message.location().url.endsWith(entry!),
  );
  await page.goto(portal('/AdminSignin'));
  await reported;
  await expect(page.locator('html')).toHaveAttribute('data-prerendered', 'stale');
  await expect(page.getByRole('heading', { level: 1 })).toBeHidden();
  await page.unroute('**/portal/assets/index-*.js');

  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('تسجيل دخول المسؤول');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
});

test('a signed-in applicant who opens the sign-in page goes on to the dashboard', async ({ page }) => {
  await signIn(page, 'applicant', DEMO.applicant);
  await page.goto(portal('/ApplicantSignin'));
  await expect(page).toHaveURL(atPortal('/applicant/dashboard'));
});

test('what a visitor types, chooses or submits before the page comes alive is kept', async ({ page }) => {
  let release = () => {};
  const scriptHeld = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/portal/assets/index-*.js', async (route) => {
    await scriptHeld;
    await route.continue();
  });
  await page.goto(portal('/AdminSignin'), { waitUntil: 'commit' });
  await page.locator('#signin-username').fill(DEMO.admin);
  await page.getByRole('combobox', { name: 'Language' }).selectOption('fr');
  await page.locator('#signin-password').fill('Portal@2025');
  // Submitted before the page is alive: held (never sent by the browser with the password in the
  // address), then signed in once it is.
  await page.locator('form button[type="submit"]').click();
  expect(new URL(page.url()).search).toBe('');
  release();
  await expect(page).toHaveURL(atPortal('/admin/dashboard'));
  await expect(page.getByRole('button', { name: 'Paramètres du thème' })).toBeVisible();
});
