import { readFileSync } from 'node:fs';
import type { Page, TestInfo } from '@playwright/test';
import { DEMO, expect, loadingBars, openInPortal, portal, signIn, test, type Mode } from '../fixtures';

/**
 * Every area at 360 × 640: nothing cut off — the page never scrolls sideways, no text is clipped
 * by its box, no heading, label or table heading breaks inside a word, and a table either fits, or
 * scrolls inside its own box with its first column kept in view. A page with a problem has its
 * screenshot attached to the report.
 */

const APPLICANT = {
  documents: '202410000004AD',
  registered: '202410000005AE',
  accepted: '202410000007AG',
} as const;

// Independent tests, each a job of its own for the workers (see the projects in playwright.config.ts).
test.describe.configure({ mode: 'parallel' });

/** What is cut off on the page as it is now (empty when nothing is). */
function layoutProblems(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const problems: string[] = [];
    const name = (el: Element) =>
      `<${el.tagName.toLowerCase()}> "${(el.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 50)}"`;
    const shown = (el: Element) =>
      el.checkVisibility({ visibilityProperty: true, opacityProperty: true }) &&
      el.getBoundingClientRect().width > 1 &&
      el.getBoundingClientRect().height > 1;
    const clips = (style: CSSStyleDeclaration) => style.overflowX !== 'visible';

    const root = document.documentElement;
    if (root.scrollWidth > root.clientWidth)
      problems.push(`the page scrolls sideways (${root.scrollWidth} > ${root.clientWidth})`);

    // Text its own box cuts off (an ellipsis, or hidden overflow).
    for (const el of document.body.querySelectorAll('*')) {
      const style = getComputedStyle(el);
      if (!clips(style) && style.textOverflow !== 'ellipsis') continue;
      const text = [...el.childNodes].some((n) => n.nodeType === Node.TEXT_NODE && n.textContent?.trim());
      if (text && shown(el) && el.scrollWidth > el.clientWidth + 1)
        problems.push(`clipped text: ${name(el)}`);
    }

    // A word of a heading, label or column heading split over two lines.
    for (const el of document.body.querySelectorAll(
      'h1, h2, h3, h4, h5, h6, label, legend, th, [role="columnheader"]',
    )) {
      if (!shown(el)) continue;
      const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const text = node.textContent ?? '';
        for (const match of text.matchAll(/\S{2,}/g)) {
          const range = document.createRange();
          range.setStart(node, match.index);
          range.setEnd(node, match.index + match[0].length);
          const tops = new Set([...range.getClientRects()].map((r) => Math.round(r.top)));
          if (tops.size > 1) problems.push(`"${match[0]}" breaks inside the word in ${name(el)}`);
        }
      }
    }

    // Table cells: never outside what their boxes show; in a box that scrolls, the first column stays.
    const cells = 'th, td, [role="columnheader"], [role="gridcell"], [role="cell"], [role="rowheader"]';
    for (const cell of document.body.querySelectorAll(cells)) {
      if (!shown(cell)) continue;
      // (A grid's cells hold resize handles past their edge: their text is checked above.)
      if (cell.matches('th, td') && cell.scrollWidth > cell.clientWidth + 1)
        problems.push(`cell content cut off: ${name(cell)}`);
      const rect = cell.getBoundingClientRect();
      let box: Element | null = cell.parentElement;
      while (box && box !== document.body && !clips(getComputedStyle(box))) box = box.parentElement;
      const style = box && box !== document.body ? getComputedStyle(box) : null;
      if (style && (style.overflowX === 'auto' || style.overflowX === 'scroll')) continue; // checked below
      const edge = style ? box!.getBoundingClientRect() : { left: 0, right: root.clientWidth };
      if (rect.left < edge.left - 1 || rect.right > edge.right + 1)
        problems.push(`cell cut off: ${name(cell)}`);
    }
    for (const scroller of document.body.querySelectorAll('*')) {
      const style = getComputedStyle(scroller);
      if (style.overflowX !== 'auto' && style.overflowX !== 'scroll') continue;
      if (scroller.scrollWidth <= scroller.clientWidth + 1 || !scroller.querySelector('th, td')) continue;
      const before = scroller.scrollLeft;
      scroller.scrollLeft = style.direction === 'rtl' ? -scroller.scrollWidth : scroller.scrollWidth;
      const edge = scroller.getBoundingClientRect();
      for (const row of scroller.querySelectorAll('tr')) {
        const first = row.firstElementChild;
        if (!first || !shown(first)) continue;
        const rect = first.getBoundingClientRect();
        if (rect.left < edge.left - 1 || rect.right > edge.right + 1)
          problems.push(`first column scrolls out of view: ${name(first)}`);
      }
      scroller.scrollLeft = before;
    }
    return [...new Set(problems)];
  });
}

async function waitUntilLoaded(page: Page) {
  await expect(loadingBars(page)).toHaveCount(0, { timeout: 15_000 });
  await expect(page.getByRole('status', { name: 'Loading…' })).toHaveCount(0);
  await page.waitForLoadState('networkidle');
}

/**
 * Every problem on the page reported (each page checked, all told); a page with problems has its
 * screenshot attached to the report. (A full-page screenshot of every page cost the sweep its
 * encoding whether or not anything was wrong.)
 */
async function check(page: Page, testInfo: TestInfo, what: string): Promise<string[]> {
  await waitUntilLoaded(page);
  const problems = await layoutProblems(page);
  if (problems.length)
    await testInfo.attach(`${what}.png`, {
      body: await page.screenshot({ fullPage: true }),
      contentType: 'image/png',
    });
  return problems.map((problem) => `${what}: ${problem}`);
}

