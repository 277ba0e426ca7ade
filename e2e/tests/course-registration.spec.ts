import { readFileSync } from 'node:fs';
import { decodePdfQr } from '../support/pdf-qr';
import { atPortal, expect, hasHorizontalScroll, portal, signIn, test } from '../fixtures';

/**
 * Course registration end to end: DIT/2024/0004 (fees paid) registers the semester's courses, the
 * level adviser approves, and the course form's QR code — decoded from the downloaded PDF — opens
 * the public page showing the approved registration. DIT/2024/0002, who owes, is told what.
 * The admin pages' lists are visited too. The specs share one database: only this file registers,
 * and it runs (alphabetically) long before school-fees.spec.ts pays DIT/2024/0002's first instalment.
 */

const STUDENT = 'student4@demo.edu.ng';
const ADVISER = 'adviser@demo.edu.ng';

test('DIT/2024/0002 owes the session’s fees: refused, with the amount and a link to pay', async ({
  page,
}) => {
  await signIn(page, 'student', 'DIT/2024/0002');
  await page.goto(portal('/student/courseregistration'));
  await expect(page.getByRole('heading', { name: 'Course registration', level: 1 })).toBeVisible();
  await expect(
    page.getByText(/Pay your school fees before registering: ₦96,500\.00 is outstanding for this session/),
  ).toBeVisible();
  await expect(page.getByRole('link', { name: 'Pay school fees' })).toHaveAttribute(
    'href',
    /\/student\/payment$/,
  );
  await expect(page.getByRole('button', { name: 'Submit registration' })).toHaveCount(0);
});

