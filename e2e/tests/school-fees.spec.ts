import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { atPortal, expect, hasHorizontalScroll, portal, recordNotices, signIn, test } from '../fixtures';

/**
 * School fees through the built-in sandboxes (issue 12): DIT/2024/0001 (indigene, state 2656) pays
 * in full through Monnify; DIT/2024/0002 (non-indigene) pays a first instalment through Nomba on a
 * 360 px phone. Each then opens the receipt, whose amounts follow their state. 2024/2025, 100
 * level: indigene ₦66,500.00, non-indigene ₦96,500.00; the first instalment at least 60%.
 */

test.describe.configure({ mode: 'serial' });

const statusDialog = (page: Page) => page.getByRole('dialog', { name: 'Payment Status' });

async function payAtCheckout(page: Page, provider: 'Monnify' | 'Nomba', checkout: RegExp) {
  // Shown for a moment before the browser leaves for the gateway: recorded as it appears.
  const notices = await recordNotices(page);
  await page.getByRole('button', { name: provider, exact: true }).click();
  await page.waitForURL(checkout);
  expect(notices.some((text) => text.includes('Transaction Ref generated successfully'))).toBe(true);
  await page.getByRole('button', { name: 'Pay', exact: true }).click();
  await expect(page).toHaveURL(/\/portal\/student\/payment\?/);
  const dialog = statusDialog(page);
  await expect(dialog.getByTestId('payment-status-message')).toHaveText('Payment successful! Thank you.');
  await expect(dialog.getByTestId('payment-reference')).toHaveText(/^DIT-SCH-/);
  return dialog;
}