async function sweep(page: Page, testInfo: TestInfo, paths: readonly string[]): Promise<string[]> {
  const problems: string[] = [];
  for (const path of paths) {
    await openInPortal(page, path);
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    problems.push(...(await check(page, testInfo, path)));
  }
  return problems;
}

async function signInAs(page: Page, mode: Mode, id: string) {
  await page.context().clearCookies();
  await signIn(page, mode, id);
}

test.describe('at 360 px nothing is cut off', () => {
  test.use({ viewport: { width: 360, height: 640 } });

  test('public pages', async ({ page }, testInfo) => {
    const problems = await sweep(page, testInfo, [
      '/',
      '/ApplicantSignin',
      '/AdminSignin',
      '/StudentSignin',
      '/signin',
    ]);
    await page.getByRole('link', { name: 'Forgot Password?' }).click();
    await expect(page.getByRole('heading', { name: 'Forgot Password' })).toBeVisible();
    problems.push(...(await check(page, testInfo, '/forgotPassword')));
    expect(problems).toEqual([]);
  });

  test('applicant area', async ({ page }, testInfo) => {
    test.setTimeout(120_000);
    await signInAs(page, 'applicant', APPLICANT.documents);
    const problems = await sweep(page, testInfo, [
      '/applicant/dashboard',
      '/applicant/biodata',
      '/applicant/guardian',
      '/applicant/olevel',
      '/applicant/documents',
      '/applicant/paymenthistory',
      '/applicant/changepassword',
    ]);

    await signInAs(page, 'applicant', APPLICANT.accepted);
    problems.push(
      ...(await sweep(page, testInfo, [
        '/applicant/admissiondocs',
        '/applicant/feeschedule',
        '/applicant/admissionletter',
        '/applicant/dashboard',
      ])),
    );
    await signInAs(page, 'applicant', APPLICANT.registered);
    await page.getByRole('button', { name: 'Application Slip' }).click();
    const slip = page.getByRole('dialog');
    await expect(slip.getByRole('heading', { name: 'PROSPECTIVE STUDENT APPLICATION SLIP' })).toBeVisible();
    await expect(slip.getByRole('table')).toBeVisible();
    problems.push(...(await check(page, testInfo, 'application slip')));
    expect(problems).toEqual([]);
  });

  test('admin area', async ({ page }, testInfo) => {
    test.setTimeout(180_000);
    await signInAs(page, 'admin', DEMO.admin);
    const problems = await sweep(page, testInfo, [
      '/admin/dashboard',
      '/admin/profile',
      '/admin/AuditTrail',
      '/admin/ScreenAdmission',
      '/admin/allapplications',
      '/admin/screeningreport',
      '/admin/admission/payments',
      '/admin/admission/admissionSession',
      '/admin/admissiondocument',
    ]);
    await page.goto(portal('/admin/allapplications'));
    await page
      .getByRole('button', { name: /^Record of/ })
      .first()
      .click();
    await expect(page.getByRole('dialog').getByRole('heading').first()).toBeVisible();
    problems.push(...(await check(page, testInfo, 'applicant record')));
    expect(problems).toEqual([]);
  });

  test('/app area', async ({ page }, testInfo) => {
    test.setTimeout(120_000);
    await signInAs(page, 'app', DEMO.admin);
    const problems = await sweep(page, testInfo, [
      '/app/dashboard',
      '/app/UserManagement',
      '/app/roleManagement',
      '/app/Transaction',
      '/app/changepassword',
    ]);
    expect(problems).toEqual([]);
  });

  test('student area', async ({ page }, testInfo) => {
    await signInAs(page, 'student', DEMO.student);
    const problems = await sweep(page, testInfo, ['/student/dashboard', '/student/changepassword']);
    expect(problems).toEqual([]);
  });
});

test('on a 1280 px desktop the screening table shows every column, Status and Actions too', async ({
  page,
}, testInfo) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signIn(page, 'admin', DEMO.admin);
  await page.goto(portal('/admin/ScreenAdmission'));
  const grid = page.getByRole('table', { name: 'Screen Admission' });
  // Loaded first (its loading bar gone, 15 s allowed): beside the walks' axe runs, the list's first
  // answer once took longer than the 10 s a visibility check waits.
  await waitUntilLoaded(page);
  await expect(grid).toBeVisible();
  for (const column of ['JAMB number', 'Status', 'Actions'])
    await expect(grid.getByRole('columnheader', { name: column })).toBeInViewport({ ratio: 1 });
  for (const header of await grid.getByRole('columnheader').all())
    await expect(header).toBeInViewport({ ratio: 1 });
  expect(await check(page, testInfo, 'screening at 1280 px')).toEqual([]);
});

test.describe('the fee schedule on a phone', () => {
  test.use({ viewport: { width: 360, height: 640 } });

  test('keeps the desktop-only message and downloads the same schedule as a PDF', async ({ page }) => {
    await signIn(page, 'applicant', APPLICANT.accepted);
    await page.goto(portal('/applicant/feeschedule'));
    await expect(
      page.getByText(
        'Sorry, this page is not accessible on screens smaller than 768px. Please use a larger device to view this content.',
      ),
    ).toBeVisible();
    await expect(page.getByRole('table')).toHaveCount(0);
    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download the fee schedule (PDF)' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/\.pdf$/);
    const file = await download.path();
    expect(readFileSync(file).subarray(0, 5).toString()).toBe('%PDF-');
  });
});
