import { mkdtempSync, rmSync } from 'node:fs';
import { cp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { inject } from 'vitest';
import { buildApp } from '../src/app.js';
import { openDatabase } from '../src/db/client.js';
import { databaseUrl, onServer, testConfig, testServerUrl } from './global-setup.js';
/**
 * Boots the real application on its own copy of the database the global setup migrated and
 * seeded (test/global-setup.ts): in-memory PGlite loaded from the seeded dump, or a new database
 * cloned from the seeded template on the PostgreSQL server named by TEST_DATABASE_URL (whose
 * name must say it is for tests). The seeded files (DATA_DIR/uploads) are copied along with it.
 * Without the global setup (another config), the database starts empty and is seeded here.
 */
export async function startTestApp(env = {}, options = {}) {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-test-'));
    const seeded = inject('seededDatabase');
    if (seeded)
        await cp(seeded.dataDir, dataDir, { recursive: true });
    const config = testConfig(dataDir, env);
    const { database, drop } = await freshDatabase(dataDir, seeded);
    const app = await buildApp(config, { database, seed: !seeded, jobs: options.jobs ?? true });
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
/** The seeded PGlite dump, read once per test file. */
let seededDump;
async function freshDatabase(dataDir, seeded) {
    const serverUrl = testServerUrl(process.env.TEST_DB_DRIVER);
    if (!serverUrl) {
        let loadDataDir;
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
    const database = await openDatabase({ url: databaseUrl(serverUrl, name), dataDir });
    return {
        database,
        drop: () => onServer(serverUrl, `drop database if exists ${name} with (force)`),
    };
}
/** Signs in through the public API and returns the token and the full response body. */
export async function login(app, userMode, Username, Password = 'Portal@2025') {
    const response = await app.inject({
        method: 'POST',
        url: '/api/Account/Login',
        payload: { Username, Password, userMode, schoolId: 1 },
    });
    const body = response.json();
    if (body.Status !== 'Ok')
        throw new Error(`login failed for ${Username}: ${response.body}`);
    return { token: body.LoginToken, body, auth: { authorization: `Bearer ${body.LoginToken}` } };
}
//# sourceMappingURL=helpers.js.map