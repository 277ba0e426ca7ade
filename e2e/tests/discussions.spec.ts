import type { Page } from '@playwright/test';
import { expect, hasHorizontalScroll, portal, signInThroughForm, test } from '../fixtures';

/**
 * Issue 25's discussion journey at 360 px: DIT/2024/0005 reads the seeded CSC 101 question; the
 * lecturer replies from the admin area on another browser; the student's Discussion count rises
 * without a reload (on the counts' own 4-second refresh), and opening the page resets it and shows the reply.
 */

const LECTURER = 'lecturer@demo.edu.ng';
const STUDENT5 = 'DIT/2024/0005';
const QUESTION = 'Is a calculator a computer?';
const REPLY = `A calculator cannot be reprogrammed (${Date.now() % 100000}).`;
const PHONE = { width: 360, height: 640 };

const menu = (page: Page) => page.getByRole('navigation', { name: 'Main menu' }).first();

/** The Discussion link of the sidebar (a drawer at 360 px) and its count. */
async function discussionCount(page: Page) {
  await page.getByRole('button', { name: 'Open menu' }).click();
  const link = menu(page).getByRole('link', { name: /^Discussion/ });
  await expect(link).toBeVisible();
  const count = Number((await link.textContent())?.replace(/\D+/g, '') || '0');
  await page.keyboard.press('Escape');
  return count;
}

test('a lecturer’s reply in a learning discussion raises the student’s count on another browser without a reload', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const studentContext = await browser.newContext({ viewport: PHONE, locale: 'en-GB' });
  const student = await studentContext.newPage();
  await signInThroughForm(student, 'student', STUDENT5);

  // The student reads the seeded question at 360 px, then goes back to the dashboard.
  await student.goto(portal('/student/discussion'));
  await expect(student.getByRole('heading', { name: 'Discussion', level: 1 })).toBeVisible();
  await student.getByRole('button', { name: new RegExp(QUESTION) }).click();
  await expect(student.getByRole('heading', { name: QUESTION, level: 2 })).toBeVisible();
  expect(await hasHorizontalScroll(student)).toBe(false);
  await student.getByRole('button', { name: 'Open menu' }).click();
  await menu(student).getByRole('link', { name: 'Dashboard' }).click();
  const before = await discussionCount(student);

  // The lecturer answers on another browser.
  const lecturerContext = await browser.newContext({ viewport: PHONE, locale: 'en-GB' });
  const lecturer = await lecturerContext.newPage();
  await signInThroughForm(lecturer, 'admin', LECTURER);
  await lecturer.goto(portal('/admin/learningdiscussion'));
  await expect(lecturer.getByRole('heading', { name: 'Learning Discussion', level: 1 })).toBeVisible();
  const course = lecturer.getByRole('combobox', { name: 'Course' });
  if (!/CSC 101/.test((await course.textContent()) ?? '')) {
    await course.click();
    await lecturer.getByRole('option', { name: /^CSC 101/ }).click();
  }
  await lecturer.getByRole('button', { name: new RegExp(QUESTION) }).click();
  await lecturer.getByLabel('Your reply').fill(REPLY);
  await lecturer.getByRole('button', { name: 'Reply', exact: true }).click();
  await expect(lecturer.getByText(REPLY)).toBeVisible();
  expect(await hasHorizontalScroll(lecturer)).toBe(false);

  // No reload: the counts are read again every 4 s (notificationCounts.ts), well within the expect's wait.
  await student.getByRole('button', { name: 'Open menu' }).click();
  await expect(menu(student).getByRole('link', { name: /^Discussion/ })).toHaveText(
    new RegExp(`Discussion${before + 1}$`),
  );
  await menu(student)
    .getByRole('link', { name: /^Discussion/ })
    .click();
  await expect(student.getByRole('heading', { name: 'Discussion', level: 1 })).toBeVisible();
  await expect(await discussionCount(student)).toBe(0);
  await student.getByRole('button', { name: new RegExp(QUESTION) }).click();
  await expect(student.getByText(REPLY)).toBeVisible();

  await studentContext.close();
  await lecturerContext.close();
});
