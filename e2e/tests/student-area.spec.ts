import type { Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { savedSessionFile } from '../accounts';
import {
  DEMO,
  atPortal,
  earlyLoads,
  expect,
  loadingBars,
  portal,
  recordLoads,
  scriptsNotPreloaded,
  sidebarLinks,
  signIn,
  test,
  userCookie,
} from '../fixtures';

/**
 * The student's own area as DIT/2024/0001 finds it: every sidebar link opens a working page (never
 * the not-found page), at 360 px too; the contact details are edited, a clearance document is
 * uploaded, the matriculation form is downloaded, and a page outside RoleData is refused.
 */

test('the student sidebar holds its links', async ({ page }) => {
  // That each link opens a working page that fits at 1280 and 360 px, with nothing serious for axe
  // at 360 px: tables-fit.spec.ts.
  await signIn(page, 'student', DEMO.student);
  const links = await sidebarLinks(page);
  expect(links.map((l) => l.name)).toEqual([
    'Dashboard',
    'Profile',
    'School Fees',
    'Payment History',
    'Courses',
    'Results',
    'Report Card',
    'Hostel',
    'Live Classes',
    'Exams',
    'Lecture Notes',
    'Discussion',
    'Assignment',
    'Document Download',
    'Document Upload',
    'Matriculation',
    'Change Password',
  ]);
});

test('the dashboard says what comes next from live data', async ({ page }) => {
  await signIn(page, 'student', DEMO.student);
  await expect(page.getByText('Welcome, Abubakar Halima (DIT/2024/0001).', { exact: false })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Course registration' })).toBeVisible();
  // The hostel card states the round as the hostel page does: open (to this student or not yet, as their fees
  // stand), or closed once hostels.spec.ts (run alongside) closes it for its draw.
  await expect(
    page.getByText(/^Hostel applications (are open|open on|closed on|have closed)/).first(),
  ).toBeVisible();
  await expect(page.getByText('No results have been published yet.')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'New documents' })).toBeVisible();
});

/** Records the layout shifts of every document the page opens (read by `layoutShifts`). */
const recordLayoutShifts = (page: Page) =>
  page.addInitScript(() => {
    const shifts: number[] = [];
    (window as unknown as { layoutShifts: number[] }).layoutShifts = shifts;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) shifts.push((entry as unknown as { value: number }).value);
    }).observe({ type: 'layout-shift', buffered: true });
  });
const layoutShifts = (page: Page) =>
  page.evaluate(() =>
    (window as unknown as { layoutShifts: number[] }).layoutShifts.reduce((a, b) => a + b, 0),
  );

const DASHBOARD_READS = ['/api/student/dashboard', '/api/announcements/current', '/api/student/school-fees'];

/**
 * Signs the student in to the dashboard, noting its loads and its layout shifts (announcements arriving
 * after the cards pushed them down a screen), until its cards show; the early loads its document left.
 */
async function openDashboard(page: Page) {
  await recordLayoutShifts(page);
  const loads = recordLoads(page);
  await signIn(page, 'student', DEMO.student);
  await expect(page.getByRole('heading', { name: 'Course registration' })).toBeVisible();
  await expect(page.getByTestId('school-fees-due-card')).toBeVisible();
  return { loads, early: await earlyLoads(page) };
}

test('the dashboard arrives rendered with its reads, its code asked for by its document; the app asks for none of the reads again, and nothing jumps', async ({
  page,
}) => {
  const { loads, early } = await openDashboard(page);
  // The reads came with the document: none asked for early, none asked for by the app.
  expect(early.left).toEqual([]);
  for (const read of DASHBOARD_READS) expect(loads.reads.get(read) ?? 0, read).toBe(0);
  // Every file of the page's code was asked for by its document, beside the entry (none a layer
  // later), and downloaded once: the import took the preloaded file.
  expect(early.code.length).toBeGreaterThan(10);
  expect(scriptsNotPreloaded(loads.scripts, early)).toEqual([]);
  // Below 0.1, what Core Web Vitals call good.
  expect(await layoutShifts(page)).toBeLessThan(0.1);
});

