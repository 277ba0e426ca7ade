import { expect, portal, test } from '../fixtures';

// The shared fixture fails a test on any console error or uncaught error of any page it opens. Each
// test marked test.fail() passes only if the fixture does fail it.

test('a console error on the test’s page fails the test', async ({ page }) => {
  test.fail();
  await page.goto(portal('/'));
  await page.evaluate(() => console.error('a fault'));
});

test('an uncaught error fails the test', async ({ page }) => {
  test.fail();
  await page.goto(portal('/'));
  await page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        setTimeout(() => {
          throw new Error('uncaught');
        });
        setTimeout(resolve);
      }),
  );
});

test('an error on a page of a context the test creates fails the test', async ({ browser }) => {
  test.fail();
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(portal('/'));
  await page.evaluate(() => console.error('a fault'));
  await context.close();
});

test('an error on a page from browser.newPage() fails the test', async ({ browser }) => {
  test.fail();
  const page = await browser.newPage();
  await page.goto(portal('/'));
  await page.evaluate(() => console.error('a fault'));
  await page.close();
});

test('a failed request the test did not declare fails the test', async ({ page }) => {
  test.fail();
  await page.goto(portal('/'));
  await page.evaluate(() => fetch('/api/no-such-call').catch(() => undefined));
});

test('a declared failure that never happens fails the test', async ({ page, consoleErrors }) => {
  test.fail();
  consoleErrors.expectFailedRequest('/api/no-such-call', 404);
  await page.goto(portal('/'));
});

test('a declared failure is allowed, only for its own path and status', async ({ page, consoleErrors }) => {
  consoleErrors.expectFailedRequest('/api/no-such-call', 404);
  await page.goto(portal('/'));
  const status = await page.evaluate(() => fetch('/api/no-such-call').then((response) => response.status));
  expect(status).toBe(404);
});
