import type { Page } from '@playwright/test';
import { expect, hasHorizontalScroll, portal, seriousA11yViolations, signIn, test } from '../fixtures';

/*
 * The applicant dashboard in each state, with the demo applicants who are in it. READ-ONLY:
 * nothing here changes an applicant's data or password (applicant 1 belongs to the journey
 * spec, applicant 6 to the payments spec).
 */
const APPLICANT = {
  biodataOnly: '202410000002AB',
  olevelSaved: '202410000003AC',
  documentsUploaded: '202410000004AD',
  registered: '202410000005AE',
  accepted: '202410000007AG',
} as const;

const STEPS = ['Biodata', 'Results', 'Documents', 'Registration Completed', 'Admitted'];

async function openDashboard(page: Page, jamb: string) {
  await signIn(page, 'applicant', jamb);
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
  await expect(page.getByRole('dialog', { name: 'Welcome!' })).toBeHidden();
}

/** The stepper's labels, and how many steps are done. */
async function expectStepper(page: Page, done: number) {
  const stepper = page.getByRole('list', { name: 'Admission progress' });
  await expect(stepper.getByRole('listitem')).toContainText(STEPS);
  await expect(stepper.locator('.MuiStepLabel-label.Mui-completed')).toHaveCount(done);
}

test('biodata saved: step 2, on to the O’level page', async ({ page }) => {
  await openDashboard(page, APPLICANT.biodataOnly);
  await expectStepper(page, 1);
  await expect(page.getByText("Next, add your O'level results: at least 8 subjects.")).toBeVisible();
  await expect(page.getByRole('link', { name: 'Continue' })).toHaveAttribute(
    'href',
    '/portal/applicant/olevel',
  );
  await expect(page.getByRole('button', { name: 'Complete Registration' })).toBeHidden();
});

test('biodata and O’level saved: step 3, on to the documents', async ({ page }) => {
  await openDashboard(page, APPLICANT.olevelSaved);
  await expectStepper(page, 2);
  await expect(page.getByRole('link', { name: 'Continue' })).toHaveAttribute(
    'href',
    '/portal/applicant/documents',
  );
  // Saved results: each row can be deleted (after confirmation), and Cancel keeps it.
  await page.goto(portal('/applicant/olevel'));
  const results = page.getByRole('table', { name: 'My Results' }).first();
  await expect(results.getByRole('row')).toHaveCount(10);
  await results.getByRole('button', { name: 'Delete Mathematics' }).click();
  const confirm = page.getByRole('dialog', { name: 'Are You Sure?' });
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toBeHidden();
  await expect(results.getByRole('row')).toHaveCount(10);
});

test('documents uploaded: Complete Registration is offered', async ({ page }) => {
  await openDashboard(page, APPLICANT.documentsUploaded);
  await expectStepper(page, 3);
  await expect(page.getByRole('button', { name: 'Complete Registration' })).toBeVisible();
  const menu = page.getByRole('navigation', { name: 'Main menu' });
  await expect(menu.getByText('Upload Documents', { exact: true })).toBeVisible();
  await page.goto(portal('/applicant/documents'));
  await expect(page.getByText('All your documents are uploaded.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Replace Passport Photograph' })).toBeVisible();
});

test('registration complete: under review, the slip and read-only forms', async ({ page }) => {
  await openDashboard(page, APPLICANT.registered);
  await expectStepper(page, 4);
  await expect(page.getByText('Your application is being reviewed!')).toBeVisible();
  await expect(page.getByText('Kindly Await Response From The Admissions Team')).toBeVisible();
  const menu = page.getByRole('navigation', { name: 'Main menu' });
  await expect(menu.getByText('Documents', { exact: true })).toBeVisible();
  await expect(menu.getByText('Upload Documents', { exact: true })).toBeHidden();

  await page.getByRole('button', { name: 'Application Slip' }).click();
  const slip = page.getByRole('dialog', { name: 'PROSPECTIVE STUDENT APPLICATION SLIP' });
  await expect(slip).toContainText(APPLICANT.registered);
  await expect(slip).toContainText('English Language');
  for (const column of ['Exam Number', 'Year of Exam', 'Type', 'Subject', 'Grade'])
    await expect(slip.getByRole('columnheader', { name: column, exact: true })).toBeVisible();
  await slip.getByRole('button', { name: 'Close' }).click();

  await page.goto(portal('/applicant/olevel'));
  await expect(
    page.getByText('Your registration is complete, so your details can no longer be changed.'),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add Subject' })).toBeHidden();
  await page.goto(portal('/applicant/documents'));
  await expect(page.getByRole('button', { name: /^(Upload|Replace) / })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Download / }).first()).toBeVisible();
});

