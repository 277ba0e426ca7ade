import { readFileSync } from 'node:fs';
import type { APIRequestContext, Page } from '@playwright/test';
import {
  atPortal,
  DEMO_PASSWORD,
  expect,
  hasHorizontalScroll,
  portal,
  seriousA11yViolations,
  test,
} from '../fixtures';

/**
 * The public receipt pages /QrCode and /paymentreceipt (spec sections 2 and 3). Applicant 7's
 * acceptance fee is paid in the seed; its receipt id is read through the API (nothing changes).
 */
const APPLICANT_7 = '202410000007AG';

async function applicant7ReceiptId(request: APIRequestContext): Promise<string> {
  const login = await request.post('/api/Account/Login', {
    data: { Username: APPLICANT_7, Password: DEMO_PASSWORD, userMode: 'Applicant', schoolId: 1 },
  });
  expect(login.ok()).toBe(true);
  const { LoginToken: token, sid } = (await login.json()) as { LoginToken: string; sid: string };
  const headers = { authorization: `Bearer ${token}` };
  const links = await request.get('/api/applicant/document-links', { headers });
  const id = ((await links.json()) as { Data: { AcceptanceReceiptId: string } }).Data.AcceptanceReceiptId;
  await request.get(`/api/Account/Logout?sessionID=${sid}&userMode=Applicant`, { headers });
  expect(id).toMatch(/^[0-9a-f]{32}$/);
  return id;
}

let receiptId = '';
test.beforeAll(async ({ request }) => {
  receiptId = await applicant7ReceiptId(request);
});

