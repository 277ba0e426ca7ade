import { defineConfig } from 'vitest/config';

const everyFile = ['src/**/*.test.ts', 'test/**/*.test.ts'];

/**
 * What PGlite runs when PostgreSQL runs everything: only what differs on the embedded default.
 * The application's code is the same on both engines (one Drizzle dialect, one schema, one set of
 * migrations); what differs is the driver underneath, so PGlite runs the tests that reach it in
 * their own way. See the README's testing paragraph.
 */
const pgliteFiles = [
  // Start-up: the embedded database on disk migrated, seeded, restarted; and a smoke of every module.
  'test/pglite.smoke.test.ts',
  // The health route and its report of the driver, the OpenAPI document.
  'src/modules/health/health.test.ts',
  // The job queue's own SQL through PGlite's single connection (runSql's transactions).
  'src/platform/jobs.test.ts',
  // Two instances on one handle, a restart on the same database: PGlite shares the one connection.
  'src/modules/auth/rate-limits.test.ts',
  // Concurrent requests serialised by PGlite's single connection rather than by row locks.
  'src/modules/hostels/hostels.concurrency.test.ts',
];

/**
 * The whole suite runs on PostgreSQL when TEST_DATABASE_URL is set (CI sets it), and PGlite then
 * runs `pgliteFiles`; without a server (a developer's machine) the whole suite runs on PGlite.
 * Each project's global setup migrates and seeds one database, once, which each test file clones.
 * It is named per project, not at the root: a root globalSetup runs once more for the root itself.
 */
const globalSetup = ['./test/global-setup.ts'];
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
type Project = {
  extends: true;
  test: { name: string; env: Record<string, string>; include: string[]; globalSetup: string[] };
};
const projects: Project[] = [
  {
    extends: true,
    test: {
      name: 'pglite',
      env: { TEST_DB_DRIVER: 'pglite' },
      include: onPostgres ? pgliteFiles : everyFile,
      globalSetup,
    },
  },
];
if (onPostgres) {
  projects.push({
    extends: true,
    test: { name: 'postgres', env: { TEST_DB_DRIVER: 'pg' }, include: everyFile, globalSetup },
  });
}

export default defineConfig({
  test: {
    // Transformed modules kept on disk between runs (node_modules/.experimental-vitest-cache): running
    // one file again skips transforming the application's few hundred modules (measured on one file:
    // transform 9.1 s → 1.0 s, the run's CPU 22.5 s → 16.8 s on a loaded machine).
    experimental: {
      fsModuleCache: true,
      // TEST_START_TIMES=N: vitest's breakdown of the slowest imports too (the top N, 10 by default).
      ...(process.env.TEST_START_TIMES
        ? {
            importDurations: {
              print: true,
              limit: Number(process.env.TEST_START_TIMES) > 1 ? Number(process.env.TEST_START_TIMES) : 10,
            },
          }
        : {}),
    },
    projects,
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // Each worker's first file has its database copy made while the application's modules load.
    setupFiles: ['./test/ready-copy.ts'],
    pool: 'forks',
    // Three on the 2-core machine: the slowest files mostly wait (a job's retry delays and expired
    // claims, two processes started and stopped, a rate limit's window), and a third worker keeps
    // the processor busy meanwhile rather than leaving the other files one worker.
    maxWorkers: 3,
    // A worker imports the application once and runs file after file in it; each file still starts
    // its own application on its own clone of the seeded database (test/helpers.ts). The app keeps no
    // state between files outside the database it is given (caches are keyed by database handle).
    isolate: false,
    server: {
      deps: {
        // The contracts package is built JavaScript (packages/contracts/dist), as the server runs it:
        // Node loads it natively rather than through Vitest's module runner (its import measured
        // 0.56 s in the runner, 0.08 s natively, on every test file's start).
        external: [/\/packages\/contracts\/dist\//],
      },
    },
    reporters: [
      'default',
      // scripts/test-all.mjs reads this report.
      ['json', { outputFile: 'test-results/vitest.json' }],
      // TEST_START_TIMES=1: how long each file waits for its first test (test/start-times.ts).
      ...(process.env.TEST_START_TIMES ? ['./test/start-times.ts'] : []),
    ],
  },
});
