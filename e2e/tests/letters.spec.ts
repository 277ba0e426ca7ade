import { readFileSync } from 'node:fs';
import type { APIRequestContext, Download } from '@playwright/test';
import {
  atPortal,
  DEMO_PASSWORD,
  expect,
  hasHorizontalScroll,
  portal,
  seriousA11yViolations,
  signIn,
  test,
} from '../fixtures';

/**
 * The public letter pages (/AdmissionLetter, /SiwesLetter) and applicant 7's admission documents
 * (spec sections 2 and 3). Applicant 7 (acceptance fee paid) and student 2 are only read: their
 * public ids come from the API.
 */
const APPLICANT_7 = '202410000007AG';
const STUDENT_2 = 'DIT/2024/0002';

async function publicId(
  request: APIRequestContext,
  userMode: 'Applicant' | 'Student',
  username: string,
): Promise<string> {
  const login = await request.post('/api/Account/Login', {
    data: { Username: username, Password: DEMO_PASSWORD, userMode, schoolId: 1 },
  });
  expect(login.ok()).toBe(true);
  const { LoginToken: token, sid } = (await login.json()) as { LoginToken: string; sid: string };
  const headers = { authorization: `Bearer ${token}` };
  const path = userMode === 'Applicant' ? '/api/applicant/document-links' : '/api/student/document-links';
  const data = ((await (await request.get(path, { headers })).json()) as { Data: Record<string, string> })
    .Data;
  await request.get(`/api/Account/Logout?sessionID=${sid}&userMode=${userMode}`, { headers });
  const id = userMode === 'Applicant' ? data.AdmissionLetterId : data.SiwesLetterId;
  expect(id).toMatch(/^[0-9a-f]{32}$/);
  return id!;
}

async function expectPdf(download: Download, name: RegExp): Promise<void> {
  expect(download.suggestedFilename()).toMatch(name);
  expect(
    readFileSync((await download.path())!)
      .subarray(0, 5)
      .toString('latin1'),
  ).toBe('%PDF-');
}

test.describe('provisional admission letter (public)', () => {
  test("applicant 7's letter verifies without sign-in and downloads as a PDF", async ({ page, request }) => {
    const id = await publicId(request, 'Applicant', APPLICANT_7);
    await page.goto(portal(`/AdmissionLetter?applicantId=${id}`));
    const letter = page.getByTestId('admission-letter');
    await expect(
      letter.getByRole('heading', { name: 'PROVISIONAL ADMISSION LETTER', exact: true }),
    ).toBeVisible();
    // EntryModeId 1 (UTME): the institution's own heading, not the Direct Entry institute's.
    await expect(letter.getByTestId('letter-heading')).not.toContainText('DIRECT ENTRY');
    await expect(letter.getByText(/This provisional admission letter is genuine/)).toBeVisible();
    const facts = letter.locator('dl').first();
    await expect(facts.getByText('UDOH Emmanuel Effiong')).toBeVisible();
    await expect(facts.getByText(APPLICANT_7, { exact: true })).toBeVisible();
    await expect(facts.getByText('Session', { exact: true })).toBeVisible();
    await expect(facts.getByText('Course of Study', { exact: true })).toBeVisible();
    await expect(facts.getByText('Faculty', { exact: true })).toBeVisible();
    await expect(facts.getByText('Date of Admission', { exact: true })).toBeVisible();
    await expect(letter.getByRole('img', { name: 'Scan to verify' })).toBeVisible();
    await expect(letter.getByTestId('verify-url')).toHaveAttribute('href', page.url());
    await expect(letter.getByText('Bank / Interswitch service charge')).toBeVisible();
    // Before the download: its toast fading in would be measured mid-animation.
    expect(await seriousA11yViolations(page)).toEqual([]);

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      letter.getByRole('button', { name: 'Download PDF' }).click(),
    ]);
    await expectPdf(download, new RegExp(`^ProvisionalAdmissionLetter-${APPLICANT_7}\\.pdf$`));

    await page.setViewportSize({ width: 360, height: 640 });
    await expect(letter.getByText('UDOH Emmanuel Effiong').first()).toBeVisible();
    expect(await hasHorizontalScroll(page)).toBe(false);
  });

  test('an unknown id shows a not-found state; no id falls back to /', async ({ page, consoleErrors }) => {
    consoleErrors.expectFailedRequest('/api/ProvisionalAdmissionLetter', 404);
    await page.goto(portal('/AdmissionLetter?applicantId=0123456789abcdef0123456789abcdef'));
    await expect(page.getByTestId('document-not-found')).toHaveText(
      'No admission letter was found for this link.',
    );
    await page.goto(portal('/AdmissionLetter'));
    await expect(page).toHaveURL(atPortal('/'));
  });
});

