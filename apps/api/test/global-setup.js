import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { openDatabase } from '../src/db/client.js';
/** The settings of a test run, over a DATA_DIR of its own. */
export function testConfig(dataDir, env = {}) {
    return loadConfig({
        NODE_ENV: 'test',
        LOG_LEVEL: 'silent',
        DATA_DIR: dataDir,
        PUBLIC_URL: 'http://portal.test',
        JWT_SECRET: randomBytes(32).toString('hex'),
        ...env,
    });
}
/**
 * The PostgreSQL server URL (TEST_DATABASE_URL) when the project runs on PostgreSQL, else
 * undefined for PGlite. Refuses a database whose name does not say it is for tests.
 */
export function testServerUrl(driver) {
    const serverUrl = driver === 'pg' ? process.env.TEST_DATABASE_URL : undefined;
    if (!serverUrl)
        return undefined;
    const { pathname } = new URL(serverUrl);
    if (!/test/i.test(pathname)) {
        throw new Error(`Refusing to run tests against ${pathname}: the database name must contain "test".`);
    }
    return serverUrl;
}
/** The URL of another database on the same server. */
export function databaseUrl(serverUrl, name) {
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    return url.toString();
}
/** Runs one statement (create, alter or drop database) on the test server's own database. */
export async function onServer(serverUrl, sql) {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    try {
        await client.query(sql);
    }
    finally {
        await client.end();
    }
}
export default async function setup(project) {
    const serverUrl = testServerUrl(project.config.env?.TEST_DB_DRIVER);
    const root = mkdtempSync(path.join(tmpdir(), 'portal-test-seed-'));
    const dataDir = path.join(root, 'data');
    mkdirSync(dataDir);
    const template = serverUrl ? `portal_test_template_${randomBytes(6).toString('hex')}` : null;
    const cleanUp = async () => {
        if (serverUrl && template)
            await onServer(serverUrl, `drop database if exists ${template} with (force)`);
        rmSync(root, { recursive: true, force: true });
    };
    try {
        let database;
        if (serverUrl && template) {
            await onServer(serverUrl, `create database ${template}`);
            database = await openDatabase({ url: databaseUrl(serverUrl, template), dataDir });
        }
        else {
            database = await openDatabase({ dataDir: 'memory://' });
        }
        let dump = null;
        try {
            // Migrated by openDatabase; seeded by buildApp, exactly as the application starts.
            const app = await buildApp(testConfig(dataDir), { database, jobs: false });
            await app.close();
            if (database.driver === 'pglite') {
                const client = database.db.$client;
                if (!(client instanceof PGlite))
                    throw new Error('Expected the PGlite client under the database.');
                dump = path.join(root, 'pgdata.tar');
                const tarball = await client.dumpDataDir('none');
                await writeFile(dump, Buffer.from(await tarball.arrayBuffer()));
            }
        }
        finally {
            await database.close();
        }
        if (serverUrl && template) {
            await onServer(serverUrl, `alter database ${template} with allow_connections false`);
        }
        project.provide('seededDatabase', { dataDir, dump, template });
    }
    catch (error) {
        await cleanUp();
        throw error;
    }
    return cleanUp;
}
//# sourceMappingURL=global-setup.js.map