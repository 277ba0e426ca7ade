// What a repeat visit to a public page costs, measured in a real browser: the built portal is opened
// in Chromium, then opened again in a new tab of the same browser context (same HTTP cache), and the
// network is watched through the DevTools protocol. Printed per visit: the requests that reached the
// server, those of them for hashed files (/portal/assets/…, which the cache should answer alone), and
// the bytes transferred (headers and bodies as they crossed the wire: Network.loadingFinished's
// encodedDataLength). Exits non-zero when the repeat visit asks for a hashed file or transfers more
// than 10 KiB.
//
// Needs a build (npm run build). Usage: npm run repeat-visit -w bench [-- /portal/ /portal/AdminSignin]
//   BENCH_PORT=8190   port of the portal it starts      BENCH_URL=http://host:port   measure a running one
//   BENCH_VERBOSE=1   list every request of each visit  CHROME_PATH=/usr/bin/chromium
import { chromium } from 'playwright-core';
import { namedOr, startPortal } from './lib.mjs';

const BUDGET_BYTES = 10 * 1024;
const paths = namedOr(['/portal/ApplicantSignin']);
const verbose = Boolean(process.env.BENCH_VERBOSE);
const isHashed = (url) => new URL(url).pathname.startsWith('/portal/assets/');

/** Opens `url` in a new tab of `context` and records what crossed the network until it was idle. */
async function visit(context, url) {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  const requests = new Map();
  cdp.on('Network.requestWillBeSent', ({ requestId, request }) => {
    requests.set(requestId, { url: request.url, source: 'network', bytes: 0, status: 0, done: false });
  });
  cdp.on('Network.requestServedFromCache', ({ requestId }) => {
    const request = requests.get(requestId);
    if (request) request.source = 'memory cache';
  });
  cdp.on('Network.responseReceived', ({ requestId, response }) => {
    const request = requests.get(requestId);
    if (!request) return;
    request.status = response.status;
    if (response.fromDiskCache) request.source = 'disk cache';
    else if (response.fromServiceWorker) request.source = 'service worker';
    else if (response.fromPrefetchCache) request.source = 'prefetch cache';
  });
  cdp.on('Network.loadingFinished', ({ requestId, encodedDataLength }) => {
    const request = requests.get(requestId);
    if (request) Object.assign(request, { bytes: encodedDataLength, done: true });
  });
  cdp.on('Network.loadingFailed', ({ requestId }) => {
    const request = requests.get(requestId);
    if (request) request.done = true;
  });
  await cdp.send('Network.enable');
  await page.goto(url, { waitUntil: 'networkidle' });
  // Every request's last event, so that its bytes are counted.
  for (let waited = 0; [...requests.values()].some((r) => !r.done) && waited < 5000; waited += 50)
    await new Promise((resolve) => setTimeout(resolve, 50));
  await page.close();

  const all = [...requests.values()];
  const network = all.filter((r) => r.source === 'network');
  return {
    requests: all.length,
    network: network.length,
    hashed: network.filter((r) => isHashed(r.url)).length,
    bytes: all.reduce((sum, r) => sum + r.bytes, 0),
    list: all,
  };
}

const kib = (bytes) => `${(bytes / 1024).toFixed(1)} KiB`;

function print(label, v) {
  console.log(
    `${label.padEnd(36)} ${String(v.requests).padStart(8)} ${String(v.network).padStart(8)} ${String(v.hashed).padStart(14)} ${String(v.bytes).padStart(9)} ${kib(v.bytes).padStart(10)}`,
  );
  if (!verbose) return;
  for (const r of v.list)
    console.log(
      `    ${String(r.status).padStart(3)} ${r.source.padEnd(14)} ${String(r.bytes).padStart(7)} B  ${r.url}`,
    );
}

const portal = process.env.BENCH_URL
  ? { base: process.env.BENCH_URL.replace(/\/$/, ''), stop: async () => {} }
  : await startPortal({ port: Number(process.env.BENCH_PORT ?? 8190) });
const browser = await chromium.launch({
  executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
});
let failed = false;
try {
  console.log(
    `Repeat visit budget: no request for a hashed file, at most ${kib(BUDGET_BYTES)} transferred\n`,
  );
  console.log(
    `${'page, visit'.padEnd(36)} ${'requests'.padStart(8)} ${'network'.padStart(8)} ${'hashed network'.padStart(14)} ${'bytes'.padStart(9)} ${'KiB'.padStart(10)}`,
  );
  for (const path of paths) {
    const context = await browser.newContext();
    const url = `${portal.base}${path}`;
    print(`${path}, first visit`, await visit(context, url));
    const repeat = await visit(context, url);
    const over = repeat.hashed > 0 || repeat.bytes > BUDGET_BYTES;
    failed ||= over;
    print(`${path}, repeat visit`, repeat);
    console.log(`${''.padEnd(36)} ${over ? 'OVER BUDGET' : 'within budget'}`);
    await context.close();
  }
} finally {
  await browser.close();
  await portal.stop();
}
process.exit(failed ? 1 : 0);
