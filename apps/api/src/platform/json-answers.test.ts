import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/helpers.js';

/**
 * The API's JSON answers as a phone gets them: compressed when the client accepts it and the answer
 * is worth it, without the headers only a document reads.
 */
describe('JSON answers', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({}, { jobs: false });
  }, 180_000);
  afterAll(async () => {
    await t?.close();
  });

  it('compresses a large answer with Brotli or gzip, as the client accepts', async () => {
    const plain = await t.app.inject({ url: '/api/docs/json' });
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    const document = JSON.parse(plain.body) as { openapi?: string };
    expect(document.openapi).toBeTruthy();

    const br = await t.app.inject({ url: '/api/docs/json', headers: { 'accept-encoding': 'gzip, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toContain('accept-encoding');
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(document);

    const gzip = await t.app.inject({ url: '/api/docs/json', headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzip.rawPayload).toString())).toEqual(document);
  });

  it('sends a small answer as it is, with a short policy and without the headers only a document reads', async () => {
    const response = await t.app.inject({ url: '/api/institution', headers: { 'accept-encoding': 'br' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect((JSON.parse(response.body) as { Data?: unknown }).Data).toBeTruthy();
    expect(response.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['cross-origin-resource-policy']).toBe('same-origin');
    for (const header of ['x-frame-options', 'strict-transport-security', 'referrer-policy'])
      expect(response.headers[header], header).toBeUndefined();
  });

  it('leaves other answers (the API docs page) with all their headers', async () => {
    let response = await t.app.inject({ url: '/api/docs' });
    for (let hops = 0; response.statusCode >= 300 && response.statusCode < 400 && hops < 3; hops += 1) {
      const location = String(response.headers.location);
      response = await t.app.inject({ url: location.startsWith('/') ? location : `/api/docs/${location}` });
    }
    expect(response.statusCode).toBe(200);
    expect(String(response.headers['content-type'])).toContain('text/html');
    expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(response.headers['content-security-policy']).toContain("default-src 'self'");
  });
});