test.describe('public receipt', () => {
  test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

  test("applicant 7's receipt renders without sign-in, copies its id and downloads its PDF", async ({
    page,
  }) => {
    await page.goto(portal(`/QrCode?transactionId=${receiptId}`));
    const receipt = page.getByTestId('receipt');
    await expect(
      receipt.getByRole('heading', { name: 'Official Payment Receipt', exact: true }),
    ).toBeVisible();
    await expect(receipt.getByText('UDOH Emmanuel Effiong')).toBeVisible();
    // Headed with the institution's name; the programme, not the entry mode.
    // The name with its short name (School Management's; app-console.spec.ts may be changing it meanwhile).
    await expect(receipt.getByText(/^Demo Institute of Technology \(.+\)$/)).toBeVisible();
    await expect(receipt.getByText('Bachelor of Science (B.Sc.)', { exact: true })).toBeVisible();
    await expect(
      receipt.getByText('The service charge is what the payer paid above the fee.', { exact: false }),
    ).toBeVisible();
    await expect(receipt.getByText(APPLICANT_7, { exact: true })).toBeVisible();
    await expect(receipt.getByText('PAID', { exact: true })).toBeVisible();
    // The seeded payment carries Monnify's ₦75 fee (taken from the settlement): the lines the
    // applicant sees add up to the total, with the labels the PDF prints.
    await expect(receipt.getByText('Bank / Interswitch service charge')).toBeVisible();
    await expect(receipt.getByTestId('service-charge')).toHaveText('₦0.00');
    await expect(receipt.getByTestId('amount-paid')).toHaveText('₦5,000.00');
    const amounts = receipt.getByRole('table', { name: 'Amounts' });
    const shownLines = await amounts
      .locator('tbody tr')
      .evaluateAll((rows) =>
        rows.map((row) => [...row.querySelectorAll('td')].slice(1).map((cell) => cell.textContent ?? '')),
      );
    expect(shownLines).toEqual([
      ['Acceptance Fee', '₦5,000.00'],
      ['Bank / Interswitch service charge', '₦0.00'],
      ['Total Paid', '₦5,000.00'],
    ]);
    const naira = (text: string) => Math.round(Number(text.replace(/[₦,]/g, '')) * 100);
    const parts = shownLines.slice(0, -1).reduce((sum, [, amount]) => sum + naira(amount!), 0);
    expect(parts).toBe(naira(shownLines.at(-1)![1]!));
    const { Data } = (await (
      await page.request.get(`/api/PaymentReceiptByRRR?transactionId=${receiptId}`)
    ).json()) as { Data: { transactionRef: string; lines: { label: string }[] } };
    expect(shownLines.map(([label]) => label)).toEqual(Data.lines.map((l) => l.label));
    // Not signed in: the page is public.
    expect((await page.context().cookies()).find((c) => c.name === 'user')).toBeUndefined();

    // The transaction id is shown shortened; the copy button copies the Transaction Ref its message names.
    const shown = receipt.getByTestId('transaction-id');
    await expect(shown).toHaveText(`${receiptId.slice(0, 8)}…${receiptId.slice(-4)}`);
    await expect(receipt.getByTestId('transaction-ref')).toHaveText(Data.transactionRef);
    await receipt.getByRole('button', { name: 'Copy transaction reference' }).click();
    await expect(page.getByText('Transaction Ref copied successfully')).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(Data.transactionRef);
    expect(Data.transactionRef).toBe(`DIT-ACC-SEED-${APPLICANT_7}`);

    // The QR code is the verification link, which is this page.
    const qr = receipt.getByRole('img', { name: 'Scan to verify' });
    await expect(qr).toBeVisible();
    expect(await qr.getAttribute('src')).toMatch(/^data:image\/png;base64,/);
    await expect(receipt.getByTestId('verify-url')).toHaveAttribute('href', page.url());

    // Before the download: its toast fading in would be measured mid-animation.
    expect(await seriousA11yViolations(page)).toEqual([]);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      receipt.getByRole('button', { name: 'Download PDF' }).click(),
    ]);
    await expect(page.getByText('Download will begin shortly!')).toBeVisible();
    expect(download.suggestedFilename()).toBe(`Receipt-DIT-ACC-SEED-${APPLICANT_7}.pdf`);
    expect(
      readFileSync((await download.path())!)
        .subarray(0, 5)
        .toString('latin1'),
    ).toBe('%PDF-');
  });

  test('/paymentreceipt shows the same receipt, readable at 360 px without sideways scroll', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 360, height: 640 });
    await page.goto(portal(`/paymentreceipt?transactionId=${receiptId}`));
    const receipt = page.getByTestId('receipt');
    await expect(receipt.getByText('UDOH Emmanuel Effiong')).toBeVisible();
    await expect(receipt.getByTestId('amount-paid')).toHaveText('₦5,000.00');
    await expect(receipt.getByRole('img', { name: 'Scan to verify' })).toBeVisible();
    expect(await hasHorizontalScroll(page)).toBe(false);
    expect(await seriousA11yViolations(page)).toEqual([]);
  });

  test('a bogus transaction id shows a not-found state', async ({ page, consoleErrors }) => {
    consoleErrors.expectFailedRequest('/api/PaymentReceiptByRRR', 404);
    await page.goto(portal('/QrCode?transactionId=0123456789abcdef0123456789abcdef'));
    await expect(page.getByTestId('document-not-found')).toHaveText(
      'No paid receipt was found for this transaction id.',
    );
    await page.goto(portal('/paymentreceipt?transactionId=not-a-receipt'));
    await expect(page.getByTestId('document-not-found')).toBeVisible();
    await expect(page.getByTestId('receipt')).toHaveCount(0);
  });

  test('without transactionId the receipt pages fall back to /', async ({ page }) => {
    await page.goto(portal('/QrCode'));
    await expect(page).toHaveURL(atPortal('/'));
    await page.goto(portal('/paymentreceipt?transactionId='));
    await expect(page).toHaveURL(atPortal('/'));
  });
});

