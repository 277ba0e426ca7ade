import {
  atPortal,
  DASHBOARD_PATH,
  DEMO,
  DEMO_PASSWORD,
  expect,
  fakeToken,
  portal,
  SIGN_IN_PATH,
  signIn,
  signInThroughForm,
  signOut,
  test,
  userCookie,
  type Mode,
} from '../fixtures';

test.describe('public routes', () => {
  // The landing page, the sign-in pages' text, empty and refused sign-ins, the password pages' guards,
  // the fallback page and the bare area paths are checked in the web unit tier
  // (apps/web/src/app/AppRoutes.test.tsx). Here: the public documents, whose guard asks the server.
  for (const [route, param, title, api] of [
    ['/QrCode', 'transactionId', 'Payment Receipt', '/api/PaymentReceiptByRRR'],
    ['/paymentreceipt', 'transactionId', 'Payment Receipt', '/api/PaymentReceiptByRRR'],
    ['/AdmissionLetter', 'applicantId', 'Provisional Admission Letter', '/api/ProvisionalAdmissionLetter'],
    ['/SiwesLetter', 'StudId', 'SIWES Placement Letter', '/api/SIWESLETTER'],
  ] as const) {
    test(`${route} needs its ${param}, else goes to /`, async ({ page, consoleErrors }) => {
      // abc123 is no one's id: the server answers 404 and the page says so.
      consoleErrors.expectFailedRequest(api, 404);
      await page.goto(portal(route));
      await expect(page).toHaveURL(atPortal('/'));
      await page.goto(portal(`${route}?${param}=abc123`));
      await expect(page.getByRole('heading', { name: title })).toBeVisible();
      await expect(page.getByTestId('document-not-found')).toBeVisible();
    });
  }
});

const SIDEBAR: Record<Mode, string[]> = {
  applicant: ['Dashboard', 'Bio-Data', "O'Level", 'Upload Documents', 'Payment History', 'Change Password'],
  student: [
    'Dashboard',
    'Profile',
    'School Fees',
    'Payment History',
    'Documents',
    'Matriculation',
    'Change Password',
  ],
  admin: ['Home', 'Administration', 'Admissions', 'Change Password'],
  // The console lists only the pages that exist (the spec's labels); the walk in tables-fit opens each.
  app: ['Dashboard', 'Role Management', 'User Management', 'Content Review', 'Transaction'],
};

const ACCOUNT: Record<Mode, string> = {
  applicant: DEMO.applicant,
  student: DEMO.student,
  admin: DEMO.admin,
  app: DEMO.admin,
};

test.describe('signing in and out', () => {
  for (const mode of ['applicant', 'student', 'admin', 'app'] as const) {
    test(`${mode}: signs in to the dashboard, sees the sidebar, signs out`, async ({ page, request }) => {
      // Through the form: this test signs out, which ends its own session (not the shared one).
      await signInThroughForm(page, mode, ACCOUNT[mode]);
      await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
      const menu = page.getByRole('navigation', { name: 'Main menu' });
      for (const entry of SIDEBAR[mode]) await expect(menu.getByText(entry, { exact: true })).toBeVisible();

      // A signed-in user opening the sign-in page goes to the dashboard.
      await page.goto(portal(SIGN_IN_PATH[mode]));
      await expect(page).toHaveURL(atPortal(DASHBOARD_PATH[mode]));

      const kind = {
        applicant: 'applicantUser',
        student: 'studentUser',
        admin: 'adminUser',
        app: 'authUser',
      }[mode];
      // A protected call with the session's token: refused as invalid input (400) while signed in,
      // as unauthenticated (401) once signed out.
      const token = (await userCookie(page))[kind]!.token;
      const protectedCall = () =>
        request.post('/api/Account/ChangePassword', {
          headers: { authorization: `Bearer ${token}` },
          data: {},
        });
      expect((await protectedCall()).status()).toBe(400);

      // Students are also kept in the cbtUser cookie, without the passport.
      const cbtUser = async () =>
        (await page.context().cookies()).find((cookie) => cookie.name === 'cbtUser');
      if (mode === 'student') {
        const student = JSON.parse(decodeURIComponent((await cbtUser())!.value));
        expect(student.MatricNo).toBe(DEMO.student);
        expect(student).not.toHaveProperty('Passport');
      }

      await signOut(page, mode);
      expect((await userCookie(page))[kind]).toBeUndefined();
      expect(await cbtUser()).toBeUndefined();
      expect((await protectedCall()).status()).toBe(401);
      await page.goto(portal(DASHBOARD_PATH[mode]));
      await expect(page).toHaveURL(atPortal(SIGN_IN_PATH[mode]));
    });
  }

  // A refused sign-in: the web unit tier (AppRoutes.test.tsx) and, from the real server in French,
  // server-messages.spec.ts.
  test('a protected deep link returns to itself after signing in', async ({ page }) => {
    await page.goto(portal('/admin/AuditTrail?page=2'));
    await expect(page).toHaveURL(atPortal('/AdminSignin'));
    await signInThroughForm(page, 'admin', DEMO.admin, DEMO_PASSWORD, '/admin/AuditTrail?page=2');
    await expect(page).toHaveURL(/\/portal\/admin\/AuditTrail\?page=2$/);
  });

  test('an expired token in the cookie is treated as signed out', async ({ page, context }) => {
    const expired = {
      token: fakeToken(Math.floor(Date.now() / 1000) - 60),
      sid: 'old',
      UserId: 1,
      FirstName: 'A',
      LastName: 'B',
    };
    await context.addCookies([
      // As the portal writes it: Path=/portal, SameSite=Strict.
      {
        name: 'user',
        value: encodeURIComponent(JSON.stringify({ adminUser: expired })),
        domain: 'localhost',
        path: '/portal',
        sameSite: 'Strict',
      },
    ]);
    await page.goto(portal('/admin/dashboard'));
    await expect(page).toHaveURL(atPortal('/AdminSignin'));
    await expect(page.getByRole('heading', { name: 'Admin Login' })).toBeVisible();
    expect((await userCookie(page)).adminUser).toBeUndefined();
  });

  test('the support account has no Profile entry; other admins do', async ({ browser }) => {
    for (const [account, hasProfile] of [
      [DEMO.support, false],
      [DEMO.admin, true],
    ] as const) {
      const page = await browser.newPage();
      await signIn(page, 'admin', account);
      await page.getByRole('button', { name: /^Account menu/ }).click();
      await expect(page.getByRole('menuitem', { name: 'Logout' })).toBeVisible();
      await expect(page.getByRole('menuitem', { name: 'Profile' })).toHaveCount(hasProfile ? 1 : 0);
      await page.close();
    }
  });

  test('the profile menu names the user last name first, with initials', async ({ page }) => {
    await signIn(page, 'student', DEMO.student);
    const button = page.getByRole('button', { name: /^Account menu/ });
    await expect(button).toContainText('Abubakar Halima');
    await expect(button).toContainText('AH');
    await button.click();
    await expect(page.getByRole('menuitem', { name: 'Profile' })).toHaveAttribute(
      'href',
      '/portal/student/profile',
    );
  });

  // The card header dropdown: the web unit tier (components/CardMenu.test.tsx).

  test('an unknown page inside an area shows that area’s not-found page', async ({ page }) => {
    await signIn(page, 'student', DEMO.student);
    await page.goto(portal('/student/no-such-screen'));
    await expect(
      page.getByRole('heading', { name: 'Sorry, an error has occurred. Page not found!' }),
    ).toBeVisible();
    await expect(
      page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'Student' }),
    ).toHaveAttribute('href', '/portal/student/dashboard');
  });
});
