import type { Page, Request } from '@playwright/test';
import { paddedPdf } from '../support/content';
import { DEMO, expect, hasHorizontalScroll, portal, signIn, signInThroughForm, test } from '../fixtures';

/**
 * Issue 24's journey at 360 px: the lecturer uploads a PDF (the upload's connection drops once and
 * it resumes from the server's offset) and publishes it; the reviewer approves it on
 * /app/content-review; DIT/2024/0005 sees the lecture-notes count raised, reads the note in the page,
 * goes through the course's lessons (next, previous, the end of a video), then reads the note again
 * with the browser offline; a student not registered for CSC 101 is refused. One flow: each page is
 * loaded once and shared by the steps.
 */

const LECTURER = 'lecturer@demo.edu.ng';
const REVIEWER = 'reviewer@demo.edu.ng';
const STUDENT5 = 'DIT/2024/0005';
const TITLE = `Lecture 9: Loops (${Date.now() % 100000})`;
const PHONE = { width: 360, height: 640 };
/** Bigger than one tus chunk (2 MB): the upload is two PATCHes. */
const PDF_BYTES = 2.5 * 1024 * 1024;

const menu = (page: Page) => page.getByRole('navigation', { name: 'Main menu' }).first();

/** The sidebar's Lecture Notes link (a drawer at 360 px), read and then closed. */
async function lectureNotesLink(page: Page) {
  await page.getByRole('button', { name: 'Open menu' }).click();
  return menu(page).getByRole('link', { name: /^Lecture Notes/ });
}

