import {
  chooseLanguage,
  DEMO,
  expect,
  hasHorizontalScroll,
  portal,
  seriousA11yViolations,
  signIn,
  test,
  type Mode,
} from '../fixtures';

// Independent tests, each a job of its own for the workers (see the projects in playwright.config.ts).
test.describe.configure({ mode: 'parallel' });

/** Every public page, with the parameters (or the user mode) it needs to render. */
const PUBLIC_PAGES = [
  '/',
  '/ApplicantSignin',
  '/AdminSignin',
  '/StudentSignin',
  '/signin',
  '/forgotPassword',
  '/ConfirmNewPassword?id=abc&usermode=Applicant',
  '/QrCode?transactionId=abc',
  '/paymentreceipt?transactionId=abc',
  '/AdmissionLetter?applicantId=abc',
  '/SiwesLetter?StudId=abc',
  '/no-such-page',
];

/**
 * axe at both widths in English, and in Arabic on a phone: its rules read the document (names, roles,
 * contrast, the language and direction), which a width changes only by what the breakpoints show, and
 * the English runs see both; right-to-left is checked where it is tightest. No sideways scroll anywhere.
 */
const AXE_AT = (width: number, language: string) => language === 'English' || width === 360;

for (const width of [360, 1280]) {
  for (const language of ['English', 'العربية']) {
    test(`public pages at ${width} px in ${language}: ${AXE_AT(width, language) ? 'no serious axe violation, ' : ''}no sideways scroll`, async ({
      page,
      consoleErrors,
    }) => {
      // Twelve pages, each measured by axe: more than the default minute on a busy machine.
      test.setTimeout(120_000);
      // The receipt and letters of made-up ids: the server answers 404 and the pages say so.
      for (const api of ['/api/PaymentReceiptByRRR', '/api/ProvisionalAdmissionLetter', '/api/SIWESLETTER'])
        consoleErrors.expectFailedRequest(api, 404);
      await page.setViewportSize({ width, height: width === 360 ? 640 : 800 });
      await page.goto(portal('/ApplicantSignin'));
      await chooseLanguage(page, language);
      // /forgotPassword needs the user mode a sign-in page's link sets.
      await page.locator('a[href*="/forgotPassword?usermode="]').click();
      for (const path of PUBLIC_PAGES) {
        await page.goto(portal(path));
        await expect(page.locator('h1')).toBeVisible();
        if (AXE_AT(width, language)) expect(await seriousA11yViolations(page), `${path}`).toEqual([]);
        expect(await hasHorizontalScroll(page), `${path} scrolls sideways`).toBe(false);
      }
    });
  }
}

const ACCOUNT: Record<Mode, string> = {
  applicant: DEMO.applicant,
  student: DEMO.student,
  admin: DEMO.admin,
  app: DEMO.admin,
};

for (const mode of ['applicant', 'student', 'admin', 'app'] as const) {
  test(`${mode} dashboard at 360 px: overlay menu, large enough targets, no sideways scroll, no serious axe violation`, async ({
    page,
  }) => {
    await page.setViewportSize({ width: 360, height: 640 });
    await signIn(page, mode, ACCOUNT[mode]);
    expect(await hasHorizontalScroll(page)).toBe(false);
    expect(await seriousA11yViolations(page)).toEqual([]);

    const menu = page.getByRole('navigation', { name: 'Main menu' });
    await expect(menu).toBeHidden();
    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect(menu).toBeVisible();
    expect(await seriousA11yViolations(page)).toEqual([]);

    // Every control on screen is at least 24 px each way.
    const small = await page.evaluate(() =>
      [...document.querySelectorAll('a, button, input, select, [role="button"]')]
        .map((element) => ({ element, box: element.getBoundingClientRect() }))
        .filter(({ box }) => box.width > 0 && box.height > 0 && (box.width < 24 || box.height < 24))
        .map(({ element }) => element.outerHTML.slice(0, 120)),
    );
    expect(small).toEqual([]);
  });
}

// The admin's dashboard at 1280 px: axe with label-in-name in the tables-fit walk (its AXE list).
for (const mode of ['student'] as const) {
  test(`${mode} dashboard at 1280 px: the header's buttons are named with what they show`, async ({
    page,
  }) => {
    await signIn(page, mode, ACCOUNT[mode]);
    // The profile button shows initials and the name; the notifications button its count (WCAG 2.5.3).
    expect(await seriousA11yViolations(page)).toEqual([]);
  });
}
