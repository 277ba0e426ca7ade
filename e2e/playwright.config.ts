import { defineConfig } from '@playwright/test';
import { LAUNCH_OPTIONS, ORIGIN } from './env';

/** The specs that walk many pages (layout, axe): see `projects` below. */
const WALKS = ['**/tables-fit.spec.ts', '**/accessibility.spec.ts', '**/phones.spec.ts'];

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
    // As a user who asks for less motion: the portal's transitions end at once (its theme honours
    // it), so the tests wait on no animation and the renderer draws fewer frames.
    reducedMotion: 'reduce',
    screenshot: 'only-on-failure',
    launchOptions: LAUNCH_OPTIONS,
  },
  // The walks first: the workers take jobs in this order, and the walks' jobs are the longest (about a
  // minute each), so the short journeys fill in at the end and the two workers finish together rather
  // than one walking its last pages alone (a spec file in the default mode is one job: a walk's file
  // runs its tests in parallel mode, each test a job). A new spec file is a journey.
  //
  // A test tagged @school-wide changes what every page shows (the school's name, its logo): it runs
  // alone after the others, or a page another test has just loaded asks for a logo it has removed
  // (a 404 in that test's console) or shows a name it has changed. One tagged @all-students watches
  // what every student is told (an announcement to all students and its unread count): it runs after
  // the journeys too, or another test's student opening the dashboard marks it read meanwhile.
  projects: [
    { name: 'walks', testMatch: WALKS },
    { name: 'journeys', testIgnore: WALKS, grepInvert: /@school-wide|@all-students/ },
    { name: 'all-students', grep: /@all-students/, dependencies: ['walks', 'journeys'] },
    { name: 'school-wide', grep: /@school-wide/, dependencies: ['walks', 'journeys', 'all-students'] },
  ],
});
