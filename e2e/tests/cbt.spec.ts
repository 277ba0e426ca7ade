import type { Browser, Locator, Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { expect, portal, signInThroughForm, test } from '../fixtures';
import { decodePdfQr } from '../support/pdf-qr';

/**
 * Issue 27's sitting, end to end: DIT/2024/0005 starts 'CSC 101 Test 1', answers three questions,
 * loses the network and answers two more (they wait on the device), gets it back (all five saved),
 * closes the browser, resumes in a new one at the same question with the time left; the invigilator
 * gives the candidate ten more minutes, which the page shows at its next answer from the server; the
 * candidate submits, and the receipt's QR code, read from its PDF, opens the verification page; the
 * score waits as a proposal on CSC 101's score sheet. The queue's order, retries and renumbering and
 * the clock are unit-tested (apps/web features/cbt/sitting); this test is what only a browser shows:
 * IndexedDB and the network going away.
 */

const STUDENT = 'DIT/2024/0005';
const EXAM = 'CSC 101 Test 1';

const timeLeft = async (page: Page) => {
  const text = (await page.getByRole('timer', { name: 'Time left' }).textContent()) ?? '';
  const [m, s] = text.split(':').map(Number);
  return (m ?? 0) * 60 + (s ?? 0);
};
const question = (page: Page) => page.getByRole('heading', { level: 2, name: /^Question \d+ of \d+$/ });
const saveState = (page: Page) => page.getByTestId('save-state');

/** Answers the question on screen, whatever its kind (the paper is shuffled per candidate). */
async function answerShown(page: Page) {
  const card = page.locator('section').filter({ has: question(page) });
  const radios = card.getByRole('radio');
  const boxes = card.getByRole('checkbox');
  if ((await radios.count()) > 0) await radios.first().check();
  else if ((await boxes.count()) > 0) await boxes.first().check();
  else {
    const field = card.getByRole('textbox');
    await field.fill('1');
    await field.press('Enter');
  }
}

async function answerAndNext(page: Page, times: number) {
  for (let i = 0; i < times; i++) {
    const before = await question(page).textContent();
    await answerShown(page);
    await page.getByRole('button', { name: 'Next', exact: true }).click();
    await expect(question(page)).not.toHaveText(before ?? '');
  }
}

const mapItem = (page: Page, n: number) =>
  page
    .getByRole('navigation', { name: 'Question map' })
    .getByRole('button', { name: new RegExp(`^Question ${n}, `) });

async function studentSitting(browser: Browser): Promise<{ page: Page; close: () => Promise<void> }> {
  const context = await browser.newContext({ locale: 'en-GB' });
  const page = await context.newPage();
  await signInThroughForm(page, 'student', STUDENT);
  await page.goto(portal('/student/exams'));
  await expect(page.getByRole('heading', { name: 'Exams', level: 1 })).toBeVisible();
  const exam = page.getByRole('region', { name: new RegExp(EXAM) });
  await exam.getByRole('link', { name: /^(Start|Resume) / }).click();
  await expect(question(page)).toBeVisible();
  return { page, close: () => context.close() };
}

const answeredCount = (map: Locator) => map.getByRole('button', { name: /, answered/ }).count();

test('a candidate sits a CBT through a dropped network and a closed browser, is given more time, submits and verifies the receipt', async ({
  browser,
}) => {
  test.setTimeout(240_000);

  // ── Start and answer three questions: each saved on the server at once.
  const first = await studentSitting(browser);
  const student = first.page;
  await expect(question(student)).toHaveText(/^Question 1 of 10$/);
  expect(await timeLeft(student)).toBeGreaterThan(14 * 60);
  await answerAndNext(student, 3);
  await expect(saveState(student)).toHaveText('All answers saved');

  // ── The network drops: two more answers wait on the device.
  await student.context().setOffline(true);
  await answerAndNext(student, 2);
  await expect(saveState(student)).toHaveText('Offline — 2 answers waiting');
  await expect(mapItem(student, 5)).toHaveAccessibleName(/^Question 5, answered/);

  // ── It returns: the waiting answers go, in order; all five saved.
  await student.context().setOffline(false);
  await expect(saveState(student)).toHaveText('All answers saved');
  const map = student.getByRole('navigation', { name: 'Question map' });
  expect(await answeredCount(map)).toBe(5);
  await expect(question(student)).toHaveText('Question 6 of 10');
  // The question the candidate is on reaches the server (saved shortly after moving).
  await student.waitForTimeout(1_000);
  const leftBefore = await timeLeft(student);
  await first.close();

  // ── A new browser: the same question, the five answers (from the server) and the time left.
  const second = await studentSitting(browser);
  const again = second.page;
  await expect(question(again)).toHaveText('Question 6 of 10');
  expect(await answeredCount(again.getByRole('navigation', { name: 'Question map' }))).toBe(5);
  const leftAfter = await timeLeft(again);
  expect(leftAfter).toBeLessThanOrEqual(leftBefore);
  expect(leftAfter).toBeGreaterThan(leftBefore - 60);

  // ── The invigilator gives the candidate ten more minutes.
  const lecturerContext = await browser.newContext({ locale: 'en-GB' });
  const lecturer = await lecturerContext.newPage();
  await signInThroughForm(lecturer, 'admin', 'lecturer@demo.edu.ng');
  await lecturer.goto(portal('/admin/cbt'));
  await expect(lecturer.getByRole('heading', { name: 'CBT', level: 1 })).toBeVisible();
  await lecturer.getByRole('link', { name: 'Open the CBT of CSC 101' }).click();
  const card = lecturer.getByRole('region', { name: EXAM, exact: true });
  await card.getByRole('button', { name: 'Invigilate' }).click();
  const row = card.getByRole('row').filter({ hasText: STUDENT });
  await expect(row.getByText('In progress')).toBeVisible();
  await row.getByRole('button', { name: `Extend time for ${STUDENT}` }).click();
  const extend = lecturer.getByRole('dialog', { name: "Extend this candidate's time?" });
  await extend.getByRole('textbox', { name: 'Reason' }).fill('Power cut in hall A');
  await extend.getByRole('button', { name: 'Extend' }).click();
  await expect(extend).toBeHidden();
  await expect(lecturer.getByText(/given 10 more minutes/)).toBeVisible();

  // The candidate's page shows it at its next answer from the server (moving saves the position).
  await again.getByRole('button', { name: 'Previous', exact: true }).click();
  await expect.poll(() => timeLeft(again), { timeout: 10_000 }).toBeGreaterThan(leftAfter + 9 * 60);

  // ── Submit: the confirmation counts the unanswered; the receipt follows.
  await again.getByRole('button', { name: 'Submit exam' }).click();
  const confirm = again.getByRole('dialog', { name: 'Submit your exam?' });
  await expect(confirm).toContainText('5 questions are unanswered (of 10).');
  await confirm.getByRole('button', { name: 'Submit' }).click();
  const receipt = again.getByTestId('exam-receipt');
  await expect(receipt.getByText('5 of 10 questions answered')).toBeVisible();
  const [download] = await Promise.all([
    again.waitForEvent('download'),
    receipt.getByRole('button', { name: 'Download receipt (PDF)' }).click(),
  ]);
  const pdf = readFileSync((await download.path())!);
  expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
  const verifyUrl = decodePdfQr(pdf);
  expect(verifyUrl).toMatch(/\/portal\/ExamReceipt\?id=[0-9a-f]{32}$/);
  const hash = (await receipt.locator('code').textContent()) ?? '';
  await second.close();

  // ── The QR code opens the public verification page (no one signed in).
  const publicContext = await browser.newContext({ locale: 'en-GB' });
  const visitor = await publicContext.newPage();
  await visitor.goto(new URL(verifyUrl).pathname + new URL(verifyUrl).search);
  const verified = visitor.getByTestId('exam-receipt-verification');
  await expect(verified.getByText(/^Verified:/)).toBeVisible();
  await expect(verified.getByText(STUDENT)).toBeVisible();
  await expect(verified.getByText(hash)).toBeVisible();
  await publicContext.close();

  // ── The score waits as a proposal on CSC 101's score sheet.
  await lecturer.goto(portal('/admin/dashboard'));
  await lecturer.getByRole('region', { name: 'Your work' }).getByRole('link', { name: 'CSC 101' }).click();
  await expect(lecturer.getByRole('heading', { name: /CSC 101 · / })).toBeVisible();
  const proposals = lecturer.getByRole('region', { name: 'Proposed scores' });
  await expect(proposals.getByText(new RegExp(`^${STUDENT}: CA 2 [\\d.]+ from .*${EXAM}`))).toBeVisible();
  await lecturerContext.close();
});
