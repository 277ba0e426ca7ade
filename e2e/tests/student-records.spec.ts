import {
  atPortal,
  DEMO,
  expect,
  hasHorizontalScroll,
  portal,
  readLatestMail,
  sidebarLinks,
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
  const grid = page.getByRole('table', { name: 'Matriculation' });
  // As in Student Enquiry below: the unfiltered first page lists the applicant too, so wait until the
  // search has answered (the header and one row), or Clear documents lands on a row being replaced.
  await expect(grid.getByRole('row')).toHaveCount(2);
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
  const rows = page.getByRole('table', { name: 'Student Enquiry' }).getByRole('row');
  // The unfiltered first page may list the student too: wait until the search has answered
  // (the header and one row), so the click does not land on a row being replaced.
  await expect(rows).toHaveCount(2);
  const found = rows.filter({ hasText: matricNo });
  await expect(found).toHaveCount(1);
  await found.getByRole('button', { name: 'View' }).click();
  const record = page.getByRole('dialog', { name: matricNo });
  await expect(record.getByText('UDOH Emmanuel Effiong')).toBeVisible();
  await expect(record.getByText('Computer Science').first()).toBeVisible();
  await expect(record.getByRole('heading', { name: 'Payments' })).toBeVisible();
  await expect(record.getByRole('table', { name: 'Payments' }).getByText('paid').first()).toBeVisible();
  await expect(record.getByRole('button', { name: 'Passport Photograph' })).toBeVisible();
  await record.getByRole('button', { name: 'Close' }).click();
});

// Each registry page's heading, its layout at 360 and 1280 px and axe at 1280 px: tables-fit.spec.ts's
// walk (one load per page). Here: they are in the sidebar under their names, and the phone's cards.
test('the registry pages are in the sidebar; on a phone the students come as cards', async ({ page }) => {
  await signIn(page, 'admin', DEMO.admin);
  const links = await sidebarLinks(page, 'Settings');
  for (const [path, heading] of PAGES)
    expect(
      links.some(({ href, name }) => href.toLowerCase() === portal(path).toLowerCase() && name === heading),
      `${heading} (${path}) in the sidebar`,
    ).toBe(true);
  // On a phone the students come as cards: DIT/2023/0003 is eligible for SIWES.
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto(portal('/admin/siwes'));
  await expect(page.getByRole('heading', { level: 1, name: 'SIWES' })).toBeVisible();
  await expect(page.getByText('DIT/2023/0003')).toBeVisible();
  expect(await hasHorizontalScroll(page)).toBe(false);
});