test('an indigene student pays in full through Monnify and the receipt shows indigene amounts', async ({
  page,
}) => {
  await signIn(page, 'student', 'DIT/2024/0001');
  await page.getByRole('link', { name: 'School Fees' }).first().click();
  await expect(page).toHaveURL(atPortal('/student/payment'));
  await expect(page.getByRole('heading', { name: 'School Fees', level: 1 })).toBeVisible();
  await expect(page.getByTestId('school-fees-rule')).toHaveText('You pay the indigene amounts.');
  await expect(page.getByTestId('school-fees-total')).toHaveText('₦66,500.00');
  await expect(page.getByTestId('school-fees-paid')).toHaveText('₦0.00');
  const tuition = page.getByTestId('school-fees-line').filter({ hasText: 'Tuition' });
  await expect(tuition).toContainText('₦45,000.00');
  await expect(tuition).toContainText('₦75,000.00');
  await page.getByRole('radio', { name: 'Full payment (₦66,500.00)' }).check();

  const dialog = await payAtCheckout(page, 'Monnify', /\/api\/sandbox\/monnify\/checkout\//);
  await expect(
    dialog.getByText('Your payment has been credited to your school fees.', { exact: false }),
  ).toBeVisible();
  await dialog.getByRole('link', { name: 'View your receipt' }).click();

  await expect(page).toHaveURL(/\/portal\/paymentreceipt\?transactionId=[0-9a-f]{32}$/);
  const receipt = page.getByTestId('receipt');
  await expect(receipt.getByRole('heading', { name: 'School Fees Receipt' })).toBeVisible();
  await expect(receipt.getByTestId('indigene-rule')).toHaveText('Indigene amounts');
  await expect(receipt.getByRole('row', { name: /Tuition/ })).toContainText('₦45,000.00');
  await expect(receipt.getByText('Full Payment')).toBeVisible();
  await expect(receipt.getByRole('row', { name: /Amount Paid/i })).toContainText('₦66,500.00');
  const [pdf] = await Promise.all([
    page.waitForEvent('download'),
    receipt.getByRole('button', { name: 'Download PDF' }).click(),
  ]);
  expect(
    readFileSync((await pdf.path())!)
      .subarray(0, 5)
      .toString('latin1'),
  ).toBe('%PDF-');

  await page.goto(portal('/student/payment'));
  await expect(page.getByTestId('school-fees-paid')).toHaveText('₦66,500.00');
  await expect(page.getByTestId('school-fees-balance')).toHaveText('₦0.00');
  await expect(page.getByTestId('school-fees-settled')).toBeVisible();

  await page.goto(portal('/student/paymenthistory'));
  await expect(page.getByRole('heading', { name: 'Payment History' })).toBeVisible();
  const rows = page.getByTestId('payment-history-row');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toHaveAttribute('data-state', 'paid');
  await rows.first().getByRole('link', { name: 'View receipt' }).click();
  await expect(page).toHaveURL(/\/portal\/paymentreceipt\?transactionId=/);
});

test('a non-indigene student pays a first instalment through Nomba on a phone; the receipt shows non-indigene amounts', async ({
  page,
}) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await signIn(page, 'student', 'DIT/2024/0002');
  await page.goto(portal('/student/payment'));
  await expect(page.getByTestId('school-fees-rule')).toHaveText('You pay the non-indigene amounts.');
  await expect(page.getByTestId('school-fees-total')).toHaveText('₦96,500.00');
  expect(await hasHorizontalScroll(page)).toBe(false);

  await page.getByRole('radio', { name: 'First instalment (at least 60%: ₦57,900.00)' }).check();
  const amount = page.getByLabel('First instalment (₦)');
  await expect(amount).toHaveValue('57900');
  // Below the school's share: no payment can be started.
  await amount.fill('50000');
  await expect(page.getByRole('button', { name: 'Nomba', exact: true })).toBeDisabled();
  await amount.fill('57900');
  await expect(page.getByText('Pay ₦57,900.00 with:')).toBeVisible();
  expect(await hasHorizontalScroll(page)).toBe(false);

  const dialog = await payAtCheckout(page, 'Nomba', /\/api\/sandbox\/nomba\/checkout\//);
  await dialog.getByRole('button', { name: 'OK' }).click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(atPortal('/student/payment'));
  await expect(page.getByTestId('school-fees-paid')).toHaveText('₦57,900.00');
  await expect(page.getByTestId('school-fees-balance')).toHaveText('₦38,600.00');
  await expect(page.getByRole('radio', { name: 'Balance (₦38,600.00)' })).toBeChecked();
  expect(await hasHorizontalScroll(page)).toBe(false);

  const paid = page.locator('[data-testid="school-fees-attempt"][data-state="paid"]');
  await paid.getByRole('link', { name: 'View receipt' }).click();
  const receipt = page.getByTestId('receipt');
  await expect(receipt.getByTestId('indigene-rule')).toHaveText('Non-indigene amounts');
  await expect(receipt.getByRole('row', { name: /Tuition/ })).toContainText('₦75,000.00');
  await expect(receipt.getByText('Installmental Payment')).toBeVisible();
  await expect(receipt.getByRole('row', { name: /Amount Paid/i })).toContainText('₦57,900.00');
  expect(await hasHorizontalScroll(page)).toBe(false);
});

test('the bursary sees who owes for the session and exports the list', async ({ page }) => {
  await signIn(page, 'admin', 'admin@demo.edu.ng');
  await page.goto(portal('/admin/debtorslist'));
  await expect(page.getByRole('heading', { name: 'Debtors List' })).toBeVisible();
  await page.getByLabel('Matric number or name').fill('DIT/2023/0003');
  const row = page.getByRole('row', { name: /DIT\/2023\/0003/ });
  await expect(row).toContainText('₦89,000.00');
  await expect(row).toContainText('₦53,400.00');
  await expect(row).toContainText('₦35,600.00');
  const [csv] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export CSV' }).click(),
  ]);
  const text = readFileSync((await csv.path())!, 'utf8');
  expect(text).toContain('DIT/2023/0003,Emeka Nnamdi,Computer Science,200 Level,No,89000,53400,35600');
});
