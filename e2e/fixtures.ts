import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { MAIL_DIR } from './env';

export { expect, test } from '@playwright/test';

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

/** Signs in and waits for the dashboard (or, after a deep link, the page the user came from). */
export async function signIn(
  page: Page,
  mode: Mode,
  id: string,
  password = DEMO_PASSWORD,
  landing = DASHBOARD_PATH[mode],
) {
  await submitSignIn(page, mode, id, password);
  await expect(page).toHaveURL(atPortal(landing));
}

/** Signs out through the profile menu and waits for the area's sign-in page. */
export async function signOut(page: Page, mode: Mode): Promise<void> {
  await page.getByRole('button', { name: /^Account menu/ }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page).toHaveURL(atPortal(SIGN_IN_PATH[mode]));
}

/** The `user` cookie the portal keeps, parsed. */
export async function userCookie(page: Page): Promise<Record<string, { token: string; sid: string }>> {
  const cookie = (await page.context().cookies()).find((c) => c.name === 'user');
  return cookie ? JSON.parse(decodeURIComponent(cookie.value)) : {};
}

/** An unsigned JWT carrying only an `exp` (the browser reads exp; the server would refuse it). */
export function fakeToken(expiresAtSeconds: number): string {
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${part({ alg: 'HS256', typ: 'JWT' })}.${part({ exp: expiresAtSeconds, sid: 'test' })}.signature`;
}

export interface Mail {
  to: string[];
  subject: string;
  text: string;
  receivedAt: number;
}

/**
 * The newest message to `to` received after `since` (ms), polled for: the server sends some mail
 * (such as a reset link) after it has answered.
 */
export async function readLatestMail(to: string, { since = 0, timeoutMs = 20_000 } = {}): Promise<Mail> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = readdirSync(MAIL_DIR)
      .sort()
      .reverse()
      .map(
        (file) =>
          JSON.parse(readFileSync(path.join(MAIL_DIR, file), 'utf8')) as {
            to: string[];
            raw: string;
            receivedAt: number;
          },
      )
      .find((message) => message.receivedAt >= since && message.to.includes(to.toLowerCase()));
    if (found) return { to: found.to, receivedAt: found.receivedAt, ...parseMessage(found.raw) };
    if (Date.now() > deadline) throw new Error(`No mail to ${to} within ${timeoutMs / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** Subject and plain-text body of a single-part message (7bit, quoted-printable or base64). */
function parseMessage(raw: string): { subject: string; text: string } {
  const split = raw.indexOf('\r\n\r\n');
  const head = raw.slice(0, split).replace(/\r\n[ \t]+/g, ' ');
  const body = raw.slice(split + 4);
  const header = (name: string) => new RegExp(`^${name}:\\s*(.*)$`, 'im').exec(head)?.[1]?.trim() ?? '';
  const encoding = header('Content-Transfer-Encoding').toLowerCase();
  const text =
    encoding === 'quoted-printable'
      ? Buffer.from(
          body
            .replace(/=\r?\n/g, '')
            .replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
          'latin1',
        ).toString('utf8')
      : encoding === 'base64'
        ? Buffer.from(body, 'base64').toString('utf8')
        : body;
  return { subject: header('Subject'), text };
}

/** Serious and critical accessibility violations on the page as it is now. */
/** Waits until every finite animation on the page (not spinners) has finished. */
export async function animationsSettled(page: Page): Promise<void> {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().iterations !== Infinity)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
}

/**
 * Waits for the notification with this text, then closes it (they show one at a time). The click
 * waits for the notification to finish growing in: mid-animation the Close button is still moving.
 */
export async function closeNotice(page: Page, text: string | RegExp): Promise<void> {
  const notice = page.locator('.MuiSnackbar-root').getByRole('alert').filter({ hasText: text });
  await expect(notice).toBeVisible();
  await animationsSettled(page);
  await notice.getByRole('button', { name: 'Close' }).click();
  await expect(notice).toBeHidden();
}

export async function seriousA11yViolations(page: Page) {
  // A notification still fading in is half transparent, and axe would judge its contrast mid-fade:
  // let pending requests settle and the animations finish first.
  await page.waitForLoadState('networkidle');
  await animationsSettled(page);
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => ({
      id: violation.id,
      impact: violation.impact,
      nodes: violation.nodes.map((node) => node.target.join(' ')),
    }));
}

/** Whether the page scrolls sideways (it must not, down to 360 px). */
export const hasHorizontalScroll = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);

/** Switches the language with the picker on the page (the public header's or the customiser's). */
export async function chooseLanguage(page: Page, name: string): Promise<void> {
  await page.locator('select[name="locale"]').last().selectOption({ label: name });
}
