import { AUTH_MESSAGES } from '@portal/contracts';
import { AppError } from './errors.js';

/**
 * A fixed-window counter kept in this process. It is checked before any password hashing,
 * so a flood costs the server almost nothing. Behind a load balancer each process counts on
 * its own, which still bounds the rate per process.
 */
export class RateLimiter {
  private readonly windows = new Map<string, { count: number; resetAt: number }>();

  constructor(
    private readonly limit: number,
    private readonly windowMs: number,
  ) {}

  /** Counts one attempt for `key`; throws 429 with Retry-After once the limit is passed. */
  hit(key: string, now = Date.now()): void {
    let entry = this.windows.get(key);
    if (!entry || entry.resetAt <= now) {
      entry = { count: 0, resetAt: now + this.windowMs };
      this.windows.set(key, entry);
      if (this.windows.size > 100_000) this.sweep(now);
    }
    entry.count += 1;
    if (entry.count > this.limit) {
      const retryAfter = Math.max(1, Math.ceil((entry.resetAt - now) / 1000));
      throw new AppError(429, AUTH_MESSAGES.tooManyAttempts, 'TooManyRequests', {
        'retry-after': String(retryAfter),
      });
    }
  }

  /** Forgets the count for `key`, e.g. after a successful sign-in. */
  clear(key: string): void {
    this.windows.delete(key);
  }

  private sweep(now: number): void {
    for (const [key, entry] of this.windows) if (entry.resetAt <= now) this.windows.delete(key);
  }
}
