import { readFileSync } from 'node:fs';
import type { Download, Page } from '@playwright/test';
import {
  atPortal,
  closeNotice,
  recordNotices,
  expect,
  hasHorizontalScroll,
  portal,
  seriousA11yViolations,
  signIn,
  test,
} from '../fixtures';

/**
 * The acceptance fee through the built-in Monnify sandbox (spec sections 2 and 4). Applicant 6 is
 * admitted with the fee pending (AdmissionLevel 3) and is used by this file only: the cancelled
 * attempt runs first, then the payment that moves them to level 4.
 */
const APPLICANT_6 = '202410000006AF';
const CHECKOUT = /\/api\/sandbox\/monnify\/checkout\//;

test.describe.configure({ mode: 'serial' });

const statusDialog = (page: Page) => page.getByRole('dialog', { name: 'Payment Status' });

async function startMonnify(page: Page): Promise<void> {
  // The toast shows only until the redirect to the checkout: record it as it appears, since polling
  // for it on a busy machine can miss it before the page is left.
  const notices = await recordNotices(page);
  await page.getByRole('button', { name: 'Monnify', exact: true }).click();
  await page.waitForURL(CHECKOUT);
  expect(notices.some((text) => text.includes('Transaction Ref generated successfully'))).toBe(true);
}

async function expectPdf(download: Download): Promise<void> {
  expect(download.suggestedFilename()).toMatch(/\.pdf$/);
  const bytes = readFileSync((await download.path())!);
  expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
}

