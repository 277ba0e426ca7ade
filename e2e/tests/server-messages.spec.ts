import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { REPO_ROOT } from '../env';
import { expect, portal, signIn, submitSignIn, test } from '../fixtures';

/**
 * Messages the server makes reach the user in the user's language (issue 22, item 14; ADR 9): the
 * server names each declared message (id and values) beside its English Message, and the web shows its
 * own translation, money and days written in the locale. Here in French: a refusal of a sign-in, and
 * the reasons a student who owes school fees cannot apply for a hostel.
 */

const ENGLISH: Record<string, string> = JSON.parse(
  readFileSync(path.join(REPO_ROOT, 'apps/web/src/i18n/messages/server/en.json'), 'utf8'),
);

/**
 * The server's English messages found in the page's text: each fixed message whole, and each message
 * with values by its longest run of fixed words.
 */
async function englishServerMessages(page: Page): Promise<string[]> {
  const text = (await page.locator('body').innerText()).replace(/\s+/g, ' ');
  return Object.entries(ENGLISH)
    .map(([id, message]) => {
      const words = message
        .split(/\{[^{}]*(?:\{[^{}]*\}[^{}]*)*\}/)
        .map((run) => run.trim())
        .sort((a, b) => b.length - a.length)[0];
      return words && words.length >= 12 && text.includes(words) ? id : '';
    })
    .filter(Boolean);
}

const inFrench = (page: Page) =>
  page.addInitScript(() => localStorage.setItem('portal.settings', JSON.stringify({ locale: 'fr' })));

test('a refused sign-in says why in French', async ({ page, consoleErrors }) => {
  consoleErrors.expectFailedRequest('/api/Account/Login', 401);
  await inFrench(page);
  await page.goto(portal('/StudentSignin'));
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
  await submitSignIn(page, 'student', 'DIT/2024/0002', 'not the password');
  const notice = page.locator('.MuiSnackbar-root').getByRole('alert');
  await expect(notice).toContainText('Numéro matricule ou mot de passe incorrect !');
  expect(await englishServerMessages(page)).toEqual([]);
});

test('a student who owes school fees is told in French why they cannot apply for a hostel, the amount in French', async ({
  page,
}) => {
  await inFrench(page);
  await signIn(page, 'student', 'DIT/2024/0002');
  await page.goto(portal('/student/applyforhostel'));
  const reasons = page.getByTestId('hostel-reasons');
  // The amount in French (a no-break space between thousands, a decimal comma), the naira sign in
  // front. Other files pay part of this student's fees, so the amount itself depends on the order.
  await expect(reasons).toContainText(
    /Payez d’abord vos frais de scolarité : ₦\d{1,3}(?:\s\d{3})+,\d{2} restent dus pour cette session\./,
  );
  await expect(page.getByRole('link', { name: 'Payer les frais' })).toHaveAttribute(
    'href',
    /\/student\/payment$/,
  );
  expect(await englishServerMessages(page)).toEqual([]);
});
