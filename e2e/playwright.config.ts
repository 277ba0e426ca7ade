import { defineConfig } from '@playwright/test';
import { LAUNCH_OPTIONS, ORIGIN } from './env';

/** Journeys through the built portal in Debian's Chromium (never `npx playwright install`). */
export default defineConfig({
  testDir: './tests',
  globalSetup: './global-setup.ts',
  // Four on the 2-core machine: the tier waits more than it computes (a whole run alone used 5.7 min of
  // CPU in 10.4 min of wall time), so two more workers fill the idle time rather than contend for it.
  workers: 4,
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
