import { isIPv6 } from 'node:net';
import { sql } from 'drizzle-orm';
import { AUTH_MESSAGES } from '@portal/contracts';
import type { Db } from '../db/client.js';
import { AppError } from './errors.js';
import type { JobQueue } from './jobs.js';

/** One limit: at most `limit` attempts per `windowSeconds` for `key`. */
export interface Limit {
  key: string;
  limit: number;
  windowSeconds: number;
}

/** The windows an accepted attempt was counted in, so a success can be handed back. */
export interface Counted {
  windows: { key: string; resetAt: string }[];
}

interface HitRow {
  key: string;
  count: number;
  reset_at: string;
  retry_after: number;
}

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/**
 * Fixed-window counters in PostgreSQL (table `rate_limits`), shared by every process and kept
 * across restarts — see ADR 4. One attempt is counted against all its limits in one transaction:
 * an upsert increments every key (rows locked in key order, so concurrent attempts queue instead of
 * deadlocking), and when any key is over its limit the transaction rolls back, so a refused attempt
 * counts nowhere. Under any concurrency exactly `limit` attempts get through per window.
 */
export class RateLimits {
  constructor(
    private readonly db: Db,
    jobs: JobQueue,
  ) {
    // Ended windows are deleted every five minutes, by one process.
    jobs.define({
      name: 'rate-limits.sweep',
      handler: () => this.sweep(),
      everySeconds: 5 * 60,
      expireInSeconds: 60,
    });
  }

  /** Counts one attempt against every limit, or against none and throws 429 with Retry-After. */
  async hit(limits: readonly Limit[]): Promise<Counted> {
    const byKey = new Map(limits.map((l) => [l.key, l]));
    const keys = [...byKey.keys()].sort();
    if (keys.length === 0) return { windows: [] };
    const values = sql.join(
      keys.map((key) => sql`(${key}, ${byKey.get(key)!.windowSeconds}::int)`),
      sql`, `,
    );
    const rows = await this.db.transaction(async (tx) => {
      const counted = rowsOf<HitRow>(
        await tx.execute(sql`
          insert into rate_limits as r (key, count, reset_at)
          select v.key, 1, now() + make_interval(secs => v.seconds)
            from (values ${values}) as v(key, seconds)
            order by v.key
          on conflict (key) do update set
            count = case when r.reset_at <= now() then 1 else r.count + 1 end,
            reset_at = case when r.reset_at <= now() then excluded.reset_at else r.reset_at end
          returning r.key, r.count, r.reset_at::text as reset_at,
            greatest(1, ceil(extract(epoch from r.reset_at - now())))::int as retry_after`),
      );
      const over = counted.filter((row) => row.count > byKey.get(row.key)!.limit);
      if (over.length > 0) {
        const retryAfter = Math.max(...over.map((row) => row.retry_after));
        throw new AppError(429, AUTH_MESSAGES.tooManyAttempts, 'TooManyRequests', {
          'retry-after': String(retryAfter),
        });
      }
      return counted;
    });
    return { windows: rows.map((row) => ({ key: row.key, resetAt: row.reset_at })) };
  }

  /** Hands an accepted attempt back (e.g. a successful sign-in), in the windows it was counted in. */
  async refund(counted: Counted): Promise<void> {
    if (counted.windows.length === 0) return;
    const windows = sql.join(
      counted.windows.map((w) => sql`(${w.key}, ${w.resetAt}::timestamptz)`),
      sql`, `,
    );
    await this.db.execute(sql`
      update rate_limits as r set count = r.count - 1
        from (values ${windows}) as w(key, reset_at)
       where r.key = w.key and r.reset_at = w.reset_at and r.count > 0`);
  }

  /** Deletes the rows whose window has ended; answers how many. */
  async sweep(): Promise<number> {
    const deleted = rowsOf<{ key: string }>(
      await this.db.execute(sql`delete from rate_limits where reset_at <= now() returning key`),
    );
    return deleted.length;
  }
}

/**
 * The client address a limit is counted by. An IPv6 client controls at least a /64, so its
 * addresses are counted together; an IPv4 address mapped into IPv6 is the IPv4 address.
 */
export function addressKey(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped) return mapped[1]!;
  if (!isIPv6(ip)) return ip;
  const [head = '', tail = ''] = ip.split('%')[0]!.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = ip.includes('::')
    ? [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right]
    : left;
  return `${groups
    .slice(0, 4)
    .map((g) => Number.parseInt(g, 16).toString(16))
    .join(':')}::/64`;
}
