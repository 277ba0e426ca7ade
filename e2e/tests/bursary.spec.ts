import { readFileSync } from 'node:fs';
import type { Download, Page } from '@playwright/test';
import { DEMO, expect, hasHorizontalScroll, portal, signIn, test } from '../fixtures';
import { ORIGIN } from '../env';
import {
  apiSignIn,
  createRegisteredApplicant,
  demoAdmin,
  screenAndVerify,
  type RegisteredApplicant,
} from '../support/admissions';

/**
 * The bursary's pages (issue 12 §6) over a payment of the test's own: an applicant imported,
 * registered, screened, verified and admitted through the API, who then pays the acceptance fee
 * through the Monnify sandbox. The demo payments other specs read are never moved.
 */

// The date pickers refuse days after today in the browser's time: use the institution's.
test.use({ timezoneId: 'Africa/Lagos' });
test.describe.configure({ mode: 'serial' });

interface Paid {
  applicant: RegisteredApplicant;
  reference: string;
}

/** A fresh applicant's acceptance fee, paid through the Monnify sandbox and confirmed by a re-query. */
async function paidAcceptanceFee(): Promise<Paid> {
  const admin = await demoAdmin();
  const applicant = await createRegisteredApplicant(admin);
  await screenAndVerify(admin, [applicant.id]);
  await admin.post('/api/admin/applications/admit', { ids: [applicant.id] });
  const { api } = await apiSignIn(applicant.jambRegNo, applicant.password, 'Applicant');
  const started = await api.post<{ Data: { checkOutUrl: string; TransactionRef: string } }>(
    '/api/AddPayeePaymentMonnify?payType=10',
    {},
  );
  const checkout = new URL(started.Data.checkOutUrl, ORIGIN);
  const paid = await fetch(new URL(checkout.pathname, ORIGIN), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ action: 'pay', webhook: 'none' }),
    redirect: 'manual',
  });
  expect(paid.status).toBe(303);
  const checked = await api.get<{ Data: { status: string } }>(
    `/api/CheckPayeePaymentMonnify?paymentReference=${encodeURIComponent(started.Data.TransactionRef)}`,
  );
  expect(checked.Data.status).toBe('PAID');
  return { applicant, reference: started.Data.TransactionRef };
}

async function openFromSidebar(page: Page, label: string, heading = label) {
  const nav = page.getByRole('navigation', { name: 'Main menu' });
  const link = nav.getByRole('link', { name: label, exact: true });
  if (!(await link.isVisible())) await nav.getByRole('button', { name: 'Payments' }).click();
  // A click that lands while the dashboard is still settling may not navigate: click again.
  await expect(async () => {
    await link.click();
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible({ timeout: 3_000 });
  }).toPass({ timeout: 20_000 });
}