test.describe('SIWES placement letter (public)', () => {
  test("student 2's letter shows ref, name, matric, course and duration", async ({ page, request }) => {
    const id = await publicId(request, 'Student', STUDENT_2);
    await page.goto(portal(`/SiwesLetter?StudId=${id}`));
    const letter = page.getByTestId('siwes-letter');
    await expect(letter.getByRole('heading', { name: 'SIWES PLACEMENT LETTER', exact: true })).toBeVisible();
    await expect(letter.getByText(/\/SIWES\//)).toBeVisible();
    await expect(letter.getByText(STUDENT_2, { exact: true })).toBeVisible();
    await expect(letter.getByText('JOHNSON Oluwadamilare', { exact: true })).toBeVisible();
    // Computer Science: three months (six for other courses).
    await expect(letter.getByText('3 months', { exact: true })).toBeVisible();
    await expect(letter.getByRole('img', { name: 'Scan to verify' })).toBeVisible();
    expect(await seriousA11yViolations(page)).toEqual([]);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      letter.getByRole('button', { name: 'Download PDF' }).click(),
    ]);
    await expectPdf(download, /^SIWESLetter-DIT20240002\.pdf$/);
    await page.setViewportSize({ width: 360, height: 640 });
    expect(await hasHorizontalScroll(page)).toBe(false);
  });

  test("a letter that cannot load says 'An error occurred.'; no id falls back to /", async ({
    page,
    consoleErrors,
  }) => {
    consoleErrors.expectFailedRequest('/api/SIWESLETTER', 404);
    await page.goto(portal('/SiwesLetter?StudId=not-a-student'));
    await expect(page.getByText('An error occurred.')).toBeVisible();
    await expect(page.getByTestId('document-not-found')).toHaveText(
      'No SIWES letter was found for this link.',
    );
    await page.goto(portal('/SiwesLetter?StudId='));
    await expect(page).toHaveURL(atPortal('/'));
  });
});

test.describe("applicant 7's admission documents", () => {
  test('the four dialogs open full screen, each with its PDF', async ({ page }) => {
    await signIn(page, 'applicant', APPLICANT_7);
    await expect(page.getByRole('heading', { name: 'Admission Letter', exact: true })).toBeVisible();
    const documents: [string, RegExp, string][] = [
      ['Provisional Admission Letter', /^ProvisionalAdmissionLetter-/, 'PROVISIONAL ADMISSION LETTER'],
      [
        'Acceptance Fee Payment Information',
        /^AcceptanceFeePaymentInformation-/,
        'ACCEPTANCE FEE PAYMENT INFORMATION',
      ],
      ['Medical Examination Form', /^MedicalExaminationForm-/, 'MEDICAL EXAMINATION FORM'],
      ['Undertaking and Attestation Form', /^UndertakingForm-/, 'UNDERTAKING AND ATTESTATION FORM'],
    ];
    for (const [name, file, heading] of documents) {
      await page.getByRole('button', { name, exact: true }).click();
      const dialog = page.getByRole('dialog', { name });
      await expect(dialog.getByRole('heading', { name: heading, exact: true })).toBeVisible();
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        dialog.getByRole('button', { name: 'Download PDF' }).click(),
      ]);
      await expectPdf(download, file);
      await dialog.getByRole('button', { name: 'Close' }).click();
      await expect(dialog).toBeHidden();
    }
  });

  test('the provisional admission letter page is desktop only', async ({ page }) => {
    await signIn(page, 'applicant', APPLICANT_7);
    await page.getByRole('link', { name: 'Open the admission letter page' }).click();
    await expect(page).toHaveURL(atPortal('/applicant/admissionletter'));
    await expect(
      page.getByRole('heading', { name: 'PROVISIONAL ADMISSION LETTER', exact: true }),
    ).toBeVisible();
    await page.setViewportSize({ width: 767, height: 900 });
    await expect(
      page.getByText(
        'Sorry, this page is not accessible on screens smaller than 768px. Please use a larger device to view this content.',
      ),
    ).toBeVisible();
    await expect(
      page.getByRole('heading', { name: 'PROVISIONAL ADMISSION LETTER', exact: true }),
    ).toHaveCount(0);
  });
});
