import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CourseRegistrationPage, MyWork, ResultSheet } from '@portal/contracts';
import { courses, semesters } from '../../db/schema/index.js';
import { login, startTestApp, type TestApp, dropCourseRegistrationsOf } from '../../../test/helpers.js';
import { makeAdmin } from '../admin/test-support.js';

type Auth = Record<string, string>;

/**
 * The staff home page (GET /api/admin/my-work) with the README's demo staff: the level adviser (who
 * is also the Head of Department's review-stage holder), the lecturer of CSC 101 and CSC 103, the
 * super admin, and an admin whose role grants no page.
 */
describe('the staff home page: what waits for each admin', () => {
  let t: TestApp;
  let adviser: Auth;
  let lecturer: Auth;
  let admin: Auth;
  let plain: Auth;
  let s4: Auth;
  let semesterId: number;
  let csc101: number;

  beforeAll(async () => {
    t = await startTestApp();
    await dropCourseRegistrationsOf(t.database.db, 'DIT/2024/0005');
    adviser = (await login(t.app, 'Admin', 'adviser@demo.edu.ng')).auth;
    lecturer = (await login(t.app, 'Admin', 'lecturer@demo.edu.ng')).auth;
    admin = (await login(t.app, 'Admin', 'admin@demo.edu.ng')).auth;
    s4 = (await login(t.app, 'Student', 'student4@demo.edu.ng')).auth;
    plain = (await makeAdmin(t.app, t.database.db, 'plain', [])).headers;
    const [first] = await t.database.db
      .select()
      .from(semesters)
      .where(eq(semesters.name, '2024/2025 First Semester'));
    semesterId = first!.id;
    const [course] = await t.database.db.select().from(courses).where(eq(courses.code, 'CSC 101'));
    csc101 = course!.id;
  }, 120_000);
  afterAll(() => t?.close(), 60_000);

  const get = (url: string, headers: Auth = {}) => t.app.inject({ method: 'GET', url, headers });
  const post = (url: string, headers: Auth, payload: unknown) =>
    t.app.inject({ method: 'POST', url, headers, payload: payload as object });
  const work = async (auth: Auth): Promise<MyWork> => {
    const res = await get('/api/admin/my-work', auth);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().Data;
  };
  const sheetOf = async (auth: Auth): Promise<ResultSheet> =>
    (await get(`/api/admin/results/sheet?courseId=${csc101}&semesterId=${semesterId}`, auth)).json().Data;

  it('answers every signed-in admin, a plain one with no work and no 403; nobody else', async () => {
    expect(await work(plain)).toEqual({ Registrations: null, ScoreSheets: null, Reviews: null });
    // The admissions figures stay with their pages: the plain admin's home page does not ask for them.
    expect((await get('/api/admin/dashboard', plain)).statusCode).toBe(403);
    expect((await get('/api/admin/my-work')).statusCode).toBe(401);
    expect((await get('/api/admin/my-work', s4)).statusCode).toBe(403);
  });

  it('shows each role its own part only', async () => {
    const [a, l] = await Promise.all([work(adviser), work(lecturer)]);
    expect(a.Registrations).toEqual({ Awaiting: 0, BySemester: [] });
    expect(a.ScoreSheets).toBeNull();
    expect(a.Reviews).toEqual({ Awaiting: 0, Sheets: [] });
    expect(l.Registrations).toBeNull();
    expect(l.Reviews).toBeNull();
    // The lecturer's two courses of the session, nobody registered yet: nothing to fill.
    expect(l.ScoreSheets).toMatchObject({ ToFill: 0, Returned: 0 });
    expect(l.ScoreSheets!.Sheets.map((s) => [s.Code, s.Semester, s.Students, s.State])).toEqual([
      ['CSC 101', '2024/2025 First Semester', 0, null],
      ['CSC 103', '2024/2025 First Semester', 0, null],
    ]);
  });

  it('counts the registrations awaiting the adviser, then the lecturer’s sheets once approved', async () => {
    const page = (await get('/api/student/course-registration', s4)).json().Data as CourseRegistrationPage;
    const submitted = await post('/api/student/course-registration', s4, {
      SemesterId: semesterId,
      CourseIds: page.Courses.filter((c) => c.Required).map((c) => c.CourseId),
      IdempotencyKey: randomUUID(),
    });
    expect(submitted.statusCode, submitted.body).toBe(200);
    expect((await work(adviser)).Registrations).toEqual({
      Awaiting: 1,
      BySemester: [{ SemesterId: semesterId, Semester: '2024/2025 First Semester', Count: 1 }],
    });
    // The registry (the super admin advises no one) sees every registration awaiting approval.
    expect((await work(admin)).Registrations?.Awaiting).toBe(1);
    expect((await work(lecturer)).ScoreSheets?.ToFill).toBe(0);

    const reg = submitted.json().Data.Registration as { Id: number; Version: number };
    const approved = await post('/api/admin/course-registrations/decide', adviser, {
      Decision: 'approve',
      Registrations: [{ Id: reg.Id, Version: reg.Version }],
    });
    expect(approved.json().Data.Decided).toEqual([reg.Id]);
    expect((await work(adviser)).Registrations?.Awaiting).toBe(0);
    const sheets = (await work(lecturer)).ScoreSheets!;
    expect(sheets.ToFill).toBe(2);
    expect(sheets.Sheets.map((s) => s.Students)).toEqual([1, 1]);
  });

  it('puts a submitted sheet before the stage holder, and a returned one back before the lecturer', async () => {
    let sheet = await sheetOf(lecturer);
    const scores = Object.fromEntries(sheet.Items.map((i) => [i.Id, Math.floor(i.Max * 0.6)]));
    const saved = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/results/sheet/scores',
      headers: lecturer,
      payload: {
        CourseId: csc101,
        SemesterId: semesterId,
        ExpectedVersion: sheet.Version,
        Rows: [{ MatricNo: 'DIT/2024/0004', Scores: scores }],
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    sheet = await sheetOf(lecturer);
    expect((await work(lecturer)).ScoreSheets?.ToFill).toBe(2);
    const sent = await post(`/api/admin/results/sheets/${sheet.Id}/submit`, lecturer, {
      ExpectedVersion: sheet.Version,
    });
    expect(sent.statusCode, sent.body).toBe(200);
    expect((await work(lecturer)).ScoreSheets).toMatchObject({ ToFill: 1, Returned: 0 });

    const reviews = (await work(adviser)).Reviews!;
    expect(reviews.Awaiting).toBe(1);
    expect(reviews.Sheets).toEqual([
      {
        SheetId: sheet.Id,
        CourseId: csc101,
        SemesterId: semesterId,
        Code: 'CSC 101',
        Title: 'Introduction to Computer Science',
        Semester: '2024/2025 First Semester',
        Stage: 'Head of Department',
      },
    ]);
    // The Head of Department's stage is held for Computer Science: it is not the registry's to act on.
    expect((await work(admin)).Reviews?.Awaiting).toBe(0);

    sheet = await sheetOf(adviser);
    const back = await post(`/api/admin/results/sheets/${sheet.Id}/decision`, adviser, {
      Decision: 'return',
      Comment: 'Check the examination marks.',
      ExpectedVersion: sheet.Version,
    });
    expect(back.statusCode, back.body).toBe(200);
    expect((await work(adviser)).Reviews?.Awaiting).toBe(0);
    const mine = (await work(lecturer)).ScoreSheets!;
    expect(mine).toMatchObject({ ToFill: 1, Returned: 1 });
    expect(mine.Sheets.find((s) => s.Code === 'CSC 101')?.State).toBe('returned');
  });
});
