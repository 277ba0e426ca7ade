import {
  createAdmissionsAdmin,
  createRegisteredApplicant,
  demoAdmin,
  screenAndVerify,
  type AdmissionsAdmin,
  type RegisteredApplicant,
} from '../support/admissions';
import { atPortal, expect, portal, signIn, test } from '../fixtures';

/**
 * An admissions-only administrator, made through the API by admin@demo.edu.ng, confirms the
 * admission of an applicant the test registered itself; the applicant's dashboard then asks for
 * the acceptance fee (admission level 3).
 */
test.describe.configure({ mode: 'serial' });

let officer: AdmissionsAdmin;
let applicant: RegisteredApplicant;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  const admin = await demoAdmin();
  officer = await createAdmissionsAdmin(admin);
  applicant = await createRegisteredApplicant(admin);
  await screenAndVerify(admin, [applicant.id]);
});

/** Where the sidebar links an admin page: /portal/admin/ + the page without non-letters. */
const pagePath = (page: string) => portal(`/admin/${page.replace(/[^A-Za-z/]/g, '')}`).toLowerCase();

test('the admissions officer sees only the admissions pages, then confirms an admission', async ({
  page,
  browser,
}) => {
  await signIn(page, 'admin', officer.email, officer.password);

  // The sidebar: Home, the Admissions menu and Change Password, nothing else.
  const nav = page.getByRole('navigation', { name: 'Main menu' });
  await expect(nav.getByRole('button')).toHaveText(['Admissions']);
  await nav.getByRole('button', { name: 'Admissions' }).click();
  const links = nav.getByRole('link');
  await expect(links).toHaveCount(officer.pages.length + 2);
  const hrefs = (await links.evaluateAll((anchors) => anchors.map((a) => a.getAttribute('href') ?? ''))).map(
    (h) => h.toLowerCase(),
  );
  expect(hrefs.sort()).toEqual(
    [
      portal('/admin/dashboard'),
      portal('/admin/changepassword'),
      ...officer.pages.map((p) => pagePath(p.Page)),
    ]
      .map((h) => h.toLowerCase())
      .sort(),
  );
  await expect(nav.getByRole('link', { name: 'Home' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Change Password' })).toBeVisible();

  // confirmadmission: find the applicant, select, confirm after 'Are you sure?'.
  await nav.locator(`a[href$="/admin/confirmadmission" i]`).click();
  await expect(page).toHaveURL(atPortal('/admin/confirmadmission'));
  await expect(page.getByRole('heading', { name: 'Confirm Admission' })).toBeVisible();
  await page.getByLabel('Search by name or JAMB number').fill(applicant.jambRegNo);
  const row = page.getByRole('row').filter({ hasText: applicant.jambRegNo });
  await expect(row).toHaveCount(1);
  await row.getByRole('checkbox').check();
  await expect(page.getByText('1 applicant selected')).toBeVisible();
  await page.getByRole('button', { name: 'Confirm admission' }).click();
  const dialog = page.getByRole('dialog', { name: 'Are you sure?' });
  await expect(dialog).toContainText(applicant.jambRegNo);
  await dialog.getByRole('button', { name: 'Confirm admission' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('status').filter({ hasText: `${applicant.jambRegNo} — ` })).toContainText(
    'admitted',
  );
  await expect(page.getByRole('row').filter({ hasText: applicant.jambRegNo })).toHaveCount(0);

  // The applicant, in a browser of their own, is asked for the acceptance fee.
  const context = await browser.newContext();
  try {
    const applicantPage = await context.newPage();
    await signIn(applicantPage, 'applicant', applicant.jambRegNo, applicant.password);
    await expect(applicantPage.getByText('pending acceptance fee payment')).toBeVisible();
  } finally {
    await context.close();
  }
});

test("the officer opens the applicant's full record from a list", async ({ page }) => {
  await signIn(page, 'admin', officer.email, officer.password);
  await page.goto(portal('/admin/admissionlist'));
  await page.getByLabel('Search by name or JAMB number').fill(applicant.jambRegNo);
  const row = page.getByRole('row').filter({ hasText: applicant.jambRegNo });
  await row.getByRole('button', { name: /^Record of/ }).click();
  const record = page.getByRole('dialog', { name: 'Applicant record' });
  await expect(record.getByRole('heading', { name: new RegExp(applicant.lastName) })).toBeVisible();
  await expect(record.getByRole('cell', { name: '4250123456' }).first()).toBeVisible();
  const blocked: string[] = [];
  page.on('console', (message) => {
    if (message.text().includes('Content Security Policy')) blocked.push(message.text());
  });
  await record.getByRole('button', { name: 'View Passport Photograph' }).click();
  await expect(record.getByRole('img', { name: 'Passport Photograph' })).toBeVisible();
  // A PDF opens inline in a frame (from the bytes fetched with the admin's token).
  await record.getByRole('button', { name: "View O'level Certificate / Result" }).click();
  await expect(record.locator('iframe[title="O\'level Certificate / Result"]')).toBeVisible();
  await page.waitForTimeout(500);
  expect(blocked).toEqual([]);
});
