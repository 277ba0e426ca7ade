// What a student's page downloads on a first visit in a real browser, to check bench/size.mjs
// against: the built portal is started, a student signs in through the sign-in page in Debian's
// Chromium, and each page is opened in a fresh browser context (empty HTTP cache, no service worker;
// the sign-in's cookie and local storage kept). Prints the bytes over the wire (the compressed body,
// without headers) per kind of request and each script file, with the encoding the server chose. The
// service worker is blocked here: its install (the offline precache of the lecture-notes pages) is
// its own download, not the page's (listed by `npm run size -w bench`'s header comment).
//
// Needs a build (npm run build). Usage: node page-weight.mjs [/portal/student/… …]; without a path, the
// lesson page of the student's first lecture-notes course (found through /portal/student/lecturenote).
//   BENCH_PORT=8196   port of the portal it starts      BENCH_STUDENT=DIT/2024/0005
//   BENCH_ENCODING=br  the Accept-Encoding sent (Chromium sends br only over HTTPS; the portal is served over HTTPS)
//   CHROME_PATH=/usr/bin/chromium
import { chromium } from 'playwright-core';
import { startPortal } from './lib.mjs';

const student = process.env.BENCH_STUDENT ?? 'DIT/2024/0005';
const encoding = process.env.BENCH_ENCODING ?? 'br';
const portal = await startPortal({ port: Number(process.env.BENCH_PORT ?? 8196) });
const browser = await chromium.launch({
  executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  headless: true,
  args: ['--no-sandbox', '--disable-gpu'],
});
const contextOptions = {
  serviceWorkers: 'block',
  viewport: { width: 360, height: 640 },
  locale: 'en-GB',
  extraHTTPHeaders: { 'accept-encoding': encoding },
};
const kib = (bytes) => `${(bytes / 1024).toFixed(1)} KiB`.padStart(10);
try {
  const signIn = await browser.newContext(contextOptions);
  const page = await signIn.newPage();
  await page.goto(`${portal.base}/portal/StudentSignin`);
  await page.locator('#signin-username').fill(student);
  await page.locator('#signin-password').fill('Portal@2025');
  await page.locator('form button[type="submit"]').click();
  await page.waitForURL(/\/portal\/student\/dashboard/i, { timeout: 60_000 });
  let pages = process.argv.slice(2);
  if (pages.length === 0) {
    await page.goto(`${portal.base}/portal/student/lecturenote`);
    await page
      .getByRole('link', { name: /^Open / })
      .first()
      .click();
    await page.waitForURL(/\/portal\/student\/lecturenote\/\d+\/\d+/);
    pages = [new URL(page.url()).pathname];
  }
  const state = await signIn.storageState();
  await signIn.close();

  for (const pathName of pages) {
    const context = await browser.newContext({ ...contextOptions, storageState: state });
    const visit = await context.newPage();
    const seen = [];
    visit.on('requestfinished', (request) => seen.push(request));
    await visit.goto(`${portal.base}${pathName}`, { waitUntil: 'networkidle' });
    // Whatever the page asks for once it shows (its strings, the lesson's first requests).
    await visit.waitForTimeout(1500);
    const rows = await Promise.all(
      seen.map(async (request) => {
        const response = await request.response();
        const sizes = await request.sizes();
        return {
          url: new URL(request.url()).pathname,
          type: request.resourceType(),
          bytes: sizes.responseBodySize,
          encoding: (await response?.headerValue('content-encoding')) ?? 'identity',
        };
      }),
    );
    const byType = new Map();
    for (const row of rows) byType.set(row.type, (byType.get(row.type) ?? 0) + row.bytes);
    console.log(
      `\n${pathName} (${new URL(visit.url()).pathname} at the end), first visit, Accept-Encoding: ${encoding}`,
    );
    for (const [type, bytes] of [...byType].sort((a, b) => b[1] - a[1]))
      console.log(
        `  ${type.padEnd(12)} ${kib(bytes)}  (${rows.filter((row) => row.type === type).length} requests)`,
      );
    console.log('  scripts:');
    for (const row of rows.filter((r) => r.type === 'script').sort((a, b) => b.bytes - a.bytes))
      console.log(`    ${row.url.padEnd(60)} ${kib(row.bytes)}  ${row.encoding}`);
    console.log('  other requests:');
    for (const row of rows.filter((r) => r.type !== 'script'))
      console.log(`    ${row.type.padEnd(10)} ${row.url.padEnd(50)} ${kib(row.bytes)}  ${row.encoding}`);
    await context.close();
  }
} finally {
  await browser.close();
  await portal.stop();
}
