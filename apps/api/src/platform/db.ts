import { getTableColumns, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
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

const preparedStatements = new WeakMap<object, Map<string, unknown>>();

/**
 * A named statement built once per database handle (`build` calls `.prepare(name)`): each pooled
 * connection then parses and plans it once, not on every request — for the hot queries whose joins
 * cost more to plan than to run.
 */
export function preparedOn<T>(db: Exec, name: string, build: (db: Exec) => T): T {
  let byName = preparedStatements.get(db);
  if (!byName) preparedStatements.set(db, (byName = new Map()));
  let statement = byName.get(name) as T | undefined;
  if (statement === undefined) byName.set(name, (statement = build(db)));
  return statement;
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

/**
 * Inserts many rows in one statement with one parameter: the rows as JSON, spread by
 * `jsonb_to_recordset`. Building a VALUES list of thousands of bound parameters costs far more
 * (in Drizzle and the driver) than the database's own work; this costs a JSON.stringify. Values
 * must be JSON-representable (dates become ISO strings, read back by their column's type).
 * Returns the `returning` columns of each row, named by their keys.
 */
export async function insertJsonRows<R extends Record<string, unknown> = Record<string, never>>(
  db: Exec,
  table: PgTable,
  rows: Record<string, unknown>[],
  returning?: Record<keyof R, PgColumn>,
): Promise<R[]> {
  if (rows.length === 0) return [];
  const byKey = getTableColumns(table) as Record<string, PgColumn>;
  const keys = [...new Set(rows.flatMap((r) => Object.keys(r)))].filter((k) => byKey[k]);
  const names = keys.map((k) => byKey[k]!.name);
  const list = sql.join(
    names.map((n) => sql.identifier(n)),
    sql`, `,
  );
  const record = sql.join(
    keys.map((k) => sql`${sql.identifier(byKey[k]!.name)} ${sql.raw(byKey[k]!.getSQLType())}`),
    sql`, `,
  );
  const json = JSON.stringify(
    rows.map((r) => Object.fromEntries(keys.map((k, i) => [names[i], r[k] ?? null]))),
  );
  const back = returning
    ? sql` returning ${sql.join(
        Object.entries(returning).map(
          ([key, column]) => sql`${sql.identifier(column.name)} as ${sql.identifier(key)}`,
        ),
        sql`, `,
      )}`
    : sql``;
  const result = (await db.execute(
    sql`insert into ${table} (${list}) select ${list} from jsonb_to_recordset(${json}::jsonb) as r(${record})${back}`,
  )) as unknown as { rows: R[] };
  return returning ? result.rows : [];
}

/** One round trip to the database: the health check's probe. */
export async function ping(db: Db): Promise<void> {
  await db.execute(sql`select 1`);
}
