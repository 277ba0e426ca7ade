import type { Page } from '@playwright/test';
import { expect, hasHorizontalScroll, portal, signIn, signInThroughForm, test } from '../fixtures';

/**
 * Issue 25's assignments journey: the lecturer sets and publishes an assignment in CSC 101;
 * DIT/2024/0005 (at 360 px) sees the assignments count rise, opens the page (the count resets to 0)
 * and submits, getting a receipt; the lecturer grades and returns it; the student sees the grade; the
 * grade waits as a proposal on CSC 101's score sheet.
 */

const TITLE = `Assignment 9: Arrays (${Date.now() % 100000})`;
const PHONE = { width: 360, height: 640 };

const menu = (page: Page) => page.getByRole('navigation', { name: 'Main menu' }).first();

/** The sidebar's Assignment link (a drawer at 360 px). */
async function assignmentLink(page: Page) {
  await page.getByRole('button', { name: 'Open menu' }).click();
  return menu(page).getByRole('link', { name: /^Assignment/ });
}

test('an assignment goes from the lecturer to a student and back, and its grade is proposed to the score sheet', async ({
  browser,
  page: lecturer,
}) => {
  test.setTimeout(180_000);

  // ── The student's count before.
  const studentContext = await browser.newContext({ viewport: PHONE, locale: 'en-GB' });
  const student = await studentContext.newPage();
  // The count as the server first answers it (the badge shows it only once that answer is in).
  const counted = student.waitForResponse((r) => r.url().includes('/api/notifications/counts') && r.ok());
  await signInThroughForm(student, 'student', 'DIT/2024/0005');
  const before: number = (await (await counted).json()).Data.assignments;

  // ── The lecturer sets the assignment (due in a week by default, feeding CA 1) and publishes it.
  await signIn(lecturer, 'admin', 'lecturer@demo.edu.ng');
  await lecturer.goto(portal('/admin/assignment'));
  await expect(lecturer.getByRole('heading', { name: 'Assignments', level: 1 })).toBeVisible();
  await lecturer.getByRole('link', { name: 'Open the assignments of CSC 101' }).click();
  await expect(lecturer.getByRole('heading', { name: /^CSC 101 ·/, level: 1 })).toBeVisible();
  await lecturer.getByRole('button', { name: 'New assignment' }).click();
  const dialog = lecturer.getByRole('dialog', { name: 'New assignment' });
  await dialog.getByRole('textbox', { name: /^Title/ }).fill(TITLE);
  await dialog.getByRole('textbox', { name: 'Instructions' }).fill('Reverse an array in place.');
  await dialog.getByRole('combobox', { name: 'Feeds score item' }).click();
  await lecturer.getByRole('option', { name: 'CA 1 (15)' }).click();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  const card = lecturer.locator('.MuiCard-root', { hasText: TITLE });
  await expect(card.getByText('Draft')).toBeVisible();
  await card.getByRole('button', { name: 'Publish' }).click();
  await lecturer
    .getByRole('dialog', { name: 'Publish this assignment?' })
    .getByRole('button', { name: 'Publish' })
    .click();
  await expect(card.getByText('Published', { exact: true })).toBeVisible();

  // ── The student: the count raised, reset by opening the page; submits and gets a receipt.
  await student.reload();
  const raised = await assignmentLink(student);
  await expect(raised).toHaveText(new RegExp(`Assignment${before + 1}$`));
  await raised.click();
  await expect(student.getByRole('heading', { name: 'Assignments', level: 1 })).toBeVisible();
  await student.getByRole('button', { name: 'Open menu' }).click();
  await expect(menu(student).getByRole('link', { name: 'Assignment', exact: true })).toBeVisible();
  await student.keyboard.press('Escape');
  const mine = student.locator('.MuiCard-root', { hasText: TITLE });
  await mine
    .getByRole('textbox', { name: 'Your answer' })
    .fill('for (i = 0; i < n / 2; i++) swap(a[i], a[n - 1 - i]);');
  await mine.getByRole('button', { name: 'Submit' }).click();
  await expect(mine.getByText(/^Received /)).toBeVisible();
  await expect(mine.getByText(/^[0-9a-f]{64}$/)).toBeVisible();
  await expect(mine.getByText('Submitted', { exact: true })).toBeVisible();
  expect(await hasHorizontalScroll(student)).toBe(false);

  // ── The lecturer grades and returns it.
  await lecturer.reload();
  await card.getByRole('button', { name: 'Submissions' }).click();
  await card.getByRole('textbox', { name: 'Score (of 10)' }).fill('8');
  await card.getByRole('textbox', { name: 'Comment' }).fill('Correct and in place.');
  await card.getByRole('button', { name: 'Save grade' }).click();
  await expect(lecturer.getByText('Grade saved.')).toBeVisible();
  await card.getByRole('button', { name: 'Return graded (1)' }).click();
  await expect(lecturer.getByText('1 graded submission returned.')).toBeVisible();

  // ── The student sees the grade and comment.
  await student.reload();
  await expect(mine.getByText('Grade: 8 of 10')).toBeVisible();
  await expect(mine.getByText('Correct and in place.')).toBeVisible();
  await studentContext.close();

  // ── The grade waits as a proposal on CSC 101's score sheet (8 of 10 of CA 1's 15).
  await lecturer.goto(portal('/admin/dashboard'));
  await lecturer.getByRole('region', { name: 'Your work' }).getByRole('link', { name: 'CSC 101' }).click();
  await expect(lecturer.getByRole('heading', { name: /CSC 101 · / })).toBeVisible();
  const proposals = lecturer.getByRole('region', { name: 'Proposed scores' });
  await expect(proposals.getByText(`DIT/2024/0005: CA 1 12 from ${TITLE}`)).toBeVisible();
});
