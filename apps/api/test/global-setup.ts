import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { cp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { loadConfig, type Config } from '../src/config.js';
import { openDatabase } from '../src/db/client.js';

/**
 * The database every test file starts from, migrated and seeded once per run and per project
 * (seeding hashes the demo passwords with argon2, which is slow):
 * - `dataDir`: the DATA_DIR the seed wrote its files to (uploaded documents, admission forms) and,
 *   on PGlite, the database itself (DATA_DIR/pgdata, as the embedded default keeps it); each test
 *   file copies the directory, which on PGlite is copying the database;
 * - `template`: for PostgreSQL, the seeded database each test file clones with
 *   `create database … template …`. Nobody may connect to it (PostgreSQL refuses to copy a
 *   database that has connections), and the global teardown drops it;
 * - `clonePrefix`: for PostgreSQL, how every clone's name begins, so that the teardown also drops
 *   the clones a worker had ready for a next file that never came.
 */
export interface SeededDatabase {
  dataDir: string;
  template: string | null;
  clonePrefix: string | null;
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
    // On this machine, where nothing listens (the discard port): what the application calls at its own
    // address (the meeting sandbox, from the live classes' tick) is refused at once, and no name is looked
    // up outside. Tests that need those calls answered listen and set PUBLIC_URL to their own address.
    PUBLIC_URL: 'http://127.0.0.1:9',
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

const run = promisify(execFile);

/**
 * Where test databases and files go: memory (tmpfs) where the system has it, since PGlite's
 * database on disk syncs every commit; else the temporary directory.
 */
export function scratchDir(): string {
  return existsSync('/dev/shm') ? '/dev/shm' : tmpdir();
}

/**
 * Copies a directory whole (a database's DATA_DIR, about a thousand files) with the system's `cp`
 * where there is one: 4–5 times quicker than Node's `fs.cp`, and in a process of its own, so a
 * worker importing the application meanwhile is not slowed by it (measured: 45–70 ms against
 * 170–375 ms for an empty PGlite cluster). Node's copy where there is no `cp` (Windows).
 */
export async function copyDirectory(from: string, to: string): Promise<void> {
  try {
    // `from/.`: its contents, whether `to` exists (a new temporary directory) or not.
    await run('cp', ['-R', '-p', `${from}/.`, to]);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    await cp(from, to, { recursive: true });
  }
}

/** Every database on the server whose name begins with `prefix` (a test run's clones). */
async function databasesNamed(serverUrl: string, prefix: string): Promise<string[]> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ datname: string }>(
      'select datname from pg_database where starts_with(datname, $1)',
      [prefix],
    );
    return rows.map((row) => row.datname);
  } finally {
    await client.end();
  }
}

/** The PGlite package's manifest (hoisted to the repository's node_modules by the workspaces). */
const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));
const pgliteManifest = path.join(repoRoot, 'node_modules/@electric-sql/pglite/package.json');

/**
 * Puts a new, empty PGlite cluster at `pgdata`, copied from one initialised before and kept in
 * node_modules/.cache (one per PGlite version): PGlite's initdb takes about 2.5 s of a lone test
 * file's 6.5 s of set-up, the copy a tenth of a second. It is the cluster before any migration or
 * row of ours, the same whenever it is made, so keeping it cannot leave a test on stale data.
 */
async function newPgliteCluster(pgdata: string): Promise<void> {
  if (!existsSync(pgliteManifest)) return;
  const { version } = JSON.parse(readFileSync(pgliteManifest, 'utf8')) as { version: string };
  const kept = path.join(repoRoot, 'node_modules/.cache/portal-tests', `pglite-${version}-cluster`);
  if (!existsSync(kept)) {
    // Made beside, then renamed into place: two runs starting at once never see half a cluster.
    mkdirSync(path.dirname(kept), { recursive: true });
    const making = mkdtempSync(`${kept}-making-`);
    const cluster = new PGlite(making);
    await cluster.waitReady;
    await cluster.close();
    try {
      renameSync(making, kept);
    } catch {
      // Another run kept its own first.
      rmSync(making, { recursive: true, force: true });
    }
  }
  await copyDirectory(kept, pgdata);
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const started = performance.now();
  const serverUrl = testServerUrl(project.config.env?.TEST_DB_DRIVER);
  const root = mkdtempSync(path.join(scratchDir(), 'portal-test-seed-'));
  const dataDir = path.join(root, 'data');
  mkdirSync(dataDir);
  const run = randomBytes(6).toString('hex');
  const template = serverUrl ? `portal_test_template_${run}` : null;
  const clonePrefix = serverUrl ? `portal_test_${run}_` : null;
  const cleanUp = async () => {
    if (serverUrl && template) await onServer(serverUrl, `drop database if exists ${template} with (force)`);
    if (serverUrl && clonePrefix)
      for (const name of await databasesNamed(serverUrl, clonePrefix))
        await onServer(serverUrl, `drop database if exists ${name} with (force)`);
    rmSync(root, { recursive: true, force: true });
  };

  // The application's modules load while the database is created and migrated (on PostgreSQL, the
  // server's work): imported here, as the workers' setup file imports this module without the application.
  const loadingApp = import('../src/app.js');
  loadingApp.catch(() => undefined);
  try {
    // PostgreSQL: a database of its own on the server; PGlite: the embedded default, DATA_DIR/pgdata.
    if (serverUrl && template) await onServer(serverUrl, `create database ${template}`);
    else await newPgliteCluster(path.join(dataDir, 'pgdata'));
    const database = await openDatabase({
      url: serverUrl && template ? databaseUrl(serverUrl, template) : undefined,
      dataDir,
    });
    try {
      // Migrated by openDatabase; seeded by buildApp (and the job queue's schema and queues
      // installed), exactly as the application starts. Test files start from this state.
      const { buildApp } = await loadingApp;
      const app = await buildApp(testConfig(dataDir), { database, jobs: false });
      await app.close();
    } finally {
      await database.close();
    }
    if (serverUrl && template) {
      await onServer(serverUrl, `alter database ${template} with allow_connections false`);
    }
    project.provide('seededDatabase', { dataDir, template, clonePrefix });
  } catch (error) {
    await cleanUp();
    throw error;
  }
  // One line per project that runs it: the global setup runs once per project, never for the root.
  console.log(
    `[global setup] project ${project.name}: migrated and seeded ${template ? `the template ${template}` : `the PGlite database in ${dataDir}`} in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
  return cleanUp;
}
