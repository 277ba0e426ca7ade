import { defineConfig } from 'vitest/config';

const include = ['src/**/*.test.ts', 'test/**/*.test.ts'];

/**
 * The API suite runs on the embedded PGlite always, and again on a PostgreSQL server when
 * TEST_DATABASE_URL is set (CI sets it). Projects extend the root options (timeouts, pool).
 */
const projects: { extends: true; test: { name: string; env: Record<string, string>; include: string[] } }[] =
  [{ extends: true as const, test: { name: 'pglite', env: { TEST_DB_DRIVER: 'pglite' }, include } }];
if (process.env.TEST_DATABASE_URL) {
  projects.push({ extends: true, test: { name: 'postgres', env: { TEST_DB_DRIVER: 'pg' }, include } });
}

export default defineConfig({
  test: {
    projects,
    // Migrates and seeds one database per project, which each test file then copies.
    globalSetup: ['./test/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
    maxWorkers: 2,
    reporters: ['default', ['json', { outputFile: 'test-results/vitest.json' }]],
  },
});
