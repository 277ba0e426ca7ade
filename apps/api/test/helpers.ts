import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp } from '../src/app.js';
import { loadConfig, type Config } from '../src/config.js';
import { openDatabase, type Database } from '../src/db/client.js';

export interface TestApp {
  app: FastifyInstance;
  config: Config;
  database: Database;
  close(): Promise<void>;
}

/**
 * Boots the real application on a fresh database: in-memory PGlite, or a new database on the
 * PostgreSQL server named by TEST_DATABASE_URL (whose name must say it is for tests).
 */
export async function startTestApp(
  env: Record<string, string> = {},
  options: { jobs?: boolean } = {},
): Promise<TestApp> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-test-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    PUBLIC_URL: 'http://portal.test',
    JWT_SECRET: randomBytes(32).toString('hex'),
    ...env,
  } as NodeJS.ProcessEnv);
  const { database, drop } = await freshDatabase(dataDir);
  const app = await buildApp(config, { database, jobs: options.jobs ?? true });
  await app.ready();
  return {
    app,
    config,
    database,
    async close() {
      await app.close();
      await database.close();
      await drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function freshDatabase(dataDir: string): Promise<{ database: Database; drop: () => Promise<void> }> {
  const serverUrl = process.env.TEST_DB_DRIVER === 'pg' ? process.env.TEST_DATABASE_URL : undefined;
  if (!serverUrl)
    return { database: await openDatabase({ dataDir: 'memory://' }), drop: async () => undefined };
  const base = new URL(serverUrl);
  if (!/test/i.test(base.pathname)) {
    throw new Error(`Refusing to run tests against ${base.pathname}: the database name must contain "test".`);
  }
  const name = `portal_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ url: url.toString(), dataDir });
  return {
    database,
    drop: async () => {
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
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