test('the registry adds and imports students, verifies an O’level result, issues a SIWES letter and switches sign-in off', async ({
  page,
}) => {
  await signIn(page, 'admin', DEMO.admin);
  const matricNo = 'DIT/2019/0777';

  // addnew: one student by hand…
  await page.goto(portal('/admin/addnew'));
  const form = page.getByRole('form', { name: 'Add a returning student' });
  await form.getByRole('button', { name: 'Add student' }).click();
  await expect(form.getByText('Required').first()).toBeVisible();
  await form.getByLabel('Matric number').fill(matricNo);
  await form.getByLabel('Last name').fill('Okonkwo');
  await form.getByLabel('First name').fill('Ifeoma');
  await form.getByLabel('E-mail').fill('ifeoma.okonkwo@example.com');
  await form.getByRole('combobox', { name: 'Course of study' }).click();
  await page.getByRole('option', { name: 'Computer Science', exact: true }).click();
  await form.getByRole('combobox', { name: 'Level' }).click();
  await page.getByRole('option', { name: '300 Level' }).click();
  await form.getByRole('button', { name: 'Add student' }).click();
  await expect(
    page.getByText(`Student added. A link to set a password was e-mailed. (${matricNo})`),
  ).toBeVisible();

  // …and a file of students, with its problems by row.
  await page.locator('input[type="file"][name="file"]').setInputFiles({
    name: 'students.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(
      'Matric Number,First Name,Last Name,E-mail,Course,Level\r\n' +
        'DIT/2019/0778,Musa,Bello,musa.bello@example.com,Computer Science,300\r\n' +
        'DIT/2019/0779,Ada,,ada@example.com,Computer Science,300\r\n',
    ),
  });
  await page.getByRole('button', { name: 'Import', exact: true }).click();
  const result = page.getByTestId('import-result');
  await expect(result.getByText('2 rows: 1 added, 0 updated, 0 unchanged, 1 with problems.')).toBeVisible();
  await expect(result.getByText('Row 3: Last Name is required')).toBeVisible();

  // WAECVerify: the card's PIN is shown masked.
  await page.goto(portal('/admin/WAECVerify'));
  const verify = page.getByRole('form', { name: 'Record a verification' });
  await verify.getByLabel('JAMB or matric number').fill(matricNo);
  await verify.getByLabel('Exam number').fill('4250987654');
  await verify.getByLabel('Exam year').fill('2018');
  await verify.getByLabel('Card PIN').fill('998877665544');
  await verify.getByLabel('Card serial number').fill('WRN180004321');
  await verify.getByRole('button', { name: 'Save verification' }).click();
  await expect(page.getByText("O'level verification recorded.")).toBeVisible();
  const history = page.getByRole('table', { name: 'Verifications' });
  await expect(history.getByRole('row').filter({ hasText: matricNo })).toContainText('••••••••5544');
  await expect(page.getByText('998877665544')).toHaveCount(0);

  // siwes: a 300-level Computer Science student, 3 months.
  await page.goto(portal('/admin/siwes'));
  await page.getByRole('searchbox', { name: /Matric number, name/ }).fill(matricNo);
  const siwesRow = page.getByRole('table', { name: 'SIWES' }).getByRole('row').filter({ hasText: matricNo });
  await expect(siwesRow).toContainText('3 months');
  await siwesRow.getByRole('button', { name: 'Issue letter' }).click();
  await page
    .getByRole('dialog', { name: 'Issue the SIWES letter?' })
    .getByRole('button', { name: 'Issue letter' })
    .click();
  await expect(page.getByText('SIWES placement letter issued.')).toBeVisible();
  await expect(siwesRow.getByRole('button', { name: 'Open letter' })).toBeVisible();

  // studentAccess: switching sign-in off asks first.
  await page.goto(portal('/admin/studentAccess'));
  await page.getByRole('searchbox', { name: /Matric number, name/ }).fill(matricNo);
  const accessRow = page
    .getByRole('table', { name: 'Student Access' })
    .getByRole('row')
    .filter({ hasText: matricNo });
  await accessRow.getByRole('button', { name: 'Disable sign-in' }).click();
  await page
    .getByRole('dialog', { name: 'Disable sign-in?' })
    .getByRole('button', { name: 'Disable sign-in' })
    .click();
  await expect(page.getByText('Sign-in disabled; the student was signed out everywhere.')).toBeVisible();
  await expect(accessRow.getByText('Disabled')).toBeVisible();
  await expect(accessRow.getByRole('button', { name: 'Enable sign-in' })).toBeVisible();

  // The enquiry shows all of it on the record.
  await page.goto(portal('/admin/studentenquiry'));
  await page.getByRole('searchbox', { name: /Matric number, name/ }).fill(matricNo);
  const enquiryRows = page.getByRole('table', { name: 'Student Enquiry' }).getByRole('row');
  await expect(enquiryRows.filter({ hasText: 'DIT/2024/0001' })).toHaveCount(0);
  await enquiryRows.filter({ hasText: matricNo }).getByRole('button', { name: 'View' }).click();
  const record = page.getByRole('dialog', { name: matricNo });
  await expect(record.getByText('Verified', { exact: true })).toBeVisible();
  await expect(record.getByText('••••••••5544')).toBeVisible();
  await expect(record.getByText(/3 months, issued/)).toBeVisible();
});
