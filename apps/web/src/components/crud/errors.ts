import { ApiError } from '../../lib/api';

/** The server's message when it sent one (safe to show), else empty. */
export const serverMessage = (error: unknown): string =>
  error instanceof ApiError && error.message ? error.message : '';
