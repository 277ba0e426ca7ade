import {
  atPortal,
  DEMO,
  expect,
  hasHorizontalScroll,
  portal,
  readLatestMail,
  seriousA11yViolations,
  signIn,
  test,
} from '../fixtures';

const PAGES = [
  ['/admin/matriculation', 'Matriculation'],
  ['/admin/studentenquiry', 'Student Enquiry'],
  ['/admin/studentAccess', 'Student Access'],
  ['/admin/addnew', 'Add New Student'],
  ['/admin/WAECVerify', 'WAEC Verification'],
  ['/admin/siwes', 'SIWES'],
] as const;

/** Applicant 7 (seeded at stage 7): admitted, acceptance fee paid, documents uploaded. */
const APPLICANT = { jamb: '202410000007AG', email: 'applicant7@demo.edu.ng', name: 'Udoh' };

test('the registry clears and matriculates the applicant who paid the acceptance fee, then finds the new student in Student Enquiry', async ({
  page,
}) => {
  await signIn(page, 'admin', DEMO.admin);
  const menu = page.getByRole('navigation', { name: 'Main menu' });
  await page.goto(portal('/admin/matriculation'));
  await expect(page.getByRole('heading', { level: 1, name: 'Matriculation' })).toBeVisible();
  await expect(menu.getByRole('link', { name: 'Matriculation' })).toBeVisible();

  await page.getByRole('searchbox', { name: /JAMB number, name/ }).fill(APPLICANT.jamb);
  const grid = page.getByRole('grid', { name: 'Matriculation' });
  const row = grid.getByRole('row').filter({ hasText: APPLICANT.jamb });
  await expect(row).toHaveCount(1);
  await expect(row.getByText('Awaiting clearance')).toBeVisible();
  await expect(row.getByRole('button', { name: 'Passport Photograph' })).toBeVisible();

  await row.getByRole('button', { name: 'Clear documents' }).click();
  const clearDialog = page.getByRole('dialog', { name: 'Clear documents?' });
  await clearDialog.getByRole('button', { name: 'Clear documents' }).click();
  await expect(page.getByText('Documents cleared.')).toBeVisible();
  await expect(row.getByText(/Cleared .* by admin@demo\.edu\.ng/)).toBeVisible();

  const since = Date.now();
  await row.getByRole('button', { name: 'Matriculate' }).click();
  await page
    .getByRole('dialog', { name: 'Matriculate?' })
    .getByRole('button', { name: 'Matriculate' })
    .click();
  const notice = page.getByText(/Student matriculated\. Matric number: DIT\/2024\/\d{4}\./);
  await expect(notice).toBeVisible();
  const matricNo = /DIT\/2024\/\d{4}/.exec((await notice.textContent()) ?? '')![0];
  await expect(row.getByText(matricNo)).toBeVisible();
  await expect(row.getByRole('button', { name: 'Matriculate' })).toHaveCount(0);

  // The student is e-mailed the number and a link to set a password.
  const mail = await readLatestMail(APPLICANT.email, { since });
  expect(mail.subject).toBe(`Your matric number: ${matricNo}`);
  expect(mail.text).toMatch(/confirmnewpassword\/\?id=.+&usermode=Student/);

  // Student Enquiry finds them by JAMB number and shows the whole record.
  await menu.getByRole('link', { name: 'Student Enquiry' }).click();
  await expect(page).toHaveURL(atPortal('/admin/studentenquiry'));
  await page.getByRole('searchbox', { name: /Matric number, name/ }).fill(APPLICANT.jamb);
  const found = page
    .getByRole('grid', { name: 'Student Enquiry' })
    .getByRole('row')
    .filter({ hasText: matricNo });
  await expect(found).toHaveCount(1);
  await found.getByRole('button', { name: 'View' }).click();
  const record = page.getByRole('dialog', { name: matricNo });
  await expect(record.getByText('UDOH Emmanuel Effiong')).toBeVisible();
  await expect(record.getByText('Computer Science').first()).toBeVisible();
  await expect(record.getByRole('heading', { name: 'Payments' })).toBeVisible();
  await expect(record.getByRole('region', { name: 'Payments' }).getByText('paid').first()).toBeVisible();
  await expect(record.getByRole('button', { name: 'Passport Photograph' })).toBeVisible();
  await record.getByRole('button', { name: 'Close' }).click();
});

test('the registry pages work at 360 px', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await signIn(page, 'admin', DEMO.admin);
  for (const [path, heading] of PAGES) {
    await page.goto(portal(path));
    await expect(page.getByRole('heading', { level: 1, name: heading }), path).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(await hasHorizontalScroll(page), path).toBe(false);
  }
  // On a phone the students come as cards: DIT/2023/0003 is eligible for SIWES.
  await page.goto(portal('/admin/siwes'));
  await expect(page.getByText('DIT/2023/0003')).toBeVisible();
});

test('the registry pages: in the sidebar, and nothing serious for axe', async ({ page }) => {
  await signIn(page, 'admin', DEMO.admin);
  const menu = page.getByRole('navigation', { name: 'Main menu' });
  for (const [path, heading] of PAGES) {
    await page.goto(portal(path));
    await expect(page.getByRole('heading', { level: 1, name: heading }), path).toBeVisible();
    await expect(menu.getByRole('link', { name: heading }), path).toBeVisible();
    await expect(page.getByRole('progressbar')).toHaveCount(0, { timeout: 15_000 });
    await page.waitForTimeout(400);
    expect(await seriousA11yViolations(page), `axe on ${path}`).toEqual([]);
  }
});
