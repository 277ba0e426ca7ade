import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';

/**
 * The one database type the code uses, whichever driver is underneath. Without the schema: the
 * repositories build their queries from the tables (db/schema), never through Drizzle's relational
 * `db.query` API, which would otherwise be typed (9 % of the typecheck's instantiations) and set up
 * at every start for nothing.
 */
export type Db = PgDatabase<PgQueryResultHKT>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export interface Database {
  db: Db;
  driver: 'pglite' | 'pg';
  /**
   * Runs SQL text as written, for a library that brings its own SQL (the job queue, `platform/jobs.ts`):
   * with values, one statement; without, one or several statements, in one transaction (an outer
   * `BEGIN; … COMMIT;` in the text is this transaction), rolled back on error so the connection is
   * never left inside a failed transaction. Answers the last statement's rows.
   */
  runSql(text: string, values?: readonly unknown[]): Promise<{ rows: unknown[] }>;
  close(): Promise<void>;
}

/** The statements inside a script's own outer `BEGIN; … COMMIT;`, which runSql's transaction replaces. */
function unwrapTransaction(text: string): string {
  const match = /^\s*BEGIN\s*;([\s\S]*);\s*COMMIT\s*;?\s*$/i.exec(text);
  return match ? match[1]! : text;
}

type Results = { rows: unknown[] } | { rows: unknown[] }[];
const lastRows = (result: Results): { rows: unknown[] } =>
  Array.isArray(result) ? (result[result.length - 1] ?? { rows: [] }) : result;

/** apps/api, whether running from src/ or dist/. */
const packageRoot = fileURLToPath(new URL('../../', import.meta.url));
export const migrationsFolder = path.join(packageRoot, 'src/db/migrations');

/**
 * Opens the database: PostgreSQL when a URL is given, otherwise the embedded PGlite kept
 * in `dataDir` (or in memory when `dataDir` is 'memory://', for tests). An in-memory database
 * can start from `loadDataDir`, a dump made with PGlite's dumpDataDir (the tests' seeded copy).
 */
export async function openDatabase(options: {
  url?: string;
  dataDir: string;
  loadDataDir?: Blob;
}): Promise<Database> {
  if (options.url) {
    // Timestamps are compared in UTC; keep every connection in UTC whatever the server says.
    const pool = new pg.Pool({ connectionString: options.url, max: 10, options: '-c TimeZone=UTC' });
    // An idle connection the server drops (restart, failover) must not crash the process:
    // the pool replaces it on the next query.
    pool.on('error', (error) => console.warn(`PostgreSQL connection lost: ${error.message}`));
    const orm = drizzlePg(pool);
    await migratePg(orm, { migrationsFolder });
    const db: Db = orm;
    const runSql = async (text: string, values?: readonly unknown[]) => {
      if (values?.length) return pool.query(text, values as unknown[]);
      const connection = await pool.connect();
      try {
        await connection.query('begin');
        const result = (await connection.query(unwrapTransaction(text))) as unknown as Results;
        await connection.query('commit');
        return lastRows(result);
      } catch (error) {
        await connection.query('rollback').catch(() => undefined);
        throw error;
      } finally {
        connection.release();
      }
    };
    return { db, driver: 'pg', runSql, close: () => pool.end() };
  }
  // pg_trgm serves the admin lists' name search (a trigram index), as on PostgreSQL.
  const extensions = { pg_trgm };
  const client =
    options.dataDir === 'memory://'
      ? new PGlite({ loadDataDir: options.loadDataDir, extensions })
      : new PGlite(path.join(options.dataDir, 'pgdata'), { extensions });
  await client.waitReady;
  await client.exec("set time zone 'UTC'");
  const orm = drizzlePglite(client);
  await migratePglite(orm, { migrationsFolder });
  const db: Db = orm;
  const runSql = async (text: string, values?: readonly unknown[]) => {
    if (values?.length) return client.query(text, values as unknown[]);
    // One connection: the transaction holds it, so no other query runs inside the script.
    return client.transaction(async (tx) => lastRows(await tx.exec(unwrapTransaction(text))));
  };
  return { db, driver: 'pglite', runSql, close: () => client.close() };
}
