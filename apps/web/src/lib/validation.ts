import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@portal/contracts';

/*
 * The contract's plain checks, restated here because they live in @portal/contracts' auth module
 * beside its zod schemas: importing them from there would put zod (about 27 KiB gzipped) on the
 * sign-in pages. Only the constants come from the contract. Keep these identical to
 * EMAIL_PATTERN and passwordLengthOk in packages/contracts/src/auth.ts.
 */

export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;

/** The rule the server enforces: length only (it also refuses common passwords). */
export const passwordLengthOk = (password: string): boolean =>
  password.length >= PASSWORD_MIN_LENGTH && password.length <= PASSWORD_MAX_LENGTH;
