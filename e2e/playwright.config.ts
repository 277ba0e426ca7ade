import { defineConfig } from '@playwright/test';
import { LAUNCH_OPTIONS, ORIGIN } from './env';

/** Journeys through the built portal in Debian's Chromium (never `npx playwright install`). */
export default defineConfig({
  testDir: './tests',
  globalSetup: './global-setup.ts',
  workers: 2,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['json', { outputFile: 'test-results/results.json' }]],
  outputDir: 'test-results/artifacts',
  use: {
    baseURL: ORIGIN,
    browserName: 'chromium',
    locale: 'en-GB',
    viewport: { width: 1280, height: 800 },
    screenshot: 'only-on-failure',
    launchOptions: LAUNCH_OPTIONS,
  },
});
