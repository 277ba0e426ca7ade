import type { BrowserContext } from '@playwright/test';
import { expect, portal, test } from '../fixtures';

interface Fetched {
  url: string;
  /** Where the answer came from: the server, or one of the browser's caches. */
  source: 'network' | 'cache';
}

/** Opens a page in a new tab of the context and lists every request it made until the network was idle. */
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
  await page.goto(portal(path), { waitUntil: 'networkidle' });
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
  // Nothing else but the page itself and the API is asked again (the favicon is in the page).
  const asked = repeat.filter((r) => r.source === 'network').map((r) => new URL(r.url).pathname);
  expect(asked).toEqual(['/portal/ApplicantSignin', '/api/ActiveSessions']);
  await context.close();
});