test('for a visitor in settings of their own, the dashboard’s document asks for the page’s reads before its script, and the page takes each of them', async ({
  page,
}) => {
  // Rendered by the server in the default settings, the page would be kept hidden: the app renders it.
  await page.addInitScript(() => {
    if (location.pathname.startsWith('/portal/'))
      localStorage.setItem('portal.settings', JSON.stringify({ drawerType: 'mini' }));
  });
  const { loads, early } = await openDashboard(page);
  // Asked for (the document left them), and every one taken by the page: none left untaken.
  expect(early.left).toEqual([]);
  expect(scriptsNotPreloaded(loads.scripts, early)).toEqual([]);
  for (const read of DASHBOARD_READS) expect(loads.reads.get(read), read).toBe(1);
  expect(await layoutShifts(page)).toBeLessThan(0.1);
});

/** The reads a page makes again at once whatever its document held: the unread counts, which are live. */
const LIVE_READS = new Set(['/api/notifications/counts']);

test('every other page of the student’s sidebar, opened afresh: its document holds the page with its reads, the app asks for none of them again and loads no file its document did not ask for', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const context = await browser.newContext({ storageState: savedSessionFile('student') });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await page.goto(portal('/student/dashboard'));
  const links = (await sidebarLinks(page)).filter(({ href }) => !/\/student\/dashboard$/i.test(href));
  expect(links.length).toBeGreaterThanOrEqual(15);
  const problems: string[] = [];
  for (const { href } of links) {
    // A first visit: nothing of the portal's files in the cache.
    await page.goto('about:blank');
    await cdp.send('Network.clearBrowserCache');
    const loads = recordLoads(page);
    const document = await page.goto(href);
    if (!(await document?.text())?.includes('data-server-rendered="'))
      problems.push(`${href}: its document was not rendered with the page`);
    await expect(page.getByRole('heading', { level: 1 }).first(), href).toBeVisible();
    await expect(loadingBars(page), href).toHaveCount(0, { timeout: 15_000 });
    await page.waitForLoadState('networkidle');
    loads.stop();
    const early = await earlyLoads(page);
    for (const read of early.left) problems.push(`${href}: ${read} asked for by the document, not taken`);
    for (const [read, times] of loads.reads)
      if (!LIVE_READS.has(read)) problems.push(`${href}: ${read} asked ${times} times by the app`);
    for (const problem of scriptsNotPreloaded(loads.scripts, early)) problems.push(`${href}: ${problem}`);
  }
  await context.close();
  expect(problems).toEqual([]);
});

test('the student edits their contact details; programme and level stay read-only', async ({ page }) => {
  await signIn(page, 'student', DEMO.student);
  await page.goto(portal('/student/profile'));
  await expect(page.getByText('DIT/2024/0001').first()).toBeVisible();
  await expect(page.getByText('100 Level')).toBeVisible();
  await expect(page.getByText('Computer Science').first()).toBeVisible();
  const phone = page.getByLabel('Phone number');
  const address = page.getByLabel('Address');
  const before = { phone: await phone.inputValue(), address: await address.inputValue() };

  await phone.fill('12345');
  await page.getByRole('button', { name: 'Save contact details' }).click();
  await expect(
    page.getByText('Phone number must be a Nigerian mobile number such as 08031234567.'),
  ).toBeVisible();

  await phone.fill('0809 111 2233');
  await address.fill('7 Tunga Low-Cost, Minna');
  await page.getByRole('button', { name: 'Save contact details' }).click();
  await expect(page.getByText('Your contact details have been saved.')).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('Phone number')).toHaveValue('08091112233');
  await expect(page.getByLabel('Address')).toHaveValue('7 Tunga Low-Cost, Minna');

  // Put the demo data back.
  await page.getByLabel('Phone number').fill(before.phone);
  await page.getByLabel('Address').fill(before.address);
  await page.getByRole('button', { name: 'Save contact details' }).click();
  await expect(page.getByText('Your contact details have been saved.')).toBeVisible();
});

