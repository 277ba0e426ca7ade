import { readFileSync } from 'node:fs';
import { readSheet } from 'read-excel-file/node';
import { DEMO, DEMO_PASSWORD, expect, portal, sidebarLinks, signIn, test } from '../fixtures';

test("the /app console's applicant records: O'level results filtered and downloaded as XLSX", async ({
  page,
}) => {
  await signIn(page, 'app', DEMO.admin);
  await page.goto(portal('/app/dashboard'));
  await page
    .getByRole('navigation', { name: 'Main menu' })
    .getByRole('link', { name: "O'level Results" })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: "O'level Results" })).toBeVisible();
  const table = page.getByRole('table', { name: "O'level Results" });
  // Applicant 3 onward saved their O'level results: WAEC 2019, one sitting.
  await page.getByRole('searchbox', { name: 'Search by name or JAMB number' }).fill('202410000003AC');
  const row = table.getByRole('row').filter({ hasText: '202410000003AC' });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('WAEC 2019');
  await expect(table.getByRole('row')).toHaveCount(2);

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download XLSX' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^applicants-olevel-\d{4}-\d{2}-\d{2}\.xlsx$/);
  const rows = await readSheet(readFileSync((await download.path())!));
  expect(rows[0]).toEqual([
    'JAMB Number',
    'Name',
    'Sittings',
    'Credits',
    "O'level Results",
    'Department',
    'Admission Status',
  ]);
  // The filter the page showed is the file's: one applicant.
  expect(rows).toHaveLength(2);
  expect(rows[1]![0]).toBe('202410000003AC');
  expect(rows[1]![2]).toBe(1);
});

/** A 1×1 PNG: the school's logo for the test. */
const CREST_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

test(
  "School Management edits the school's particulars: the shell and the receipts show the new short name, the shell the logo",
  { tag: '@school-wide' },
  async ({ page, request }) => {
    // Applicant 7's paid acceptance fee: its receipt id, read through the API.
    const login = await request.post('/api/Account/Login', {
      data: { Username: '202410000007AG', Password: DEMO_PASSWORD, userMode: 'Applicant', schoolId: 1 },
    });
    expect(login.ok()).toBe(true);
    const { LoginToken: token, sid } = (await login.json()) as { LoginToken: string; sid: string };
    const headers = { authorization: `Bearer ${token}` };
    const links = await request.get('/api/applicant/document-links', { headers });
    const receiptId = ((await links.json()) as { Data: { AcceptanceReceiptId: string } }).Data
      .AcceptanceReceiptId;
    await request.get(`/api/Account/Logout?sessionID=${sid}&userMode=Applicant`, { headers });

    await signIn(page, 'app', DEMO.admin);
    await page.goto(portal('/app/SchoolManagement'));
    await expect(page.getByRole('heading', { level: 1, name: 'School information' })).toBeVisible();
    const menu = page.getByRole('navigation', { name: 'Main menu' });
    await expect(page.getByRole('heading', { level: 6, name: 'DIT', exact: true })).toBeVisible();

    const rename = async (from: string, to: string) => {
      await page.getByRole('button', { name: 'Edit Demo Institute of Technology' }).click();
      const dialog = page.getByRole('dialog', { name: 'Edit school information' });
      await expect(dialog.getByRole('textbox', { name: 'Short name' })).toHaveValue(from);
      await dialog.getByRole('textbox', { name: 'Short name' }).fill(to);
      await dialog.getByRole('button', { name: 'Save' }).click();
      await expect(dialog).toBeHidden();
    };
    await rename('DIT', 'DIT Demo');
    try {
      await page.reload();
      await expect(page.getByRole('heading', { level: 6, name: 'DIT Demo', exact: true })).toBeVisible();
      await expect(menu.getByRole('link', { name: 'School Management' })).toBeVisible();
      await page.goto(portal(`/QrCode?transactionId=${receiptId}`));
      await expect(
        page.getByTestId('receipt').getByText('Demo Institute of Technology (DIT Demo)', { exact: true }),
      ).toBeVisible();

      // The logo: uploaded here, drawn by the shell's sidebar at once, then removed.
      await page.goto(portal('/app/SchoolManagement'));
      await page
        .getByRole('region', { name: 'Logo' })
        .locator('input[type="file"]')
        .setInputFiles({ name: 'crest.png', mimeType: 'image/png', buffer: CREST_PNG });
      const logo = menu.locator('xpath=..').locator('img[src^="/api/school/logo"]');
      await expect(logo).toBeVisible();
      await expect
        .poll(() => logo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
        .toBeGreaterThan(0);
      await page.getByRole('button', { name: 'Remove the logo' }).click();
      await expect(logo).toHaveCount(0);
    } finally {
      await page.goto(portal('/app/SchoolManagement'));
      await rename('DIT Demo', 'DIT');
    }
  },
);

// /app/setup-config: its answer (the engines, the gateways, the job queues, no secret) is tested through
// the API (apps/api/src/modules/health/health.test.ts); the page's heading, layout and accessibility in
// the tables-fit walk; the switches' effects and refusals through the API
// (apps/api/src/modules/setup-config/switches.test.ts). Here, what only the page shows: each switch
// with what turning it off does, and the form saving (its choice field once failed the form's own check).
test('setup-config: the school’s switches, each saying what off does, saved by the form', async ({
  page,
}) => {
  await signIn(page, 'app', DEMO.admin);
  await page.goto(portal('/app/setup-config'));
  const table = page.getByRole('table', { name: 'Setup and Configurations' });
  await expect(table.getByRole('columnheader', { name: 'Hostel allocation by ballot' })).toBeVisible();
  await table.getByRole('button', { name: /^Edit/ }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Edit school settings' });
  const ballot = dialog.getByRole('switch', { name: 'Hostel allocation by ballot' });
  await expect(ballot).toBeChecked();
  await expect(ballot).toHaveAccessibleDescription(/^Off: no allocation round takes applications/);
  await expect(dialog.getByRole('switch', { name: 'Late registration' })).toHaveAccessibleDescription(
    /^Off: course registration closes on the window’s closing day/,
  );
  // Saved as it is (the switches stay on: other journeys rely on them).
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('School settings updated.')).toBeVisible();
  await expect(dialog).toBeHidden();
});

// Every /app sidebar link at 360 and 1280 px (no not-found page, no console error, no serious axe finding):
// the tables-fit walk, which visits the 'app' mode's sidebar with axe at both widths (AXE_EVERY_PAGE).

test('the dashboard shows the learning platform as charts, the exams sat', async ({ page }) => {
  await signIn(page, 'app', DEMO.admin);
  // The console's pages are in the sidebar now that each has one.
  const links = (await sidebarLinks(page)).map((l) => l.name);
  for (const name of ['Dashboard', 'Learners Management', 'Manage Audits', 'School Management'])
    expect(links).toContain(name);
  await page.goto(portal('/app/dashboards'));
  await expect(page).toHaveURL(/\/app\/dashboard$/);
  const exams = page
    .getByRole('heading', { level: 2, name: 'Exams' })
    .locator('xpath=ancestor::*[contains(@class,"MuiCard-root")][1]');
  await expect(exams).toContainText(/\d+ exams sat, average score/);
  // The demo's live class was held and attended: its chart is drawn with its axes.
  await expect(page.getByRole('heading', { level: 2, name: 'Live classes' })).toBeVisible();
  await expect(page.locator('.MuiChartsAxis-label', { hasText: 'Students' }).first()).toBeVisible();
  await expect(page.getByRole('link', { name: 'Open classroom review' })).toHaveAttribute(
    'href',
    /\/app\/classroomReview$/,
  );
});