test('DIT/2024/0004 registers, the adviser approves, the course form’s QR code opens the approved registration', async ({
  browser,
  page,
}) => {
  test.setTimeout(180_000);
  await signIn(page, 'student', STUDENT);
  await page
    .getByRole('navigation', { name: 'Main menu' })
    .first()
    .getByRole('link', { name: 'Courses' })
    .click();
  await expect(page.getByRole('heading', { name: 'Course registration', level: 1 })).toBeVisible();
  // The semester's name already says its session: it reads once.
  await expect(page.getByText('2024/2025 First Semester', { exact: true }).first()).toBeVisible();
  await expect(page.getByText('2024/2025 First Semester · 2024/2025')).toHaveCount(0);
  // A compulsory course is marked, ticked and cannot be unticked (the server requires it too).
  const csc101 = page.getByRole('checkbox', { name: 'CSC 101 Introduction to Computer Science' });
  await expect(csc101).toBeChecked();
  await expect(csc101).toBeDisabled();
  const csc101Item = page.getByRole('listitem').filter({ has: csc101 });
  await expect(csc101Item.getByText('Compulsory', { exact: true })).toBeVisible();
  const total = page.getByRole('status').filter({ hasText: /^Total:/ });
  await expect(total).toHaveText('Total: 19 units (15–24)');
  const submit = page.getByRole('button', { name: 'Submit registration' });
  await expect(submit).toBeEnabled();
  await page.getByRole('checkbox', { name: 'STA 111 Descriptive Statistics' }).check();
  await expect(total).toHaveText('Total: 22 units (15–24)');
  // Over the programme's limit: the page says so and Submit waits, before anything is sent.
  await page.getByRole('checkbox', { name: 'BIO 101 General Biology I' }).check();
  await expect(total).toHaveText('Total: 25 units (15–24) · too many');
  await expect(submit).toBeDisabled();
  await page.getByRole('checkbox', { name: 'BIO 101 General Biology I' }).uncheck();
  await expect(submit).toBeEnabled();

  await page.setViewportSize({ width: 360, height: 740 });
  // The layout settles into its phone form (the sidebar becomes an overlay) before it is measured.
  await expect.poll(() => hasHorizontalScroll(page)).toBe(false);
  await submit.dblclick();
  await expect(
    page.getByText('Your course registration has been submitted for approval.').first(),
  ).toBeVisible();
  await expect(
    page.getByText(/Submitted on .* \(22 units\): awaiting your adviser’s approval\./),
  ).toBeVisible();
  await page.setViewportSize({ width: 1280, height: 800 });

  // The level adviser of Computer Science approves it.
  const adviserContext = await browser.newContext({ baseURL: new URL(page.url()).origin, locale: 'en-GB' });
  const adviser = await adviserContext.newPage();
  await signIn(adviser, 'admin', ADVISER);
  // The adviser's home page says what waits for them, and its link opens it.
  const awaiting = adviser.getByRole('region', { name: 'Your work' });
  await expect(awaiting.getByText('1 course registration awaits your approval.')).toBeVisible();
  await expect(awaiting.getByText('2024/2025 First Semester: 1')).toBeVisible();
  await awaiting.getByRole('link', { name: 'Open Course Registration' }).click();
  await expect(adviser).toHaveURL(atPortal('/admin/courseRegistration'));
  await expect(adviser.getByRole('heading', { name: 'Course Registration', level: 1 })).toBeVisible();
  const row = adviser.getByRole('row').filter({ hasText: 'DIT/2024/0004' });
  await row.getByRole('button', { name: 'Open' }).click();
  const dialog = adviser.getByRole('dialog');
  await expect(dialog.getByText('STA 111', { exact: true })).toBeVisible();
  await expect(dialog.getByText('Total: 22 units (allowed 15–24)')).toBeVisible();
  await dialog.getByRole('button', { name: 'Approve' }).click();
  const confirm = adviser.getByRole('dialog', { name: 'Approve registrations?' });
  await confirm.getByRole('button', { name: 'Approve' }).click();
  await expect(adviser.getByText('Registration approved.').first()).toBeVisible();

  // The lists for lecturers: CSC 101's students, as a CSV file too.
  await adviser.goto(portal('/admin/studentcourselist'));
  await adviser.getByLabel('Course', { exact: true }).fill('CSC 101');
  await adviser.getByRole('option', { name: /CSC 101/ }).click();
  await expect(adviser.getByText('DIT/2024/0004')).toBeVisible();
  const [csv] = await Promise.all([
    adviser.waitForEvent('download'),
    adviser.getByRole('button', { name: 'Export CSV' }).click(),
  ]);
  const lines = readFileSync((await csv.path())!, 'utf8')
    .replace(/^\uFEFF/, '')
    .trim()
    .split('\r\n');
  expect(lines[0]).toBe('S/N,Matric No.,Name,Department,Level,Registration,Carry-over,Signature');
  expect(lines[1]).toMatch(/^1,DIT\/2024\/0004,MOHAMMED Aisha Zainab,Computer Science,100 Level,Approved,,$/);
  await adviserContext.close();

  // The student sees the approval and downloads the course form.
  await page.reload();
  await expect(page.getByText(/Approved by Ngozi Eze on .*: 22 units\./)).toBeVisible();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download course form' }).click(),
  ]);
  const pdf = readFileSync((await download.path())!);
  expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
  const link = decodePdfQr(pdf);
  expect(link).toMatch(/\/portal\/CourseForm\?id=[0-9a-f]{32}&v=2$/);

  // What a phone opens from the QR code: the approved registration, and that the form is current.
  const verify = await browser.newPage();
  await verify.goto(link);
  await expect(
    verify.getByText('This course form is current: the registration has not changed since it was printed.'),
  ).toBeVisible();
  await expect(verify.getByTestId('registration-state')).toHaveText('Approved');
  await expect(verify.getByText('MOHAMMED Aisha Zainab')).toBeVisible();
  await expect(verify.getByRole('cell', { name: 'STA 111' })).toBeVisible();
  await expect(verify.getByText('Total: 22 units')).toBeVisible();
  await verify.close();
});

