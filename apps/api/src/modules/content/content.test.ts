import { randomUUID } from 'node:crypto';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CONTENT_API as API,
  CONTENT_PAGES,
  OFFERINGS_API,
  NOTIFICATIONS_API,
  type ContentOfferingDetail,
  type CourseContentSpec,
  type StudentContent,
} from '@portal/contracts';
import {
  academicSessions,
  auditLog,
  contentItems,
  courses,
  schoolSettings,
  uploads,
} from '../../db/schema/index.js';
import { login, startTestApp, type TestApp } from '../../../test/helpers.js';
import { makeAdmin } from '../admin/test-support.js';

type Auth = Record<string, string>;

/**
 * Course content with the README's demo data: lecturer@demo.edu.ng teaches CSC 101 and CSC 103 in
 * 2024/2025; reviewer@demo.edu.ng reviews; DIT/2024/0005 is registered (approved) for CSC 101;
 * DIT/2024/0004 has registered nothing.
 */
describe('course content', () => {
  let t: TestApp;
  let lecturer: Auth;
  let lecturerId: number;
  let reviewer: Auth;
  let admin: Auth;
  let plain: Auth;
  let s5: Auth;
  let s4: Auth;
  let csc101: number;
  let mth101: number;
  let session: number;

  beforeAll(async () => {
    t = await startTestApp();
    const l = await login(t.app, 'Admin', 'lecturer@demo.edu.ng');
    lecturer = l.auth;
    lecturerId = l.body.Data.UserId;
    reviewer = (await login(t.app, 'Admin', 'reviewer@demo.edu.ng')).auth;
    admin = (await login(t.app, 'Admin', 'admin@demo.edu.ng')).auth;
    plain = (await makeAdmin(t.app, t.database.db, 'plain', [])).headers;
    s5 = (await login(t.app, 'Student', 'DIT/2024/0005')).auth;
    s4 = (await login(t.app, 'Student', 'student4@demo.edu.ng')).auth;
    const db = t.database.db;
    csc101 = (await db.select().from(courses).where(eq(courses.code, 'CSC 101')))[0]!.id;
    mth101 = (await db.select().from(courses).where(eq(courses.code, 'MTH 101')))[0]!.id;
    session = (await db.select().from(academicSessions).where(eq(academicSessions.name, '2024/2025')))[0]!.id;
  }, 120_000);
  afterAll(() => t?.close(), 60_000);

  const send = (
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    headers: Auth = {},
    payload?: unknown,
  ) =>
    t.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as object }) });
  const ok = async (
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    headers: Auth,
    payload?: unknown,
  ) => {
    const res = await send(method, url, headers, payload);
    expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(200);
    return res.json();
  };
  const offering = async (auth = lecturer): Promise<ContentOfferingDetail> =>
    (await ok('GET', API.offering(csc101, session), auth)).Data;
  const lectureNotesCount = async (auth: Auth) =>
    (await ok('GET', NOTIFICATIONS_API.counts, auth)).Data.lectureNotes as number;

  /** A finished upload of the lecturer's (what the tus server records when an upload ends). */
  async function finishedUpload(
    purpose: 'content-document' | 'content-video',
    bytes: Buffer,
    kind: string,
    mime: string,
  ) {
    const id = randomUUID();
    const key = `uploads/test-${id}.${kind}`;
    await t.app.deps.storage.put(key, bytes);
    await t.database.db.insert(uploads).values({
      id,
      ownerUserId: lecturerId,
      purpose,
      kind,
      mime,
      size: bytes.length,
      storageKey: key,
      originalName: `note.${kind}`,
    });
    return id;
  }

  it('shows the seeded CSC 101 content to DIT/2024/0005, in order, with files that stream by ranges', async () => {
    const list = await ok('GET', API.studentOfferings, s5);
    const row = list.Data.find((o: { Code: string }) => o.Code === 'CSC 101');
    expect(row).toMatchObject({ CourseId: csc101, SessionId: session, Items: 4 });
    expect(row.New).toBe(4);

    const content: StudentContent = (await ok('GET', API.studentOffering(csc101, session), s5)).Data;
    expect(content.Sections.map((s) => s.Title)).toEqual([
      'Week 1: What is a computer?',
      'Week 2: Problem solving',
    ]);
    const kinds = content.Sections.flatMap((s) => s.Items.map((i) => i.Kind));
    expect(kinds).toEqual(['document', 'video', 'text', 'link']);
    const note = content.Sections[0]!.Items[0]!;
    expect(note.File?.Mime).toBe('application/pdf');

    // The signed link works without a header (a <video> element, pdf.js), by ranges.
    const head = await send('GET', note.FileUrl!, { range: 'bytes=0-7' });
    expect(head.statusCode, head.body).toBe(206);
    expect(head.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(head.headers['accept-ranges']).toBe('bytes');
    // And with the bearer token, without the link.
    const bearer = await send('GET', API.studentItemFile(note.Id), { ...s5, range: 'bytes=0-3' });
    expect(bearer.statusCode).toBe(206);
    // A forged link is refused.
    expect((await send('GET', note.FileUrl!.replace(/sig=.{4}/, 'sig=AAAA'))).statusCode).toBe(403);

    // The second visit: nothing new.
    const again: StudentContent = (await ok('GET', API.studentOffering(csc101, session), s5)).Data;
    expect(again.Sections.flatMap((s) => s.Items).every((i) => !i.IsNew)).toBe(true);
    expect(again.LastVisitedAt).not.toBeNull();
  });

  it('refuses a student not registered for CSC 101: list, item, file, progress, a guessed id — 403', async () => {
    const list = await ok('GET', API.studentOfferings, s4);
    expect(list.Data.find((o: { Code: string }) => o.Code === 'CSC 101')).toBeUndefined();
    const o = await offering();
    const note = o.Sections[0]!.Items[0]!;
    expect((await send('GET', API.studentOffering(csc101, session), s4)).statusCode).toBe(403);
    expect((await send('GET', API.studentItemFile(note.Id), s4)).statusCode).toBe(403);
    expect((await send('POST', API.studentItemProgress(note.Id), s4, { Opened: true })).statusCode).toBe(403);
    // A guessed id: an item that does not exist, an offering that does not exist — the same 403.
    expect((await send('GET', API.studentItemFile(999_999), s4)).statusCode).toBe(403);
    expect((await send('GET', API.studentItemFile(999_999), s5)).statusCode).toBe(403);
    expect((await send('GET', API.studentOffering(999_999, session), s5)).statusCode).toBe(403);
    // The enrolled student's link is not another student's.
    const s5note = (await ok('GET', API.studentOffering(csc101, session), s5)).Data.Sections[0].Items[0];
    const link = new URL(s5note.FileUrl, 'http://x');
    expect(
      (await send('GET', `${API.studentItemFile(note.Id)}${link.search.replace(/u=s\d+/, 'u=s1')}`))
        .statusCode,
    ).toBe(403);
    // Staff routes are not for students.
    expect((await send('GET', API.offering(csc101, session), s5)).statusCode).toBe(403);
  });

  it('ids past 2^31 are refused with 400, not a 5xx', async () => {
    const big = '2147483648';
    for (const [method, url, auth] of [
      ['GET', API.studentOffering(big, session), s5],
      ['GET', API.studentItemFile(big), s5],
      ['POST', API.studentItemProgress(big), s5],
      ['GET', API.offering(csc101, big), lecturer],
      ['PUT', API.item(big), lecturer],
      ['POST', API.reviewApprove(big), reviewer],
      ['GET', API.courseContent(big), lecturer],
    ] as const) {
      const res = await send(method, url, auth, method === 'GET' ? undefined : { Opened: true });
      expect(res.statusCode, `${method} ${url}`).toBe(400);
      expect(res.json().Message).toMatch(/whole number from 1 to 2147483647/);
    }
    const reorder = await send('PUT', API.sectionOrder(csc101, session), lecturer, { ids: [2147483648] });
    expect(reorder.statusCode).toBe(400);
  });

  it('lets only the lecturers of the offering (or a content administrator) author it', async () => {
    // The lecturer of CSC 101 may; of MTH 101 (not theirs) may not.
    expect((await send('GET', API.offering(mth101, session), lecturer)).statusCode).toBe(403);
    const refused = await send('POST', API.sections(mth101, session), lecturer, { Title: 'Mine now' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().Message).toMatch(/Only the lecturers of this course/);
    // An admin without the page: 403 on every staff route.
    expect((await send('GET', OFFERINGS_API.staff(CONTENT_PAGES.manage), plain)).statusCode).toBe(403);
    expect((await send('POST', API.sections(csc101, session), plain, { Title: 'x' })).statusCode).toBe(403);
    // A reviewer reviews but does not author.
    expect((await send('POST', API.sections(csc101, session), reviewer, { Title: 'x' })).statusCode).toBe(
      403,
    );
    // The super admin lectures nothing: a content administrator, any offering.
    const all = await ok('GET', `${OFFERINGS_API.staff(CONTENT_PAGES.manage)}?search=MTH`, admin);
    expect(all.Data.some((o: { Code: string }) => o.Code === 'MTH 101')).toBe(true);
    expect((await send('GET', API.offering(mth101, session), admin)).statusCode).toBe(200);
    // The lecturer's own list: CSC 101 and CSC 103 only.
    const mine = await ok('GET', OFFERINGS_API.staff(CONTENT_PAGES.manage), lecturer);
    expect(mine.Data.map((o: { Code: string }) => o.Code).sort()).toEqual(['CSC 101', 'CSC 103']);
    expect(mine.Data.find((o: { Code: string }) => o.Code === 'CSC 101')).toMatchObject({
      Counts: { Published: 4 },
      Lecturers: expect.arrayContaining([expect.any(String)]),
    });
    expect(mine.Data.find((o: { Code: string }) => o.Code === 'CSC 101').Enrolled).toBeGreaterThanOrEqual(1);
  });

  it('sanitises text pages on the server and refuses video links to other sites, naming what is wrong', async () => {
    const section = (await ok('POST', API.sections(csc101, session), lecturer, { Title: 'Week 3' })).Data;
    const text = await ok('POST', API.items(section.Id), lecturer, {
      Kind: 'text',
      Title: 'Notes',
      Html: '<p onclick="steal()">Hello<script>alert(1)</script><img src="https://x.test/a.png" onerror="alert(2)"><a href="javascript:alert(3)">x</a><a href="https://ok.test">ok</a></p>',
    });
    const html: string = text.Data.Html;
    expect(html).not.toMatch(/script|onerror|onclick|javascript:/i);
    expect(html).toContain('Hello');
    expect(html).toContain('<img src="https://x.test/a.png" />');
    expect(html).toContain('rel="noopener noreferrer nofollow"');

    const bad = await send('POST', API.items(section.Id), lecturer, {
      Kind: 'video',
      Title: 'Lecture video',
      Url: 'https://www.example.com/watch?v=1',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().Message).toMatch(/www\.example\.com is not a video host/);
    const good = await ok('POST', API.items(section.Id), lecturer, {
      Kind: 'video',
      Title: 'Lecture video',
      Url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
    });
    expect(good.Data).toMatchObject({ Kind: 'video', State: 'draft' });
    const link = await send('POST', API.items(section.Id), lecturer, {
      Kind: 'link',
      Title: 'x',
      Url: 'javascript:alert(1)',
    });
    expect(link.statusCode).toBe(400);
    // A document needs its upload; a kind cannot change.
    expect(
      (await send('POST', API.items(section.Id), lecturer, { Kind: 'document', Title: 'x' })).statusCode,
    ).toBe(400);
    const change = await send('PUT', API.item(text.Data.Id), lecturer, {
      Kind: 'link',
      Title: 'x',
      Url: 'https://a.test',
    });
    expect(change.statusCode).toBe(400);
  });

  it('refuses a reorder naming items or sections of another offering, and saves nothing', async () => {
    const before = await offering();
    const [week1, week2] = before.Sections;
    // Sections of CSC 103 (another offering of the same lecturer).
    const other = (
      await ok('POST', API.sections(await csc103(), session), lecturer, { Title: 'CSC 103 week 1' })
    ).Data;
    const foreign = await send('PUT', API.sectionOrder(csc101, session), lecturer, {
      ids: [...before.Sections.map((s) => s.Id).reverse(), other.Id],
    });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().Message).toBe(`These ids do not belong to this course offering: ${other.Id}.`);
    // Items of another section in a section's order.
    const mixed = await send('PUT', API.itemOrder(week1!.Id), lecturer, {
      ids: [...week1!.Items.map((i) => i.Id), week2!.Items[0]!.Id],
    });
    expect(mixed.statusCode).toBe(400);
    expect(mixed.json().Message).toMatch(/do not belong to this course offering/);
    // Not every section: refused.
    expect(
      (await send('PUT', API.sectionOrder(csc101, session), lecturer, { ids: [week1!.Id] })).statusCode,
    ).toBe(400);
    expect((await offering()).Sections.map((s) => s.Id)).toEqual(before.Sections.map((s) => s.Id));

    // A full reorder works and the student sees the new order.
    const reversed = week1!.Items.map((i) => i.Id).reverse();
    const after = (await ok('PUT', API.itemOrder(week1!.Id), lecturer, { ids: reversed }))
      .Data as ContentOfferingDetail;
    expect(after.Sections[0]!.Items.map((i) => i.Id)).toEqual(reversed);
    await ok('PUT', API.itemOrder(week1!.Id), lecturer, { ids: [...reversed].reverse() });

    // Below the service, the database keeps an item in its section's offering: an item of CSC 103's
    // section claiming CSC 101 is refused.
    await expect(
      t.database.db.insert(contentItems).values({
        sectionId: other.Id,
        courseId: csc101,
        sessionId: session,
        position: 1,
        kind: 'link',
        title: 'Elsewhere',
        url: 'https://example.org/',
      }),
    ).rejects.toMatchObject({ cause: { constraint: 'content_items_section_offering' } });
  });

  async function csc103() {
    return (await t.database.db.select().from(courses).where(eq(courses.code, 'CSC 103')))[0]!.id;
  }

  it('keeps drafts from students; review returns with a comment, approval publishes, raises the count, audited', async () => {
    const db = t.database.db;
    expect((await db.select().from(schoolSettings))[0]!.contentNeedsReview).toBe(true);
    const week1 = (await offering()).Sections[0]!;
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
    const uploadId = await finishedUpload('content-document', pdf, 'pdf', 'application/pdf');
    const created = await ok('POST', API.items(week1.Id), lecturer, {
      Kind: 'document',
      Title: 'Lecture 2',
      UploadId: uploadId,
    });
    const id: number = created.Data.Id;
    expect(created.Data).toMatchObject({
      State: 'draft',
      File: { Mime: 'application/pdf', Size: pdf.length },
    });
    // The same upload cannot be claimed twice.
    expect(
      (
        await send('POST', API.items(week1.Id), lecturer, {
          Kind: 'document',
          Title: 'Again',
          UploadId: uploadId,
        })
      ).statusCode,
    ).toBe(409);

    const visible = async () =>
      ((await ok('GET', API.studentOffering(csc101, session), s5)).Data as StudentContent).Sections.flatMap(
        (s) => s.Items.map((i) => i.Id),
      );
    expect(await visible()).not.toContain(id);
    // A draft's file: the enrolled student gets 404 (not published), not the bytes.
    expect((await send('GET', API.studentItemFile(id), s5)).statusCode).toBe(404);

    await ok('POST', NOTIFICATIONS_API.read, s5, { type: 'lectureNotes' });
    expect(await lectureNotesCount(s5)).toBe(0);

    const submitted = await ok('POST', API.itemPublish(id), lecturer);
    expect(submitted.Data.State).toBe('pending_review');
    expect(await visible()).not.toContain(id);
    expect(await lectureNotesCount(s5)).toBe(0);

    const queue = await ok('GET', API.reviews, reviewer);
    expect(queue.Data.map((e: { Item: { Id: number } }) => e.Item.Id)).toContain(id);
    expect((await send('GET', API.reviews, lecturer)).statusCode).toBe(403);

    // Returned with a comment: the lecturer sees it.
    expect((await send('POST', API.reviewReturn(id), reviewer, { Comment: '' })).statusCode).toBe(400);
    await ok('POST', API.reviewReturn(id), reviewer, { Comment: 'Add the exercise answers.' });
    const returned = (await offering()).Sections[0]!.Items.find((i) => i.Id === id)!;
    expect(returned).toMatchObject({ State: 'returned', ReviewComment: 'Add the exercise answers.' });
    expect((await send('POST', API.reviewApprove(id), reviewer)).statusCode).toBe(409);

    // Published again, approved: students see it, the count rises.
    await ok('POST', API.itemPublish(id), lecturer);
    await ok('POST', API.reviewApprove(id), reviewer);
    expect(await visible()).toContain(id);
    expect(await lectureNotesCount(s5)).toBe(1);
    const fresh = ((await ok('GET', API.studentOfferings, s5)).Data as { Code: string; New: number }[]).find(
      (o) => o.Code === 'CSC 101',
    );
    expect(fresh!.New).toBe(0); // the page was visited after the approval above (visible() reads it)
    const file = await send('GET', API.studentItemFile(id), s5);
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.equals(pdf)).toBe(true);

    const trail = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'content_item'), eq(auditLog.entityId, String(id))))
      .orderBy(desc(auditLog.id));
    expect(trail.map((a) => a.action)).toEqual([
      'approve',
      'submit_for_review',
      'return',
      'submit_for_review',
      'create',
    ]);
    expect(trail.find((a) => a.action === 'return')!.page).toBe('content-review');

    // Reading resets the count.
    await ok('POST', NOTIFICATIONS_API.read, s5, { type: 'lectureNotes' });
    expect(await lectureNotesCount(s5)).toBe(0);

    // Unpublished: gone for the student.
    await ok('POST', API.itemUnpublish(id), lecturer);
    expect(await visible()).not.toContain(id);
  });

  it('publishes at once where the school does not review content, notifying the enrolled students', async () => {
    const db = t.database.db;
    await db.update(schoolSettings).set({ contentNeedsReview: false });
    try {
      const week2 = (await offering()).Sections[1]!;
      const created = await ok('POST', API.items(week2.Id), lecturer, {
        Kind: 'link',
        Title: 'Slides',
        Url: 'https://example.org/slides',
      });
      const before = await lectureNotesCount(s5);
      const published = await ok('POST', API.itemPublish(created.Data.Id), lecturer);
      expect(published.Data.State).toBe('published');
      expect(await lectureNotesCount(s5)).toBe(before + 1);
      // Not enrolled: no notification.
      expect(await lectureNotesCount(s4)).toBe(0);
    } finally {
      await db.update(schoolSettings).set({ contentNeedsReview: true });
    }
  });

  it('records progress, shows it per item and per student, and exports it as CSV', async () => {
    const content: StudentContent = (await ok('GET', API.studentOffering(csc101, session), s5)).Data;
    const [note, video] = content.Sections[0]!.Items;
    await ok('POST', API.studentItemProgress(note!.Id), s5, { Opened: true });
    await ok('POST', API.studentItemProgress(note!.Id), s5, { Completed: true });
    const position = await ok('POST', API.studentItemProgress(video!.Id), s5, { PositionSeconds: 1.5 });
    expect(position.Data).toEqual({ Opened: true, Completed: false, PositionSeconds: 1.5 });
    expect((await send('POST', API.studentItemProgress(video!.Id), s5, {})).statusCode).toBe(400);
    await ok('POST', API.studentVideosCompleted(csc101, session), s5);

    const again: StudentContent = (await ok('GET', API.studentOffering(csc101, session), s5)).Data;
    expect(again.Sections[0]!.Items[0]).toMatchObject({ Opened: true, Completed: true });
    expect(again.Sections[0]!.Items[1]).toMatchObject({ Opened: true, PositionSeconds: 1.5 });
    expect(again.VideosCompleted).toBe(true);

    const byItem = await ok('GET', API.progress(csc101, session), lecturer);
    expect(byItem.Data.Enrolled).toBeGreaterThanOrEqual(1);
    expect(byItem.Data.Items.find((i: { ItemId: number }) => i.ItemId === note!.Id)).toMatchObject({
      Opened: 1,
      Completed: 1,
    });

    const byStudent = await ok('GET', `${API.studentProgress(csc101, session)}?search=0005`, lecturer);
    expect(byStudent.Data).toHaveLength(1);
    expect(byStudent.Data[0]).toMatchObject({
      MatricNo: 'DIT/2024/0005',
      Opened: 2,
      Completed: 1,
      VideosCompleted: true,
    });

    const csv = await send('GET', API.progressCsv(csc101, session), lecturer);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toMatch(/text\/csv/);
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe(
      'Matric number,Name,Items opened,Items completed,Published items,Videos completed,Last opened',
    );
    expect(lines.find((l) => l.startsWith('DIT/2024/0005'))).toMatch(/,2,1,\d+,Yes,/);
    expect((await send('GET', API.progressCsv(mth101, session), lecturer)).statusCode).toBe(403);
  });

  it('answers GetCourseContentAsync in the spec’s shape', async () => {
    const res = await ok('GET', API.courseContent(csc101), lecturer);
    const body = res as CourseContentSpec;
    expect(body.state).toBe(true);
    expect(body.data!.firstName).toBe('Tunde');
    expect(body.data!.surname).toBe('Bakare');
    const first = body.data!.contentData[0]!;
    expect(first).toMatchObject({ sectionId: expect.any(Number), title: 'Week 1: What is a computer?' });
    expect(first.sectionContent[0]).toMatchObject({
      contentId: expect.any(Number),
      topic: expect.any(String),
      contentType: 'document',
      contentURL: expect.stringContaining('/file?'),
    });
    // The reviewer may preview; a course with no content: data null, 'No data'.
    expect((await ok('GET', API.courseContent(csc101), reviewer)).state).toBe(true);
    const empty = await ok('GET', `${API.courseContent(mth101)}?sessionId=${session}`, admin);
    expect(empty).toEqual({ data: null, state: false, msg: 'No data' });
    expect((await send('GET', API.courseContent(csc101), plain)).statusCode).toBe(403);
    expect((await send('GET', API.courseContent(csc101), s5)).statusCode).toBe(403);
  });
});
