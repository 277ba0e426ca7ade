import type { Page } from '@playwright/test';
import { atPortal, DEMO, expect, signIn, submitSignIn, test } from '../fixtures';

// Notifications answer the action just taken: one at a time, the newest replacing the older, on the
// page where they were raised. Errors wait to be closed; successes go by themselves.

const notice = (page: Page, text: string) =>
  page.locator('.MuiSnackbar-root').getByRole('alert').filter({ hasText: text });

test("the newest message replaces the older ones (three O'level subjects, then Submit)", async ({ page }) => {
  await page.clock.install();
  // Applicant 2 has not sent O'level results; subjects added here stay in the browser until sent.
  await signIn(page, 'applicant', DEMO.applicant);
  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: "O'Level" }).click();
  await expect(page.getByRole('heading', { name: 'My Results' })).toBeVisible();
  await page.locator('#olevel-type').selectOption({ label: 'WAEC' });
  await page.locator('#olevel-year').selectOption('2019');
  await page.locator('#olevel-number').fill('4250110123');

  for (const [subject, grade] of [
    ['English Language', 'B3'],
    ['Mathematics', 'A1'],
    ['Physics', 'B2'],
  ] as const) {
    await page.locator('#olevel-subject').selectOption({ label: subject });
    await page.locator('#olevel-grade').selectOption({ label: grade });
    await page.getByRole('button', { name: 'Add Subject' }).click();
    await expect(notice(page, 'Result Added.')).toBeVisible();
  }
  await page.getByRole('button', { name: 'Submit Results' }).click();
  // Shown now, not after the three successes have each had their turn.
  await expect(notice(page, 'Subject can not be less than 8.')).toBeVisible();
  await expect(page.getByRole('alert')).toHaveCount(1);

  // A warning stays until closed; a success goes by itself after a few seconds.
  await page.clock.fastForward('01:00');
  await expect(notice(page, 'Subject can not be less than 8.')).toBeVisible();
  await notice(page, 'Subject can not be less than 8.').getByRole('button', { name: 'Close' }).click();
  await expect(page.getByRole('alert')).toHaveCount(0);

  await page.locator('#olevel-subject').selectOption({ label: 'Chemistry' });
  await page.locator('#olevel-grade').selectOption({ label: 'C4' });
  await page.getByRole('button', { name: 'Add Subject' }).click();
  await expect(notice(page, 'Result Added.')).toBeVisible();
  await page.clock.fastForward('00:10');
  await expect(page.getByRole('alert')).toHaveCount(0);
});

test('an error stays until closed and does not follow the user to another page', async ({
  page,
  consoleErrors,
}) => {
  consoleErrors.expectFailedRequest('/api/Account/Login', 401);
  await page.clock.install();
  await submitSignIn(page, 'applicant', DEMO.applicant, 'not-the-password');
  const refused = notice(page, 'Invalid email or password!');
  await expect(refused).toBeVisible();
  await page.clock.fastForward('01:00');
  await expect(refused).toBeVisible();

  await page.getByRole('link', { name: 'Forgot Password?' }).click();
  await expect(page).toHaveURL(atPortal('/forgotPassword'));
  await expect(page.getByRole('heading', { name: 'Forgot Password' })).toBeVisible();
  // Checked once, at once: the sign-in answer is gone the moment the new page shows.
  expect(await page.getByRole('alert').count()).toBe(0);

  // Nor does it come back with the page it was raised on.
  await page.goBack();
  await expect(page).toHaveURL(atPortal('/ApplicantSignin'));
  await expect(page.locator('#signin-username')).toBeVisible();
  expect(await page.getByRole('alert').count()).toBe(0);

  // On the page it belongs to, closing it is what makes it go.
  await submitSignIn(page, 'applicant', DEMO.applicant, 'not-the-password');
  await expect(refused).toBeVisible();
  await refused.getByRole('button', { name: 'Close' }).click();
  await expect(refused).toBeHidden();
  await expect(page).toHaveURL(atPortal('/ApplicantSignin'));
});
