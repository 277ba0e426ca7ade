import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createHash } from 'node:crypto';
import { brotliCompressSync, brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../test/helpers.js';

/**
 * The built web app as the process serves it: a hashed asset is kept for a year without asking
 * again (a repeat visit on 3G costs no round trip), index.html is revalidated every time.
 */
const inlineScript = "document.documentElement.setAttribute('data-checked', '')";
/** index.html's (a signed-in page's early reads). */
const earlyReadsScript = 'window.__portalEarlyReads = { reads: {} }';
const indexHtml = `<!doctype html><title>Portal</title><!--early-reads--><script>${earlyReadsScript}</script><!--/early-reads-->`;

/**
 * One build folder and one application for the whole file: the web build (dist) beside a server
 * bundle (dist-ssr) standing in for the web build's dist-ssr/prerender.js, whose rendering the
 * browser tests cover (server-render.spec.ts).
 */
let t: TestApp;
const root = mkdtempSync(path.join(tmpdir(), 'portal-web-'));
const dist = path.join(root, 'dist');

beforeAll(async () => {
  mkdirSync(path.join(dist, 'assets'), { recursive: true });
  writeFileSync(path.join(dist, 'index.html'), indexHtml);
  writeFileSync(path.join(dist, 'index.html.br'), brotliCompressSync(indexHtml));
  const script = 'console.log("portal");'.repeat(50);
  writeFileSync(path.join(dist, 'assets', 'index-AbC123.js'), script);
  writeFileSync(path.join(dist, 'assets', 'index-AbC123.js.br'), brotliCompressSync(script));
  writeFileSync(path.join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  mkdirSync(path.join(dist, 'prerendered'));
  writeFileSync(path.join(dist, 'prerendered', 'index.html'), '<!doctype html><h1>Welcome</h1>');
  writeFileSync(
    path.join(dist, 'prerendered', 'applicantsignin.html'),
    `<!doctype html><script>${inlineScript}</script><h1>Applicant Login</h1>`,
  );
  writeFileSync(path.join(dist, 'assets', 'pdf.worker.min-XyZ789.mjs'), 'self.onmessage = () => {};');
  mkdirSync(path.join(root, 'dist-ssr'));
  writeFileSync(
    path.join(root, 'dist-ssr', 'prerender.js'),
    `export async function signedInDocument(shell, route, { cookie, read, viewportWidth }) {
      if (route === 'student/broken') throw new Error('cannot render');
      if (route !== 'student/dashboard') return null;
      const health = await read('/api/health', { accept: 'application/json' });
      const body = await health.json();
      return shell.replace('<title>Portal</title>', '<title>' + [route, body.Status, cookie, viewportWidth].join(' ') + '</title>');
    }`,
  );
  t = await startTestApp({ WEB_DIST_DIR: dist }, { jobs: false });
}, 180_000);
afterAll(async () => {
  await t?.close();
  rmSync(root, { recursive: true, force: true });
});

describe('serving the web app', () => {
  it('keeps hashed assets for a year, compressed or not', async () => {
    for (const encoding of ['br', 'identity']) {
      const response = await t.app.inject({
        url: '/portal/assets/index-AbC123.js',
        headers: { 'accept-encoding': encoding },
      });
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe('max-age=31536000, immutable');
      if (encoding === 'br') expect(response.headers['content-encoding']).toBe('br');
    }
  });

  it('sends the copy the browser accepts, and 404 for what the build did not write', async () => {
    const asked = async (encoding: string) =>
      t.app.inject({ url: '/portal/assets/index-AbC123.js', headers: { 'accept-encoding': encoding } });
    const gzipOnly = await asked('gzip, deflate');
    expect(gzipOnly.headers['content-encoding']).toBeUndefined();
    expect(gzipOnly.body).toBe('console.log("portal");'.repeat(50));
    const refused = await asked('br;q=0, identity');
    expect(refused.headers['content-encoding']).toBeUndefined();
    const brotli = await asked('gzip, br');
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers['content-type']).toBe('text/javascript');
    expect(brotli.headers.vary).toContain('accept-encoding');
    expect(brotliDecompressSync(brotli.rawPayload).toString()).toBe('console.log("portal");'.repeat(50));
    for (const url of [
      '/portal/assets/index-Missing1.js',
      '/portal/assets/..%2Findex.html',
      '/portal/assets/index-AbC123.js.br',
    ]) {
      const response = await t.app.inject({ url });
      expect(response.statusCode, url).toBe(404);
    }
  });

  it('sends a signed-in page compressed from the build’s .br file to a browser that takes brotli, whole to one that does not', async () => {
    const brotli = await t.app.inject({
      url: '/portal/student/dashboard',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(brotli.statusCode).toBe(200);
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers['content-type']).toMatch(/^text\/html/);
    expect(brotli.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(brotli.rawPayload).toString()).toBe(indexHtml);
    const plain = await t.app.inject({
      url: '/portal/student/dashboard',
      headers: { 'accept-encoding': 'identity' },
    });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(indexHtml);
  });

  it('revalidates index.html and the other files every time', async () => {
    for (const url of ['/portal/', '/portal/ApplicantSignin', '/portal/favicon.svg']) {
      const response = await t.app.inject({ url });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['cache-control'], url).toBe('no-cache');
    }
  });

  it('sends the prerendered public pages for their routes, whatever the case or trailing slash', async () => {
    const pages: Record<string, string> = {
      '/portal': 'Welcome',
      '/portal/': 'Welcome',
      '/portal/ApplicantSignin': 'Applicant Login',
      '/portal/applicantsignin/?next=1': 'Applicant Login',
      '/portal/applicant/dashboard': '<title>Portal</title>',
      '/portal/index': '<title>Portal</title>',
      // By its name, as the service worker precaches it.
      '/portal/index.html': '<title>Portal</title>',
    };
    for (const [url, text] of Object.entries(pages)) {
      const response = await t.app.inject({ url });
      expect(response.statusCode, url).toBe(200);
      expect(response.body, url).toContain(text);
      expect(response.headers['cache-control'], url).toBe('no-cache');
    }
  });

  it("allows index.html's and the prerendered pages' inline scripts, and no other", async () => {
    const hashOf = (script: string) => `'sha256-${createHash('sha256').update(script).digest('base64')}'`;
    for (const url of ['/portal/ApplicantSignin', '/portal/student/dashboard']) {
      const response = await t.app.inject({ url });
      const scriptSrc = /script-src ([^;]*)/.exec(String(response.headers['content-security-policy']))?.[1];
      expect(scriptSrc, url).toBe(`'self' ${hashOf(earlyReadsScript)} ${hashOf(inlineScript)}`);
    }
  });

  it('sends a hashed asset without the headers only a document reads, and without validators', async () => {
    const response = await t.app.inject({
      url: '/portal/assets/index-AbC123.js',
      headers: { 'accept-encoding': 'br' },
    });
    expect(response.statusCode).toBe(200);
    for (const header of [
      'content-security-policy',
      'cross-origin-resource-policy',
      'x-frame-options',
      'strict-transport-security',
      'etag',
    ])
      expect(response.headers[header], header).toBeUndefined();
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    // A worker's script is governed by its own answer's policy: it keeps it.
    const worker = await t.app.inject({ url: '/portal/assets/pdf.worker.min-XyZ789.mjs' });
    expect(worker.statusCode).toBe(200);
    expect(worker.headers['content-security-policy']).toContain("default-src 'self'");
    // The pages keep theirs.
    const page = await t.app.inject({ url: '/portal/ApplicantSignin' });
    expect(page.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(page.headers['x-frame-options']).toBe('SAMEORIGIN');
  });
});

/**
 * A signed-in page rendered by the web's server bundle (ADR 17): the API hands it the visitor's
 * cookie and an in-process read of its own routes, and sends what it rendered as the visitor's own
 * page; anything it cannot render goes out as index.html.
 */
describe('a signed-in page rendered on the server', () => {
  it('sends the page rendered with the API’s own answers, as the visitor’s own (never kept by a shared cache)', async () => {
    const page = await t.app.inject({
      url: '/portal/student/dashboard',
      headers: { cookie: 'user=%7B%7D', 'user-agent': 'Mozilla/5.0 (Linux; Android 11) Mobile Safari' },
    });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<title>student/dashboard Ok user=%7B%7D 360</title>');
    expect(page.headers['cache-control']).toBe('private, no-cache');
    expect(page.headers.vary).toContain('cookie');
    expect(page.headers['content-type']).toContain('text/html');
  });

  it('sends index.html to a visitor without the user cookie, for a page the bundle does not render, and when it fails', async () => {
    for (const [url, cookie] of [
      ['/portal/student/dashboard', undefined],
      ['/portal/student/profile', 'user=%7B%7D'],
      ['/portal/student/broken', 'user=%7B%7D'],
    ] as const) {
      const page = await t.app.inject({ url, headers: cookie ? { cookie } : {} });
      expect(page.statusCode, url).toBe(200);
      expect(page.body, url).toBe(indexHtml);
    }
  });
});