test('the adviser’s pages open with their filters, at 360 px too', async ({ page }) => {
  await signIn(page, 'admin', ADVISER);
  for (const path of ['/admin/courseRegistration', '/admin/RegisteredCourse', '/admin/studentcourselist']) {
    await page.goto(portal(path));
    await expect(page.getByRole('heading', { level: 1 })).not.toHaveText(/not found/i);
    await expect(page.getByLabel('Semester', { exact: false }).first()).toBeVisible();
  }
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto(portal('/admin/RegisteredCourse'));
  await page.getByLabel('Matric No.').fill('DIT/2023/0003');
  await expect(
    page.getByText('This student has registered no courses yet.').or(page.getByText('CHM 101')),
  ).toBeVisible();
  expect(await hasHorizontalScroll(page)).toBe(false);
});

test('the course form page: without an id back to the landing page; an unknown id says so', async ({
  page,
  consoleErrors,
}) => {
  await page.goto(portal('/CourseForm'));
  await expect(page).toHaveURL(/\/portal\/?$/);
  consoleErrors.expectFailedRequest('/api/course-forms/verify', 404);
  await page.goto(portal(`/CourseForm?id=${'0'.repeat(32)}&v=1`));
  await expect(page.getByText('No course form was found for this link.')).toBeVisible();
});

/**
 * Results (issue 14), from the registration approved above: the lecturer of CSC 101 uploads the
 * score of DIT/2024/0004 from the template, submits the sheet, it climbs the head of department (the
 * adviser), the faculty board and the senate (the registry, who holds no stage), the registry
 * publishes the semester, and the student sees the result with the GPA the arithmetic gives.
 */
