import { DEMO, expect, portal, seriousA11yViolations, signIn, test } from '../fixtures';

/**
 * The institution's set-up as the super admin finds it: one resource is added,
 * edited, switched off, refused deletion while in use, imported from a file and deleted.
 */

// Every link of the super admin's sidebar opens a working page, each named in words, and the set-up
// pages (faculties, courses, payment items, rooms, timetable, LGAs, classes of degree) have nothing
// serious for axe at 360 px: checked with the layout of each page in tables-fit.spec.ts (one load per
// page for every check).

test('a faculty: added, edited, switched off, kept while in use, deleted after confirmation', async ({
  page,
  consoleErrors,
}) => {
  test.setTimeout(120_000);
  // Deleting the faculty in use is refused: 409.
  consoleErrors.expectFailedRequest('/api/admin/faculties/1', 409);
  await signIn(page, 'admin', DEMO.admin);
  await page.goto(portal('/admin/faculty'));
  await expect(page.getByRole('heading', { level: 1, name: 'Faculties' })).toBeVisible();

  await page.getByRole('button', { name: 'Add faculty' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add faculty' });
  await dialog.getByLabel('Code').fill('x1');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('Name is required.')).toBeVisible();
  await expect(dialog.getByText('Code is 2 to 10 letters.')).toBeVisible();
  await dialog.getByLabel('Name').fill('Faculty of Environmental Sciences');
  await dialog.getByLabel('Code').fill('env');
  expect(await seriousA11yViolations(page), 'registry form dialog').toEqual([]);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await page.getByLabel('Search').fill('Environmental');
  // The unfiltered page lists the faculty too: wait for the search's answer (the header and one
  // row), so the Edit click does not land on a row being replaced.
  await expect(page.getByRole('row')).toHaveCount(2);
  const row = page.getByRole('row', { name: /Faculty of Environmental Sciences/ });
  await expect(row).toContainText('ENV');

  await row.getByRole('button', { name: 'Edit Faculty of Environmental Sciences' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit faculty' });
  await edit.getByLabel('Name').fill('Faculty of Environmental Design');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(edit).toBeHidden();
  await page.getByLabel('Search').fill('Environmental Design');
  const edited = page.getByRole('row', { name: /Faculty of Environmental Design/ });
  await edited.getByRole('button', { name: 'Deactivate: Faculty of Environmental Design' }).click();
  await expect(
    edited.getByRole('button', { name: 'Activate: Faculty of Environmental Design' }),
  ).toBeVisible();

  // A faculty that departments belong to is kept, with a clear message.
  await page.getByLabel('Search').fill('Faculty of Science');
  await page.getByRole('button', { name: 'Delete Faculty of Science' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('This faculty is in use by a department and cannot be deleted.')).toBeVisible();
  // Focus stays in the dialog through the request, so Escape closes the dialog (not the message).
  await expect(page.getByRole('dialog').getByRole('button', { name: 'Delete' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toBeHidden();

  await page.getByLabel('Search').fill('Environmental Design');
  await page.getByRole('button', { name: 'Delete Faculty of Environmental Design' }).click();
  await expect(page.getByRole('dialog')).toContainText('Faculty of Environmental Design');
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('No records yet.')).toBeVisible();
});

test('courses imported from a file on the upload page: a bad row named by number, the same file twice changes nothing', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signIn(page, 'admin', DEMO.admin);
  await page.goto(portal('/admin/courses/uploadCourse'));
  await expect(page.getByRole('heading', { level: 1, name: 'Import course records' })).toBeVisible();
  const csv = [
    'Code,Title,Credit units,Level,Semester,Department,Type',
    'CSE 418,Cloud Computing,3,400 Level,First,CSC,Elective',
    'CSC 4199,Too Long a Code,3,400 Level,First,CSC,Elective',
  ].join('\r\n');
  const file = { name: 'courses.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) };
  await page.locator('input[type=file]').setInputFiles(file);
  await page.getByRole('button', { name: 'Import', exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: 'added' })).toHaveText(
    '1 added, 0 updated, 0 unchanged, 1 with problems.',
  );
  await expect(page.getByText('Row 3: Course code must look like CSC 101.')).toBeVisible();
  await page.locator('input[type=file]').setInputFiles(file);
  await page.getByRole('button', { name: 'Import', exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: 'added' })).toHaveText(
    '0 added, 0 updated, 1 unchanged, 1 with problems.',
  );
  await page.goto(portal('/admin/SetupCourses'));
  await page.getByLabel('Search').fill('Cloud Computing');
  await expect(page.getByRole('row', { name: /CSE 418/ })).toContainText('400 Level');
});

test('score items open under their scheme; a matric number pattern is previewed as it is typed', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signIn(page, 'admin', DEMO.admin);
  await page.goto(portal('/admin/scoreitems'));
  await page.getByRole('link', { name: /^Open Standard/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: /^Score Items: Standard/ })).toBeVisible();
  await expect(page.getByRole('row', { name: /Examination/ })).toContainText('70');

  await page.goto(portal('/admin/matricnumberformat'));
  await page.getByRole('button', { name: 'Add matric number format' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add matric number format' });
  await dialog.getByLabel('Pattern').fill('DIT/{YYYY}/{NNNN}');
  await expect(dialog.getByText('Example: DIT/2024/0001')).toBeVisible();
  await page.keyboard.press('Escape');
});
