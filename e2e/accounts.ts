// The sign-in helpers run in global-setup too, outside any test: plain expect, no console-error fixture.
// eslint-disable-next-line no-restricted-imports
import { expect, type BrowserContext, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { AUTH_DIR } from './env';

/** The demo accounts (seeded by the API), all with the same password. */
export const DEMO_PASSWORD = 'Portal@2025';
export const DEMO = {
  admin: 'admin@demo.edu.ng',
  /** The support account: an admin without the Profile entry. */
  support: 'support@demo.edu.ng',
  student: 'DIT/2024/0001',
  /** Applicant 2 has changed the default password (applicant 1 has not: a Welcome dialog awaits). */
  applicant: '202410000002AB',
} as const;

export type Mode = 'applicant' | 'admin' | 'student' | 'app';

export const SIGN_IN_PATH: Record<Mode, string> = {
  applicant: '/ApplicantSignin',
  admin: '/AdminSignin',
  student: '/StudentSignin',
  app: '/signin',
};

export const DASHBOARD_PATH: Record<Mode, string> = {
  applicant: '/applicant/dashboard',
  admin: '/admin/dashboard',
  student: '/student/dashboard',
  app: '/app/dashboard',
};

/** A path inside the portal, e.g. portal('/AdminSignin') → '/portal/AdminSignin'. */
export const portal = (pathInPortal: string) => `/portal${pathInPortal}`;

/** Matches the page's URL against a portal path, ignoring the query and a trailing slash. */
export const atPortal = (pathInPortal: string) =>
  new RegExp(
    `/portal${pathInPortal.replace(/\/$/, '').replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}/?(?:[?#].*)?$`,
    'i',
  );

/** Fills and submits a sign-in form (without waiting for the result). */
export async function submitSignIn(
  page: Page,
  mode: Mode,
  id: string,
  password = DEMO_PASSWORD,
): Promise<void> {
  if (!new RegExp(SIGN_IN_PATH[mode], 'i').test(new URL(page.url()).pathname))
    await page.goto(portal(SIGN_IN_PATH[mode]));
  await page.locator('#signin-username').fill(id);
  await page.locator('#signin-password').fill(password);
  await page.locator('form button[type="submit"]').click();
}

/** How long a sign-in may take to land: see signInThroughForm. */
const SIGN_IN_TIMEOUT_MS = 30_000;

/**
 * Signs in through the form and waits for the dashboard (or, after a deep link, the page the user
 * came from). For tests of signing in or out themselves, and accounts without a saved session.
 */
export async function signInThroughForm(
  page: Page,
  mode: Mode,
  id: string,
  password = DEMO_PASSWORD,
  landing = DASHBOARD_PATH[mode],
) {
  await submitSignIn(page, mode, id, password);
  // A password check (argon2) and the dashboard's first reads: on a loaded machine, and in the global
  // setup (where the config's expect timeout does not apply: 5 s there), this takes longer than a step.
  await expect(page).toHaveURL(atPortal(landing), { timeout: SIGN_IN_TIMEOUT_MS });
}

/** The account whose session global-setup signs in once and saves, one per mode. */
export const SAVED_ACCOUNT: Record<Mode, string> = {
  admin: DEMO.admin,
  app: DEMO.admin,
  student: DEMO.student,
  applicant: DEMO.applicant,
};

export const savedSessionFile = (mode: Mode) => path.join(AUTH_DIR, `${mode}.json`);

type StorageState = Awaited<ReturnType<BrowserContext['storageState']>>;

const savedSessions = new Map<Mode, StorageState>();
const savedSession = (mode: Mode): StorageState => {
  let state = savedSessions.get(mode);
  if (!state) {
    state = JSON.parse(readFileSync(savedSessionFile(mode), 'utf8')) as StorageState;
    savedSessions.set(mode, state);
  }
  return state;
};

/**
 * Signed in and on the dashboard. A demo account of the mode, with the demo password,
 * takes the session global-setup signed in once and saved (see e2e/README.md): its cookies join the
 * page's own (the `user` cookie holds one user per kind, as the portal merges them), and the app state
 * it saved in local storage joins the page's before the next page loads. Any other account, or a
 * deep link to land on, signs in through the form. A test that signs out, or ends sessions, must use `signInThroughForm`: the saved
 * session is shared by every test.
 */
export async function signIn(
  page: Page,
  mode: Mode,
  id: string,
  password = DEMO_PASSWORD,
  landing = DASHBOARD_PATH[mode],
): Promise<void> {
  if (id !== SAVED_ACCOUNT[mode] || password !== DEMO_PASSWORD || landing !== DASHBOARD_PATH[mode]) {
    await signInThroughForm(page, mode, id, password, landing);
    return;
  }
  const state = savedSession(mode);
  const context = page.context();
  const own = (await context.cookies()).find((cookie) => cookie.name === 'user');
  await context.addCookies(
    state.cookies.map((cookie) => {
      if (cookie.name !== 'user' || !own) return cookie;
      const users = {
        ...JSON.parse(decodeURIComponent(own.value)),
        ...JSON.parse(decodeURIComponent(cookie.value)),
      };
      return {
        ...cookie,
        value: encodeURIComponent(JSON.stringify(users)),
        expires: Math.max(cookie.expires, own.expires),
      };
    }),
  );
  // The app state (the admin's or the student's pages): merged into the page's before its scripts run,
  // once per tab (a later reload keeps what the page has written since).
  const saved = state.origins
    .flatMap((origin) => origin.localStorage)
    .find((item) => item.name === 'portal.app');
  if (saved) {
    await page.addInitScript(
      ({ value, once }) => {
        if (sessionStorage.getItem(once)) return;
        sessionStorage.setItem(once, '1');
        const mine = JSON.parse(localStorage.getItem('portal.app') ?? '{}') as Record<string, unknown>;
        const theirs = JSON.parse(value) as Record<string, unknown>;
        // Each sign-in sets its own kind's pages (adminPages, studentPages); the other kinds' stay.
        for (const [key, entry] of Object.entries(theirs))
          if (Array.isArray(entry) && entry.length > 0) mine[key] = entry;
        localStorage.setItem('portal.app', JSON.stringify(mine));
      },
      { value: saved.value, once: `e2e.session.${mode}.${Math.random()}` },
    );
  }
  await page.goto(portal(landing));
  await expect(page).toHaveURL(atPortal(landing));
}
