import type { Page } from '@playwright/test';
import { DEMO, expect, portal, signIn, test } from '../fixtures';

/**
 * Issue 25's announcements: an admin publishes an announcement to all students on
 * /admin/announcement; on a student's page left open in another browser the bell's count rises
 * without a reload (the counts are read every few seconds), the bell lists it, and the student's
 * dashboard shows it — opening the dashboard (the announcements' menu item) resets the count.
 */

const TITLE = `Sports day (${Date.now() % 100000})`;

/** The unread total the bell's name carries ("Notifications, 3 unread"). */
async function unread(page: Page): Promise<number> {
  const name = (await page.locator('#notifications-button').getAttribute('aria-label')) ?? '';
  return Number(/(\d+)/.exec(name)?.[1] ?? '0');
}

test(
  'an announcement reaches an open student page without a reload and shows on the dashboard',
  { tag: '@all-students' },
  async ({ browser }) => {
    test.setTimeout(120_000);

    // ── The student, on a page other than the dashboard (opening the dashboard reads announcements).
    const studentContext = await browser.newContext({ locale: 'en-GB' });
    const student = await studentContext.newPage();
    await signIn(student, 'student', DEMO.student);
    await student.goto(portal('/student/profile'));
    await expect(student.locator('#notifications-button')).toBeVisible();
    // The first read of the counts has landed once the name settles.
    await student.waitForLoadState('networkidle');
    const before = await unread(student);

    // ── The admin publishes to all students.
    const adminContext = await browser.newContext({ locale: 'en-GB' });
    const admin = await adminContext.newPage();
    await signIn(admin, 'admin', DEMO.admin);
    await admin.goto(portal('/admin/announcement'));
    await expect(admin.getByRole('heading', { name: 'Announcements', level: 1 })).toBeVisible();
    await admin.getByRole('button', { name: 'New announcement' }).click();
    const dialog = admin.getByRole('dialog', { name: 'New announcement' });
    await dialog.getByLabel('Title').fill(TITLE);
    await dialog.getByLabel('Text').fill('Bring your <b>running shoes</b>.<script>alert(1)</script>');
    await dialog.getByLabel('Audience').click();
    await admin.getByRole('option', { name: 'Students' }).click();
    await dialog.getByRole('button', { name: 'Publish' }).click();
    await expect(dialog).toBeHidden();
    await expect(admin.getByText(TITLE).first()).toBeVisible();

    // ── The student's open page: the count rises within seconds, no reload.
    await expect.poll(() => unread(student), { timeout: 15_000 }).toBeGreaterThan(before);
    await student.locator('#notifications-button').click();
    const latest = student.getByRole('menu').getByRole('menuitem', { name: TITLE });
    await expect(latest).toBeVisible();
    // Its categories by their names in the student's menu (never a message's id).
    const menu = student.getByRole('menu');
    await expect(menu.getByRole('menuitem', { name: /^Lecture Notes/ })).toBeVisible();
    await expect(menu.getByRole('menuitem', { name: /^Announcements/ })).toBeVisible();
    await expect(menu).not.toContainText('student.nav.');
    // Opening it goes to the dashboard, which shows it (sanitised) and resets the announcements count.
    await latest.click();
    const shown = student.getByRole('list', { name: 'Announcements' });
    await expect(shown.getByRole('heading', { name: TITLE })).toBeVisible();
    await expect(shown.getByText('running shoes')).toBeVisible();
    await expect.poll(() => unread(student), { timeout: 10_000 }).toBeLessThan(before + 1);

    await adminContext.close();
    await studentContext.close();
  },
);
