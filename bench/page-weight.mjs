// What a student's page downloads on a first visit in a real browser, to check bench/size.mjs
// against: the built portal is started, a student signs in through the sign-in page in Debian's
// Chromium, and each page is opened in a fresh browser context (empty HTTP cache, no service worker;
// the sign-in's cookie and local storage kept). Prints the bytes over the wire (the compressed body,
// without headers) per kind of request and each script file, with the encoding the server chose.
// The service worker is blocked while measuring: what it downloads when it installs (the offline copy
// of the lecture-notes pages, apps/web/sw.config.ts) is not the page's, and is printed apart, from
// the build (the precached files' Brotli sizes, and the worker's own files).
//
// Needs a build (npm run build). Usage: node page-weight.mjs [/portal/student/… …]; without a path, a
// lesson page of the student's course BENCH_COURSE (found through /portal/student/lecturenote), twice:
// opened at a text lesson (the page without a document or video: size.mjs's '(lesson)' row) and at a
// PDF lesson (with the PDF reader: its '(+ PDF reader)' row; pdf.js's worker comes on top).
//   BENCH_PORT=8196   port of the portal it starts   BENCH_STUDENT=DIT/2024/0005   BENCH_COURSE='CSC 101'
//   BENCH_ENCODING=br  the Accept-Encoding sent (Chromium offers br only over HTTPS, as the portal is served)
//   BENCH_LOCALE=ar    the portal's language for the visits (Arabic: right to left, with its style cache)
//   CHROME_PATH=/usr/bin/chromium
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { repoRoot, startPortal } from './lib.mjs';

const student = process.env.BENCH_STUDENT ?? 'DIT/2024/0005';
const courseCode = process.env.BENCH_COURSE ?? 'CSC 101';
const encoding = process.env.BENCH_ENCODING ?? 'br';
const locale = process.env.BENCH_LOCALE ?? 'en';
const kib = (bytes) => `${(bytes / 1024).toFixed(1)} KiB`.padStart(10);

/** The service worker's install: its files and the precache list it fetches (Brotli, as served). */
function serviceWorkerInstall() {
  const dist = path.join(repoRoot, 'apps/web/dist');
  const sw = readFileSync(path.join(dist, 'sw.js'), 'utf8');
  const sent = (file) => {
    const full = path.join(dist, file);
    return existsSync(`${full}.br`)
      ? statSync(`${full}.br`).size
      : brotliCompressSync(readFileSync(full)).length;
  };
  const precached = [...sw.matchAll(/url:"([^"]+)"/g)].map((match) => match[1]);
  const runtime = [...sw.matchAll(/"\.\/(workbox-[\w-]+)"/g)].map((match) => `${match[1]}.js`);
  const files = ['sw.js', ...runtime, ...precached];
  return { files: files.length, bytes: files.reduce((sum, file) => sum + sent(file), 0) };
}

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
    const answer = page.waitForResponse((response) =>
      /^\/api\/student\/content\/\d+\/\d+$/.test(new URL(response.url()).pathname),
    );
    await page.getByRole('link', { name: `Open ${courseCode}` }).click();
    const lessons = (await (await answer).json()).Data.Sections.flatMap((section) => section.Items);
    const course = new URL(page.url()).pathname;
    const text = lessons.find((lesson) => lesson.Kind === 'text')?.Id;
    const pdf = lessons.find((lesson) => lesson.Kind === 'document' && lesson.File?.Kind === 'pdf')?.Id;
    pages = [text, pdf].filter(Boolean).map((id) => `${course}?lesson=${id}`);
    if (pages.length === 0) pages = [course];
  }
  // The language as the language menu saves it (right to left for Arabic), for the visits below.
  await page.evaluate((chosen) => {
    const settings = JSON.parse(localStorage.getItem('portal.settings') ?? '{}');
    localStorage.setItem(
      'portal.settings',
      JSON.stringify({ ...settings, locale: chosen, isDirectionRTL: chosen === 'ar' }),
    );
  }, locale);
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
    const at = new URL(visit.url());
    console.log(
      `\n${pathName} (${at.pathname}${at.search} at the end), first visit, Accept-Encoding: ${encoding}`,
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
  const install = serviceWorkerInstall();
  console.log(
    `\nThe service worker's install, once per device (not the page's; offline copy of the lecture-notes pages): ${install.files} files, ${kib(install.bytes).trim()}`,
  );
} finally {
  await browser.close();
  await portal.stop();
}