test('results: the lecturer uploads CSC 101’s scores, the sheet climbs every stage, is published, the student sees it', async ({
  browser,
  page,
}) => {
  test.setTimeout(240_000);
  const origin = () => ({ baseURL: new URL(page.url()).origin, locale: 'en-GB' });
  const openSheet = async (screen: typeof page, path: string, semester = true) => {
    await screen.goto(portal(path));
    if (semester) {
      await screen.getByLabel('Semester', { exact: true }).fill('2024/2025 First');
      await screen.getByRole('option', { name: /2024\/2025 First Semester/ }).click();
    }
    await screen.getByRole('button', { name: 'Open the score sheet of CSC 101' }).click();
    await expect(screen.getByRole('heading', { name: /CSC 101 · / })).toBeVisible();
  };

  // The lecturer: the template lists the registered student; the filled file goes back up.
  await signIn(page, 'admin', 'lecturer@demo.edu.ng');
  // The lecturer's home page lists the courses' sheets to fill; a course's link opens its sheet.
  const work = page.getByRole('region', { name: 'Your work' });
  await expect(work.getByText('To fill: 2 · Returned to you: 0')).toBeVisible();
  await work.getByRole('link', { name: 'CSC 101' }).click();
  await expect(page).toHaveURL(/\/admin\/resultupload\?semesterId=\d+&courseId=\d+$/);
  await expect(page.getByRole('heading', { name: /CSC 101 · / })).toBeVisible();
  const [template] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Template (CSV)' }).click(),
  ]);
  const [header, ...rows] = readFileSync((await template.path())!, 'utf8')
    .replace(/^\uFEFF/, '')
    .trim()
    .split('\r\n');
  expect(header).toBe('Matric Number,Name,CA 1 (15),CA 2 (15),Examination (70)');
  // DIT/2024/0004 registered above; DIT/2024/0005 is the demo student registered for CSC 101 by the seed.
  expect(rows).toEqual([
    expect.stringMatching(/^DIT\/2024\/0004,/),
    expect.stringMatching(/^DIT\/2024\/0005,/),
  ]);
  // 12 + 11.5 + 41 = 64.5, which the 5-point scale reads as 65: a B, 4 points.
  const scores = [12, 11.5, 41];
  await page.locator('input[type=file]').setInputFiles({
    name: 'scores.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(
      `${header}\r\nDIT/2024/0004,MOHAMMED Aisha Zainab,${scores.join(',')}\r\nDIT/2024/0005,OKAFOR Chidinma,10,10,40\r\n`,
    ),
  });
  await expect(page.getByText('Scores of 2 students saved.').first()).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: 'DIT/2024/0004' });
  await expect(row.getByRole('cell', { name: '64.5' })).toBeVisible();
  await expect(row.getByRole('cell', { name: 'B', exact: true })).toBeVisible();
  // Typed marks: one out of range says so beside its input; the total and grade follow the typing,
  // and greyed-out buttons say why.
  const exam = row.getByRole('textbox', { name: 'Examination, DIT/2024/0004' });
  await exam.fill('75');
  await expect(row.getByText('Above the maximum of 70')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Save scores' })).toBeDisabled();
  await expect(page.getByText("Some scores are not numbers within their item's maximum.")).toBeVisible();
  await exam.fill('60');
  await expect(row.getByRole('cell', { name: '83.5' })).toBeVisible();
  await expect(row.getByRole('cell', { name: 'A', exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Submit for review' })).toBeDisabled();
  await expect(page.getByText('Save your changes before submitting.')).toBeVisible();
  await exam.fill('41');
  await page.getByRole('button', { name: 'Save scores' }).click();
  await expect(page.getByText('Save your changes before submitting.')).toBeHidden();
  await expect(row.getByRole('cell', { name: '64.5' })).toBeVisible();
  await page.getByRole('button', { name: 'Submit for review' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('Score sheet submitted for review.').first()).toBeVisible();

  // Each stage approves in turn.
  const approve = async (email: string, stage: string) => {
    const context = await browser.newContext(origin());
    const reviewer = await context.newPage();
    await signIn(reviewer, 'admin', email);
    await openSheet(reviewer, '/admin/ReviewResult', false);
    await reviewer.getByRole('button', { name: `Approve (${stage})` }).click();
    await reviewer.getByRole('dialog').getByRole('button', { name: 'Approve', exact: true }).click();
    await expect(reviewer.getByText(/^Approved at|^Approved at the last stage/).first()).toBeVisible();
    await context.close();
  };
  await approve('adviser@demo.edu.ng', 'Head of Department');
  await approve('admin@demo.edu.ng', 'Faculty Board');
  await approve('admin@demo.edu.ng', 'Senate');

  // The registry publishes the semester.
  const context = await browser.newContext(origin());
  const registry = await context.newPage();
  await signIn(registry, 'admin', 'admin@demo.edu.ng');
  await registry.goto(portal('/admin/resultSheet'));
  await registry.getByLabel('Semester', { exact: true }).fill('2024/2025 First');
  await registry.getByRole('option', { name: /2024\/2025 First Semester/ }).click();
  await registry.getByRole('button', { name: 'Publish approved results (1)' }).click();
  await registry.getByRole('dialog').getByRole('button', { name: 'Publish' }).click();
  await expect(registry.getByText('Results of 1 course published.').first()).toBeVisible();
  await context.close();

  // The student sees it: CSC 101 (3 units) B, 4 points; GPA = Σ(units × points) / Σ units.
  const student = await browser.newContext(origin());
  const own = await student.newPage();
  await signIn(own, 'student', STUDENT);
  await own.goto(portal('/student/Result'));
  const units = 3;
  const gpa = ((units * 4) / units).toFixed(2);
  const course = own.getByRole('row').filter({ hasText: 'Introduction to Computer Science' });
  await expect(course.getByRole('cell', { name: 'CSC 101', exact: true })).toBeVisible();
  await expect(course.getByRole('cell', { name: '64.5' })).toBeVisible();
  await expect(course.getByRole('cell', { name: 'B', exact: true })).toBeVisible();
  await expect(own.getByTestId('semester-gpa')).toContainText(`GPA ${gpa} · CGPA ${gpa}`);
  await student.close();
});
