import type { Browser, Page } from '@playwright/test';
import { savedSessionFile } from '../accounts';
import { DASHBOARD_PATH, expect, loadingBars, portal, sidebarLinks, test, type Mode } from '../fixtures';

/**
 * Every page of every area at 360 px and at 1280 px: its heading shows (and it is never the not-found
 * page: no sidebar, the /app console's included, links a page still to be built), the page never scrolls sideways, and no table heading, cell or button lies
 * outside the viewport (the shared table collapses its columns by priority and pins its actions; on
 * a phone its rows become cards). The pages are the signed-in user's sidebar, each link named in
 * words: the super admin's for the admin area. The pages are visited with the role's saved session
 * (global-setup), each loaded once and looked at in both widths.
 */

/** Each page loads at the widest and is then narrowed. */
const WIDEST = 1280;
const WIDTHS = [360, WIDEST] as const;

const ACCOUNTS: { mode: Mode; group?: string; parts: number; atLeast: number }[] = [
  // The admin's menus arrive with the admin's pages: wait for one of them.
  { mode: 'admin', group: 'Settings', parts: 2, atLeast: 61 },
  { mode: 'app', parts: 1, atLeast: 4 },
  { mode: 'student', parts: 1, atLeast: 10 },
  { mode: 'applicant', parts: 1, atLeast: 5 },
];

/** What lies outside the viewport on the page as it is now (empty when nothing does). */
function outsideViewport(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const root = document.documentElement;
    const width = root.clientWidth;
    const problems: string[] = [];
    if (root.scrollWidth > width) problems.push(`the page scrolls sideways (${root.scrollWidth} > ${width})`);
    const watched =
      'th, td, [role="columnheader"], [role="cell"], [role="gridcell"], [role="rowheader"], button, [role="button"]';
    for (const element of document.body.querySelectorAll(watched)) {
      if (!element.checkVisibility({ visibilityProperty: true, opacityProperty: true })) continue;
      // A strip of tabs scrolls with its own arrows.
      if (element.closest('[role="tablist"]')) continue;
      const box = element.getBoundingClientRect();
      // Visually hidden headings (a card's column names) are 1 px boxes.
      if (box.width <= 1 || box.height <= 1) continue;
      if (box.right > width + 1 || box.left < -1) {
        const text = (element.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 40);
        const name = element.getAttribute('aria-label') ?? text;
        problems.push(
          `<${element.tagName.toLowerCase()}> "${name}" spans x = ${Math.round(box.left)}…${Math.round(box.right)}`,
        );
      }
    }
    return [...new Set(problems)].slice(0, 10);
  });
}

/** The role's sidebar links, read with its saved session. */
async function sidebarOf(browser: Browser, mode: Mode, group?: string) {
  const context = await browser.newContext({ storageState: savedSessionFile(mode) });
  const page = await context.newPage();
  await page.goto(portal(DASHBOARD_PATH[mode]));
  const links = await sidebarLinks(page, group);
  await context.close();
  return links;
}

/** Lets the page lay itself out again after the viewport changed (its tables measure themselves). */
const settled = (page: Page) =>
  page.evaluate(
    () => new Promise<void>((done) => requestAnimationFrame(() => requestAnimationFrame(() => done()))),
  );

// Each page is loaded once and looked at in both widths; the areas and parts run side by side.
test.describe.configure({ mode: 'parallel' });

for (const { mode, group, parts, atLeast } of ACCOUNTS) {
  test.describe(`${mode} pages`, () => {
    let links: { href: string; name: string }[] = [];
    test.beforeAll(async ({ browser }) => {
      test.setTimeout(60_000);
      links = await sidebarOf(browser, mode, group);
    });

    for (let part = 0; part < parts; part += 1) {
      test(`at ${WIDTHS.join(' and ')} px${parts > 1 ? `, part ${part + 1} of ${parts}` : ''}: working pages, nothing outside the viewport`, async ({
        browser,
      }) => {
        test.setTimeout(300_000);
        expect(links.length).toBeGreaterThanOrEqual(atLeast);
        const size = Math.ceil(links.length / parts);
        const partLinks = links.slice(part * size, (part + 1) * size);
        const context = await browser.newContext({ storageState: savedSessionFile(mode) });
        const page = await context.newPage();
        const problems: string[] = [];
        for (const { href, name } of partLinks) {
          // Readable names, not run-together route names.
          if (/^[a-z]+[A-Z]|^[a-z]{12,}$/.test(name)) problems.push(`${href}: the link is named ${name}`);
          await page.setViewportSize({ width: WIDEST, height: 800 });
          await page.goto(href.startsWith('/portal') ? href : portal(href));
          const heading = page.getByRole('heading', { level: 1 }).first();
          await expect(heading, href).toBeVisible();
          if (/not found/i.test(await heading.innerText())) problems.push(`${href} (${name}): not found`);
          await expect(loadingBars(page), href).toHaveCount(0, { timeout: 15_000 });
          await page.waitForLoadState('networkidle');
          for (const width of [...WIDTHS].reverse()) {
            await page.setViewportSize({ width, height: width < 600 ? 640 : 800 });
            await settled(page);
            problems.push(
              ...(await outsideViewport(page)).map((problem) => `${href} at ${width} px: ${problem}`),
            );
          }
        }
        await context.close();
        expect(problems).toEqual([]);
      });
    }
  });
}
