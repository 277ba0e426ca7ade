import { sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { badRequest } from '../../platform/errors.js';

/** A database handle or an open transaction: repositories accept either. */
export type Exec = Db | Tx;

/** An error and the few errors it wraps (Drizzle wraps the driver's error as its cause). */
function* errorAndCauses(error: unknown): Generator<{ [key: string]: unknown }> {
  let current: unknown = error;
  for (let depth = 0; current && depth < 4; depth += 1) {
    yield current as { [key: string]: unknown };
    current = (current as { cause?: unknown }).cause;
  }
}

/** The PostgreSQL error code of a failed query, whether or not Drizzle wrapped it. */
export function pgErrorCode(error: unknown): string | undefined {
  for (const { code } of errorAndCauses(error)) {
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
  }
  return undefined;
}

/** Whether an error (or one it wraps) names this text, e.g. a constraint. */
export function errorMentions(error: unknown, text: string): boolean {
  for (const { message, constraint } of errorAndCauses(error)) {
    if (constraint === text || (typeof message === 'string' && message.includes(text))) return true;
  }
  return false;
}

export const PG_UNIQUE_VIOLATION = '23505';
export const PG_FOREIGN_KEY_VIOLATION = '23503';

export function iso(value: Date | string | null | undefined): string | null {
  if (value === null || value === undefined) return null;
  return value instanceof Date ? value.toISOString() : new Date(value).toISOString();
}

export function isoRequired(value: Date | string): string {
  return iso(value)!;
}

/** Nigeria keeps West Africa Time (UTC+1) all year; admins pick dates in it. */
export const INSTITUTION_UTC_OFFSET = '+01:00';

/** Today's date in the institution's time, YYYY-MM-DD. */
export function institutionToday(now = new Date()): string {
  return new Date(now.getTime() + 60 * 60_000).toISOString().slice(0, 10);
}

/**
 * The instants bounding inclusive days [from, to] in the institution's time. Refuses dates after
 * today and a range that ends before it starts.
 */
export function dayRange(
  from: string | undefined,
  to: string | undefined,
  labels: { from: string; to: string } = { from: 'from', to: 'to' },
  allowFuture = false,
): { start?: Date; end?: Date } {
  const today = institutionToday();
  if (!allowFuture) {
    if (from && from > today) throw badRequest(`${labels.from} cannot be after today.`);
    if (to && to > today) throw badRequest(`${labels.to} cannot be after today.`);
  }
  if (from && to && to < from) throw badRequest(`${labels.to} cannot be before ${labels.from}.`);
  const start = from ? new Date(`${from}T00:00:00${INSTITUTION_UTC_OFFSET}`) : undefined;
  const end = to
    ? new Date(new Date(`${to}T00:00:00${INSTITUTION_UTC_OFFSET}`).getTime() + 86_400_000)
    : undefined;
  return { start, end };
}

/** Escapes LIKE wildcards in user input. */
export function likeEscape(value: string): string {
  return value.replace(/[\\%_]/g, (c) => `\\${c}`);
}

export function countSql(): SQL<number> {
  return sql<number>`count(*)::int`;
}

export function paged<T>(data: T[], page: number, pageSize: number, total: number, emptyMessage?: string) {
  return {
    Status: data.length === 0 && total === 0 && emptyMessage ? 'NotFound' : 'Ok',
    ...(data.length === 0 && total === 0 && emptyMessage ? { Message: emptyMessage } : {}),
    Data: data,
    Page: page,
    PageSize: pageSize,
    Total: total,
  };
}

/**
 * A small in-process cache of recent results with a time limit, for counts that are costly on
 * large tables (list totals, the screening report, the dashboard). Concurrent requests for the
 * same key share one query. Entries are dropped when their time is up, when the cache is full
 * (oldest first) or when a write in this process clears it.
 */
export class TtlCache<V> {
  private readonly entries = new Map<string, { at: number; value: Promise<V> }>();
  constructor(
    private readonly ttlMs: number,
    private readonly max = 500,
  ) {}

  get(key: string, load: () => Promise<V>): Promise<V> {
    const now = Date.now();
    const hit = this.entries.get(key);
    if (hit && now - hit.at < this.ttlMs) return hit.value;
    const value = load();
    this.entries.delete(key);
    this.entries.set(key, { at: now, value });
    value.catch(() => this.entries.delete(key));
    if (this.entries.size > this.max) this.entries.delete(this.entries.keys().next().value!);
    return value;
  }

  clear(): void {
    this.entries.clear();
  }
}