test.describe('acceptance fee (applicant 6, Monnify sandbox)', () => {
  test('a cancelled payment shows the failure message and leaves the applicant at level 3', async ({
    page,
    consoleErrors,
  }) => {
    // Nomba refused once (503), then unreachable once (the request aborted), both made so below.
    consoleErrors.expectFailedRequest('/api/AddPayeePaymentNomba', 503);
    consoleErrors.expectFailedRequest('/api/AddPayeePaymentNomba', 'aborted');
    await signIn(page, 'applicant', APPLICANT_6);
    const banner = page.getByText('pending acceptance fee payment');
    await expect(banner).toBeVisible();
    await expect(
      page.getByText('Kindly complete acceptance fee payment to avoid revocation of admission'),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: 'Monnify', exact: true })).toBeEnabled();
    await expect(page.getByRole('button', { name: 'Remita', exact: true })).toBeDisabled();
    await expect(page.getByRole('button', { name: 'Nomba', exact: true })).toBeEnabled();

    // A refusal shows the server's Message as a warning; a call that fails outright, 'An Error Occurred3'.
    const nomba = page.getByRole('button', { name: 'Nomba', exact: true });
    const unavailable = 'This payment method is not available at the moment. Please use another one.';
    await page.route(
      '**/api/AddPayeePaymentNomba?*',
      (route) => route.fulfill({ status: 503, json: { Status: 'Error', Message: unavailable } }),
      { times: 1 },
    );
    await nomba.click();
    await closeNotice(page, unavailable);
    await page.route('**/api/AddPayeePaymentNomba?*', (route) => route.abort(), { times: 1 });
    await nomba.click();
    await closeNotice(page, 'An Error Occurred3');
    await expect(page).toHaveURL(atPortal('/applicant/dashboard'));

    await startMonnify(page);
    await page.getByRole('button', { name: 'Cancel', exact: true }).click();
    await expect(page).toHaveURL(/\/portal\/applicant\/dashboard\?paymentReference=DIT-ACC-/);
    const dialog = statusDialog(page);
    await expect(dialog.getByTestId('payment-status-message')).toHaveText(
      'Payment failed or not completed. Please try again.',
    );
    await expect(dialog.getByLabel('Monnify logo')).toBeVisible();
    await expect(dialog.getByText('Transaction Reference')).toBeVisible();
    await expect(dialog.getByTestId('payment-reference')).toHaveText(/^DIT-ACC-/);
    await expect(dialog.getByText('What Next !')).toBeVisible();
    expect(await seriousA11yViolations(page)).toEqual([]);

    await dialog.getByRole('button', { name: 'OK' }).click();
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(atPortal('/applicant/dashboard'));
    expect(new URL(page.url()).search).toBe('');
    await expect(banner).toBeVisible();
    await expect(page.getByRole('button', { name: 'Monnify', exact: true })).toBeEnabled();

    await page.goto(portal('/applicant/paymenthistory'));
    await expect(page.getByRole('heading', { name: 'Payment History' })).toBeVisible();
    const rows = page.getByTestId('payment-history-row');
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toHaveAttribute('data-state', 'failed');
    await expect(rows.first().getByText('Failed')).toBeVisible();
    await expect(rows.first().getByRole('link', { name: 'View receipt' })).toHaveCount(0);
  });

  test("an abandoned checkout stays in the history with 'Check again', which asks the gateway", async ({
    page,
  }) => {
    await signIn(page, 'applicant', APPLICANT_6);
    await startMonnify(page);
    const checkoutUrl = page.url();
    // Abandoned: the applicant leaves the gateway's page without paying or cancelling.
    await page.goto(portal('/applicant/paymenthistory'));
    const rows = page.getByTestId('payment-history-row');
    await expect(rows).toHaveCount(2);
    const abandoned = rows.first();
    await expect(abandoned).toHaveAttribute('data-state', 'pending');
    await expect(abandoned.getByText('Pending')).toBeVisible();
    const checkAgain = abandoned.getByRole('button', { name: 'Check again' });
    await checkAgain.click();
    await closeNotice(
      page,
      'Your payment has not been confirmed by the gateway yet. It will reflect automatically once it is confirmed.',
    );
    await expect(abandoned).toHaveAttribute('data-state', 'pending');

    // At the gateway the checkout is then cancelled; the browser never comes back and no webhook is sent.
    const cancelled = await page.request.post(checkoutUrl, {
      form: { action: 'cancel', webhook: 'none', delaySeconds: '0' },
      maxRedirects: 0,
    });
    expect(cancelled.status()).toBe(303);
    await expect(abandoned).toHaveAttribute('data-state', 'pending');
    await checkAgain.click();
    await closeNotice(page, 'Payment failed or not completed. Please try again.');
    await expect(abandoned).toHaveAttribute('data-state', 'failed');
    await expect(abandoned.getByRole('button', { name: 'Check again' })).toHaveCount(0);
    await expect(rows).toHaveCount(2);
  });

  test('paying with Monnify shows success, reaches level 4 and a verifiable receipt', async ({ page }) => {
    await signIn(page, 'applicant', APPLICANT_6);
    await startMonnify(page);
    await page.getByRole('button', { name: 'Pay', exact: true }).click();

    const dialog = statusDialog(page);
    await expect(dialog.getByTestId('payment-status-message')).toHaveText('Payment successful! Thank you.');
    const reference = (await dialog.getByTestId('payment-reference').textContent())!.trim();
    expect(reference).toMatch(/^DIT-ACC-/);
    await expect(dialog.getByRole('link', { name: 'View your receipt' })).toBeVisible();
    await dialog.getByRole('button', { name: 'OK' }).click();
    await expect(dialog).toBeHidden();
    expect(new URL(page.url()).search).toBe('');

    // Level 4: the banner is gone and the admission documents are there, all four available.
    await expect(page.getByText('pending acceptance fee payment')).toHaveCount(0);
    await expect(page.getByRole('heading', { name: 'Admission Letter', exact: true })).toBeVisible();
    for (const name of [
      'Provisional Admission Letter',
      'Acceptance Fee Payment Information',
      'Medical Examination Form',
      'Undertaking and Attestation Form',
    ])
      await expect(page.getByRole('button', { name, exact: true })).toBeEnabled();

    // The provisional admission letter in its full-screen dialog, with the server's PDF.
    await page.getByRole('button', { name: 'Provisional Admission Letter', exact: true }).click();
    const letter = page.getByRole('dialog', { name: 'Provisional Admission Letter' });
    await expect(
      letter.getByRole('heading', { name: 'PROVISIONAL ADMISSION LETTER', exact: true }),
    ).toBeVisible();
    await expect(letter.getByText('OGUNLEYE Funmilayo Bisi').first()).toBeVisible();
    const [letterPdf] = await Promise.all([
      page.waitForEvent('download'),
      letter.getByRole('button', { name: 'Download PDF' }).click(),
    ]);
    await expectPdf(letterPdf);
    await letter.getByRole('button', { name: 'Close' }).click();
    await expect(letter).toBeHidden();

    // The receipt from the dashboard, then from its QR code's URL (the verification link).
    await page.getByRole('link', { name: 'Acceptance fee receipt' }).click();
    await expect(page).toHaveURL(/\/portal\/QrCode\?transactionId=[0-9a-f]{32}$/);
    const receipt = page.getByTestId('receipt');
    await expect(receipt.getByText(reference)).toBeVisible();
    const verifyUrl = await page.getByTestId('verify-url').getAttribute('href');
    expect(verifyUrl).toBe(page.url());
    await page.goto(verifyUrl!);
    await expect(
      receipt.getByRole('heading', { name: 'Official Payment Receipt', exact: true }),
    ).toBeVisible();
    await expect(receipt.getByText(reference)).toBeVisible();
    await expect(receipt.getByText('OGUNLEYE Funmilayo Bisi')).toBeVisible();
    await expect(receipt.getByTestId('amount-paid')).toHaveText('₦5,000.00');
    const [receiptPdf] = await Promise.all([
      page.waitForEvent('download'),
      receipt.getByRole('button', { name: 'Download PDF' }).click(),
    ]);
    await expectPdf(receiptPdf);
    expect(receiptPdf.suggestedFilename()).toBe(`Receipt-${reference}.pdf`);

    // The history: the paid attempt (with its receipt) above the cancelled ones.
    await page.goto(portal('/applicant/paymenthistory'));
    const rows = page.getByTestId('payment-history-row');
    await expect(rows).toHaveCount(3);
    await expect(rows.first()).toHaveAttribute('data-state', 'paid');
    await expect(rows.first().getByText(reference)).toBeVisible();
    await expect(rows.first().getByText('₦5,000.00')).toBeVisible();
    await expect(rows.nth(1)).toHaveAttribute('data-state', 'failed');
    await rows.first().getByRole('link', { name: 'View receipt' }).click();
    await expect(page).toHaveURL(verifyUrl!);
  });

  test('after paying: the status page re-checks the reference, the buttons are gone, phones fit', async ({
    page,
    consoleErrors,
  }) => {
    // The unknown reference checked below: 404.
    consoleErrors.expectFailedRequest('/api/CheckPayeePaymentMonnify', 404);
    await signIn(page, 'applicant', APPLICANT_6);
    await page.goto(portal('/applicant/paymenthistory'));
    const paid = page.locator('[data-testid="payment-history-row"][data-state="paid"]');
    const reference = (await paid.locator('td').nth(3).textContent())!.trim();

    await page.goto(portal(`/applicant/transactionstatus?provider=monnify&paymentReference=${reference}`));
    await expect(page.getByRole('heading', { name: 'Transaction Status' })).toBeVisible();
    await expect(page.getByTestId('payment-status-message')).toHaveText('Payment successful! Thank you.');
    await expect(page.getByTestId('payment-reference')).toHaveText(reference);

    // An unknown reference: the checking error, with the server's reason.
    await page.goto(portal('/applicant/transactionstatus?paymentReference=DIT-ACC-000000-NOSUCHREF0000'));
    await expect(page.getByTestId('payment-status-message')).toHaveText(
      'An error occurred while checking payment status.',
    );
    await expect(page.getByText('No payment with this reference was found.')).toBeVisible();

    // A second attempt is refused by the server: the dashboard no longer offers it.
    await page.goto(portal('/applicant/dashboard'));
    await expect(page.getByRole('heading', { name: 'Admission Letter', exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Monnify', exact: true })).toHaveCount(0);

    await page.setViewportSize({ width: 360, height: 640 });
    await page.goto(portal('/applicant/paymenthistory'));
    await expect(page.getByTestId('payment-history-row')).toHaveCount(3);
    expect(await hasHorizontalScroll(page)).toBe(false);
    expect(await seriousA11yViolations(page)).toEqual([]);
  });
});
