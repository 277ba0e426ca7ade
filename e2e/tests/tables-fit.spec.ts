import type { Browser, Page } from '@playwright/test';
import { savedSessionFile } from '../accounts';
import {
  DASHBOARD_PATH,
  expect,
  loadingBars,
  openInPortal,
  portal,
  seriousA11yViolations,
  sidebarLinks,
  test,
  type Mode,
} from '../fixtures';

/**
 * Every page of every area at 360 px and at 1280 px: its heading shows (and it is never the not-found
 * page: no sidebar, the /app console's included, links a page still to be built), the page never scrolls sideways, and no table heading, cell or button lies
 * outside the viewport (the shared table collapses its columns by priority and pins its actions; on
 * a phone its rows become cards). The pages are the signed-in user's sidebar, each link named in
 * words: the super admin's for the admin area. The pages are visited with the role's saved session
 * (global-setup), each loaded once and looked at in both widths.
 *
 * The same walk runs axe (serious and critical violations) on the pages named in `AXE`, at the widths
 * named there, and checks their level-one heading by name: one load of each page for every check of
 * its layout and its accessibility. These were sweeps of their own, each loading the pages again
 * (admin-screens, admin-setup, bursary, hostels, student-records and student-area).
 */

/** Each page loads at the widest and is then narrowed. */
const WIDEST = 1280;
const WIDTHS = [360, WIDEST] as const;

type Width = (typeof WIDTHS)[number];

/** A page's expected level-one heading (when it is checked by name) and the widths axe checks it at. */
interface AxeCheck {
  heading?: string;
  axe: readonly Width[];
}

/** Screens whose lists turn into cards on phones: axe checks them at both widths. */
const CARDS = [360, WIDEST] as const;
const DESKTOP = [WIDEST] as const;
const PHONE = [360] as const;

/**
 * The pages axe checks, by area and path (matched without regard to case). A page the sidebar does
 * not link to is visited too. The student's and applicant's areas: every sidebar page, at 360 px.
 */
