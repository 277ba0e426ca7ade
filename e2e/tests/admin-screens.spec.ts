import type { Page } from '@playwright/test';
import {
  DEMO,
  expect,
  loadingBars,
  hasHorizontalScroll,
  portal,
  seriousA11yViolations,
  signIn,
  test,
} from '../fixtures';

/**
 * Every admin and app screen of the admissions work, as admin@demo.edu.ng (read only): its heading
 * shows, axe finds nothing serious, and at 360 px nothing scrolls sideways.
 */
const ADMIN_SCREENS: [string, string][] = [
  ['/admin/dashboard', 'Dashboard'],
  ['/admin/roles', 'Roles'],
  ['/admin/administrators', 'Administrators'],
  ['/admin/profile', 'Profile'],
  ['/admin/AuditTrail', 'Audit Trail'],
  ['/admin/Transaction', 'Transaction'],
  ['/admin/admission/admissionSession', 'Admission Sessions'],
  ['/admin/setupadmissionbatch', 'Admission Batches'],
  ['/admin/admissioninformation', 'Admission Information'],
  ['/admin/admissiondocument', 'Admission Documents'],
  ['/admin/PostUtmeList', 'Post-UTME List'],
  ['/admin/CAPSList', 'CAPS List'],
  ['/admin/uploadadmissionlist', 'Upload Admission List'],
  ['/admin/utmeImages', 'UTME Images'],
  ['/admin/allapplications', 'All Applications'],
  ['/admin/inprogress', 'Applications in Progress'],
  ['/admin/completed', 'Completed Applications'],
  ['/admin/ScreenAdmission', 'Screen Admission'],
  ['/admin/verifyadmission', 'Verify Admission'],
  ['/admin/confirmadmission', 'Confirm Admission'],
  ['/admin/rejected', 'Rejected Applications'],
  ['/admin/admissionlist', 'Admission List'],
  ['/admin/screeningreport', 'Screening Report'],
  ['/admin/admission/payments', 'Admission Payments'],
  ['/admin/admission/export', 'Export Applications'],
  ['/admin/ProspectiveStudent', 'Prospective Students'],
];
const APP_SCREENS: [string, string][] = [
  ['/app/dashboard', 'Dashboard'],
  ['/app/UserManagement', 'Administrators'],
  ['/app/roleManagement', 'Roles'],
  ['/app/Transaction', 'Transaction'],
];

/** On phones the lists turn into cards: axe checks those (the rest are the desktop screens, narrower). */
const CARD_LISTS = new Set([
  '/admin/administrators',
  '/admin/AuditTrail',
  '/admin/confirmadmission',
  '/admin/CAPSList',
]);

/** Lets the page lay itself out again after the viewport changed. */
const settled = (page: Page) =>
  page.evaluate(
    () => new Promise<void>((done) => requestAnimationFrame(() => requestAnimationFrame(() => done()))),
  );

/**
 * Each screen loaded once at 1280 px (heading, axe), then narrowed to a phone's 360 px (no sideways
 * scroll, and axe again where the lists turn into cards). Axe waits for the network and the
 * animations (MUI's colour transitions) to settle before it measures contrast.
 */
async function sweep(page: Page, screens: [string, string][]) {
  for (const [path, heading] of screens) {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(portal(path));
    await expect(page.getByRole('heading', { level: 1, name: heading }), path).toBeVisible();
    await expect(loadingBars(page)).toHaveCount(0, { timeout: 15_000 });
    expect(await seriousA11yViolations(page), `axe on ${path}`).toEqual([]);
    await page.setViewportSize({ width: 360, height: 640 });
    await settled(page);
    expect(await hasHorizontalScroll(page), `sideways scroll on ${path} at 360 px`).toBe(false);
    if (CARD_LISTS.has(path))
      expect(await seriousA11yViolations(page), `axe on ${path} at 360 px`).toEqual([]);
  }
}

// Axe takes a few seconds a page: the screens are checked in parts.
const half = Math.ceil(ADMIN_SCREENS.length / 2);
for (const [part, screens] of [ADMIN_SCREENS.slice(0, half), ADMIN_SCREENS.slice(half)].entries()) {
  test(`admin screens, part ${part + 1}: headings, accessibility, at 1280 and 360 px`, async ({ page }) => {
    test.setTimeout(240_000);
    await signIn(page, 'admin', DEMO.admin);
    await sweep(page, screens);
  });
}

test('app screens: headings, accessibility, at 1280 and 360 px', async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, 'app', DEMO.admin);
  await sweep(page, APP_SCREENS);
});

test('admin dialogs and drawers: accessibility', async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, 'admin', DEMO.admin);
  await page.goto(portal('/admin/roles'));
  await page.getByRole('button', { name: 'Add role' }).click();
  await expect(page.getByRole('dialog', { name: 'Add role' }).getByRole('checkbox').first()).toBeVisible();
  expect(await seriousA11yViolations(page), 'role dialog').toEqual([]);
  await page.keyboard.press('Escape');
  await page.goto(portal('/admin/administrators'));
  await page.getByRole('button', { name: 'Add administrator' }).click();
  await expect(page.getByRole('heading', { name: 'Add administrator', level: 2 })).toBeVisible();
  expect(await seriousA11yViolations(page), 'user drawer').toEqual([]);
  await page.keyboard.press('Escape');
  await page
    .getByRole('button', { name: /^Roles of/ })
    .first()
    .click();
  await expect(page.getByRole('heading', { name: 'Roles and permissions' })).toBeVisible();
  expect(await seriousA11yViolations(page), 'roles drawer').toEqual([]);
  await page.keyboard.press('Escape');
  await page.goto(portal('/admin/admission/admissionSession'));
  await page.getByRole('button', { name: 'Add admission session' }).click();
  await expect(page.getByRole('dialog', { name: 'Add admission session' })).toBeVisible();
  expect(await seriousA11yViolations(page), 'resource dialog').toEqual([]);
});