/** A school-fees receipt (paymentCategoryId set): the seed has none, so the API answers are stubbed. */
test.describe('school-fees receipt', () => {
  const base = {
    name: 'ABUBAKAR Halima',
    matricNo: 'DIT/2024/0001',
    jambRegNo: null,
    level: '100 Level',
    department: 'Computer Science',
    payeeNo: 'DIT/2024/0001',
    payeeId: 2,
    RRR: '270000000001',
    transactionRef: 'DIT-SCH-250201-TEST',
    transactionId: 'feedfacefeedfacefeedfacefeedface',
    provider: 'remita',
    paymentDate: '2025-02-01T10:00:00.000Z',
    generatedDate: '2025-02-02T10:00:00.000Z',
    paymentName: 'Tuition, Library',
    session: '2024/2025',
    amount: 100000,
    charges: 162.5,
    amountPaid: 100000,
    passport: null,
    QRcode: '',
    verifyUrl: 'http://localhost:8181/portal/QrCode?transactionId=feedfacefeedfacefeedfacefeedface',
    pdfUrl: '/api/receipts/feedfacefeedfacefeedfacefeedface.pdf',
    paymentCategoryId: 1,
    admittedSession: '2024/2025',
    program: 'Bachelor of Science (B.Sc.)',
    institutionName: 'Demo Institute of Technology',
    courseOfStudy: 'Computer Science',
  };
  const breakdown = (methodId: number) => ({
    details: [
      { PaymentName: 'Tuition', IndigeneAmount: 60000, NonIndigeneAmount: 90000 },
      { PaymentName: 'Library', IndigeneAmount: 5000, NonIndigeneAmount: 10000 },
    ],
    totals0: [{ total: 100000 }],
    totals1: [{ total: 65000 }],
    MethodId: methodId,
    amountPaid: methodId === 1 ? 65000 : 50000,
    Level: '100 Level',
  });

  /** The receipt's answer: the API says whether the payer is of the school's indigene state (2656 in the demo). */
  async function stub(page: Page, stateId: number, methodId: number) {
    await page.route('**/api/PaymentReceiptByRRR?*', (route) =>
      route.fulfill({ json: { Status: 'Ok', Data: { ...base, stateId, indigene: stateId === 2656 } } }),
    );
    await page.route('**/api/SchoolFeesReceipt0?*', (route) =>
      route.fulfill({ json: { Status: 'Ok', Data: breakdown(methodId) } }),
    );
  }

  test('an indigene (state 2656) paying in full sees the indigene amounts and total', async ({ page }) => {
    await stub(page, 2656, 1);
    await page.goto(portal(`/paymentreceipt?transactionId=${base.transactionId}`));
    const receipt = page.getByTestId('receipt');
    await expect(receipt.getByRole('heading', { name: 'School Fees Receipt', exact: true })).toBeVisible();
    await expect(receipt.getByTestId('indigene-rule')).toHaveText('Indigene amounts');
    await expect(receipt.getByRole('cell', { name: '₦60,000.00' })).toBeVisible();
    await expect(receipt.getByRole('cell', { name: '₦65,000.00' }).first()).toBeVisible();
    await expect(receipt.getByText('Full Payment')).toBeVisible();
    await expect(receipt.getByTestId('service-charge')).toHaveText('₦162.50');
    await expect(receipt.getByText('Matric No.')).toBeVisible();
  });

  test('a non-indigene paying by instalments sees the non-indigene amounts', async ({ page }) => {
    await stub(page, 2660, 2);
    await page.setViewportSize({ width: 360, height: 640 });
    await page.goto(portal(`/QrCode?transactionId=${base.transactionId}`));
    const receipt = page.getByTestId('receipt');
    await expect(receipt.getByTestId('indigene-rule')).toHaveText('Non-indigene amounts');
    await expect(receipt.getByRole('cell', { name: '₦90,000.00' })).toBeVisible();
    await expect(receipt.getByRole('cell', { name: '₦100,000.00' })).toBeVisible();
    await expect(receipt.getByText('Installmental Payment')).toBeVisible();
    await expect(receipt.getByTestId('amount-paid')).toHaveText('₦50,000.00');
    expect(await hasHorizontalScroll(page)).toBe(false);
  });
});
