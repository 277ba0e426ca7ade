import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { copyFile, mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Config } from '../config.js';

/**
 * Where uploaded and generated files live. Keys are relative paths such as
 * `applicants/<publicId>/passport-<random>.png`; they never come from a client.
 *
 * The local-disk implementation keeps files under DATA_DIR/uploads (one machine). With S3_*
 * settings the files go to an S3-compatible bucket (AWS S3, MinIO, Cloudflare R2…), signed
 * with AWS Signature Version 4, so several app servers can share them.
 */
export interface FileStorage {
  /** Stores the bytes under the key, replacing what was there. Atomic: readers never see half a file. */
  put(key: string, data: Buffer): Promise<void>;
  /**
   * Stores a stream of `size` bytes under the key without holding it in memory (large uploads).
   * Atomic like put; a stream that ends short or long is refused and nothing is stored.
   */
  putStream(key: string, stream: Readable, size: number): Promise<void>;
  /**
   * Stores the file at a local path under the key: moved when it can be (same disk), else streamed.
   * The source is the caller's to delete afterwards if it is still there.
   */
  putFile(key: string, filePath: string): Promise<void>;
  /**
   * A stream of the file (or of the bytes `start`…`end`, both included, when a range is given) and
   * the whole file's size, or null when the key holds nothing.
   */
  open(key: string, range?: ByteRange): Promise<{ stream: Readable; size: number } | null>;
  /** The whole file, or null. For small files (PDF forms, photographs). */
  read(key: string): Promise<Buffer | null>;
  exists(key: string): Promise<boolean>;
  /** Removes the file; removing a missing file is not an error. */
  delete(key: string): Promise<void>;
  /** A description for logs and the start-up banner. */
  readonly description: string;
}

/** Bytes `start` to `end` of a file, both included (as HTTP's Range header counts them). */
export interface ByteRange {
  start: number;
  end: number;
}

/** Passes the bytes through, failing unless exactly `size` of them came. */
function exactly(size: number): (source: AsyncIterable<Buffer>) => AsyncGenerator<Buffer> {
  return async function* (source) {
    let seen = 0;
    for await (const chunk of source) {
      seen += chunk.length;
      if (seen > size) throw new Error(`The stream is longer than the ${size} bytes announced.`);
      yield chunk;
    }
    if (seen !== size) throw new Error(`The stream ended after ${seen} of ${size} bytes.`);
  };
}

const keyPattern = /^[a-z0-9][a-z0-9_.-]*(\/[a-z0-9][a-z0-9_.-]*)*$/i;

/** Throws unless the key is a plain relative path: no '..', no leading slash, no odd characters. */
export function assertStorageKey(key: string): void {
  if (
    !keyPattern.test(key) ||
    key.split('/').some((part) => part === '..' || part === '.') ||
    key.length > 300
  ) {
    throw new Error(`Invalid storage key: ${JSON.stringify(key)}`);
  }
}

/** A fresh, unguessable key under a prefix: `prefix/name-<random>.ext`. */
export function newStorageKey(prefix: string, name: string, ext: string): string {
  const key = `${prefix}/${name}-${randomBytes(8).toString('hex')}.${ext}`;
  assertStorageKey(key);
  return key;
}

export class LocalDiskStorage implements FileStorage {
  readonly description: string;
  constructor(private readonly root: string) {
    this.description = `local disk (${root})`;
  }

  private pathOf(key: string): string {
    assertStorageKey(key);
    const full = path.resolve(this.root, key);
    if (!full.startsWith(path.resolve(this.root) + path.sep)) throw new Error(`Invalid storage key: ${key}`);
    return full;
  }

  async put(key: string, data: Buffer): Promise<void> {
    const full = this.pathOf(key);
    await mkdir(path.dirname(full), { recursive: true });
    const temp = `${full}.tmp-${randomBytes(6).toString('hex')}`;
    try {
      await writeFile(temp, data, { mode: 0o640 });
      await rename(temp, full);
    } catch (error) {
      await rm(temp, { force: true });
      throw error;
    }
  }

  async putStream(key: string, stream: Readable, size: number): Promise<void> {
    const full = this.pathOf(key);
    await mkdir(path.dirname(full), { recursive: true });
    const temp = `${full}.tmp-${randomBytes(6).toString('hex')}`;
    try {
      await pipeline(stream, exactly(size), createWriteStream(temp, { mode: 0o640 }));
      await rename(temp, full);
    } catch (error) {
      stream.destroy();
      await rm(temp, { force: true });
      throw error;
    }
  }

