import type { Page } from '@playwright/test';
import { expect, portal, signIn, signInThroughForm, test } from '../fixtures';

/**
 * Issue 26's journey on the built-in sandbox meeting engine: the lecturer schedules a class for
 * CSC 101 and starts it; DIT/2024/0005 (at 360 px) sees the live-classroom count rise, joins and
 * leaves; the lecturer ends the class; the attendance shows the student's minutes; the classroom
 * review lists the class; a forged meeting-ended callback is refused.
 */

const LECTURER = 'lecturer@demo.edu.ng';
const STUDENT5 = 'DIT/2024/0005';
const TITLE = `Revision clinic ${Date.now() % 100000}`;
const PHONE = { width: 360, height: 640 };

const menu = (page: Page) => page.getByRole('navigation', { name: 'Main menu' }).first();

/** The Live Classes count in the student's sidebar (a drawer at 360 px). */
async function liveCount(page: Page): Promise<number> {
  await page.getByRole('button', { name: 'Open menu' }).click();
  const link = menu(page).getByRole('link', { name: /^Live Classes/ });
  await expect(link).toBeVisible();
  const count = Number((await link.textContent())?.replace(/\D+/g, '') || '0');
  await page.keyboard.press('Escape');
  return count;
}

/** 'YYYY-MM-DDTHH:mm' in Lagos time (UTC+1), minutes from now. */
const lagosInput = (minutes: number) =>
  new Date(Date.now() + minutes * 60_000 + 3_600_000).toISOString().slice(0, 16);

test('a live class is scheduled, started, joined, left and ended; attendance and the review show it', async ({
  browser,
  request,
}) => {
  test.setTimeout(180_000);

  const studentContext = await browser.newContext({ viewport: PHONE, locale: 'en-GB' });
  const student = await studentContext.newPage();
  await signInThroughForm(student, 'student', STUDENT5);
  const before = await liveCount(student);

  // ── The lecturer schedules a class starting in five minutes.
  const lecturerContext = await browser.newContext({ locale: 'en-GB' });
  const lecturer = await lecturerContext.newPage();
  await signInThroughForm(lecturer, 'admin', LECTURER);
  await lecturer.goto(portal('/admin/LiveClassroom'));
  await lecturer.getByRole('link', { name: 'Open the live classes of CSC 101' }).click();
  await expect(lecturer.getByRole('heading', { name: /^CSC 101:/, level: 1 })).toBeVisible();
  await lecturer.getByRole('button', { name: 'Schedule a class' }).click();
  const dialog = lecturer.getByRole('dialog', { name: 'Schedule a class' });
  await dialog.getByLabel('Title').fill(TITLE);
  await dialog.getByLabel('Start (Lagos time)').fill(lagosInput(5));
  await dialog.getByLabel('Duration (minutes)').fill('30');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect(lecturer.getByText(TITLE)).toBeVisible();

  // ── The student is told.
  await student.reload();
  await expect.poll(() => liveCount(student)).toBeGreaterThan(before);

  // ── The lecturer starts it and is in the sandbox room as moderator.
  await lecturer.getByRole('button', { name: `Start ${TITLE}` }).click();
  await expect(lecturer).toHaveURL(/\/api\/sandbox\/bbb\/room\//);
  await expect(lecturer.getByRole('button', { name: 'End class' })).toBeVisible();

  // ── The student joins from the page, is listed in the room, and leaves.
  await student.goto(portal('/student/liveclasses'));
  await expect(student.getByText(/Listen only/)).toBeVisible();
  await student.getByRole('button', { name: `Join ${TITLE}` }).click();
  await expect(student).toHaveURL(/\/api\/sandbox\/bbb\/room\//);
  await expect(student.getByText(/\(you\)/)).toBeVisible();
  // The room shows who is in it by refreshing itself every 5 s (a reload of ours could cut one short).
  await expect(lecturer.getByTestId('participant')).toHaveCount(2, { timeout: 20_000 });
  // A join only seconds old reads as the leave of whoever just left (the room's logout read), so the
  // student stays a few seconds before leaving.
  await student.waitForTimeout(3500);
  // The room refreshes itself every 5 s; a click just as it reloads is lost with the old page, so each
  // button is pressed right after a fresh load.
  await student.waitForEvent('load');
  await student.getByRole('button', { name: 'Leave' }).click();
  await expect(student).toHaveURL(/\/portal\/?$/);

  // ── The lecturer ends it; the attendance shows the student's minutes.
  await lecturer.waitForEvent('load');
  await lecturer.getByRole('button', { name: 'End class' }).click();
  await expect(lecturer).toHaveURL(/\/portal\/?/);
  await lecturer.goto(portal('/admin/LiveClassroom'));
  await lecturer.getByRole('link', { name: 'Open the live classes of CSC 101' }).click();
  await lecturer.getByRole('button', { name: `Attendance of ${TITLE}` }).click();
  const attendance = lecturer.getByRole('dialog', { name: `Attendance of ${TITLE}` });
  await expect(attendance.getByText(/^1 of \d+ students attended$/)).toBeVisible();
  await expect(attendance.getByText('DIT/2024/0005')).toBeVisible();
  await expect(attendance.getByText(/^\d+(\.\d)? min$/).first()).toBeVisible();
  await attendance.getByRole('button', { name: 'Close' }).click();

  // ── The classroom review lists it.
  const review = await browser.newPage({ locale: 'en-GB' });
  await signIn(review, 'app', 'admin@demo.edu.ng');
  await review.goto(portal('/app/classroomReview'));
  await expect(review.getByRole('heading', { name: 'Classroom Review', level: 1 })).toBeVisible();
  await expect(review.getByText(`CSC 101: ${TITLE}`)).toBeVisible();

  // ── A forged meeting-ended callback changes nothing and is refused.
  const forged = await request.get('/api/liveclasses/callbacks/ended?c=1&sig=forged');
  expect(forged.status()).toBe(401);

  await Promise.all([studentContext.close(), lecturerContext.close(), review.close()]);
});
