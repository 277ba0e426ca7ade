import { savedSessionFile } from '../accounts';
import { expect, portal, recordLoads, sidebarLinks, test } from '../fixtures';

/**
 * A signed-in student's page arrives rendered with its data (ADR 17): a phone on a slow link shows
 * it before any script has run, and the app then takes it over from the same reads.
 */

test('the dashboard’s document holds the page with the student’s data: it reads without any script', async ({
  browser,
}) => {
  const context = await browser.newContext({
    storageState: savedSessionFile('student'),
    javaScriptEnabled: false,
  });
  const page = await context.newPage();
  // (Not waiting for the app to take the page over: it has no script to.)
  await page.goto(portal('/student/dashboard'), { waitUntil: 'commit' });
  await expect(page).toHaveTitle(/Dashboard/);
  await expect(page.getByText('Welcome, Abubakar Halima (DIT/2024/0001).', { exact: false })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Course registration' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'New documents' })).toBeVisible();
  await context.close();
});

test('the app takes the rendered page over from the reads it came with, asking for none of them again', async ({
  browser,
}) => {
  const context = await browser.newContext({ storageState: savedSessionFile('student') });
  const page = await context.newPage();
  const loads = recordLoads(page);
  await page.goto(portal('/student/Result'));
  // Taken over: the app has rendered (the document's marks are gone) and answers a click.
  await expect(page.locator('#root[data-hydrated]')).toHaveCount(1);
  await expect(page.locator('html')).not.toHaveAttribute('data-server-rendered');
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  loads.stop();
  // (The unread counts are read again at once and every few seconds: they are live.)
  for (const read of ['/api/student/results', '/api/student/pages'])
    expect(loads.reads.get(read) ?? 0, read).toBe(0);
  const profile = (await sidebarLinks(page)).find((link) => link.name === 'Profile');
  expect(profile).toBeTruthy();
  await page.getByRole('navigation').getByRole('link', { name: 'Profile' }).first().click();
  await expect(page.getByText('DIT/2024/0001').first()).toBeVisible();
  await context.close();
});

test('a visitor who reads the portal in Arabic never sees the English rendering: it stays hidden until the app renders the page', async ({
  browser,
}) => {
  const context = await browser.newContext({ storageState: savedSessionFile('student') });
  await context.addInitScript(() => {
    if (location.pathname.startsWith('/portal/'))
      localStorage.setItem('portal.settings', JSON.stringify({ locale: 'ar', isDirectionRTL: true }));
  });
  // The app's entry is held back until the document has been looked at.
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await context.route(/\/portal\/assets\/index-[^/]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  const page = await context.newPage();
  // The held entry is a module script, which the document's load events wait for.
  await page.goto(portal('/student/dashboard'), { waitUntil: 'commit' });
  await expect(page.locator('html')).toHaveAttribute('data-server-rendered', 'stale');
  await expect(page.locator('#root')).toBeHidden();
  release();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
  await expect(page.locator('#root')).toBeVisible();
  await expect(page.locator('html')).not.toHaveAttribute('data-server-rendered');
  await context.close();
});
