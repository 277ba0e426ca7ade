import { defineConfig } from '@playwright/test';
import { LAUNCH_OPTIONS, ORIGIN } from './env';

/** Journeys through the built portal in Debian's Chromium (never `npx playwright install`). */
export default defineConfig({
  testDir: './tests',
  globalSetup: './global-setup.ts',
  // Two on the 2-core machine. Four were tried: the tier alone took 10.4 min rather than about 12, but
  // beside the other lane of npm test it slowed typecheck and lint threefold and the whole run (838 s against
  // 802 s with two), and a sidebar read outlasted its hook's time limit.
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