test('a clearance document is uploaded, checked by its content', async ({ page, consoleErrors }) => {
  consoleErrors.expectFailedRequest('/api/student/uploads/guarantor_form', 415);
  await signIn(page, 'student', DEMO.student);
  await page.goto(portal('/student/documentupload'));
  const card = page.getByRole('region', { name: "Guarantor's Form" });
  await card.locator('input[type=file]').setInputFiles({
    name: 'guarantor.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.from('<html>not a pdf</html>'),
  });
  await expect(page.getByText(/Its content was checked, not its name/)).toBeVisible();
  await card.locator('input[type=file]').setInputFiles({
    name: 'guarantor.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n'),
  });
  await expect(page.getByText('Document uploaded successfully.')).toBeVisible();
  await expect(card.getByText(/Uploaded: guarantor\.pdf/)).toBeVisible();
  await expect(card.getByRole('button', { name: "Replace Guarantor's Form" })).toBeVisible();
});

test('the matriculation form downloads as a PDF; the documents page lists it', async ({ page }) => {
  await signIn(page, 'student', DEMO.student);
  await page.goto(portal('/student/Matriculation'));
  await expect(page.getByText('DIT/2024/0001')).toBeVisible();
  await expect(page.getByText(/November 18, 2024|18 November 2024/)).toBeVisible();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download matriculation form (PDF)' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('MatriculationForm-DIT20240001.pdf');
  expect(
    readFileSync((await download.path())!)
      .subarray(0, 5)
      .toString(),
  ).toBe('%PDF-');

  await page.goto(portal('/student/documentdownload'));
  await expect(page.getByRole('heading', { name: 'Matriculation Form' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'SIWES Placement Letter' })).toBeVisible();
});

test('the unauthorized page; the sidebar follows the RoleData the server answers now', async ({
  page,
  request,
}) => {
  await signIn(page, 'student', DEMO.student);
  await page.goto(portal('/student/unauthorized'));
  await expect(page.getByRole('heading', { name: 'Not available to you' })).toBeVisible();
  await page.getByRole('link', { name: 'Back to the dashboard' }).click();
  await expect(page).toHaveURL(atPortal('/student/dashboard'));
  // RoleData (the server's, read again on each visit) names the pages the sidebar shows; a page
  // outside it (Matriculation, for a student with no matriculation record) shows 'unauthorized':
  // the API suite covers that student, whom the demo data does not include.
  const token = (await userCookie(page)).studentUser!.token;
  const pages = await request.get('/api/student/pages', { headers: { authorization: `Bearer ${token}` } });
  const names = ((await pages.json()).Data as { Page: string }[]).map((p) => p.Page);
  expect(names).toEqual([
    'dashboard',
    'profile',
    'payment',
    'paymenthistory',
    'courseregistration',
    'Result',
    'ReportCard',
    'applyforhostel',
    'documentdownload',
    'documentupload',
    'liveclasses',
    'exams',
    'lecturenote',
    'discussion',
    'assignment',
    'Matriculation',
    'changepassword',
  ]);
  const state = await page.evaluate(() => JSON.parse(localStorage.getItem('portal.app') ?? '{}'));
  expect(state.studentPages.map((p: { Page: string }) => p.Page)).toEqual(names);
});

test('a form the registry adds on studentforms reaches the student’s document download', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  await signIn(page, 'admin', DEMO.admin);
  await page.goto(portal('/admin/studentforms'));
  await expect(page.getByRole('heading', { level: 1, name: 'Student Forms' })).toBeVisible();
  await page.getByRole('button', { name: 'Add student form' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add student form' });
  await dialog.getByRole('textbox', { name: 'Form', exact: true }).fill('Student Handbook Acknowledgement');
  await dialog.getByRole('textbox', { name: 'Description' }).fill('Sign and return to the registry');
  await dialog.locator('input[type=file]').setInputFiles({
    name: 'handbook.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n'),
  });
  await dialog.getByRole('switch', { name: 'Must submit' }).check();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Student Handbook Acknowledgement').first()).toBeVisible();

  const student = await browser.newPage();
  await signIn(student, 'student', DEMO.student);
  await student.goto(portal('/student/documentdownload'));
  const form = student.getByRole('listitem').filter({ hasText: 'Student Handbook Acknowledgement' });
  await expect(form.getByText('Fill in and submit')).toBeVisible();
  const [download] = await Promise.all([
    student.waitForEvent('download'),
    form.getByRole('button', { name: 'Download Student Handbook Acknowledgement' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('Student Handbook Acknowledgement.pdf');
  await student.close();
});
