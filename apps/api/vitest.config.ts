import { defineConfig } from 'vitest/config';

/**
 * The API suite runs on the embedded PGlite always, and again on a PostgreSQL server when
 * TEST_DATABASE_URL is set (CI sets it).
 */
const projects = [
  {
    test: {
      name: 'pglite',
      env: { TEST_DB_DRIVER: 'pglite' },
      include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    },
  },
];
if (process.env.TEST_DATABASE_URL) {
  projects.push({
    test: {
      name: 'postgres',
      env: { TEST_DB_DRIVER: 'pg' },
      include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    },
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
