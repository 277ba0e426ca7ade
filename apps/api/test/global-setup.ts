import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { buildApp } from '../src/app.js';
import { loadConfig, type Config } from '../src/config.js';
import { openDatabase, type Database } from '../src/db/client.js';

/**
 * The database every test file starts from, migrated and seeded once per run and per project
 * (seeding hashes the demo passwords with argon2, which is slow):
 * - `dataDir`: the DATA_DIR the seed wrote its files to (uploaded documents, admission forms);
 *   each test file copies it, since the seeded rows point at those files;
 * - `dump`: for PGlite, a tarball of the seeded data directory (PGlite's dumpDataDir);
 * - `template`: for PostgreSQL, the seeded database each test file clones with
 *   `create database … template …`. Nobody may connect to it (PostgreSQL refuses to copy a
 *   database that has connections), and the global teardown drops it.
 */
export interface SeededDatabase {
  dataDir: string;
  dump: string | null;
  template: string | null;
}

declare module 'vitest' {
  export interface ProvidedContext {
    seededDatabase: SeededDatabase;
  }
}

/** The settings of a test run, over a DATA_DIR of its own. */
export function testConfig(dataDir: string, env: Record<string, string> = {}): Config {
  return loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    PUBLIC_URL: 'http://portal.test',
    JWT_SECRET: randomBytes(32).toString('hex'),
    // Tests change reference rows directly in the database; the cache's own test turns it on.
    REFERENCE_CACHE_MS: '0',
    ...env,
  } as NodeJS.ProcessEnv);
}

/**
 * The PostgreSQL server URL (TEST_DATABASE_URL) when the project runs on PostgreSQL, else
 * undefined for PGlite. Refuses a database whose name does not say it is for tests.
 */
export function testServerUrl(driver: string | undefined): string | undefined {
  const serverUrl = driver === 'pg' ? process.env.TEST_DATABASE_URL : undefined;
  if (!serverUrl) return undefined;
  const { pathname } = new URL(serverUrl);
  if (!/test/i.test(pathname)) {
    throw new Error(`Refusing to run tests against ${pathname}: the database name must contain "test".`);
  }
  return serverUrl;
}

/** The URL of another database on the same server. */
export function databaseUrl(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Runs one statement (create, alter or drop database) on the test server's own database. */
export async function onServer(serverUrl: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const serverUrl = testServerUrl(project.config.env?.TEST_DB_DRIVER);
  const root = mkdtempSync(path.join(tmpdir(), 'portal-test-seed-'));
  const dataDir = path.join(root, 'data');
  mkdirSync(dataDir);
  const template = serverUrl ? `portal_test_template_${randomBytes(6).toString('hex')}` : null;
  const cleanUp = async () => {
    if (serverUrl && template) await onServer(serverUrl, `drop database if exists ${template} with (force)`);
    rmSync(root, { recursive: true, force: true });
  };

  try {
    let database: Database;
    if (serverUrl && template) {
      await onServer(serverUrl, `create database ${template}`);
      database = await openDatabase({ url: databaseUrl(serverUrl, template), dataDir });
    } else {
      database = await openDatabase({ dataDir: 'memory://' });
    }
    let dump: string | null = null;
    try {
      // Migrated by openDatabase; seeded by buildApp, exactly as the application starts.
      const app = await buildApp(testConfig(dataDir), { database, jobs: false });
      await app.close();
      if (database.driver === 'pglite') {
        const client = (database.db as unknown as { $client: unknown }).$client;
        if (!(client instanceof PGlite)) throw new Error('Expected the PGlite client under the database.');
        dump = path.join(root, 'pgdata.tar');
        const tarball = await client.dumpDataDir('none');
        await writeFile(dump, Buffer.from(await tarball.arrayBuffer()));
      }
    } finally {
      await database.close();
    }
    if (serverUrl && template) {
      await onServer(serverUrl, `alter database ${template} with allow_connections false`);
    }
    project.provide('seededDatabase', { dataDir, dump, template });
  } catch (error) {
    await cleanUp();
    throw error;
  }
  return cleanUp;
}
