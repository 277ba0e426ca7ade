import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { inject } from 'vitest';
import { openDatabase, type Database } from '../src/db/client.js';
import {
  copyDirectory,
  databaseUrl,
  onServer,
  scratchDir,
  testServerUrl,
  type SeededDatabase,
} from './global-setup.js';

/**
 * Each test file's own copy of the seeded database (test/helpers.ts `startTestApp` takes it). A
 * worker readies the next file's copy while a file runs, and the first file's while the worker
 * imports the application (test/ready-copy.ts, a setup file, which imports nothing of the app).
 */

/** Resolves once the copy being readied (if any) is made, so none is being written when a run ends. */
export async function copyReadied(): Promise<void> {
  await nextCopy?.copy.catch(() => undefined);
}

/** Readies this worker's next copy, unless one is ready: called before each file's imports. */
export function readyCopy(): void {
  const seeded = inject('seededDatabase') as SeededDatabase | undefined;
  if (seeded) prepareNextCopy(seeded);
}

/** A database of one's own, open, with its DATA_DIR. */
export interface DatabaseCopy {
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

export function prepareNextCopy(seeded: SeededDatabase): void {
  if (nextCopy && sameSeed(nextCopy.from, seeded)) return;
  const copy = newCopy(seeded);
  // A failure is the next file's to report, when it takes the copy.
  copy.catch(() => undefined);
  nextCopy = { from: seeded, copy };
}

export async function takeCopy(seeded: SeededDatabase | undefined): Promise<DatabaseCopy> {
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
    if (seeded) await copyDirectory(seeded.dataDir, dataDir);
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
