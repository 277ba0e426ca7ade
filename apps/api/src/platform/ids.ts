import { randomBytes } from 'node:crypto';

/** 128 random bits, URL-safe: the only kind of id that may appear in a public link. */
export function newPublicId(): string {
  return randomBytes(16).toString('hex');
}

/**
 * A random default password for accounts the institution creates: 72 bits (12 URL-safe
 * characters). At least 64 bits are needed because imported applicants' default passwords are
 * stored with a fast keyed hash rather than argon2id (see platform/passwords.ts).
 */
export function newDefaultPassword(): string {
  return randomBytes(9).toString('base64url');
}
