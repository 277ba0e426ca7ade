import { defineConfig } from 'vitest/config';

const include = ['src/**/*.test.ts', 'test/**/*.test.ts'];

/**
 * The API suite runs on the embedded PGlite always, and again on a PostgreSQL server when
 * TEST_DATABASE_URL is set (CI sets it). Projects extend the root options (timeouts, pool).
 */
// Each project migrates and seeds one database (its global setup), which each test file then copies.
// The global setup is named per project, not at the root: a root globalSetup runs once more for the
// root itself, seeding a database no test uses.
const globalSetup = ['./test/global-setup.ts'];
type Project = {
  extends: true;
  test: { name: string; env: Record<string, string>; include: string[]; globalSetup: string[] };
};
const projects: Project[] = [
  { extends: true, test: { name: 'pglite', env: { TEST_DB_DRIVER: 'pglite' }, include, globalSetup } },
];
if (process.env.TEST_DATABASE_URL) {
  projects.push({
    extends: true,
    test: { name: 'postgres', env: { TEST_DB_DRIVER: 'pg' }, include, globalSetup },
  });
}

export default defineConfig({
  test: {
    projects,
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
    maxWorkers: 2,
    reporters: ['default', ['json', { outputFile: 'test-results/vitest.json' }]],
  },
});
