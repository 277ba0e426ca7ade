import { readFileSync } from 'node:fs';
import {
  atPortal,
  closeNotice,
  DEMO_PASSWORD,
  expect,
  hasHorizontalScroll,
  portal,
  seriousA11yViolations,
  signIn,
  test,
} from '../fixtures';
import { makePdf, makePng, pdfText } from './applicant-files';

/*
 * The whole journey of a new applicant. Only this spec uses applicant 1 (a fresh account with
 * the default password), and it changes that account: it runs once, in order.
 */
const JAMB = '202410000001AA';
const NEW_PASSWORD = 'Minna-Harmattan#2025';

test.describe.configure({ mode: 'serial' });

test('a new applicant goes from the default password to a submitted registration', async ({
  page,
  consoleErrors,
}) => {
  test.setTimeout(240_000);
  // A text file named .pdf is refused by content: 415.
  consoleErrors.expectFailedRequest('/api/applicant/documents/jamb_result', 415);
  await signIn(page, 'applicant', JAMB);

  // Welcome!: only Proceed leads away; Escape and the backdrop do nothing.
  const welcome = page.getByRole('dialog', { name: 'Welcome!' });
  await expect(welcome).toBeVisible();
  await expect(welcome).toContainText('Login successful! You are required to change your default password.');
  await expect(welcome.getByRole('button')).toHaveText(['Proceed']);
  await page.keyboard.press('Escape');
  await page.mouse.click(5, 5);
  await expect(welcome).toBeVisible();
  await welcome.getByRole('button', { name: 'Proceed' }).click();
  await expect(page).toHaveURL(atPortal('/applicant/changepassword'));
  await expect(welcome).toBeHidden();

  // Change the default password.
  await expect(page.getByRole('heading', { name: 'Change Password', level: 1 })).toBeVisible();
  await page.getByLabel('Current Password').fill(DEMO_PASSWORD);
  await page.getByLabel('New Password').fill(NEW_PASSWORD);
  await page.getByLabel('Confirm Password').fill(`${NEW_PASSWORD}x`);
  await page.getByRole('button', { name: 'Change Password' }).click();
  await expect(page.getByText('Passwords Do Not match')).toBeVisible();
  await page.getByLabel('Confirm Password').fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Change Password' }).click();
  await closeNotice(page, 'Password changed successfully.');
  await expect(page).toHaveURL(atPortal('/applicant/dashboard'));
  await expect(page.getByRole('dialog', { name: 'Welcome!' })).toBeHidden();
  // Gone for good: not after a reload either.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Continue' })).toHaveAttribute(
    'href',
    '/portal/applicant/biodata',
  );
  await expect(page.getByRole('dialog', { name: 'Welcome!' })).toBeHidden();

  // Bio-data and guardian.
  await page.getByRole('link', { name: 'Continue' }).click();
  await expect(page).toHaveURL(atPortal('/applicant/biodata'));
  await expect(page.getByRole('heading', { name: 'Bio-Data', level: 1 })).toBeVisible();
  await expect(page.locator('#biodata-FirstName')).toHaveValue('Chinedu');
  await page.locator('#biodata-DateOfBirth').fill('2005-03-14');
  await page.locator('#biodata-Gender').selectOption('Male');
  await page.locator('#biodata-MaritalStatus').selectOption('Single');
  await page.locator('#biodata-Address').fill('12 Bida Road, Minna');
  await page.getByRole('button', { name: 'Save Bio-Data' }).click();
  await expect(page.getByText('Phone Number is required.')).toBeVisible();
  await page.locator('#biodata-PhoneNumber').fill('0803 123 4567');
  await page.locator('#biodata-StateId').selectOption({ label: 'Niger' });
  await page.locator('#biodata-LgaId').selectOption({ index: 1 });
  if (!(await page.locator('#biodata-DepartmentId').inputValue()))
    await page.locator('#biodata-DepartmentId').selectOption({ index: 1 });
  if (!(await page.locator('#biodata-CourseOfStudyId').inputValue()))
    await page.locator('#biodata-CourseOfStudyId').selectOption({ index: 1 });
  await page.getByRole('button', { name: 'Save Bio-Data' }).click();
  await closeNotice(page, 'Biodata saved successfully.');

  await page.locator('#guardian-Name').fill('Ngozi Okafor');
  await page.locator('#guardian-Relationship').selectOption('Mother');
  await page.locator('#guardian-PhoneNumber').fill('08039876543');
  await page.locator('#guardian-Address').fill('12 Bida Road, Minna');
  await page.getByRole('button', { name: 'Save Guardian' }).click();
  await closeNotice(page, 'Guardian details saved successfully.');

  // O'level: a list built here, sent at once; then each change is saved on its own.
  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: "O'Level" }).click();
  await expect(page.getByRole('heading', { name: 'Olevel', level: 1 })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'My Results' })).toBeVisible();
  await page.getByRole('button', { name: 'Add Subject' }).click();
  await closeNotice(page, 'Examination Type is required.');
  await page.locator('#olevel-type').selectOption({ label: 'WAEC' });
  await page.locator('#olevel-year').selectOption('2019');
  await page.locator('#olevel-number').fill('4250110123');

  const subjects: [string, string][] = [
    ['English Language', 'B3'],
    ['Mathematics', 'A1'],
    ['Physics', 'B2'],
    ['Chemistry', 'C4'],
    ['Biology', 'B3'],
    ['Economics', 'C5'],
    ['Geography', 'C6'],
    ['Civic Education', 'A1'],
  ];
  const add = async ([subject, grade]: [string, string], notice: string) => {
    await page.locator('#olevel-subject').selectOption({ label: subject });
    await page.locator('#olevel-grade').selectOption({ label: grade });
    await page.getByRole('button', { name: 'Add Subject' }).click();
    await closeNotice(page, notice);
  };
  for (const entry of subjects.slice(0, 7)) await add(entry, 'Result Added.');
  await add(subjects[0]!, 'Subject added already.');
  await page.getByRole('button', { name: 'Submit Results' }).click();
  await closeNotice(page, 'Subject can not be less than 8.');
  await add(subjects[7]!, 'Result Added.');
  const results = page.getByRole('table', { name: 'My Results' }).first();
  await expect(results.getByRole('row')).toHaveCount(9);
  await page.getByRole('button', { name: 'Submit Results' }).click();
  await closeNotice(page, 'Congratulations, Olevel added successfully.');
  await expect(page.getByRole('button', { name: 'Submit Results' })).toBeHidden();

  // Saved: a deletion asks first; an addition is saved at once.
  await results.getByRole('button', { name: 'Delete Geography' }).click();
  const confirm = page.getByRole('dialog', { name: 'Are You Sure?' });
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await closeNotice(page, 'Subject deleted successfully.');
  await expect(results.getByRole('row')).toHaveCount(8);
  await add(['Agricultural Science', 'B2'], 'Subject added successfully.');
  await expect(results.getByRole('row')).toHaveCount(9);

  // Documents: refused files say why; the others upload with a progress bar.
  await page.goto(portal('/applicant/documents'));
  await expect(page.getByRole('heading', { name: 'Upload Documents', level: 1 })).toBeVisible();
  const fileInput = (kind: string) => page.locator(`input[type="file"][data-kind="${kind}"]`);
  const card = (label: string) => page.getByRole('region', { name: label });

  await fileInput('passport').setInputFiles({
    name: 'big.png',
    mimeType: 'image/png',
    buffer: makePng(340, true),
  });
  await expect(card('Passport Photograph')).toContainText('The file is too large. The limit is 300 KB.');
  await fileInput('jamb_result').setInputFiles({
    name: 'jamb.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.from('This is not really a PDF file, whatever its name says.'),
  });
  await expect(card('JAMB Result Slip')).toContainText('The file must be a PDF, JPEG or PNG.');

  await fileInput('passport').setInputFiles({
    name: 'passport.png',
    mimeType: 'image/png',
    buffer: makePng(96),
  });
  await expect(card('Passport Photograph')).toContainText('Uploaded: passport.png');
  await expect(card('Passport Photograph').getByRole('img', { name: 'Passport photograph' })).toBeVisible();

  // A larger file over a slowed connection shows its progress.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 50,
    downloadThroughput: 2_000_000,
    uploadThroughput: 300_000,
  });
  await fileInput('olevel_result').setInputFiles({
    name: 'waec.pdf',
    mimeType: 'application/pdf',
    buffer: makePdf('WAEC statement of result', 1_200_000),
  });
  const progress = card("O'level Certificate / Result").getByRole('progressbar', { name: /Upload progress/ });
  await expect(progress).toBeVisible();
  await expect(card("O'level Certificate / Result")).toContainText(/Uploading… \d+%/);
  await expect(card("O'level Certificate / Result")).toContainText('Uploaded: waec.pdf', { timeout: 30_000 });
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: -1,
  });

  for (const [kind, label] of [
    ['jamb_result', 'JAMB Result Slip'],
    ['birth_certificate', 'Birth Certificate or Age Declaration'],
    ['lga_certificate', 'LGA Certificate of Origin'],
  ] as const) {
    await fileInput(kind).setInputFiles({
      name: `${kind}.pdf`,
      mimeType: 'application/pdf',
      buffer: makePdf(label),
    });
    await expect(card(label)).toContainText(`Uploaded: ${kind}.pdf`);
  }
  await expect(page.getByText('All your documents are uploaded.')).toBeVisible();
  // Replace one, and download it back.
  await fileInput('passport').setInputFiles({
    name: 'passport-2.png',
    mimeType: 'image/png',
    buffer: makePng(120),
  });
  await expect(card('Passport Photograph')).toContainText('Uploaded: passport-2.png');
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download JAMB Result Slip' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('jamb_result.pdf');

  // Complete the registration.
  await page.goto(portal('/applicant/dashboard'));
  await page.getByRole('button', { name: 'Complete Registration' }).click();
  const sure = page.getByRole('dialog', { name: 'Are You Sure?' });
  await expect(sure).toContainText("You won't be able to change your details after you submit.");
  await sure.getByRole('button', { name: 'Submit' }).click();
  await closeNotice(page, 'Registration completed successfully.');
  await expect(page.getByText('Your application is being reviewed!')).toBeVisible();
  await expect(page.getByText('Kindly Await Response From The Admissions Team')).toBeVisible();
  // The sidebar now has the Documents group.
  const menu = page.getByRole('navigation', { name: 'Main menu' });
  await expect(menu.getByText('Upload Documents', { exact: true })).toBeHidden();
  await expect(menu.getByText('Documents', { exact: true })).toBeVisible();

  // The application slip, on screen and as the server's PDF.
  await page.getByRole('button', { name: 'Application Slip' }).click();
  const slip = page.getByRole('dialog', { name: 'PROSPECTIVE STUDENT APPLICATION SLIP' });
  await expect(slip).toBeVisible();
  await expect(slip).toContainText(JAMB);
  await expect(slip).toContainText("O'LEVEL RESULT");
  await expect(slip).toContainText('Agricultural Science');
  await expect(slip).toContainText('2005-03-14');
  expect(await seriousA11yViolations(page)).toEqual([]);
  const [slipDownload] = await Promise.all([
    page.waitForEvent('download'),
    slip.getByRole('button', { name: 'Download PDF' }).click(),
  ]);
  const slipPdf = readFileSync((await slipDownload.path())!);
  expect(slipPdf.subarray(0, 5).toString()).toBe('%PDF-');
  const text = pdfText(slipPdf);
  expect(text).toContain(JAMB);
  expect(text).toContain('PROSPECTIVE STUDENT APPLICATION SLIP');
  expect(text).toContain('Agricultural Science');
  await slip.getByRole('button', { name: 'Close' }).click();
  await expect(slip).toBeHidden();

  // The Applicant Form from the header menu: every detail, the O'level table, the PDF.
  await page.getByRole('button', { name: /^Account menu/ }).click();
  await page.getByRole('menuitem', { name: 'Applicant Form' }).click();
  const form = page.getByRole('dialog', { name: 'Applicant Form' });
  for (const label of [
    'JAMB Registration Number',
    'Department Category',
    'Department',
    'First Name',
    'Other Name',
    'Last Name',
    'Email',
    'Date of Birth',
    'Gender',
    'Phone Number',
    'Marital Status',
    'Address',
    'Country',
    'State',
    'LGA',
    "O'LEVEL RESULT",
    'Exam Number',
    'Year of Exam',
  ])
    await expect(form.getByText(label, { exact: true }).first()).toBeVisible();
  await expect(form).toContainText('Okafor');
  const [formDownload] = await Promise.all([
    page.waitForEvent('download'),
    form.getByRole('button', { name: 'Print PDF' }).click(),
  ]);
  expect(formDownload.suggestedFilename()).toBe('ApplicantFormPDF.pdf');
  await form.getByRole('button', { name: 'Close' }).click();

  // Everything is read-only now.
  await page.goto(portal('/applicant/biodata'));
  await expect(
    page.getByText('Your registration is complete, so your details can no longer be changed.').first(),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Save Bio-Data' })).toBeHidden();
  await expect(page.locator('#biodata-FirstName')).toBeDisabled();
  await page.goto(portal('/applicant/olevel'));
  await expect(page.getByRole('button', { name: 'Add Subject' })).toBeHidden();
  await expect(page.getByRole('button', { name: /^Delete / })).toHaveCount(0);
  expect(await hasHorizontalScroll(page)).toBe(false);
});
