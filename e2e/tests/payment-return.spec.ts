import type { Page } from '@playwright/test';
import { expect, portal, signIn, test } from '../fixtures';

/**
 * The dashboard's side of a gateway's return for Nomba (orderId / orderReference) and a check
 * that fails, with the check call stubbed: applicant 7 has paid already and is only read.
 */
const APPLICANT_7 = '202410000007AG';

const statusDialog = (page: Page) => page.getByRole('dialog', { name: 'Payment Status' });

test('a Nomba return is checked by its orderReference and shows the status dialog', async ({ page }) => {
  await signIn(page, 'applicant', APPLICANT_7);
  const asked: string[] = [];
  await page.route('**/api/CheckPayeePaymentNomba?*', (route) => {
    asked.push(new URL(route.request().url()).searchParams.get('paymentReference') ?? '');
    return route.fulfill({
      json: {
        Status: 'OK',
        Message: 'Payment successful! Thank you.',
        Data: {
          status: 'PAID',
          paid: true,
          TransactionRef: 'DIT-ACC-250125-NOMBA0000001',
          ProviderRef: 'order-1',
          Provider: 'nomba',
          Amount: 5000,
          AmountPaid: 5000,
          Flag: null,
          ReceiptId: null,
        },
      },
    });
  });
  await page.goto(portal('/applicant/dashboard?orderId=order-1&orderReference=DIT-ACC-250125-NOMBA0000001'));
  const dialog = statusDialog(page);
  await expect(dialog.getByTestId('payment-status-message')).toHaveText('Payment successful! Thank you.');
  await expect(dialog.getByLabel('Nomba logo')).toBeVisible();
  await expect(dialog.getByTestId('payment-reference')).toHaveText('DIT-ACC-250125-NOMBA0000001');
  expect(asked).toEqual(['DIT-ACC-250125-NOMBA0000001']);
  await dialog.getByRole('button', { name: 'OK' }).click();
  await expect(dialog).toBeHidden();
  expect(new URL(page.url()).search).toBe('');
});

test("a check that throws shows 'An error occurred while checking payment status.'", async ({
  page,
  consoleErrors,
}) => {
  consoleErrors.expectFailedRequest('/api/CheckPayeePaymentNomba', 'aborted');
  await signIn(page, 'applicant', APPLICANT_7);
  await page.route('**/api/CheckPayeePaymentNomba?*', (route) => route.abort());
  await page.goto(portal('/applicant/dashboard?orderId=order-2'));
  const dialog = statusDialog(page);
  await expect(dialog.getByTestId('payment-status-message')).toHaveText(
    'An error occurred while checking payment status.',
  );
  await expect(dialog.getByText('What Next !')).toBeVisible();
  await dialog.getByRole('button', { name: 'OK' }).click();
  expect(new URL(page.url()).search).toBe('');
});
