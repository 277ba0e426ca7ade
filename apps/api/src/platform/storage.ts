import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import type { Config } from '../config.js';

/**
 * Where uploaded and generated files live. Keys are relative paths such as
 * `applicants/<publicId>/passport-<random>.png`; they never come from a client.
 *
 * The local-disk implementation keeps files under DATA_DIR/uploads. An S3-compatible
 * implementation is not built yet: when S3_* settings are given the app refuses to start
 * rather than silently keeping files on one machine's disk.
 */
export interface FileStorage {
  /** Stores the bytes under the key, replacing what was there. Atomic: readers never see half a file. */
  put(key: string, data: Buffer): Promise<void>;
  /** A stream of the file and its size, or null when the key holds nothing. */
  open(key: string): Promise<{ stream: Readable; size: number } | null>;
  /** The whole file, or null. For small files (PDF forms, photographs). */
  read(key: string): Promise<Buffer | null>;
  exists(key: string): Promise<boolean>;
  /** Removes the file; removing a missing file is not an error. */
  delete(key: string): Promise<void>;
  /** A description for logs and the start-up banner. */
  readonly description: string;
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

  async open(key: string): Promise<{ stream: Readable; size: number } | null> {
    const full = this.pathOf(key);
    try {
      const info = await stat(full);
      if (!info.isFile()) return null;
      return { stream: createReadStream(full), size: info.size };
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

/** The configured storage. */
export function createStorage(config: Pick<Config, 'DATA_DIR' | 'S3_ENDPOINT' | 'S3_BUCKET'>): FileStorage {
  if (config.S3_ENDPOINT || config.S3_BUCKET) {
    throw new Error(
      'S3_ENDPOINT / S3_BUCKET are set, but S3-compatible storage is not implemented yet. ' +
        'Unset them to keep uploads under DATA_DIR/uploads.',
    );
  }
  return new LocalDiskStorage(uploadsDir(config));
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
