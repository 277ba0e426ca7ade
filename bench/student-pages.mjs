// The student's own pages on a phone, as Lighthouse 12 sees them with its default mobile settings
// (Slow 4G: 150 ms, 1.6 Mbps; a 4× slower CPU; simulated): the built portal is started, a student
// signs in through the sign-in page in Debian's Chromium, and each page is audited signed in, first
// with an empty cache (HTTP cache, Cache Storage and the service worker cleared; the sign-in cookie
// kept) and then again with the cache the first visit left. Prints LCP, TBT and the bytes over the
// wire per page and run, and the median; exits non-zero when a median misses the target
// (first visit: LCP ≤ 2.0 s and ≤ 180 KiB; warm cache: LCP ≤ 1.0 s).
//
// The browser reaches the portal as a student's phone does in production (docs/deploy.md): through a
// load balancer that terminates TLS and speaks HTTP/2 (nginx, started for the run with a certificate
// Chromium is told to trust), so a page's few dozen files share one connection. Reached directly, over
// the portal's own plain HTTP/1.1, they queue on six connections at a round trip each
// (BENCH_FRONT=direct measures that).
//
// Lighthouse is installed into bench/lighthouse on first use (see lighthouse/run.mjs).
// Needs a build (npm run build). Usage: node student-pages.mjs [/portal/student/… …]
//   BENCH_RUNS=3        runs per page and cache state     BENCH_PORT=8197   port of the portal it starts
//   BENCH_STUDENT=DIT/2023/0003                            CHROME_PATH=/usr/bin/chromium
//   BENCH_REPORTS=/some/folder   keep each run's Lighthouse report there (JSON), to see where the time goes
//   BENCH_ROOT=/path            another checkout's build to measure (for "before" figures)
//   BENCH_FRONT=direct  the portal's own HTTP/1.1, without the TLS front (which needs nginx)
//   BENCH_THROTTLING=devtools   throttle Chromium itself (Lighthouse's devtools method: the same Slow 4G and
//                               4× CPU applied to the real page load) rather than simulate from an unthrottled one
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { namedOr, startPortal, startTlsFront } from './lib.mjs';
import { loadLighthouse } from './lighthouse/load.mjs';

const lighthouse = await loadLighthouse();

const TARGET = { coldLcp: 2000, coldKiB: 180, warmLcp: 1000 };
const runs = Number(process.env.BENCH_RUNS ?? 3);
const reports = process.env.BENCH_REPORTS;
if (reports) mkdirSync(reports, { recursive: true });
const student = process.env.BENCH_STUDENT ?? 'DIT/2023/0003';
const debuggingPort = Number(process.env.BENCH_PORT ?? 8197) + 1000;
const pages = namedOr([
  '/portal/student/dashboard',
  '/portal/student/payment',
  '/portal/student/courseregistration',
  '/portal/student/Result',
]);

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};
const row = (label, r) =>
  console.log(
    `${label.padEnd(48)} ${`${Math.round(r.lcp)} ms`.padStart(8)} ${`${Math.round(r.tbt)} ms`.padStart(8)} ${`${(r.bytes / 1024).toFixed(0)} KiB`.padStart(9)}`,
  );

const port = Number(process.env.BENCH_PORT ?? 8197);
const direct = process.env.BENCH_FRONT === 'direct';
const frontPort = port + 2000;
const portal = await startPortal({
  port,
  ...(direct ? {} : { env: { PUBLIC_URL: `https://127.0.0.1:${frontPort}`, TRUST_PROXY: 'loopback' } }),
  ...(process.env.BENCH_ROOT ? { root: process.env.BENCH_ROOT } : {}),
});
const front = direct
  ? undefined
  : await startTlsFront({ port: frontPort, upstream: portal.base }).catch(async (error) => {
      await portal.stop();
      throw error;
    });