test('acceptance fee paid (level 4): only the admission documents, each downloadable', async ({ page }) => {
  await openDashboard(page, APPLICANT.accepted);
  await expect(page.getByRole('list', { name: 'Admission progress' })).toBeHidden();
  const table = page.getByRole('table', { name: 'My Results' }).last();
  for (const column of ['S/N', 'Document Name', 'Description', 'Download'])
    await expect(table.getByRole('columnheader', { name: column, exact: true })).toBeVisible();
  // Five a page.
  const rows = table.getByRole('row');
  expect(await rows.count()).toBeGreaterThan(1);
  expect(await rows.count()).toBeLessThanOrEqual(6);
  const firstName = (await rows.nth(1).getByRole('cell').nth(1).textContent())!.trim();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    table.getByRole('button', { name: `Download ${firstName}` }).click(),
  ]);
  await expect(
    page.locator('.MuiSnackbar-root').getByRole('alert').filter({ hasText: 'Download will begin shortly!' }),
  ).toBeVisible();
  expect(download.suggestedFilename()).toBe(`${firstName}.pdf`);

  // The fee schedule, from the dashboard: a table on a large screen.
  await page.getByRole('link', { name: 'Fee Schedule' }).click();
  await expect(page.getByRole('heading', { name: 'The details of all fees payable' })).toBeVisible();
  await expect(page.getByRole('columnheader', { name: 'Payment Name' })).toBeVisible();
  await expect(page.getByRole('rowheader', { name: 'Total' })).toBeVisible();
  await expect(
    page.getByText('PLEASE NOTE: All fees should be duly paid online through COLLEGE PORTAL.'),
  ).toBeVisible();
  expect(await seriousA11yViolations(page)).toEqual([]);
});

test.describe('at 360 px', () => {
  test.use({ viewport: { width: 360, height: 640 } });

  test('documents, biodata and O’level pages fit, with no serious axe violation', async ({ page }) => {
    await openDashboard(page, APPLICANT.olevelSaved);
    expect(await hasHorizontalScroll(page)).toBe(false);
    for (const [path, heading] of [
      ['/applicant/documents', 'Upload Documents'],
      ['/applicant/biodata', 'Bio-Data'],
      ['/applicant/olevel', 'Olevel'],
    ] as const) {
      await page.goto(portal(path));
      await expect(page.getByRole('heading', { name: heading, level: 1 })).toBeVisible();
      await expect(page.getByRole('status', { name: 'Loading…' })).toHaveCount(0);
      expect(await hasHorizontalScroll(page), `${path} scrolls sideways`).toBe(false);
      expect(await seriousA11yViolations(page), path).toEqual([]);
    }
    // The results fit as cards, each subject with its grade in view.
    const table = page.getByRole('table', { name: 'My Results' }).last();
    await expect(table).toHaveAttribute('data-layout', 'cards');
    const last = table.getByRole('cell').last();
    await last.scrollIntoViewIfNeeded();
    await expect(last).toBeInViewport({ ratio: 1 });
  });

  test('the fee schedule is for larger screens', async ({ page }) => {
    await openDashboard(page, APPLICANT.accepted);
    await page.goto(portal('/applicant/feeschedule'));
    await expect(
      page.getByText(
        'Sorry, this page is not accessible on screens smaller than 768px. Please use a larger device to view this content.',
      ),
    ).toBeVisible();
    await expect(page.getByRole('table')).toHaveCount(0);
    expect(await hasHorizontalScroll(page)).toBe(false);
  });
});
