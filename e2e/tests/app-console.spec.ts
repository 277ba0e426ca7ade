import { readFileSync } from 'node:fs';
import { readSheet } from 'read-excel-file/node';
import { DEMO, expect, portal, signIn, test } from '../fixtures';

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

test("School Management edits the school's particulars, and the shell shows the new short name", async ({
  page,
}) => {
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
  } finally {
    await rename('DIT Demo', 'DIT');
  }
});

// /app/setup-config: its answer (the engines, the gateways, the job queues, no secret) is tested through
// the API (apps/api/src/modules/health/health.test.ts); the page's heading, layout and accessibility in
// the tables-fit walk.
