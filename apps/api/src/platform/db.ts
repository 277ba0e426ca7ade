import { sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.js';

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
export const PG_CHECK_VIOLATION = '23514';

/** The driver's detail line of a failed query (e.g. which table still refers to a row). */
export function errorDetail(error: unknown): string | undefined {
  for (const { detail } of errorAndCauses(error)) if (typeof detail === 'string') return detail;
  return undefined;
}

/** Escapes LIKE wildcards in user input. */
export function likeEscape(value: string): string {
  return value.replace(/[\\%_]/g, (c) => `\\${c}`);
}

export function countSql(): SQL<number> {
  return sql<number>`count(*)::int`;
}

/** A page of a list, as every list endpoint answers it. */
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
