import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gunzipSync, brotliDecompressSync } from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppDeps } from './deps.js';
import { parseRange, sendStoredFile } from './downloads.js';
import { LocalDiskStorage } from './storage.js';

describe('parseRange', () => {
  it('reads one range, clamps its end, and answers unsatisfiable past the end', () => {
    expect(parseRange('bytes=0-99', 1000)).toEqual({ start: 0, end: 99 });
    expect(parseRange('bytes=900-5000', 1000)).toEqual({ start: 900, end: 999 });
    expect(parseRange('bytes=-100', 1000)).toEqual({ start: 900, end: 999 });
    expect(parseRange('bytes=1000-', 1000)).toBe('unsatisfiable');
    expect(parseRange('bytes=0-1,5-6', 1000)).toBeNull();
    expect(parseRange('items=0-1', 1000)).toBeNull();
    expect(parseRange('bytes=5-1', 1000)).toBeNull();
  });
});

describe('sendStoredFile: compression of compressible kinds', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'portal-downloads-'));
  const text = 'Week 1: introduction to computing. '.repeat(2000);
  let app: FastifyInstance;

  beforeAll(async () => {
    const storage = new LocalDiskStorage(dir);
    await storage.put('notes/week1.txt', Buffer.from(text));
    app = Fastify();
    app.decorate('deps', { storage } as unknown as AppDeps);
    app.get('/file', (request, reply) =>
      sendStoredFile(request, reply, {
        key: 'notes/week1.txt',
        mime: 'text/plain; charset=utf-8',
        fileName: 'week1.txt',
        size: text.length,
        disposition: 'attachment',
        maxAgeSeconds: 600,
      }),
    );
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('sends br or gzip when accepted and the whole file is asked for; ranges and others as they are', async () => {
    const br = await app.inject({ url: '/file', headers: { 'accept-encoding': 'gzip, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toBe('Accept-Encoding');
    expect(br.headers['cache-control']).toBe('private, max-age=600');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(text);
    expect(br.rawPayload.length).toBeLessThan(text.length / 10);

    const gzip = await app.inject({ url: '/file', headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(text);
    expect(gzip.headers.etag).not.toBe(br.headers.etag);

    const plain = await app.inject({ url: '/file' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(text);

    const range = await app.inject({
      url: '/file',
      headers: { 'accept-encoding': 'gzip', range: 'bytes=0-6' },
    });
    expect(range.statusCode).toBe(206);
    expect(range.headers['content-encoding']).toBeUndefined();
    expect(range.body).toBe('Week 1:');

    // A compressed copy's ETag still revalidates.
    const again = await app.inject({
      url: '/file',
      headers: { 'accept-encoding': 'gzip', 'if-none-match': String(gzip.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
  });
});
