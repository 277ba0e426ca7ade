import { mkdtempSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { cp, rm } from 'node:fs/promises';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { inject } from 'vitest';
import { buildApp } from '../src/app.js';
import type { Config } from '../src/config.js';
import { openDatabase, type Database } from '../src/db/client.js';
import { courseRegistrations, students } from '../src/db/schema/index.js';
import {
  databaseUrl,
  onServer,
  scratchDir,
  testConfig,
  testServerUrl,
  type SeededDatabase,
} from './global-setup.js';

export interface TestApp {
  app: FastifyInstance;
  config: Config;
  database: Database;
  /** The PostgreSQL database's URL (undefined on PGlite), so another instance can open it too. */
  databaseUrl?: string;
  close(): Promise<void>;
}

/**
 * Boots the real application on its own copy of the database the global setup migrated and
 * seeded (test/global-setup.ts): on PGlite, a copy of the seeded DATA_DIR, whose pgdata is the
 * database (the embedded default as `npm start` keeps it); on the PostgreSQL server named by
 * TEST_DATABASE_URL (whose name must say it is for tests), a new database cloned from the seeded
 * template, with a copy of the seeded DATA_DIR for its files. Without the global setup (another
 * config), the database starts empty in memory and is seeded here.
 *
 * A worker runs file after file (`isolate: false` in vitest.config.ts): the application's modules
 * are imported once per worker, and while a file runs the worker readies the next file's copy
 * (`nextCopy`), so that a file's start is building the application on a database already open.
 * Each file still gets an application of its own (its settings differ: SMTP receivers, limits,
 * gateways) on a database nobody else has touched.
 *
 * With `sameDatabaseAs`, a second instance of the application on the first one's database and
 * DATA_DIR with the same secrets, as another process behind a load balancer (or the same one
 * restarted) would be: on PostgreSQL through a pool of its own, on PGlite (one connection) through
 * the same handle. Close it before the first.
 */
export async function startTestApp(
  env: Record<string, string> = {},
  options: { jobs?: boolean; sameDatabaseAs?: TestApp } = {},
): Promise<TestApp> {
  const first = options.sameDatabaseAs;
  if (first) {
    const config = testConfig(first.config.DATA_DIR, { JWT_SECRET: first.config.JWT_SECRET, ...env });
    const database = first.databaseUrl
      ? await openDatabase({ url: first.databaseUrl, dataDir: first.config.DATA_DIR })
      : first.database;
    const app = await buildApp(config, { database, seed: false, jobs: options.jobs ?? true });
    await app.ready();
    return {
      app,
      config,
      database,
      databaseUrl: first.databaseUrl,
      async close() {
        await app.close();
        if (database !== first.database) await database.close();
      },
    };
  }
  const seeded = inject('seededDatabase') as SeededDatabase | undefined;
  const copy = await takeCopy(seeded);
  const config = testConfig(copy.dataDir, env);
  let app: FastifyInstance;
  try {
    app = await buildApp(config, { database: copy.database, seed: !seeded, jobs: options.jobs ?? true });
    await app.ready();
  } catch (error) {
    await copy.discard();
    throw error;
  }
  // The next file's copy, readied while this file's tests run.
  if (seeded) prepareNextCopy(seeded);
  return {
    app,
    config,
    database: copy.database,
    databaseUrl: copy.url,
    async close() {
      await app.close();
      await copy.discard();
      // The next copy is made by the time a file ends, so none is being written when the run ends
      // and the global teardown removes what the worker readied for nothing.
      await nextCopy?.copy.catch(() => undefined);
    },
  };
}

/** A database of one's own, open, with its DATA_DIR. */
interface DatabaseCopy {
  database: Database;
  dataDir: string;
  /** The PostgreSQL database's URL; undefined on PGlite. */
  url?: string;
  /** Closes the database, drops it (PostgreSQL) and removes its DATA_DIR. */
  discard(): Promise<void>;
}

/** The copy this worker readied for its next file, with the seeded database it was made from. */
let nextCopy: { from: SeededDatabase; copy: Promise<DatabaseCopy> } | undefined;
let copiesMade = 0;

function sameSeed(a: SeededDatabase, b: SeededDatabase): boolean {
  return a.dataDir === b.dataDir && a.template === b.template;
}

function prepareNextCopy(seeded: SeededDatabase): void {
  if (nextCopy && sameSeed(nextCopy.from, seeded)) return;
  const copy = newCopy(seeded);
  // A failure is the next file's to report, when it takes the copy.
  copy.catch(() => undefined);
  nextCopy = { from: seeded, copy };
}

async function takeCopy(seeded: SeededDatabase | undefined): Promise<DatabaseCopy> {
  if (!seeded) return newCopy(undefined);
  const ready = nextCopy;
  nextCopy = undefined;
  if (ready && sameSeed(ready.from, seeded)) return ready.copy;
  // Made from another run's seed (the worker moved to another project): not this file's.
  if (ready) void ready.copy.then((stale) => stale.discard()).catch(() => undefined);
  return newCopy(seeded);
}

async function newCopy(seeded: SeededDatabase | undefined): Promise<DatabaseCopy> {
  // Beside the seeded DATA_DIR, so the global teardown removes a copy a worker readied for nothing.
  const dataDir = mkdtempSync(path.join(seeded ? path.dirname(seeded.dataDir) : scratchDir(), 'copy-'));
  const removeDataDir = () => rm(dataDir, { recursive: true, force: true });
  const serverUrl = testServerUrl(process.env.TEST_DB_DRIVER);
  try {
    if (seeded) await cp(seeded.dataDir, dataDir, { recursive: true });
    if (!serverUrl) {
      // PGlite: the copied DATA_DIR/pgdata is the seeded database; without a seed, an empty one in memory.
      const database = await openDatabase({ dataDir: seeded ? dataDir : 'memory://' });
      return {
        database,
        dataDir,
        async discard() {
          await database.close();
          await removeDataDir();
        },
      };
    }
    copiesMade += 1;
    const name = `${seeded?.clonePrefix ?? 'portal_test_'}${process.pid}_${copiesMade}_${randomBytes(3).toString('hex')}`;
    await onServer(
      serverUrl,
      `create database ${name}${seeded?.template ? ` template ${seeded.template}` : ''}`,
    );
    const url = databaseUrl(serverUrl, name);
    const database = await openDatabase({ url, dataDir });
    return {
      database,
      dataDir,
      url,
      async discard() {
        await database.close();
        await onServer(serverUrl, `drop database if exists ${name} with (force)`);
        await removeDataDir();
      },
    };
  } catch (error) {
    await removeDataDir();
    throw error;
  }
}

/** Signs in through the public API and returns the token and the full response body. */
export async function login(
  app: FastifyInstance,
  userMode: 'Applicant' | 'Admin' | 'Student',
  Username: string,
  Password = 'Portal@2025',
) {
  const response = await app.inject({
    method: 'POST',
    url: '/api/Account/Login',
    payload: { Username, Password, userMode, schoolId: 1 },
  });
  const body = response.json();
  if (body.Status !== 'Ok') throw new Error(`login failed for ${Username}: ${response.body}`);
  return { token: body.LoginToken as string, body, auth: { authorization: `Bearer ${body.LoginToken}` } };
}

/** Every statement the database runs while `work` runs (Drizzle's logger, on either engine). */
export async function statementsDuring(db: Database['db'], work: () => Promise<void>): Promise<string[]> {
  // Drizzle keeps the logger on the session and on the options each transaction's session copies.
  const session = (db as unknown as { session: { logger: unknown; options: { logger?: unknown } } }).session;
  const seen: string[] = [];
  const saved = { logger: session.logger, optionsLogger: session.options.logger };
  const logger = { logQuery: (query: string) => void seen.push(query) };
  session.logger = logger;
  session.options.logger = logger;
  try {
    await work();
  } finally {
    session.logger = saved.logger;
    session.options.logger = saved.optionsLogger;
  }
  return seen;
}

/**
 * Removes a demo student's seeded course registrations, for the tests that count a course's
 * registered students from none: the course content seed registers DIT/2024/0005 (approved) for
 * the first semester's CSC 101, which those tests were written before.
 */
export async function dropCourseRegistrationsOf(db: Database['db'], matricNo: string): Promise<void> {
  await db
    .delete(courseRegistrations)
    .where(
      sql`${courseRegistrations.studentId} = (select ${students.id} from ${students} where ${students.matricNo} = ${matricNo})`,
    );
}
