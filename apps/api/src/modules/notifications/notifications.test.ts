import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NOTIFICATIONS_API as API } from '@portal/contracts';
import { login, startTestApp, statementsDuring, type TestApp } from '../../../test/helpers.js';
import { sql } from 'drizzle-orm';
import type { AuthContext } from '../../platform/auth.js';
import * as notifications from './notifications.service.js';
import { publish, publishToAudience } from './notifications.service.js';

type Auth = Record<string, string>;

/** The notifications core: publish in one statement, counts, list, mark read, the spec's two calls. */
describe('notifications', () => {
  let t: TestApp;
  let s1: Auth;
  let s4: Auth;
  let s1Id: number;
  let s4Id: number;
  let admin: Auth;
  let adminId: number;

  beforeAll(async () => {
    t = await startTestApp();
    const a = await login(t.app, 'Student', 'student1@demo.edu.ng');
    const b = await login(t.app, 'Student', 'student4@demo.edu.ng');
    const c = await login(t.app, 'Admin', 'admin@demo.edu.ng');
    s1 = a.auth;
    s4 = b.auth;
    admin = c.auth;
    s1Id = a.body.Data.StudID;
    s4Id = b.body.Data.StudID;
    adminId = c.body.Data.UserId;
  }, 120_000);
  afterAll(() => t?.close(), 60_000);

  const get = (url: string, headers: Auth = {}) => t.app.inject({ method: 'GET', url, headers });
  const post = (url: string, headers: Auth, payload?: unknown) =>
    t.app.inject({ method: 'POST', url, headers, ...(payload ? { payload: payload as object } : {}) });
  const counts = async (auth: Auth) => {
    const res = await get(API.counts, auth);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { Data: Record<string, number>; Total: number };
  };

  it('publishes to any number of recipients in one statement', async () => {
    const ids = [s1Id, s4Id, ...Array.from({ length: 3000 }, (_, i) => 1_000_000 + i)];
    const statements = await statementsDuring(t.database.db, async () => {
      const written = await publish(t.database.db, {
        type: 'lectureNotes',
        recipientKind: 'Student',
        recipientIds: ids,
        title: 'CSC 101: Lecture 1',
        link: '/student/lecturenote',
      });
      expect(written).toBe(ids.length);
    });
    expect(statements.filter((s) => /insert into "notifications"/i.test(s))).toHaveLength(1);
    expect(statements).toHaveLength(1);
  });

  it('counts per type name, lists, and resets a type when marked read', async () => {
    await publish(t.database.db, {
      type: 'announcements',
      recipientKind: 'Student',
      recipientIds: [s1Id],
      title: 'Welcome',
      link: '/student/dashboard',
    });
    const before = await counts(s1);
    // The demo data's announcement to all students counts too (one audience item).
    expect(before.Data).toMatchObject({ lectureNotes: 1, announcements: 2, assignments: 0, exams: 0 });
    expect(Object.keys(before.Data).sort()).toEqual(
      ['announcements', 'assignments', 'exams', 'learningDiscussion', 'lectureNotes', 'liveClassRoom'].sort(),
    );
    expect(before.Total).toBe(3);

    const list = await get(`${API.list}?type=lectureNotes&unread=true`, s1);
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().Data[0]).toMatchObject({
      Type: 2,
      TypeName: 'lectureNotes',
      Title: 'CSC 101: Lecture 1',
    });
    expect(list.json().Total).toBe(1);

    const read = await post(API.read, s1, { type: 'lectureNotes' });
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json().Data.Marked).toBe(1);
    expect((await counts(s1)).Data).toMatchObject({ lectureNotes: 0, announcements: 2 });
    // Another user's counts are untouched.
    expect((await counts(s4)).Data.lectureNotes).toBe(1);
    // An admin has counts of their own (none).
    expect((await counts(admin)).Total).toBe(0);
    expect((await get(API.counts)).statusCode).toBe(401);
    expect((await post(API.read, s1, { type: 'nonsense' })).statusCode).toBe(400);
  });

  it('answers the spec’s calls for the caller’s own id only', async () => {
    const unread = await get(`${API.unread}?staffId=${s4Id}&notificationType=2`, s4);
    expect(unread.statusCode, unread.body).toBe(200);
    expect(unread.json().Status).toBe(true);
    expect(unread.json().Data).toHaveLength(1);

    // Another user's id: 403, not their counts.
    const other = await get(`${API.unread}?staffId=${s1Id}&notificationType=2`, s4);
    expect(other.statusCode).toBe(403);
    expect(other.json().Data).toBeUndefined();
    expect((await post(`${API.markRead}?staffId=${s1Id}&notificationType=6`, s4)).statusCode).toBe(403);
    // An admin's id is their UserId.
    expect((await get(`${API.unread}?staffId=${adminId}&notificationType=6`, admin)).statusCode).toBe(200);
    expect((await get(`${API.unread}?staffId=${s4Id}&notificationType=6`, admin)).statusCode).toBe(403);

    // Bad input: a type that is none, an id past 2^31.
    expect((await get(`${API.unread}?staffId=${s4Id}&notificationType=9`, s4)).statusCode).toBe(400);
    expect((await get(`${API.unread}?staffId=2147483648&notificationType=2`, s4)).statusCode).toBe(400);

    const marked = await post(`${API.markRead}?staffId=${s4Id}&notificationType=2`, s4);
    expect(marked.statusCode, marked.body).toBe(200);
    expect(marked.json()).toEqual({ Status: true });
    const after = await get(`${API.unread}?staffId=${s4Id}&notificationType=2`, s4);
    expect(after.json().Data).toHaveLength(0);
  });
  it('answers a poll that finds nothing new 304 with no body (a weak ETag of the counts)', async () => {
    const first = await get(API.counts, s4);
    expect(first.statusCode, first.body).toBe(200);
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^W\/"/);
    expect(first.headers['cache-control']).toBe('private, no-cache');
    expect(String(first.headers.vary)).toMatch(/authorization/i);

    const same = await get(API.counts, { ...s4, 'if-none-match': etag });
    expect(same.statusCode).toBe(304);
    expect(same.body).toBe('');
    expect(same.headers.etag).toBe(etag);
    // The strong form and a list of tags match too; another user's counts may differ.
    expect((await get(API.counts, { ...s4, 'if-none-match': `"x", ${etag.slice(2)}` })).statusCode).toBe(304);

    // Something new: the full answer again, with its new ETag.
    await publish(t.database.db, {
      type: 'assignments',
      recipientKind: 'Student',
      recipientIds: [s4Id],
      title: 'CSC 101: Assignment 1',
      link: '/student/assignment',
    });
    const changed = await get(API.counts, { ...s4, 'if-none-match': etag });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
    expect(changed.json().Data.assignments).toBe(first.json().Data.assignments + 1);
    // Without a session: 401 as before, never a 304.
    expect((await get(API.counts, { 'if-none-match': etag })).statusCode).toBe(401);
  });

  it('counts an audience item for its audience only, from one row, past each user’s read marker', async () => {
    const db = t.database.db;
    const rows = (await db.execute(sql`
      select s.id, s.department_id as "departmentId", s.level_id as "levelId", d.faculty_id as "facultyId"
      from students s join departments d on d.id = s.department_id where s.id in (${s1Id}, ${s4Id})`)) as unknown as {
      rows: { id: number; departmentId: number; levelId: number; facultyId: number }[];
    };
    const of = (id: number) => rows.rows.find((r) => Number(r.id) === id)!;
    const [otherLevel] = (
      (await db.execute(sql`select id from levels where id <> ${of(s1Id).levelId} limit 1`)) as unknown as {
        rows: { id: number }[];
      }
    ).rows;
    const announcements = async (auth: Auth) => (await counts(auth)).Data.announcements ?? 0;
    const before = {
      s1: await announcements(s1),
      s4: await announcements(s4),
      admin: await announcements(admin),
    };

    // Every student: one row, one statement.
    const statements = await statementsDuring(db, async () => {
      await publishToAudience(db, {
        type: 'announcements',
        audience: { recipientKind: 'Student' },
        title: 'Resumption date',
        link: '/student/dashboard',
      });
    });
    expect(statements).toHaveLength(1);
    expect(await announcements(s1)).toBe(before.s1 + 1);
    expect(await announcements(s4)).toBe(before.s4 + 1);
    expect(await announcements(admin)).toBe(before.admin);

    // The students of s1's department and level; of another level of it: not s1.
    await publishToAudience(db, {
      type: 'announcements',
      audience: { recipientKind: 'Student', departmentId: of(s1Id).departmentId, levelId: of(s1Id).levelId },
      title: 'Departmental test',
      link: '/student/dashboard',
    });
    await publishToAudience(db, {
      type: 'announcements',
      audience: { recipientKind: 'Student', departmentId: of(s1Id).departmentId, levelId: otherLevel!.id },
      title: 'Another level',
      link: '/student/dashboard',
    });
    await publishToAudience(db, {
      type: 'announcements',
      audience: { recipientKind: 'Student', facultyId: of(s1Id).facultyId },
      title: 'Faculty week',
      link: '/student/dashboard',
    });
    // Scheduled for later, and expired: neither counted.
    await publishToAudience(db, {
      type: 'announcements',
      audience: { recipientKind: null },
      title: 'Later',
      link: '/student/dashboard',
      visibleAt: new Date(Date.now() + 3_600_000),
    });
    await publishToAudience(db, {
      type: 'announcements',
      audience: { recipientKind: null },
      title: 'Gone',
      link: '/student/dashboard',
      visibleAt: new Date(Date.now() - 3_600_000),
      expiresAt: new Date(Date.now() - 60_000),
    });
    expect(await announcements(s1)).toBe(before.s1 + 3);
    expect(await announcements(admin)).toBe(before.admin);
    const sameSpot = of(s4Id).departmentId === of(s1Id).departmentId && of(s4Id).levelId === of(s1Id).levelId;
    const sameFaculty = of(s4Id).facultyId === of(s1Id).facultyId;
    expect(await announcements(s4)).toBe(before.s4 + 1 + (sameSpot ? 1 : 0) + (sameFaculty ? 1 : 0));

    // The list merges both kinds, newest first; the spec's call counts them too.
    const list = await get(`${API.list}?type=announcements&unread=true&pageSize=50`, s1);
    expect(list.json().Total).toBe(before.s1 + 3);
    expect(list.json().Data.map((i: { Title: string }) => i.Title)).toContain('Faculty week');
    expect(list.json().Data.map((i: { Title: string }) => i.Title)).not.toContain('Another level');
    const spec = await get(`${API.unread}?staffId=${s1Id}&notificationType=6`, s1);
    expect(spec.json().Data).toHaveLength(before.s1 + 3);

    // Counts are one statement, whichever kinds of item there are.
    const own: AuthContext = { kind: 'Student', userId: s1Id } as AuthContext;
    expect(
      await statementsDuring(db, () => notifications.counts(db, own).then(() => undefined)),
    ).toHaveLength(1);

    // Marking read moves the read marker: 0 for s1, s4 untouched; a newer item counts again.
    expect((await post(`${API.markRead}?staffId=${s1Id}&notificationType=6`, s1)).statusCode).toBe(200);
    expect(await announcements(s1)).toBe(0);
    expect(await announcements(s4)).toBeGreaterThan(0);
    const read = await get(`${API.list}?type=announcements&pageSize=50`, s1);
    expect(read.json().Data.every((i: { ReadAt: string | null }) => i.ReadAt !== null)).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 5));
    await publishToAudience(db, {
      type: 'announcements',
      audience: { recipientKind: 'Student' },
      title: 'Newer',
      link: '/student/dashboard',
    });
    expect(await announcements(s1)).toBe(1);
  });
});