test('a lecture note goes from the lecturer, through review, to a student who reads it online and offline', async ({
  browser,
  consoleErrors,
}) => {
  test.setTimeout(240_000);

  // ── The student's count before.
  const studentContext = await browser.newContext({ viewport: PHONE, locale: 'en-GB' });
  const student = await studentContext.newPage();
  await signInThroughForm(student, 'student', STUDENT5);
  const link = await lectureNotesLink(student);
  await expect(link).toBeVisible();
  const before = Number((await link.textContent())?.replace(/\D+/g, '') || '0');
  await student.keyboard.press('Escape');

  // ── The lecturer uploads the PDF; its second chunk's connection drops once.
  const lecturerContext = await browser.newContext({ viewport: PHONE, locale: 'en-GB' });
  const lecturer = await lecturerContext.newPage();
  await signInThroughForm(lecturer, 'admin', LECTURER);
  await lecturer.goto(portal('/admin/managecontent'));
  await expect(lecturer.getByRole('heading', { name: 'Manage Content', level: 1 })).toBeVisible();
  await lecturer.getByRole('link', { name: 'Open CSC 101' }).click();
  await expect(lecturer.getByRole('heading', { name: /^CSC 101 ·/, level: 1 })).toBeVisible();
  expect(await hasHorizontalScroll(lecturer)).toBe(false);

  const tus: string[] = [];
  lecturer.on('request', (request: Request) => {
    if (request.url().includes('/api/uploads/tus'))
      tus.push(`${request.method()} ${request.headers()['upload-offset'] ?? ''}`.trim());
  });
  let patches = 0;
  await lecturer.route('**/api/uploads/tus/*', async (route) => {
    if (route.request().method() === 'PATCH' && ++patches === 2) {
      consoleErrors.expectFailedRequest(new URL(route.request().url()).pathname, 'aborted');
      await route.abort();
      return;
    }
    await route.fallback();
  });

  await lecturer
    .getByRole('button', { name: /^Add an item to / })
    .first()
    .click();
  const dialog = lecturer.getByRole('dialog', { name: 'Add an item' });
  await dialog.getByLabel('Title').fill(TITLE);
  await dialog.locator('input[type="file"]').setInputFiles({
    name: 'lecture-9.pdf',
    mimeType: 'application/pdf',
    buffer: paddedPdf('Loops repeat a block of code.', PDF_BYTES),
  });
  await expect(dialog.getByText('lecture-9.pdf uploaded')).toBeVisible({ timeout: 60_000 });
  // Created, first chunk, dropped second chunk, asked where it stood, sent the rest from there.
  expect(tus).toEqual(['POST', 'PATCH 0', 'PATCH 2097152', 'HEAD', 'PATCH 2097152']);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  const row = lecturer.locator('li').filter({ hasText: TITLE });
  await expect(row.getByText('Draft')).toBeVisible();
  await row.getByRole('button', { name: `Publish ${TITLE}` }).click();
  await expect(row.getByText('Waiting for review')).toBeVisible();

  // The preview: lessons in order, next and previous.
  await lecturer.getByRole('link', { name: 'Preview' }).click();
  await expect(lecturer.getByText(/Lesson 1 of \d+/)).toBeVisible();
  await lecturer.getByRole('button', { name: 'Next', exact: true }).click();
  await expect(lecturer.getByText(/Lesson 2 of \d+/)).toBeVisible();
  await lecturer.getByRole('button', { name: 'Previous', exact: true }).click();
  await expect(lecturer.getByText(/Lesson 1 of \d+/)).toBeVisible();
  await lecturerContext.close();

  // ── The reviewer approves it.
  const reviewerContext = await browser.newContext({ viewport: PHONE, locale: 'en-GB' });
  const reviewer = await reviewerContext.newPage();
  await signInThroughForm(reviewer, 'app', REVIEWER);
  await reviewer.goto(portal('/app/content-review'));
  await expect(reviewer.getByRole('heading', { name: 'Content Review', level: 1 })).toBeVisible();
  await reviewer.getByRole('button', { name: `Approve ${TITLE}` }).click();
  await expect(reviewer.getByText('Approved and published.')).toBeVisible();
  await expect(reviewer.getByRole('button', { name: `Approve ${TITLE}` })).toHaveCount(0);
  await reviewerContext.close();

  // ── The student: the count raised, then reset by opening Lecture Notes.
  await student.reload();
  const raised = await lectureNotesLink(student);
  await expect(raised).toHaveText(new RegExp(`Lecture Notes${before + 1}$`));
  await raised.click();
  await expect(student.getByRole('heading', { name: 'Lecture Notes', level: 1 })).toBeVisible();
  await student.getByRole('button', { name: 'Open menu' }).click();
  await expect(menu(student).getByRole('link', { name: 'Lecture Notes', exact: true })).toBeVisible();
  await student.keyboard.press('Escape');

  // Reads it in the page.
  await student.getByRole('link', { name: 'Open CSC 101' }).click();
  await expect(student.getByRole('heading', { name: /^CSC 101 ·/, level: 1 })).toBeVisible();
  await student.getByRole('button', { name: new RegExp(`^${TITLE.replace(/[()]/g, '\\$&')}`) }).click();
  await expect(student.getByRole('heading', { name: TITLE, level: 2 })).toBeVisible();
  await expect(student.getByText('Page 1 of 1')).toBeVisible();
  await expect(student.getByRole('img', { name: `${TITLE}, page 1 of 1` })).toBeVisible();
  await expect(student.getByText('Saved on this device')).toBeVisible({ timeout: 30_000 });
  expect(await hasHorizontalScroll(student)).toBe(false);
  const noteUrl = student.url();

  // The video lesson: next and previous around it, and its end.
  const video = student.locator('video');
  const lessons = student.getByRole('list', { name: 'Lessons' });
  await lessons
    .getByRole('button')
    .filter({ has: student.getByText('Video', { exact: true }) })
    .first()
    .click();
  await expect(video).toBeVisible();
  const videoTitle = await student.getByRole('heading', { level: 2 }).textContent();
  await student.getByRole('button', { name: 'Previous', exact: true }).click();
  await expect(student.getByRole('heading', { level: 2 })).not.toHaveText(videoTitle ?? '');
  await student.getByRole('button', { name: 'Next', exact: true }).click();
  await expect(student.getByRole('heading', { level: 2 })).toHaveText(videoTitle ?? '');
  await video.evaluate(async (element: HTMLVideoElement) => {
    element.muted = true;
    await element.play();
  });
  await expect(student.getByText(/Video has ended/)).toBeVisible({ timeout: 20_000 });

  // ── Offline: the service worker serves the shell and the course, the device's copy the note.
  await student.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  // The visit records its progress; going offline while that is in flight would fail it on the wire.
  const progressSaves = new Set<Request>();
  student.on('request', (request) => {
    if (request.method() === 'POST' && request.url().endsWith('/progress')) progressSaves.add(request);
  });
  const settled = (request: Request) => progressSaves.delete(request);
  student.on('requestfinished', settled);
  student.on('requestfailed', settled);
  // Online, the worker leaves the list's document to the network: the server's rendered page, not its precached shell.
  const list = await student.goto(portal('/student/lecturenote'));
  expect(list?.fromServiceWorker()).toBe(true);
  expect(await list?.text()).toContain('id="server-state"');
  await student.goto(noteUrl);
  await expect(student.getByText('Page 1 of 1')).toBeVisible();
  await expect.poll(() => student.evaluate(() => !!navigator.serviceWorker.controller)).toBe(true);
  // The page's saves (opened, completed) leave as it settles: once the network is quiet, none is left.
  await student.waitForLoadState('networkidle');
  await expect.poll(() => progressSaves.size).toBe(0);
  await studentContext.setOffline(true);
  await student.reload();
  await expect(student.getByRole('heading', { name: TITLE, level: 2 })).toBeVisible();
  await expect(student.getByRole('img', { name: `${TITLE}, page 1 of 1` })).toBeVisible();
  await expect(student.getByText('Saved on this device')).toBeVisible();
  await studentContext.setOffline(false);
  const courseUrl = new URL(noteUrl).pathname.replace(/^\/portal/, '');
  await studentContext.close();

  // ── A student not registered for CSC 101 is refused.
  const otherContext = await browser.newContext({ viewport: PHONE, locale: 'en-GB' });
  const other = await otherContext.newPage();
  await signIn(other, 'student', DEMO.student);
  consoleErrors.expectFailedRequest(
    `/api${courseUrl.replace('/student/lecturenote', '/student/content')}`,
    403,
  );
  await other.goto(portal(courseUrl));
  await expect(other.getByText('You are not registered for this course in this session.')).toBeVisible();
  await otherContext.close();
});
