import { hash, verify } from '@node-rs/argon2';
import dumbPasswords from 'dumb-passwords';
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

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
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

/** The server's password rule: 8 to 128 characters and not one of the most common passwords. */
export function assertAcceptablePassword(password: string): void {
  if (!password) throw badRequest(AUTH_MESSAGES.passwordRequired);
  if (
    !passwordLengthOk(password) ||
    dumbPasswords.check(password) ||
    dumbPasswords.check(password.toLowerCase())
  ) {
    throw badRequest(AUTH_MESSAGES.passwordRule);
  }
}
