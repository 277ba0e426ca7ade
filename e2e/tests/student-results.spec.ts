import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { RESULT_MESSAGES } from '@portal/contracts';
import { decodePdfQr } from '../support/pdf-qr';
import { DEMO, closeNotice, expect, hasHorizontalScroll, portal, signIn, test } from '../fixtures';

/**
 * The student's results (issue 14): DIT/2023/0003's published 2023/2024 results with GPA, CGPA,
 * class of degree and the carry-over, at 360 px too; a query on a course; the report card's PDF,
 * whose QR code opens the public verification page; a transcript request awaiting its fee.
 * The specs share one database: this file only adds a query and a transcript request (rows no
 * other spec reads), never pays, and changes no password.
 */

const STUDENT = 'DIT/2023/0003';
const FIRST = '2023/2024 First Semester';
const SECOND = '2023/2024 Second Semester';

/** A semester's card on the Result page (a section named by its heading). */
const semesterSection = (page: Page, name: string) => page.getByRole('region', { name, exact: true });

async function openFromSidebar(page: Page, name: string) {
  await page
    .getByRole('navigation', { name: 'Main menu' })
    .first()
    .getByRole('link', { name, exact: true })
    .click();
}

test('DIT/2023/0003 sees GPA, CGPA, class of degree and the carry-over, and queries a result', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signIn(page, 'student', STUDENT);
  await openFromSidebar(page, 'Results');
  await expect(page.getByRole('heading', { name: 'Results', level: 1 })).toBeVisible();

  const first = semesterSection(page, FIRST);
  const second = semesterSection(page, SECOND);
  await expect(first.getByTestId('semester-gpa')).toContainText('GPA 3.14 · CGPA 3.14');
  await expect(second.getByTestId('semester-gpa')).toContainText('GPA 3.67 · CGPA 3.38');
  await expect(page.getByText('3.38', { exact: true })).toBeVisible();
  await expect(page.getByText('Second Class Lower', { exact: true })).toBeVisible();
  await expect(page.getByTestId('carry-overs')).toHaveText('CHM 101');
  const chm101 = first.getByRole('row').filter({ hasText: 'CHM 101' });
  await expect(chm101).toContainText('Carry-over');
  await expect(chm101).toContainText('34');
  await expect(chm101.getByRole('cell', { name: 'F', exact: true })).toBeVisible();
  await expect(first.getByRole('row').filter({ hasText: 'CSC 101' })).not.toContainText('Carry-over');

  // On a phone the tables scroll inside their own box; the page never scrolls sideways.
  await page.setViewportSize({ width: 360, height: 740 });
  await expect.poll(() => hasHorizontalScroll(page)).toBe(false);

  // A query on MTH 102: the reason is checked as the server checks it, then sent to the HOD.
  const mth102 = second.getByRole('row').filter({ hasText: 'MTH 102' });
  await mth102.getByRole('button', { name: 'Query the result of MTH 102' }).click();
  const dialog = page.getByRole('dialog', { name: 'Query the result of MTH 102' });
  await dialog.getByRole('button', { name: 'Send query' }).click();
  await expect(dialog.getByText('Say in a few words why the result should be checked.')).toBeVisible();
  await dialog
    .getByRole('textbox', { name: 'Reason' })
    .fill('My continuous assessment score seems to be missing from the total.');
  await dialog.getByRole('button', { name: 'Send query' }).click();
  await closeNotice(page, RESULT_MESSAGES.queryRaised);
  await expect(dialog).toBeHidden();
  await expect(mth102).toContainText('Awaiting answer');
  await expect(mth102.getByRole('button', { name: 'Query the result of MTH 102' })).toHaveCount(0);
  await expect(second.getByText(/My continuous assessment score seems to be missing/)).toBeVisible();
  await expect(second.getByText('Awaiting the head of department’s answer.')).toBeVisible();
  await expect.poll(() => hasHorizontalScroll(page)).toBe(false);
});

