import type { Locator } from '@playwright/test';
import { chooseLanguage, DEMO, expect, portal, signIn, test } from '../fixtures';

/**
 * In the Arabic (right-to-left) layout, data in English keeps its own direction: a JAMB number
 * still reads 202410000005AE (not AE202410000005), an address '5 Demo Street, Minna' keeps its
 * number at the start. Measured on screen: where the first character is drawn against a later one.
 */
function drawnBefore(scope: Locator, text: string, first: number, later: number) {
  return scope.evaluate(
    (element, [text, first, later]) => {
      const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const at = node.textContent?.indexOf(text) ?? -1;
        if (at < 0) continue;
        const left = (offset: number) => {
          const range = document.createRange();
          range.setStart(node, at + offset);
          range.setEnd(node, at + offset + 1);
          return range.getBoundingClientRect().left;
        };
        return left(first) < left(later);
      }
      return null;
    },
    [text, first, later] as const,
  );
}

test('Arabic layout: names, numbers and addresses in tables and detail lists keep their own direction', async ({
  page,
}) => {
  await page.goto(portal('/AdminSignin'));
  await chooseLanguage(page, 'العربية');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await signIn(page, 'admin', DEMO.admin);
  await page.goto(portal('/admin/ScreenAdmission'));

  const cell = page.getByRole('cell').filter({ hasText: '202410000005AE' });
  await expect(cell).toBeVisible();
  expect(await drawnBefore(cell, '202410000005AE', 0, 12)).toBe(true);

  const row = page.getByRole('row').filter({ has: cell });
  await row.getByRole('button').last().click();
  const dialog = page.getByRole('dialog');
  const address = dialog.locator('dd').filter({ hasText: '5 Demo Street, Minna' });
  await expect(address).toBeVisible();
  expect(await drawnBefore(address, '5 Demo Street, Minna', 0, 2)).toBe(true);
});
