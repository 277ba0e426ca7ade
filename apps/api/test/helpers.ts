import { mkdtempSync, rmSync } from 'node:fs';
import { cp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { inject } from 'vitest';
import { buildApp } from '../src/app.js';
import type { Config } from '../src/config.js';
import { openDatabase, type Database } from '../src/db/client.js';
import { databaseUrl, onServer, testConfig, testServerUrl, type SeededDatabase } from './global-setup.js';

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
 * seeded (test/global-setup.ts): in-memory PGlite loaded from the seeded dump, or a new database
 * cloned from the seeded template on the PostgreSQL server named by TEST_DATABASE_URL (whose
 * name must say it is for tests). The seeded files (DATA_DIR/uploads) are copied along with it.
 * Without the global setup (another config), the database starts empty and is seeded here.
 *
 * With `sameDatabaseAs`, a second instance of the application on the first one's database and
 * DATA_DIR with the same secrets, as another process behind a load balancer (or the same one
 * restarted) would be: on PostgreSQL through a pool of its own, on the in-memory PGlite (one
 * connection) through the same handle. Close it before the first.
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
  const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-test-'));
  const seeded = inject('seededDatabase') as SeededDatabase | undefined;
  if (seeded) await cp(seeded.dataDir, dataDir, { recursive: true });
  const config = testConfig(dataDir, env);
  const { database, url, drop } = await freshDatabase(dataDir, seeded);
  const app = await buildApp(config, { database, seed: !seeded, jobs: options.jobs ?? true });
  await app.ready();
  return {
    app,
    config,
    database,
    databaseUrl: url,
    async close() {
      await app.close();
      await database.close();
      await drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The seeded PGlite dump, read once per test file. */
let seededDump: { file: string; blob: Promise<Blob> } | undefined;

async function freshDatabase(
  dataDir: string,
  seeded: SeededDatabase | undefined,
): Promise<{ database: Database; url?: string; drop: () => Promise<void> }> {
  const serverUrl = testServerUrl(process.env.TEST_DB_DRIVER);
  if (!serverUrl) {
    let loadDataDir: Blob | undefined;
    if (seeded?.dump) {
      if (seededDump?.file !== seeded.dump) {
        const file = seeded.dump;
        seededDump = { file, blob: readFile(file).then((bytes) => new Blob([bytes])) };
      }
      loadDataDir = await seededDump.blob;
    }
    return {
      database: await openDatabase({ dataDir: 'memory://', loadDataDir }),
      drop: async () => undefined,
    };
  }
  const name = `portal_test_${randomBytes(6).toString('hex')}`;
  const template = seeded?.template;
  await onServer(serverUrl, `create database ${name}${template ? ` template ${template}` : ''}`);
  const url = databaseUrl(serverUrl, name);
  const database = await openDatabase({ url, dataDir });
  return {
    database,
    url,
    drop: () => onServer(serverUrl, `drop database if exists ${name} with (force)`),
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
