import type { Page } from '@playwright/test';
import {
  atPortal,
  DEMO,
  expect,
  hasHorizontalScroll,
  portal,
  signIn,
  signInThroughForm,
  test,
} from '../fixtures';

/** Applicant 7's acceptance fee, paid when the database was seeded (today, in the institution's time). */
const SEEDED_REFERENCE = 'DIT-ACC-SEED-202410000007AG';

// The date pickers refuse days after today in the browser's time: use the institution's.
test.use({ timezoneId: 'Africa/Lagos' });

const lagosToday = () => new Date(Date.now() + 60 * 60_000).toISOString().slice(0, 10);

/** Types YYYY-MM-DD into a date picker's field (its sections take the digits in turn). */
async function typeDate(page: Page, label: string, date: string) {
  const field = page.getByRole('group', { name: label });
  await field.click();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type(date.replace(/-/g, ''));
  await expect(page.locator(`input[name="${label === 'Start Date' ? 'startDate' : 'endDate'}"]`)).toHaveValue(
    date,
  );
}

async function filterTransactions(page: Page, start: string, end: string) {
  await typeDate(page, 'Start Date', start);
  await typeDate(page, 'End Date', end);
  await page.getByRole('button', { name: 'Filter' }).click();
}

async function checkTransactionPage(page: Page) {
  await expect(page.getByRole('heading', { name: 'Transaction', level: 1 })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Filter By Date' })).toBeVisible();
  const table = page.getByRole('table', { name: 'Transaction' });
  await expect(table).toBeVisible();

  const today = lagosToday();
  await filterTransactions(page, today, today);
  // Other journeys may have started payments today: show them all on one page.
  await page.getByRole('combobox', { name: 'Per page' }).click();
  await page.getByRole('option', { name: '50' }).click();
  await expect(table.getByRole('row').filter({ hasText: SEEDED_REFERENCE })).toHaveCount(1);

  await filterTransactions(page, '2024-01-01', '2024-01-31');
  await expect(table.getByRole('row').filter({ hasText: SEEDED_REFERENCE })).toHaveCount(0);
  await expect(page.getByText('No transaction in this period.')).toBeVisible();
}

test('an admin signed in through /signin filters /app/Transaction by date', async ({ page }) => {
  await signIn(page, 'app', DEMO.admin);
  await page.goto(portal('/app/Transaction'));
  await expect(
    page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Transaction' }),
  ).toBeVisible();
  await checkTransactionPage(page);
});

test('an admin signed in at /AdminSignin opens /app/Transaction and the other /app pages without signing in again', async ({
  page,
}) => {
  // Through the form: this test signs out, which ends its own session (not the shared one).
  await signInThroughForm(page, 'admin', DEMO.admin);
  // Each page with what its API call brings (the admin's own session authorises it).
  for (const [path, heading, shown] of [
    ['/app/dashboard', 'Dashboard', 'Active students'],
    ['/app/UserManagement', 'Administrators', 'support@demo.edu.ng'],
    ['/app/roleManagement', 'Roles', 'Super Admin'],
  ] as const) {
    await page.goto(portal(path));
    await expect(page.getByRole('heading', { level: 1, name: heading }), path).toBeVisible();
    await expect(page.getByText(shown).first(), path).toBeVisible();
    await expect(page).toHaveURL(atPortal(path));
  }
  await page.goto(portal('/app/Transaction'));
  await expect(page).toHaveURL(atPortal('/app/Transaction'));
  await checkTransactionPage(page);

  // Signing out there ends the admin's session: the admin area is closed too.
  await page.getByRole('button', { name: /^Account menu/ }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page).toHaveURL(atPortal('/AdminSignin'));
  await page.goto(portal('/app/Transaction'));
  await expect(page).toHaveURL(atPortal('/signin'));
});

test('an applicant or a student session does not open /app/Transaction', async ({ page }) => {
  for (const [mode, id] of [
    ['applicant', DEMO.applicant],
    ['student', DEMO.student],
  ] as const) {
    await signIn(page, mode, id);
    await page.goto(portal('/app/Transaction'));
    await expect(page).toHaveURL(atPortal('/signin'));
    await expect(page.getByRole('table', { name: 'Transaction' })).toHaveCount(0);
  }
});

test('/admin/Transaction shows the same page for the admin area', async ({ page }) => {
  await signIn(page, 'admin', DEMO.admin);
  await page.goto(portal('/admin/Transaction'));
  await checkTransactionPage(page);
});

test('a date after today cannot be chosen', async ({ page }) => {
  await signIn(page, 'admin', DEMO.admin);
  await page.goto(portal('/admin/Transaction'));
  await page
    .getByRole('button', { name: /Choose date/ })
    .first()
    .click();
  const tomorrow = new Date(Date.now() + 25 * 60 * 60_000);
  const day = page.getByRole('gridcell', { name: String(tomorrow.getUTCDate()), exact: true });
  if (tomorrow.getUTCMonth() === new Date(Date.now() + 60 * 60_000).getUTCMonth())
    await expect(day).toBeDisabled();
});

test('the admin dashboard does not scroll sideways at 360 px', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 640 });
  await signIn(page, 'admin', DEMO.admin);
  await expect(page.getByRole('heading', { name: 'Applicants by stage' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Applicants by department' })).toBeVisible();
  expect(await hasHorizontalScroll(page)).toBe(false);
});