const AXE: Partial<Record<Mode, Record<string, AxeCheck>>> = {
  admin: {
    // Each admin screen of the admissions work, at 1280 px (the lists that turn into cards on phones, at 360 too).
    '/admin/dashboard': { heading: 'Dashboard', axe: DESKTOP },
    '/admin/roles': { heading: 'Roles', axe: DESKTOP },
    '/admin/administrators': { heading: 'Administrators', axe: CARDS },
    '/admin/profile': { heading: 'Profile', axe: DESKTOP },
    '/admin/AuditTrail': { heading: 'Audit Trail', axe: CARDS },
    '/admin/Transaction': { heading: 'Transaction', axe: DESKTOP },
    '/admin/admission/admissionSession': { heading: 'Admission Sessions', axe: DESKTOP },
    '/admin/setupadmissionbatch': { heading: 'Admission Batches', axe: DESKTOP },
    '/admin/admissioninformation': { heading: 'Admission Information', axe: DESKTOP },
    '/admin/admissiondocument': { heading: 'Admission Documents', axe: DESKTOP },
    '/admin/PostUtmeList': { heading: 'Post-UTME List', axe: DESKTOP },
    '/admin/CAPSList': { heading: 'CAPS List', axe: CARDS },
    '/admin/uploadadmissionlist': { heading: 'Upload Admission List', axe: DESKTOP },
    '/admin/utmeImages': { heading: 'UTME Images', axe: DESKTOP },
    '/admin/allapplications': { heading: 'All Applications', axe: DESKTOP },
    '/admin/inprogress': { heading: 'Applications in Progress', axe: DESKTOP },
    '/admin/completed': { heading: 'Completed Applications', axe: DESKTOP },
    '/admin/ScreenAdmission': { heading: 'Screen Admission', axe: DESKTOP },
    '/admin/verifyadmission': { heading: 'Verify Admission', axe: DESKTOP },
    '/admin/confirmadmission': { heading: 'Confirm Admission', axe: CARDS },
    '/admin/rejected': { heading: 'Rejected Applications', axe: DESKTOP },
    '/admin/admissionlist': { heading: 'Admission List', axe: DESKTOP },
    '/admin/screeningreport': { heading: 'Screening Report', axe: DESKTOP },
    '/admin/admission/payments': { heading: 'Admission Payments', axe: DESKTOP },
    '/admin/admission/export': { heading: 'Export Applications', axe: DESKTOP },
    '/admin/ProspectiveStudent': { heading: 'Prospective Students', axe: DESKTOP },
    // The institution's set-up, at 360 px.
    '/admin/faculty': { heading: 'Faculties', axe: PHONE },
    '/admin/SetupCourses': { heading: 'Setup Courses', axe: PHONE },
    '/admin/AddEditCourses': { heading: 'Setup Courses', axe: PHONE },
    '/admin/setuppaymentitems': { heading: 'Setup Payment Items', axe: PHONE },
    '/admin/Rooms': { heading: 'Rooms', axe: PHONE },
    '/admin/timetable': { heading: 'Timetable', axe: PHONE },
    '/admin/lga': { heading: 'LGAs', axe: PHONE },
    '/admin/Classofdegrees': { heading: 'Classes of Degree', axe: PHONE },
    // The bursary, at 360 px.
    '/admin/studentpayments': { heading: 'Student Payments', axe: PHONE },
    '/admin/PaymentHistory': { heading: 'Payment History', axe: PHONE },
    '/admin/revenue': { heading: 'Revenue', axe: PHONE },
    '/admin/SummaryofPayments': { heading: 'Summary of Payments', axe: PHONE },
    '/admin/UpdatePaymentSession': { heading: 'Update Payment Session', axe: PHONE },
    // The registry's hostel pages, at 360 px.
    '/admin/HostelAllocation': { heading: 'Hostel Allocation', axe: PHONE },
    '/admin/HostelAvailability': { heading: 'Hostel Availability', axe: PHONE },
    '/admin/ReservedRooms': { heading: 'Reserved Rooms', axe: PHONE },
    '/admin/AllocateReservedRoom': { heading: 'Allocate Reserved Room', axe: PHONE },
    // The registry's student records, at 1280 px (student-records.spec.ts checks their sidebar links).
    '/admin/matriculation': { heading: 'Matriculation', axe: DESKTOP },
    '/admin/studentenquiry': { heading: 'Student Enquiry', axe: DESKTOP },
    '/admin/studentAccess': { heading: 'Student Access', axe: DESKTOP },
    '/admin/addnew': { heading: 'Add New Student', axe: DESKTOP },
    '/admin/WAECVerify': { heading: 'WAEC Verification', axe: DESKTOP },
    '/admin/siwes': { heading: 'SIWES', axe: DESKTOP },
  },
  app: {
    '/app/dashboard': { heading: 'Dashboard', axe: DESKTOP },
    '/app/UserManagement': { heading: 'Administrators', axe: DESKTOP },
    '/app/roleManagement': { heading: 'Roles', axe: DESKTOP },
    '/app/Transaction': { heading: 'Transaction', axe: DESKTOP },
    '/app/olevel': { heading: "O'level Results", axe: CARDS },
    '/app/setup-config': { heading: 'Setup and Configurations', axe: DESKTOP },
  },
};
/**
 * Every sidebar page of these areas is checked by axe: the student's at 360 px (the student-area
 * sweep's), the /app console's at both widths (issue 28: every link of its sidebar).
 */
const AXE_EVERY_PAGE: Partial<Record<Mode, readonly Width[]>> = { student: PHONE, app: CARDS };