  async putFile(key: string, filePath: string): Promise<void> {
    const full = this.pathOf(key);
    await mkdir(path.dirname(full), { recursive: true });
    try {
      await rename(filePath, full);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EXDEV') throw error;
      // Another disk: copy beside the target, then rename into place (atomic for readers).
      const temp = `${full}.tmp-${randomBytes(6).toString('hex')}`;
      try {
        await copyFile(filePath, temp);
        await rename(temp, full);
      } catch (copyError) {
        await rm(temp, { force: true });
        throw copyError;
      }
    }
  }

  async open(key: string, range?: ByteRange): Promise<{ stream: Readable; size: number } | null> {
    const full = this.pathOf(key);
    try {
      const info = await stat(full);
      if (!info.isFile()) return null;
      const stream = range
        ? createReadStream(full, { start: range.start, end: range.end })
        : createReadStream(full);
      return { stream, size: info.size };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  }

  async read(key: string): Promise<Buffer | null> {
    const opened = await this.open(key);
    if (!opened) return null;
    const chunks: Buffer[] = [];
    for await (const chunk of opened.stream) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  }

  async exists(key: string): Promise<boolean> {
    try {
      return (await stat(this.pathOf(key))).isFile();
    } catch {
      return false;
    }
  }

  async delete(key: string): Promise<void> {
    await rm(this.pathOf(key), { force: true });
  }
}

/** The directory local storage uses: DATA_DIR/uploads. */
export function uploadsDir(config: Pick<Config, 'DATA_DIR'>): string {
  return path.join(config.DATA_DIR, 'uploads');
}

/**
 * Where unfinished resumable (tus) uploads are written, beside the storage's directory on the same
 * disk (a finished file is then moved into local storage, not copied): DATA_DIR/uploads-partial.
 */
export function partialUploadsDir(config: Pick<Config, 'DATA_DIR'>): string {
  return path.join(config.DATA_DIR, 'uploads-partial');
}

/** The configured storage: an S3-compatible bucket when S3_* is set, otherwise DATA_DIR/uploads. */
export function createStorage(
  config: Pick<
    Config,
    'DATA_DIR' | 'S3_ENDPOINT' | 'S3_BUCKET' | 'S3_ACCESS_KEY_ID' | 'S3_SECRET_ACCESS_KEY'
  >,
): FileStorage {
  if (config.S3_ENDPOINT || config.S3_BUCKET) {
    const missing = (
      ['S3_ENDPOINT', 'S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const
    ).filter((name) => !config[name]);
    if (missing.length) throw new Error(`S3 storage needs ${missing.join(', ')} as well.`);
    return new S3Storage({
      endpoint: config.S3_ENDPOINT!,
      bucket: config.S3_BUCKET!,
      accessKeyId: config.S3_ACCESS_KEY_ID!,
      secretAccessKey: config.S3_SECRET_ACCESS_KEY!,
    });
  }
  return new LocalDiskStorage(uploadsDir(config));
}

// ---------------------------------------------------------------------------------------------
// S3-compatible storage, path-style URLs (endpoint/bucket/key), AWS Signature Version 4.

const EMPTY_SHA256 = 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855';
const sha256Hex = (data: Buffer | string) => createHash('sha256').update(data).digest('hex');
const hmac = (key: Buffer | string, data: string) => createHmac('sha256', key).update(data).digest();
/** RFC 3986 encoding, as Signature Version 4 wants it. */
const uriEncode = (value: string) =>
  encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

export interface SigV4Request {
  method: string;
  url: URL;
  /** Headers to sign besides host, x-amz-date and x-amz-content-sha256. */
  headers?: Record<string, string>;
  payloadHash: string;
  accessKeyId: string;
  secretAccessKey: string;
  region: string;
  service?: string;
  now?: Date;
}

/** The headers that sign a request with AWS Signature Version 4 (Authorization included). */
export function signV4(request: SigV4Request): Record<string, string> {
  const now = request.now ?? new Date();
  const amzDate = now
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
  const day = amzDate.slice(0, 8);
  const service = request.service ?? 's3';
  const headers: Record<string, string> = {
    host: request.url.host,
    'x-amz-content-sha256': request.payloadHash,
    'x-amz-date': amzDate,
  };
  for (const [name, value] of Object.entries(request.headers ?? {})) headers[name.toLowerCase()] = value;
  const names = Object.keys(headers).sort();
  const canonicalHeaders = names.map((n) => `${n}:${headers[n]!.trim().replace(/\s+/g, ' ')}\n`).join('');
  const signedHeaders = names.join(';');
  const canonicalPath = request.url.pathname
    .split('/')
    .map((segment) => uriEncode(decodeURIComponent(segment)))
    .join('/');
  const canonicalQuery = [...request.url.searchParams.entries()]
    .map(([k, v]) => [uriEncode(k), uriEncode(v)] as const)
    .sort(([a, av], [b, bv]) => (a === b ? (av < bv ? -1 : 1) : a < b ? -1 : 1))
    .map(([k, v]) => `${k}=${v}`)
    .join('&');
  const canonicalRequest = [
    request.method,
    canonicalPath,
    canonicalQuery,
    canonicalHeaders,
    signedHeaders,
    request.payloadHash,
  ].join('\n');
  const scope = `${day}/${request.region}/${service}/aws4_request`;
  const stringToSign = ['AWS4-HMAC-SHA256', amzDate, scope, sha256Hex(canonicalRequest)].join('\n');
  const key = hmac(
    hmac(hmac(hmac(`AWS4${request.secretAccessKey}`, day), request.region), service),
    'aws4_request',
  );
  const signature = createHmac('sha256', key).update(stringToSign).digest('hex');
  const { host: _host, ...sent } = headers;
  return {
    ...sent,
    authorization: `AWS4-HMAC-SHA256 Credential=${request.accessKeyId}/${scope}, SignedHeaders=${signedHeaders}, Signature=${signature}`,
  };
}

export interface S3Settings {
  endpoint: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Taken from an AWS endpoint's host name (s3.eu-west-1.amazonaws.com), else us-east-1. */
  region?: string;
  /** Prepended to every key (default 'uploads/'). */
  prefix?: string;
  timeoutMs?: number;
}

export class S3Storage implements FileStorage {
  readonly description: string;
  private readonly region: string;
  private readonly prefix: string;
  private readonly base: string;

  constructor(private readonly settings: S3Settings) {
    const host = new URL(settings.endpoint).hostname;
    this.region =
      settings.region ?? /(?:^|\.)s3[.-]([a-z0-9-]+)\.amazonaws\.com$/.exec(host)?.[1] ?? 'us-east-1';
    this.prefix = settings.prefix ?? 'uploads/';
    this.base = settings.endpoint.replace(/\/+$/, '');
    this.description = `S3-compatible bucket ${settings.bucket} at ${host}`;
  }

  private url(key: string): URL {
    assertStorageKey(key);
    return new URL(
      `${this.base}/${uriEncode(this.settings.bucket)}/${`${this.prefix}${key}`.split('/').map(uriEncode).join('/')}`,
    );
  }

  private async request(
    method: string,
    key: string,
    body?: Buffer,
    extraHeaders: Record<string, string> = {},
  ): Promise<Response> {
    const url = this.url(key);
    const headers = signV4({
      method,
      url,
      headers: { ...(body ? { 'content-type': 'application/octet-stream' } : {}), ...extraHeaders },
      payloadHash: body ? sha256Hex(body) : EMPTY_SHA256,
      accessKeyId: this.settings.accessKeyId,
      secretAccessKey: this.settings.secretAccessKey,
      region: this.region,
    });
    return fetch(url, {
      method,
      headers,
      body: body ? new Uint8Array(body) : undefined,
      signal: AbortSignal.timeout(this.settings.timeoutMs ?? 30_000),
    });
  }

  private static async fail(response: Response, what: string): Promise<never> {
    const detail = (await response.text().catch(() => '')).slice(0, 300);
    throw new Error(`S3 ${what} failed: ${response.status} ${detail}`);
  }

  async put(key: string, data: Buffer): Promise<void> {
    const response = await this.request('PUT', key, data);
    if (!response.ok) await S3Storage.fail(response, `PUT ${key}`);
    await response.arrayBuffer();
  }

  /**
   * One PUT whose body streams (the payload is signed as UNSIGNED-PAYLOAD, which S3 and the
   * S3-compatible stores accept over TLS): a single PUT takes up to 5 GB, far above our bounds.
   */
  async putStream(key: string, stream: Readable, size: number): Promise<void> {
    const url = this.url(key);
    const headers = signV4({
      method: 'PUT',
      url,
      headers: { 'content-type': 'application/octet-stream', 'content-length': String(size) },
      payloadHash: 'UNSIGNED-PAYLOAD',
      accessKeyId: this.settings.accessKeyId,
      secretAccessKey: this.settings.secretAccessKey,
      region: this.region,
    });
    const body = Readable.toWeb(Readable.from(exactly(size)(stream)));
    let response: Response;
    try {
      response = await fetch(url, {
        method: 'PUT',
        headers,
        body: body as unknown as NonNullable<RequestInit['body']>,
        duplex: 'half',
        // A large file on a slow link to the bucket: a bound per megabyte, not the small-file timeout.
        signal: AbortSignal.timeout(
          (this.settings.timeoutMs ?? 30_000) + Math.ceil(size / 1_000_000) * 2_000,
        ),
      } as RequestInit);
    } catch (error) {
      // fetch hides why the body failed (a stream that ended short) behind 'fetch failed'.
      const cause = (error as { cause?: unknown }).cause;
      throw cause instanceof Error ? cause : error;
    }
    if (!response.ok) await S3Storage.fail(response, `PUT ${key}`);
    await response.arrayBuffer();
  }

  async putFile(key: string, filePath: string): Promise<void> {
    const { size } = await stat(filePath);
    await this.putStream(key, createReadStream(filePath), size);
  }

  /** GET, or a ranged GET (`Range: bytes=start-end`) answered 206 with the whole size in Content-Range. */
  async open(key: string, range?: ByteRange): Promise<{ stream: Readable; size: number } | null> {
    const response = await this.request(
      'GET',
      key,
      undefined,
      range ? { range: `bytes=${range.start}-${range.end}` } : {},
    );
    if (response.status === 404) {
      await response.arrayBuffer();
      return null;
    }
    if (!response.ok || !response.body) await S3Storage.fail(response, `GET ${key}`);
    const total = /\/(\d+)$/.exec(response.headers.get('content-range') ?? '')?.[1];
    const size = Number(total ?? response.headers.get('content-length') ?? 0);
    if (range && response.status !== 206) {
      // A store that ignored the range: give the whole file's size and let the caller see it.
      await response.body!.cancel();
      throw new Error(`S3 GET ${key} ignored the Range header (${response.status}).`);
    }
    return { stream: Readable.fromWeb(response.body as import('node:stream/web').ReadableStream), size };
  }

  async read(key: string): Promise<Buffer | null> {
    const response = await this.request('GET', key);
    if (response.status === 404) {
      await response.arrayBuffer();
      return null;
    }
    if (!response.ok) await S3Storage.fail(response, `GET ${key}`);
    return Buffer.from(await response.arrayBuffer());
  }

  async exists(key: string): Promise<boolean> {
    const response = await this.request('HEAD', key);
    await response.arrayBuffer().catch(() => undefined);
    if (response.status === 404) return false;
    if (!response.ok) await S3Storage.fail(response, `HEAD ${key}`);
    return true;
  }

  async delete(key: string): Promise<void> {
    const response = await this.request('DELETE', key);
    if (!response.ok && response.status !== 404) await S3Storage.fail(response, `DELETE ${key}`);
    await response.arrayBuffer().catch(() => undefined);
  }
}

// ---------------------------------------------------------------------------------------------
// Signed URLs: a link an <img> (or a plain download) can load without a bearer header.
// HMAC-SHA256 over purpose, subject and expiry, with a key derived from JWT_SECRET.

function signingKey(secret: string): Buffer {
  return createHmac('sha256', secret).update('portal signed file urls v1').digest();
}

function signature(secret: string, purpose: string, subject: string, exp: number): string {
  return createHmac('sha256', signingKey(secret))
    .update(`${purpose}\n${subject}\n${exp}`)
    .digest('base64url');
}

/**
 * Signs a subject for a purpose until an expiry. The expiry is rounded up to the next
 * `roundSeconds`, so the same link is handed out for a while and browsers can cache the image.
 */
export function signLink(
  secret: string,
  purpose: string,
  subject: string,
  ttlSeconds: number,
  now = Date.now(),
  roundSeconds = 3600,
): { exp: number; sig: string } {
  const raw = Math.floor(now / 1000) + ttlSeconds;
  const exp = Math.ceil(raw / roundSeconds) * roundSeconds;
  return { exp, sig: signature(secret, purpose, subject, exp) };
}

export type LinkCheck = 'ok' | 'expired' | 'invalid';

/** Constant-time check of a signed link. */
export function verifyLink(
  secret: string,
  purpose: string,
  subject: string,
  exp: number,
  sig: string,
  now = Date.now(),
): LinkCheck {
  const expected = Buffer.from(signature(secret, purpose, subject, exp));
  const given = Buffer.from(sig);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return 'invalid';
  if (exp * 1000 < now) return 'expired';
  return 'ok';
}
