import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LocalDiskStorage, S3Storage, createStorage, signLink, signV4, verifyLink } from './storage.js';

describe('Signature Version 4', () => {
  it('matches the GET Object example of the AWS documentation', () => {
    const headers = signV4({
      method: 'GET',
      url: new URL('https://examplebucket.s3.amazonaws.com/test.txt'),
      headers: { Range: 'bytes=0-9' },
      payloadHash: 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855',
      accessKeyId: 'AKIAIOSFODNN7EXAMPLE',
      secretAccessKey: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
      region: 'us-east-1',
      now: new Date('2013-05-24T00:00:00Z'),
    });
    expect(headers.authorization).toBe(
      'AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request, ' +
        'SignedHeaders=host;range;x-amz-content-sha256;x-amz-date, ' +
        'Signature=f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41',
    );
    expect(headers['x-amz-date']).toBe('20130524T000000Z');
  });
});

describe('S3 storage against a local S3-style server', () => {
  const objects = new Map<string, Buffer>();
  const seen: { method: string; url: string; authorization: string; payload?: string }[] = [];
  let server: Server;
  let endpoint: string;

  beforeAll(async () => {
    server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        seen.push({
          method: req.method!,
          url: req.url!,
          authorization: String(req.headers.authorization),
          payload: req.headers['x-amz-content-sha256'] as string | undefined,
        });
        const key = req.url!;
        if (req.method === 'PUT') {
          objects.set(key, Buffer.concat(chunks));
          res.writeHead(200).end();
        } else if (req.method === 'GET' || req.method === 'HEAD') {
          const body = objects.get(key);
          if (!body) return void res.writeHead(404).end('<Error><Code>NoSuchKey</Code></Error>');
          const range = /^bytes=(\d+)-(\d+)$/.exec(String(req.headers.range ?? ''));
          if (range && req.method === 'GET') {
            const [start, end] = [Number(range[1]), Math.min(Number(range[2]), body.length - 1)];
            res.writeHead(206, {
              'content-length': end - start + 1,
              'content-range': `bytes ${start}-${end}/${body.length}`,
            });
            return void res.end(body.subarray(start, end + 1));
          }
          res.writeHead(200, { 'content-length': body.length });
          res.end(req.method === 'GET' ? body : undefined);
        } else if (req.method === 'DELETE') {
          objects.delete(key);
          res.writeHead(204).end();
        } else res.writeHead(405).end();
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    endpoint = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('puts, reads, streams, checks and deletes objects with signed requests', async () => {
    const storage = createStorage({
      DATA_DIR: '/nonexistent',
      S3_ENDPOINT: endpoint,
      S3_BUCKET: 'portal-files',
      S3_ACCESS_KEY_ID: 'test-key',
      S3_SECRET_ACCESS_KEY: 'test-secret',
    });
    expect(storage).toBeInstanceOf(S3Storage);
    const key = 'applicants/abc/passport-1234.png';
    await storage.put(key, Buffer.from('hello'));
    expect([...objects.keys()]).toEqual([`/portal-files/uploads/${key}`]);
    expect(seen[0]!.authorization).toMatch(
      /^AWS4-HMAC-SHA256 Credential=test-key\/\d{8}\/us-east-1\/s3\/aws4_request, SignedHeaders=content-type;host;x-amz-content-sha256;x-amz-date, Signature=[0-9a-f]{64}$/,
    );
    expect(await storage.exists(key)).toBe(true);
    expect((await storage.read(key))!.toString()).toBe('hello');
    const opened = await storage.open(key);
    expect(opened!.size).toBe(5);
    const chunks: Buffer[] = [];
    for await (const chunk of opened!.stream) chunks.push(Buffer.from(chunk as Uint8Array));
    expect(Buffer.concat(chunks).toString()).toBe('hello');
    await storage.delete(key);
    expect(await storage.exists(key)).toBe(false);
    expect(await storage.read(key)).toBeNull();
    expect(await storage.open(key)).toBeNull();
    await expect(storage.put('../escape', Buffer.from('x'))).rejects.toThrow(/Invalid storage key/);
  });

  it('streams a large put (unsigned payload) and reads a byte range with a ranged GET', async () => {
    const storage = createStorage({
      DATA_DIR: '/nonexistent',
      S3_ENDPOINT: endpoint,
      S3_BUCKET: 'portal-files',
      S3_ACCESS_KEY_ID: 'test-key',
      S3_SECRET_ACCESS_KEY: 'test-secret',
    });
    const bytes = Buffer.from(Array.from({ length: 256 * 1024 }, (_, i) => i % 251));
    await storage.putStream(
      'videos/v.mp4',
      Readable.from([bytes.subarray(0, 1000), bytes.subarray(1000)]),
      bytes.length,
    );
    expect(seen.at(-1)).toMatchObject({ method: 'PUT', payload: 'UNSIGNED-PAYLOAD' });
    expect(objects.get('/portal-files/uploads/videos/v.mp4')!.equals(bytes)).toBe(true);
    const part = await storage.open('videos/v.mp4', { start: 1000, end: 1999 });
    expect(part!.size).toBe(bytes.length);
    const chunks: Buffer[] = [];
    for await (const chunk of part!.stream) chunks.push(Buffer.from(chunk as Uint8Array));
    expect(Buffer.concat(chunks).equals(bytes.subarray(1000, 2000))).toBe(true);
    await expect(
      storage.putStream('videos/short.mp4', Readable.from([bytes.subarray(0, 10)]), 20),
    ).rejects.toThrow(/ended after 10 of 20 bytes/);
  });

  it('names the S3 settings that are missing', () => {
    expect(() => createStorage({ DATA_DIR: '/x', S3_BUCKET: 'b' })).toThrow(
      'S3 storage needs S3_ENDPOINT, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY as well.',
    );
  });
});

describe('local disk storage and signed links', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'portal-storage-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('keeps files under its root and refuses keys that leave it', async () => {
    const storage = new LocalDiskStorage(dir);
    await storage.put('a/b/c.pdf', Buffer.from('%PDF-1.7'));
    expect((await storage.read('a/b/c.pdf'))!.toString()).toBe('%PDF-1.7');
    expect(await storage.exists('a/b/missing.pdf')).toBe(false);
    await storage.delete('a/b/missing.pdf');
    for (const key of ['../x', '/etc/passwd', 'a/../../x', 'a//b', 'a/./b', '']) {
      await expect(storage.put(key, Buffer.from('x'))).rejects.toThrow(/Invalid storage key/);
    }
  });

  it('stores streams and files, and reads byte ranges', async () => {
    const storage = new LocalDiskStorage(dir);
    await storage.putStream('s/one.bin', Readable.from([Buffer.from('hello '), Buffer.from('world')]), 11);
    const part = await storage.open('s/one.bin', { start: 6, end: 10 });
    expect(part!.size).toBe(11);
    const chunks: Buffer[] = [];
    for await (const chunk of part!.stream) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).toString()).toBe('world');
    await expect(storage.putStream('s/two.bin', Readable.from([Buffer.from('abc')]), 5)).rejects.toThrow(
      /ended after 3 of 5 bytes/,
    );
    expect(await storage.exists('s/two.bin')).toBe(false);
    const source = path.join(dir, 'outside.tmp');
    writeFileSync(source, 'moved in');
    await storage.putFile('s/three.txt', source);
    expect((await storage.read('s/three.txt'))!.toString()).toBe('moved in');
    expect(existsSync(source)).toBe(false);
  });

  it('signs links that expire and cannot be moved to another subject', () => {
    const secret = 'x'.repeat(40);
    const now = Date.parse('2025-01-01T10:20:00Z');
    const { exp, sig } = signLink(secret, 'passport', 'abc', 3600, now);
    expect(exp % 3600).toBe(0);
    expect(verifyLink(secret, 'passport', 'abc', exp, sig, now)).toBe('ok');
    expect(verifyLink(secret, 'passport', 'abd', exp, sig, now)).toBe('invalid');
    expect(verifyLink(secret, 'receipt', 'abc', exp, sig, now)).toBe('invalid');
    expect(verifyLink(secret, 'passport', 'abc', exp + 3600, sig, now)).toBe('invalid');
    expect(verifyLink('y'.repeat(40), 'passport', 'abc', exp, sig, now)).toBe('invalid');
    expect(verifyLink(secret, 'passport', 'abc', exp, sig, exp * 1000 + 1)).toBe('expired');
  });
});