/** The path inside the portal, in lower case: '/portal/admin/AuditTrail?x=1' → '/admin/audittrail'. */
const pathKey = (href: string) =>
  href
    .split(/[?#]/)[0]!
    .replace(/^\/portal/i, '')
    .replace(/\/$/, '')
    .toLowerCase();

function axeCheckOf(mode: Mode, href: string): AxeCheck | undefined {
  const declared = Object.entries(AXE[mode] ?? {}).find(([path]) => pathKey(path) === pathKey(href))?.[1];
  const every = AXE_EVERY_PAGE[mode];
  if (!every) return declared;
  return { heading: declared?.heading, axe: [...new Set([...(declared?.axe ?? []), ...every])] };
}

const ACCOUNTS: { mode: Mode; group?: string; parts: number; atLeast: number }[] = [
  // The admin's menus arrive with the admin's pages: wait for one of them.
  { mode: 'admin', group: 'Settings', parts: 7, atLeast: 61 },
  { mode: 'app', parts: 2, atLeast: 11 },
  { mode: 'student', parts: 2, atLeast: 10 },
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

/**
 * Lets the page lay itself out again after the viewport changed: its tables measure themselves when
 * their box is resized and render again (a render React may schedule after the next frames on a busy
 * machine), marking a box that still scrolls as a keyboard stop. Waits until every box that scrolls
 * sideways is one, for at most 3 s; what is still wrong then is reported by the checks that follow.
 */
const settled = async (page: Page) => {
  await page.evaluate(
    () => new Promise<void>((done) => requestAnimationFrame(() => requestAnimationFrame(() => done()))),
  );
  await page
    .waitForFunction(
      () =>
        [...document.querySelectorAll<HTMLElement>('main *')].every((box) => {
          const { overflowX } = getComputedStyle(box);
          if (overflowX !== 'auto' && overflowX !== 'scroll') return true;
          return box.scrollWidth <= box.clientWidth + 1 || box.tabIndex >= 0;
        }),
      undefined,
      { polling: 'raf', timeout: 3_000 },
    )
    .catch(() => undefined);
};

/**
 * The pages a role's parts walk: its sidebar's, then the pages axe checks that the sidebar does not link
 * to. Read once per worker and role (a worker runs several parts one after another), inside the test
 * rather than in a beforeAll: Playwright deals the tests of a parallel describe with a beforeAll hook
 * to the workers in fixed halves, which left one worker walking six admin parts while the other had
 * finished (168 s of one worker idle at the end of a run); without the hook each part is a job of its own.
 */
const pagesRead = new Map<
  Mode,
  Promise<{ links: { href: string; name: string }[]; pages: { href: string; name: string }[] }>
>();
function pagesOf(browser: Browser, mode: Mode, group?: string) {
  let read = pagesRead.get(mode);
  if (!read) {
    read = sidebarOf(browser, mode, group).then((links) => {
      const linked = new Set(links.map(({ href }) => pathKey(href)));
      const pages = [
        ...links,
        ...Object.entries(AXE[mode] ?? {})
          .filter(([path]) => !linked.has(pathKey(path)))
          .map(([path, { heading }]) => ({ href: portal(path), name: heading ?? path })),
      ];
      return { links, pages };
    });
    // A failed read is the test's failure, and the next test reads again.
    read.catch(() => pagesRead.delete(mode));
    pagesRead.set(mode, read);
  }
  return read;
}

// Each page is loaded once and looked at in both widths; the areas and parts run side by side.
test.describe.configure({ mode: 'parallel' });

for (const { mode, group, parts, atLeast } of ACCOUNTS) {
  test.describe(`${mode} pages`, () => {
    for (let part = 0; part < parts; part += 1) {
      test(`at ${WIDTHS.join(' and ')} px${parts > 1 ? `, part ${part + 1} of ${parts}` : ''}: working pages, nothing outside the viewport, nothing serious for axe`, async ({
        browser,
      }) => {
        test.setTimeout(300_000);
        const { links, pages } = await pagesOf(browser, mode, group);
        expect(links.length).toBeGreaterThanOrEqual(atLeast);
        // Every parts-th page: the pages axe checks (neighbours in the sidebar) spread over the parts.
        const partLinks = pages.filter((_, index) => index % parts === part);
        const context = await browser.newContext({ storageState: savedSessionFile(mode) });
        const page = await context.newPage();
        const problems: string[] = [];
        for (const { href, name } of partLinks) {
          // Readable names, not run-together route names.
          if (/^[a-z]+[A-Z]|^[a-z]{12,}$/.test(name)) problems.push(`${href}: the link is named ${name}`);
          await page.setViewportSize({ width: WIDEST, height: 800 });
          await openInPortal(page, href);
          const axe = axeCheckOf(mode, href);
          const heading = axe?.heading
            ? page.getByRole('heading', { level: 1, name: axe.heading })
            : page.getByRole('heading', { level: 1 }).first();
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
            if (axe?.axe.includes(width))
              problems.push(
                ...(await seriousA11yViolations(page)).map(
                  (violation) => `${href} at ${width} px: axe ${JSON.stringify(violation)}`,
                ),
              );
          }
        }
        await context.close();
        expect(problems).toEqual([]);
      });
    }
  });
}
