import { DEMO, expect, portal, seriousA11yViolations, signIn, test } from '../fixtures';

/**
 * The admin and app screens of the admissions work (heading, axe at 1280 px, and at 360 px where lists
 * turn into cards) are checked in tables-fit.spec.ts's walk, with their layout, one load per page.
 * Here: the dialogs and drawers they open.
 */

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
