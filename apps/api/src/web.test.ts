import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../test/helpers.js';

/**
 * The built web app as the process serves it: a hashed asset is kept for a year without asking
 * again (a repeat visit on 3G costs no round trip), index.html is revalidated every time.
 */
describe('serving the web app', () => {
  let t: TestApp;
  const dist = mkdtempSync(path.join(tmpdir(), 'portal-web-'));

  beforeAll(async () => {
    mkdirSync(path.join(dist, 'assets'));
    writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Portal</title>');
    const script = 'console.log("portal");'.repeat(50);
    writeFileSync(path.join(dist, 'assets', 'index-AbC123.js'), script);
    writeFileSync(path.join(dist, 'assets', 'index-AbC123.js.br'), brotliCompressSync(script));
    writeFileSync(path.join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    t = await startTestApp({ WEB_DIST_DIR: dist }, { jobs: false });
  }, 180_000);
  afterAll(async () => {
    await t?.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('keeps hashed assets for a year, compressed or not', async () => {
    for (const encoding of ['br', 'identity']) {
      const response = await t.app.inject({
        url: '/portal/assets/index-AbC123.js',
        headers: { 'accept-encoding': encoding },
      });
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      if (encoding === 'br') expect(response.headers['content-encoding']).toBe('br');
    }
  });

  it('revalidates index.html and the other files every time', async () => {
    for (const url of ['/portal/', '/portal/ApplicantSignin', '/portal/favicon.svg']) {
      const response = await t.app.inject({ url });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['cache-control'], url).toBe('no-cache');
    }
  });
});