test('the report card’s QR code opens its verification page; a transcript request awaits its fee', async ({
  browser,
  page,
}) => {
  test.setTimeout(120_000);
  await signIn(page, 'student', STUDENT);
  await openFromSidebar(page, 'Report Card');
  await expect(page.getByRole('heading', { name: 'Report Card and Transcripts', level: 1 })).toBeVisible();

  // The first semester's report card.
  await page.getByRole('combobox', { name: 'Semester' }).selectOption({ label: FIRST });
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download report card' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('ReportCard-DIT20230003-20232024FirstSemester.pdf');
  const pdf = readFileSync((await download.path())!);
  expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
  const link = decodePdfQr(pdf);
  expect(link).toMatch(/\/portal\/ResultVerify\?id=[0-9a-f]{32}$/);

  // What a phone opens from the QR code, signed in or not.
  const verify = await browser.newPage({ viewport: { width: 360, height: 740 } });
  await verify.goto(link);
  await expect(verify.getByTestId('document-current')).toHaveText('This document is current.');
  await expect(verify.getByRole('heading', { name: 'Report card', level: 2 })).toBeVisible();
  await expect(verify.getByText(STUDENT, { exact: true })).toBeVisible();
  await expect(verify.getByText('Computer Science', { exact: true }).first()).toBeVisible();
  await expect(verify.getByTestId('semester-gpa')).toContainText('GPA 3.14 · CGPA 3.14');
  await expect(verify.getByRole('cell', { name: 'CHM 101' })).toBeVisible();
  await expect(verify.getByText('Second Class Lower', { exact: true })).toBeVisible();
  expect(await hasHorizontalScroll(verify)).toBe(false);
  await verify.close();

  // A transcript request: checked before it is sent, then awaiting its fee of ₦10,000.00.
  await page.getByRole('button', { name: 'Request transcript' }).click();
  await expect(page.getByText('Enter the institution or employer.')).toBeVisible();
  await expect(page.getByText('Enter a valid e-mail address.')).toBeVisible();
  const recipient = 'University of Ibadan Postgraduate School (e2e)';
  await page.getByLabel('Institution or employer').fill(recipient);
  await page.getByLabel('Recipient’s e-mail').fill('pgschool@ui.example');
  await page.getByLabel('Postal address (optional)').fill('PMB 1, Ibadan, Oyo State');
  await expect(page.getByRole('radio', { name: 'Within Nigeria' })).toBeChecked();
  await page.getByRole('button', { name: 'Request transcript' }).click();
  await closeNotice(page, RESULT_MESSAGES.transcriptRequested);
  const request = page.getByTestId('transcript-request').filter({ hasText: recipient });
  await expect(request).toContainText('Awaiting payment');
  await expect(request).toContainText('₦10,000.00');
  await expect(request).toContainText('pgschool@ui.example');
  await expect(request).toContainText(/Requested on .*\d{4}/);

  // Pay opens the gateways' buttons for this request (not pressed: the specs never pay here).
  await request.getByRole('button', { name: 'Pay ₦10,000.00' }).click();
  const pay = page.getByRole('dialog', { name: 'Pay the transcript fee' });
  await expect(pay.getByRole('group', { name: 'Pay ₦10,000.00 with' })).toBeVisible();
  await expect(pay.getByRole('button', { name: 'Monnify' })).toBeEnabled();
  await pay.getByRole('button', { name: 'Close' }).click();
  await expect(pay).toBeHidden();

  await page.setViewportSize({ width: 360, height: 740 });
  await expect.poll(() => hasHorizontalScroll(page)).toBe(false);
});

test('a student with no published results is told so', async ({ page }) => {
  await signIn(page, 'student', DEMO.student);
  await page.goto(portal('/student/Result'));
  await expect(page.getByText(RESULT_MESSAGES.noResults)).toBeVisible();
  await page.goto(portal('/student/ReportCard'));
  await expect(page.getByText('You have not requested a transcript yet.')).toBeVisible();
});

test('the verification page: without an id back to the landing page; an unknown id says so', async ({
  page,
  consoleErrors,
}) => {
  await page.goto(portal('/ResultVerify'));
  await expect(page).toHaveURL(/\/portal\/?$/);
  consoleErrors.expectFailedRequest('/api/results/verify', 404);
  await page.goto(portal(`/ResultVerify?id=${'0'.repeat(32)}`));
  await expect(page.getByRole('heading', { name: 'Result Verification' })).toBeVisible();
  await expect(page.getByTestId('document-not-found')).toHaveText(RESULT_MESSAGES.documentNotFound);
});
