import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { inject } from 'vitest';
import { buildApp } from '../src/app.js';
import type { Config } from '../src/config.js';
import { openDatabase, type Database } from '../src/db/client.js';
import { courseRegistrations, students } from '../src/db/schema/index.js';
import { copyReadied, prepareNextCopy, takeCopy } from './copies.js';
import { testConfig, type SeededDatabase } from './global-setup.js';

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
 * (test/copies.ts), so that a file's start is building the application on a database already open.
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
      await copyReadied();
    },
  };
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