const base = front?.base ?? portal.base;
const profile = mkdtempSync(path.join(tmpdir(), 'portal-bench-chrome-'));
const context = await chromium.launchPersistentContext(profile, {
  executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  headless: true,
  args: [
    `--remote-debugging-port=${debuggingPort}`,
    '--no-sandbox',
    '--disable-gpu',
    ...(front ? [`--ignore-certificate-errors-spki-list=${front.spki}`] : []),
  ],
});
let failed = false;
try {
  // Sign in as a student would; the portal keeps the session in its `user` cookie.
  const page = context.pages()[0] ?? (await context.newPage());
  await page.goto(`${base}/portal/StudentSignin`);
  await page.locator('#signin-username').fill(student);
  await page.locator('#signin-password').fill('Portal@2025');
  await page.locator('form button[type="submit"]').click();
  await page.waitForURL(/\/portal\/student\/dashboard/i, { timeout: 60_000 });
  // Let the service worker finish installing (and precaching) first, or it fills the cache again
  // after it has been emptied.
  await page.evaluate(() =>
    Promise.race([navigator.serviceWorker?.ready, new Promise((done) => setTimeout(done, 15_000))]),
  );
  await page.waitForTimeout(2000);
  await page.goto('about:blank');
  const cdp = await context.newCDPSession(page);
  /** An empty cache, the sign-in kept: what a student's phone has after clearing its browser's cache. */
  const emptyCache = async () => {
    await cdp.send('Network.clearBrowserCache');
    await cdp.send('Storage.clearDataForOrigin', {
      origin: base,
      storageTypes: 'cache_storage,service_workers',
    });
  };
  const audit = async (url, name) => {
    for (let attempt = 0; ; attempt += 1) {
      const { lhr } = await lighthouse(url, {
        port: debuggingPort,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance'],
        // Keep the sign-in: the cache is emptied above, not by Lighthouse.
        disableStorageReset: true,
        ...(process.env.BENCH_THROTTLING ? { throttlingMethod: process.env.BENCH_THROTTLING } : {}),
      });
      // A busy machine sometimes spoils the trace (NO_NAVSTART, NO_FCP): run again.
      if (lhr.runtimeError && attempt < 3) continue;
      if (lhr.runtimeError) throw new Error(`${url}: ${lhr.runtimeError.message}`);
      if (new URL(lhr.finalDisplayedUrl).pathname.toLowerCase() !== new URL(url).pathname.toLowerCase())
        throw new Error(`${url} ended at ${lhr.finalDisplayedUrl}: not signed in?`);
      if (reports) writeFileSync(path.join(reports, `${name}.json`), JSON.stringify(lhr));
      const value = (id) => lhr.audits[id].numericValue;
      return {
        lcp: value('largest-contentful-paint'),
        tbt: value('total-blocking-time'),
        bytes: value('total-byte-weight'),
      };
    }
  };

  console.log(
    `Lighthouse 12, default mobile settings${process.env.BENCH_THROTTLING ? ` (${process.env.BENCH_THROTTLING} throttling)` : ''}, signed in as ${student}; ${runs} runs per page and cache state; ${front ? 'through a TLS front speaking HTTP/2' : "the portal's own HTTP/1.1"}`,
  );
  console.log(
    `targets: first visit LCP ≤ ${TARGET.coldLcp} ms and ≤ ${TARGET.coldKiB} KiB; warm cache LCP ≤ ${TARGET.warmLcp} ms\n`,
  );
  console.log(`${'page'.padEnd(48)} ${'LCP'.padStart(8)} ${'TBT'.padStart(8)} ${'bytes'.padStart(9)}`);
  const summary = [];
  for (const pathName of pages) {
    const url = `${base}${pathName}`;
    const cold = [];
    const warm = [];
    for (let run = 1; run <= runs; run += 1) {
      await emptyCache();
      const name = `${pathName.split('/').at(-1)}-${run}`;
      let first = await audit(url, `${name}-first`);
      // A first visit that fetched almost nothing found a cache: empty it again and measure again.
      if (first.bytes < 50 * 1024) {
        await emptyCache();
        first = await audit(url, `${name}-first`);
      }
      cold.push(first);
      row(`${pathName} first visit ${run}`, cold.at(-1));
      warm.push(await audit(url, `${name}-warm`));
      row(`${pathName} warm cache ${run}`, warm.at(-1));
    }
    const mid = (list) =>
      Object.fromEntries(['lcp', 'tbt', 'bytes'].map((k) => [k, median(list.map((r) => r[k]))]));
    summary.push([pathName, mid(cold), mid(warm)]);
  }
  console.log(
    `\n${'median'.padEnd(40)} ${'first LCP'.padStart(10)} ${'KiB'.padStart(6)} ${'warm LCP'.padStart(9)} ${'warm KiB'.padStart(9)}`,
  );
  for (const [pathName, cold, warm] of summary) {
    const meets =
      cold.lcp <= TARGET.coldLcp && cold.bytes / 1024 <= TARGET.coldKiB && warm.lcp <= TARGET.warmLcp;
    failed ||= !meets;
    console.log(
      `${pathName.padEnd(40)} ${`${Math.round(cold.lcp)} ms`.padStart(10)} ${(cold.bytes / 1024).toFixed(0).padStart(6)} ${`${Math.round(warm.lcp)} ms`.padStart(9)} ${(warm.bytes / 1024).toFixed(0).padStart(9)}   ${meets ? 'meets' : 'MISSES'}`,
    );
  }
} finally {
  await context.close();
  rmSync(profile, { recursive: true, force: true });
  await front?.stop();
  await portal.stop();
}
process.exit(failed ? 1 : 0);
