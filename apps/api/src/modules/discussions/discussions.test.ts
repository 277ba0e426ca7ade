import { and, desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  DISCUSSIONS_API as API,
  DISCUSSION_LIMITS,
  DISCUSSION_MESSAGES as M,
  NOTIFICATIONS_API,
  OFFERING_MESSAGES,
  type DiscussionThread,
  type DiscussionThreadDetail,
} from '@portal/contracts';
import {
  academicSessions,
  auditLog,
  courses,
  discussionPosts,
  discussionThreads,
  discussionTypes,
  rateLimits,
  students,
} from '../../db/schema/index.js';
import { login, startTestApp, type TestApp } from '../../../test/helpers.js';
import { makeAdmin } from '../admin/test-support.js';

type Auth = Record<string, string>;
type Method = 'GET' | 'POST' | 'PUT';

/**
 * Discussions with the README's demo data: lecturer@demo.edu.ng teaches CSC 101 in 2024/2025;
 * DIT/2024/0005 is registered for it (and asked the seeded question); DIT/2024/0004 registered nothing.
 */
describe('discussions', () => {
  let t: TestApp;
  let lecturer: Auth;
  let admin: Auth;
  let plain: Auth;
  let s5: Auth;
  let s4: Auth;
  let csc101: number;
  let session: number;
  let question: number;

  beforeAll(async () => {
    t = await startTestApp();
    lecturer = (await login(t.app, 'Admin', 'lecturer@demo.edu.ng')).auth;
    admin = (await login(t.app, 'Admin', 'admin@demo.edu.ng')).auth;
    plain = (await makeAdmin(t.app, t.database.db, 'plain', [])).headers;
    s5 = (await login(t.app, 'Student', 'DIT/2024/0005')).auth;
    s4 = (await login(t.app, 'Student', 'student4@demo.edu.ng')).auth;
    const db = t.database.db;
    csc101 = (await db.select().from(courses).where(eq(courses.code, 'CSC 101')))[0]!.id;
    session = (await db.select().from(academicSessions).where(eq(academicSessions.name, '2024/2025')))[0]!.id;
    question = (await db.select().from(discussionTypes).where(eq(discussionTypes.name, 'Question')))[0]!.id;
  }, 120_000);
  afterAll(() => t?.close(), 60_000);
  // Each test posts freely; the rate-limit test counts its own window.
  beforeEach(async () => {
    await t.database.db.delete(rateLimits).where(sql`${rateLimits.key} like 'discussion-post:%'`);
  });

  const send = (method: Method, url: string, headers: Auth, payload?: unknown) =>
    t.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as object }) });
  const ok = async (method: Method, url: string, headers: Auth, payload?: unknown) => {
    const res = await send(method, url, headers, payload);
    expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(200);
    return res.json();
  };
  const learning = () => `kind=learning&courseId=${csc101}&sessionId=${session}`;
  const threadsOf = async (auth: Auth, query = learning()) =>
    (await ok('GET', `${API.threads}?${query}`, auth)) as {
      Data: DiscussionThread[];
      Total: number;
      CanModerate: boolean;
    };
  const detail = async (auth: Auth, id: number, query = ''): Promise<DiscussionThreadDetail> =>
    (await ok('GET', `${API.thread(id)}${query}`, auth)).Data;
  const newThread = (auth: Auth, extra: Record<string, unknown> = {}) =>
    send('POST', API.threads, auth, {
      Kind: 'learning',
      CourseId: csc101,
      SessionId: session,
      TypeId: question,
      Title: 'A question',
      Body: '<p>What is an algorithm?</p>',
      ...extra,
    });
  const unread = async (auth: Auth) =>
    (await ok('GET', NOTIFICATIONS_API.counts, auth)).Data.learningDiscussion as number;
  const threadCount = async () =>
    (await t.database.db.select({ n: sql<number>`count(*)::int` }).from(discussionThreads))[0]!.n;

  it('shows the seeded CSC 101 question with its two replies and the marked answer to both parties', async () => {
    const boards = (await ok('GET', API.boards, s5)).Data as { Kind: string; Name: string }[];
    expect(boards.map((b) => b.Kind)).toEqual(expect.arrayContaining(['learning', 'student', 'general']));
    expect(boards.find((b) => b.Kind === 'learning')?.Name).toContain('CSC 101');

    const list = await threadsOf(s5);
    const seeded = list.Data.find((th) => th.Title === 'Is a calculator a computer?')!;
    expect(seeded).toMatchObject({ Type: 'Question', Replies: 2 });
    const thread = await detail(lecturer, seeded.Id);
    expect(thread.Replies).toHaveLength(2);
    expect(thread.AnswerPostId).toBe(thread.Replies[0]!.Id);
    expect(thread.CanMarkAnswer).toBe(true);
    expect((await detail(s5, seeded.Id)).CanModerate).toBe(false);
    expect(await unread(s5)).toBeGreaterThanOrEqual(1);
  });

  it('lets only the registered students and the lecturers into a learning discussion', async () => {
    const before = await threadCount();
    const refused = await newThread(s4);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().Message).toBe(OFFERING_MESSAGES.notEnrolled);
    expect((await send('GET', `${API.threads}?${learning()}`, s4)).statusCode).toBe(403);
    expect((await send('GET', `${API.threads}?${learning()}`, plain)).statusCode).toBe(403);
    expect(await threadCount()).toBe(before);
    // The seeded thread too, by its id.
    const seeded = (await threadsOf(s5)).Data[0]!;
    expect((await send('GET', API.thread(seeded.Id), s4)).statusCode).toBe(403);
    expect((await send('POST', API.replies(seeded.Id), s4, { Body: 'hi' })).statusCode).toBe(403);
    // A learning board needs its offering.
    expect((await send('GET', `${API.threads}?kind=learning`, s5)).statusCode).toBe(400);
  });

  it('keeps the student discussion to the students of the department and level, the general to everyone', async () => {
    const db = t.database.db;
    const [own] = await db.select().from(students).where(eq(students.matricNo, 'DIT/2024/0005'));
    const created = await ok('POST', API.threads, s5, {
      Kind: 'student',
      TypeId: question,
      Title: 'Study group',
      Body: 'Who is in for Saturday?',
    });
    const list = await threadsOf(s5, 'kind=student');
    expect(list.Data.map((th) => th.Id)).toContain(created.Data.Id);
    // Another department's board is not the student's.
    const other = `kind=student&departmentId=${own!.departmentId! + 1}&levelId=${own!.levelId}`;
    expect((await send('GET', `${API.threads}?${other}`, s5)).statusCode).toBe(403);
    // Staff without the page take no part; the page's holder moderates any department and level.
    const own5 = `kind=student&departmentId=${own!.departmentId}&levelId=${own!.levelId}`;
    expect((await send('GET', `${API.threads}?${own5}`, plain)).statusCode).toBe(403);
    expect((await ok('GET', `${API.threads}?${own5}`, admin)).CanModerate).toBe(true);

    // The general discussion: students and staff.
    const general = await ok('POST', API.threads, plain, {
      Kind: 'general',
      TypeId: question,
      Title: 'Library hours',
      Body: 'Open till 10 pm during exams.',
    });
    await ok('POST', API.replies(general.Data.Id), s4, { Body: 'Thank you!' });
    expect((await threadsOf(s4, 'kind=general')).Data.map((th) => th.Id)).toContain(general.Data.Id);
    expect((await threadsOf(plain, 'kind=general')).CanModerate).toBe(false);
  });

  it('notifies the thread’s participants and the lecturers of a new thread or reply (type 5), never the poster', async () => {
    const [l0, s50, s40] = [await unread(lecturer), await unread(s5), await unread(s4)];
    const created = await newThread(s5, { Title: 'Week 2 exercise' });
    expect(created.statusCode).toBe(200);
    const id = created.json().Data.Id as number;
    expect(await unread(lecturer)).toBe(l0 + 1);
    expect(await unread(s5)).toBe(s50);

    await ok('POST', API.replies(id), lecturer, { Body: 'Try drawing the flowchart first.' });
    expect(await unread(s5)).toBe(s50 + 1);
    expect(await unread(lecturer)).toBe(l0 + 1);
    expect(await unread(s4)).toBe(s40);

    // The general discussion raises no type 5.
    const general = await ok('POST', API.threads, s5, {
      Kind: 'general',
      TypeId: question,
      Title: 'Anyone?',
      Body: 'Hello',
    });
    await ok('POST', API.replies(general.Data.Id), lecturer, { Body: 'Hello' });
    expect(await unread(s5)).toBe(s50 + 1);
  });

  it('strips scripts, event handlers and javascript: links; refuses empty and oversized bodies and ids past 2^31', async () => {
    const created = await newThread(s5, {
      Body: '<p onclick="steal()">Hi<script>alert(1)</script> <a href="javascript:alert(2)">x</a> <img src="https://e.ng/a.png" onerror="alert(3)"></p>',
    });
    expect(created.statusCode).toBe(200);
    const body = (await detail(s5, created.json().Data.Id)).Opening.Body;
    expect(body).toContain('Hi');
    expect(body).not.toMatch(/script|onclick|onerror|javascript:/i);

    const before = await threadCount();
    const empty = await newThread(s5, { Body: '<script>alert(1)</script>' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().Message).toBe(M.bodyEmpty);
    const huge = await newThread(s5, { Body: 'x'.repeat(DISCUSSION_LIMITS.body + 1) });
    expect(huge.statusCode).toBe(400);
    expect(huge.json().Message).toContain(M.bodyTooLong);
    expect((await newThread(s5, { TypeId: 2 ** 31 })).statusCode).toBe(400);
    // Escaping lengthens text five-fold: still stored, never a 5xx from the database's bound.
    const escaped = await newThread(s5, { Body: '&'.repeat(DISCUSSION_LIMITS.body) });
    expect(escaped.statusCode).toBe(200);
    await t.database.db.delete(discussionThreads).where(eq(discussionThreads.id, escaped.json().Data.Id));
    expect(await threadCount()).toBe(before);
    expect((await send('GET', API.thread(2 ** 31), s5)).statusCode).toBe(400);
    expect((await send('POST', API.report(2 ** 31), s5, { Reason: 'spam' })).statusCode).toBe(400);
    expect(
      (await send('GET', `${API.threads}?kind=learning&courseId=${2 ** 31}&sessionId=1`, s5)).statusCode,
    ).toBe(400);
  });

  it('lets the author edit within 15 minutes only, and no one else', async () => {
    const id = (await newThread(s5)).json().Data.Id as number;
    const reply = (await ok('POST', API.replies(id), s5, { Body: 'first' })).Data;
    expect(reply).toMatchObject({ Mine: true, CanEdit: true });
    const edited = await ok('PUT', API.post(reply.Id), s5, { Body: 'first, edited' });
    expect(edited.Data).toMatchObject({ Body: 'first, edited' });
    expect(edited.Data.EditedAt).not.toBeNull();

    const theirs = await send('PUT', API.post(reply.Id), lecturer, { Body: 'not mine' });
    expect(theirs.statusCode).toBe(403);
    expect(theirs.json().Message).toBe(M.notYourPost);

    // Sixteen minutes later by the server's clock.
    await t.database.db
      .update(discussionPosts)
      .set({ createdAt: sql`now() - interval '16 minutes'` })
      .where(eq(discussionPosts.id, reply.Id));
    const late = await send('PUT', API.post(reply.Id), s5, { Body: 'too late' });
    expect(late.statusCode).toBe(403);
    expect(late.json().Message).toBe(M.editWindow);
    const thread = await detail(s5, id);
    expect(thread.Replies[0]).toMatchObject({ Body: 'first, edited', CanEdit: false });
  });

  it('moderates: hide and restore posts, lock and pin threads, each audited; students cannot', async () => {
    const id = (await newThread(s5, { Title: 'To moderate' })).json().Data.Id as number;
    const reply = (await ok('POST', API.replies(id), s5, { Body: 'rude words' })).Data;

    expect((await send('POST', API.hide(reply.Id), s5)).statusCode).toBe(403);
    expect((await send('POST', API.hide(reply.Id), plain)).statusCode).toBe(403);
    await ok('POST', API.hide(reply.Id), lecturer);
    expect((await detail(s5, id)).Replies).toHaveLength(0);
    expect((await detail(lecturer, id)).Replies[0]).toMatchObject({ Hidden: true, Body: 'rude words' });
    await ok('POST', API.restore(reply.Id), lecturer);
    expect((await detail(s5, id)).Replies).toHaveLength(1);

    await ok('POST', API.lock(id), lecturer, { Value: true });
    const locked = await send('POST', API.replies(id), s5, { Body: 'more' });
    expect(locked.statusCode).toBe(409);
    expect(locked.json().Message).toBe(M.locked);
    expect((await detail(s5, id)).Replies).toHaveLength(1);

    await ok('POST', API.pin(id), lecturer, { Value: true });
    expect((await threadsOf(s5)).Data[0]!.Id).toBe(id);

    const trail = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.page, 'learningdiscussion')))
      .orderBy(desc(auditLog.id))
      .limit(4);
    expect(trail.map((a) => a.action)).toEqual(['pin', 'lock', 'restore', 'hide']);
    expect(trail[0]).toMatchObject({
      actorEmail: 'lecturer@demo.edu.ng',
      entity: 'discussion_thread',
      entityId: String(id),
    });
  });

  it('takes a report once per user per post and lists it to the moderators', async () => {
    const id = (await newThread(s5, { Title: 'Reported' })).json().Data.Id as number;
    const post = (await ok('POST', API.replies(id), lecturer, { Body: 'Off topic' })).Data;
    expect((await ok('POST', API.report(post.Id), s5, { Reason: 'Off topic' })).Message).toBe(M.reported);
    const again = await send('POST', API.report(post.Id), s5, { Reason: 'Again' });
    expect(again.statusCode).toBe(409);
    expect(again.json().Message).toBe(M.alreadyReported);
    expect((await send('POST', API.report(post.Id), s5, { Reason: '' })).statusCode).toBe(400);

    const reports = await ok('GET', `${API.reports}?${learning()}`, lecturer);
    expect(reports.Data.find((r: { PostId: number }) => r.PostId === post.Id)).toMatchObject({
      Reports: 1,
      Reasons: ['Off topic'],
      ThreadTitle: 'Reported',
    });
    expect((await send('GET', `${API.reports}?${learning()}`, s5)).statusCode).toBe(403);
    expect((await detail(s5, id)).Replies[0]!.ReportedByMe).toBe(true);
  });

  it('limits posting per user with a clear 429, saving nothing past the limit', async () => {
    const general = (
      await ok('POST', API.threads, s4, { Kind: 'general', TypeId: question, Title: 'Busy', Body: 'one' })
    ).Data.Id as number;
    for (let i = 1; i < DISCUSSION_LIMITS.postsPerMinute; i++)
      await ok('POST', API.replies(general), s4, { Body: `reply ${i}` });
    const refused = await send('POST', API.replies(general), s4, { Body: 'one too many' });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().Message).toBe(M.tooFast);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await detail(s4, general)).ReplyTotal).toBe(DISCUSSION_LIMITS.postsPerMinute - 1);
    // Another user is not held back.
    await ok('POST', API.replies(general), s5, { Body: 'still fine' });
  });

  it('pages threads (pinned first, newest activity first) and replies (oldest first) on the server', async () => {
    const ids: number[] = [];
    for (const title of ['P1', 'P2', 'P3'])
      ids.push(
        (
          await ok('POST', API.threads, admin, {
            Kind: 'general',
            TypeId: question,
            Title: title,
            Body: title,
          })
        ).Data.Id,
      );
    const first = await threadsOf(s5, 'kind=general&page=1&pageSize=2');
    expect(first.Data).toHaveLength(2);
    expect(first.Data.map((th) => th.Title)).toEqual(['P3', 'P2']);
    const second = await threadsOf(s5, 'kind=general&page=2&pageSize=2');
    expect(second.Data[0]!.Title).toBe('P1');
    expect(first.Total).toBeGreaterThanOrEqual(3);

    // A reply brings P1 to the top.
    for (const body of ['r1', 'r2', 'r3']) await ok('POST', API.replies(ids[0]!), admin, { Body: body });
    expect((await threadsOf(s5, 'kind=general&pageSize=1')).Data[0]!.Title).toBe('P1');
    const page2 = await detail(s5, ids[0]!, '?page=2&pageSize=2');
    expect(page2).toMatchObject({ ReplyTotal: 3, ReplyPage: 2 });
    expect(page2.Replies.map((r) => r.Body)).toEqual(['r3']);
  });
});
