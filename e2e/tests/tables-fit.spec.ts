import type { Browser, Page } from '@playwright/test';
import { DEMO, expect, loadingBars, portal, sidebarLinks, signIn, test, type Mode } from '../fixtures';

/**
 * Every page of every area at 360 px and at 1280 px: the page never scrolls sideways, and no table
 * heading, cell or button lies outside the viewport (the shared table collapses its columns by
 * priority and pins its actions; on a phone its rows become cards). The pages are the signed-in
 * user's sidebar: the super admin's for the admin area. Each role signs in once; the pages are
 * visited with its saved session.
 */

/** Each page loads at the widest and is then narrowed. */
const WIDEST = 1280;
const WIDTHS = [360, WIDEST] as const;

const ACCOUNTS: { mode: Mode; id: string; group?: string; parts: number }[] = [
  // The admin's menus arrive with the admin's pages: wait for one of them.
  { mode: 'admin', id: DEMO.admin, group: 'Settings', parts: 2 },
  { mode: 'app', id: DEMO.admin, parts: 1 },
  { mode: 'student', id: DEMO.student, parts: 1 },
  { mode: 'applicant', id: DEMO.applicant, parts: 1 },
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

async function signedIn(browser: Browser, mode: Mode, id: string, group?: string) {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  await signIn(page, mode, id);
  const links = await sidebarLinks(page, group);
  const state = await page.context().storageState();
  await page.context().close();
  return { links: links.map((link) => link.href), state };
}

/** Lets the page lay itself out again after the viewport changed (its tables measure themselves). */
const settled = (page: Page) =>
  page.evaluate(
    () => new Promise<void>((done) => requestAnimationFrame(() => requestAnimationFrame(() => done()))),
  );

// Each page is loaded once and looked at in both widths; the areas and parts run side by side.
test.describe.configure({ mode: 'parallel' });

for (const { mode, id, group, parts } of ACCOUNTS) {
  test.describe(`${mode} pages`, () => {
    let session: Awaited<ReturnType<typeof signedIn>>;
    test.beforeAll(async ({ browser }) => {
      test.setTimeout(60_000);
      session = await signedIn(browser, mode, id, group);
    });

    for (let part = 0; part < parts; part += 1) {
      test(`at ${WIDTHS.join(' and ')} px${parts > 1 ? `, part ${part + 1} of ${parts}` : ''}: nothing outside the viewport`, async ({
        browser,
      }) => {
        test.setTimeout(300_000);
        const size = Math.ceil(session.links.length / parts);
        const paths = session.links.slice(part * size, (part + 1) * size);
        expect(paths.length).toBeGreaterThan(0);
        const context = await browser.newContext({ storageState: session.state });
        const page = await context.newPage();
        const problems: string[] = [];
        for (const href of paths) {
          await page.setViewportSize({ width: WIDEST, height: 800 });
          await page.goto(href.startsWith('/portal') ? href : portal(href));
          await expect(page.getByRole('heading', { level: 1 }).first(), href).toBeVisible();
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