async function pick(page: Page, label: string, option: string) {
  await page.getByRole('combobox', { name: label, exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

async function expectDownload(page: Page, button: string, extension: 'csv' | 'xlsx'): Promise<Buffer> {
  const download: Promise<Download> = page.waitForEvent('download');
  await page.getByRole('button', { name: button }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(new RegExp(`\\.${extension}$`));
  const bytes = readFileSync((await file.path())!);
  if (extension === 'xlsx') expect(bytes.subarray(0, 2).toString('latin1')).toBe('PK');
  return bytes;
}

let paid: Paid;

test.beforeAll(async () => {
  paid = await paidAcceptanceFee();
});

test('studentpayments: filter, see the totals of the filtered set, export CSV and Excel', async ({
  page,
}) => {
  await signIn(page, 'admin', DEMO.admin);
  await openFromSidebar(page, 'Student Payments');
  const grid = page.getByRole('table', { name: 'Student Payments' });
  await expect(grid).toBeVisible();

  await page.getByRole('searchbox', { name: 'Matric number, name or reference' }).fill(paid.reference);
  await page.getByRole('button', { name: 'More filters' }).click();
  await pick(page, 'Provider', 'Monnify');
  await pick(page, 'Payer', 'Applicants');
  await expect(page.getByRole('button', { name: 'Fewer filters' })).toHaveAttribute('aria-expanded', 'true');
  const row = grid.getByRole('row').filter({ hasText: paid.reference });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(paid.applicant.jambRegNo);
  await expect(row).toContainText('Acceptance Fee');
  await expect(row.getByRole('link', { name: 'View' })).toHaveAttribute(
    'href',
    /paymentreceipt\?transactionId=/,
  );
  const totals = page.getByRole('list', { name: 'Totals of the filtered payments' });
  await expect(totals.getByRole('listitem').filter({ hasText: 'Payments' })).toContainText('1');
  await expect(totals.getByRole('listitem').filter({ hasText: 'Amount due' })).toContainText('5,000');

  const csv = (await expectDownload(page, 'Export CSV', 'csv')).toString('utf8');
  const lines = csv
    .replace(/^\uFEFF/, '')
    .trim()
    .split('\r\n');
  expect(lines[0]).toMatch(/^Reference,Payer,/);
  expect(lines).toHaveLength(2);
  expect(lines[1]).toContain(paid.reference);
  await expectDownload(page, 'Export Excel', 'xlsx');

  // Pending payments only: this one is paid, so the list is empty.
  await pick(page, 'Payment state', 'Pending');
  await expect(page.getByText('No payments match these filters.')).toBeVisible();
});

test('PaymentHistory: find a student by matric number and open their payments', async ({ page }) => {
  await signIn(page, 'admin', DEMO.admin);
  await openFromSidebar(page, 'Payment History');
  await page.getByRole('searchbox', { name: 'Matric number or name' }).fill('DIT/2024/0002');
  const found = page.getByRole('table', { name: 'Students found' });
  await expect(found.getByRole('row').filter({ hasText: 'DIT/2024/0002' })).toHaveCount(1);
  await found.getByRole('button', { name: 'Payment history' }).click();
  await expect(page.getByRole('heading', { name: 'Johnson Oluwadamilare' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Payments of Johnson Oluwadamilare' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Totals of the filtered payments' })).toContainText(
    'Payment attempts',
  );
  await page.getByRole('button', { name: 'Find another student' }).click();
  await expect(page.getByRole('searchbox', { name: 'Matric number or name' })).toBeVisible();
});

test('revenue: totals by category, department and day, with charts', async ({ page }) => {
  await signIn(page, 'admin', DEMO.admin);
  await openFromSidebar(page, 'Revenue');
  // The last 30 days by default, today included.
  const byCategory = page.getByRole('table', { name: 'Revenue by category' });
  await expect(byCategory.getByRole('row').filter({ hasText: 'Acceptance Fee' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Revenue by department' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Revenue by day' })).toBeVisible();
  await expect(page.locator('svg.MuiChartsSurface-root, .MuiChartsSurface-root').first()).toBeVisible();
  await pick(page, 'Payment category', 'Acceptance Fee');
  await expect(byCategory.getByRole('row')).toHaveCount(2);
  await pick(page, 'Payment category', 'Hostel Fee');
  await expect(page.getByText('No payment was made in this range.')).toBeVisible();
});

test('SummaryofPayments: the current session by category and provider, exported', async ({ page }) => {
  await signIn(page, 'admin', DEMO.admin);
  await openFromSidebar(page, 'Summary of Payments');
  await expect(page.getByRole('heading', { name: 'Session 2024/2025' })).toBeVisible();
  const both = page.getByRole('table', { name: 'By category and provider' });
  await expect(
    both.getByRole('row').filter({ hasText: 'Acceptance Fee' }).filter({ hasText: 'Monnify' }),
  ).toHaveCount(1);
  const csv = (await expectDownload(page, 'Export CSV', 'csv')).toString('utf8');
  expect(csv).toMatch(/Category,Provider,Attempts,Paid,Credited/);
  expect(csv).toMatch(/\r\nTotal,/);
  await expectDownload(page, 'Export Excel', 'xlsx');
});

test('UpdatePaymentSession: move a paid payment to another session with a reason', async ({ page }) => {
  await signIn(page, 'admin', DEMO.admin);
  await openFromSidebar(page, 'Update Payment Session');
  await page
    .getByRole('searchbox', { name: 'Matric number, name or reference' })
    .first()
    .fill(paid.reference);
  const grid = page.getByRole('table', { name: 'Paid payments' });
  const row = grid.getByRole('row').filter({ hasText: paid.reference });
  await expect(row).toContainText('2024/2025');
  await row.getByRole('button', { name: 'Move' }).click();

  const dialog = page.getByRole('dialog', { name: 'Move payment to another session' });
  await expect(dialog).toContainText(paid.reference);
  await expect(dialog.getByRole('button', { name: 'Move payment' })).toBeDisabled();
  await dialog.getByRole('combobox', { name: 'To session' }).click();
  await page.getByRole('option', { name: '2023/2024' }).click();
  // A reason is required before the move can be confirmed.
  await expect(dialog.getByRole('button', { name: 'Move to 2023/2024' })).toBeDisabled();
  await dialog.getByRole('textbox', { name: 'Reason' }).fill('Paid towards the 2023/2024 arrears');
  await expect(dialog).toContainText('The payment will count for 2023/2024 instead of 2024/2025.');
  await dialog.getByRole('button', { name: 'Move to 2023/2024' }).click();
  await expect(page.getByText('The payment was moved to 2023/2024.')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(row).toContainText('2023/2024');

  const moves = page.getByRole('table', { name: 'Session moves' });
  const move = moves.getByRole('row').filter({ hasText: paid.reference });
  await expect(move).toContainText('Paid towards the 2023/2024 arrears');
  await expect(move).toContainText('2024/2025');
});

// The bursary's pages at 360 px (no sideways scroll, nothing serious for axe): tables-fit.spec.ts's walk.
test('on a phone the payments are cards, with the receipt link', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 640 });
  await signIn(page, 'admin', DEMO.admin);
  await page.goto(portal('/admin/studentpayments'));
  await page.getByRole('searchbox', { name: 'Matric number, name or reference' }).fill(paid.reference);
  const card = page
    .getByRole('table', { name: 'Student Payments' })
    .getByRole('row')
    .filter({ hasText: paid.reference });
  await expect(card).toHaveCount(1);
  await expect(card.getByRole('link', { name: 'View' })).toHaveAttribute(
    'href',
    /paymentreceipt\?transactionId=/,
  );
  expect(await hasHorizontalScroll(page)).toBe(false);
});
