import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import writeXlsxFile from 'write-excel-file/node';
import {
  RESULT_MESSAGES as M,
  type CourseRegistrationPage,
  type ResultSheet,
  type StudentResults,
} from '@portal/contracts';
import {
  auditLog,
  courseLecturers,
  courseResults,
  courses,
  departments,
  levels,
  mailOutbox,
  payments,
  resultSheetEvents,
  schoolSettings,
  semesters,
  staff,
  students,
  transcriptFees,
} from '../../db/schema/index.js';
import { pdfTextContent } from '../../platform/pdf.js';
import { login, type TestApp, dropCourseRegistrationsOf } from '../../../test/helpers.js';
import { settle, startPaymentsApp, submitCheckout } from '../payments/test-support.js';
import { cgpa, gpa, gradeOf, type Attempt } from './arithmetic.js';

// Results from score sheet to transcript: DIT/2024/0004 registers CSC 101 and is approved; the
// lecturer enters and uploads scores, the sheet climbs HOD (the adviser), faculty board and senate
// (the registry, who holds no stage), is published, amended and published again; the student sees it
// with the GPA the arithmetic gives; report card, broadsheet, queries and a paid transcript request.

type Auth = Record<string, string>;

describe('results: score sheets, review chain, publication and documents', () => {
  let t: TestApp & { url: string };
  let s3: Auth;
  let s4: Auth;
  let lecturer: Auth;
  let adviser: Auth;
  let admin: Auth;
  let semesterId: number;
  let csc101: number;

  beforeAll(async () => {
    t = await startPaymentsApp();
    await dropCourseRegistrationsOf(t.database.db, 'DIT/2024/0005');
    s3 = (await login(t.app, 'Student', 'DIT/2023/0003')).auth;
    s4 = (await login(t.app, 'Student', 'student4@demo.edu.ng')).auth;
    lecturer = (await login(t.app, 'Admin', 'lecturer@demo.edu.ng')).auth;
    adviser = (await login(t.app, 'Admin', 'adviser@demo.edu.ng')).auth;
    admin = (await login(t.app, 'Admin', 'admin@demo.edu.ng')).auth;
    const [first] = await db().select().from(semesters).where(eq(semesters.name, '2024/2025 First Semester'));
    semesterId = first!.id;
    const [course] = await db().select().from(courses).where(eq(courses.code, 'CSC 101'));
    csc101 = course!.id;
    // DIT/2024/0004 registers the compulsory courses; the adviser approves.
    const page = (
      await t.app.inject({ method: 'GET', url: '/api/student/course-registration', headers: s4 })
    ).json().Data as CourseRegistrationPage;
    const ids = page.Courses.filter((c) => c.Type === 'Compulsory' || c.CarryOver).map((c) => c.CourseId);
    const submitted = await post('/api/student/course-registration', s4, {
      SemesterId: semesterId,
      CourseIds: ids,
      IdempotencyKey: randomUUID(),
    });
    expect(submitted.statusCode, submitted.body).toBe(200);
    const reg = submitted.json().Data.Registration as { Id: number; Version: number };
    const approved = await post('/api/admin/course-registrations/decide', adviser, {
      Decision: 'approve',
      Registrations: [{ Id: reg.Id, Version: reg.Version }],
    });
    expect(approved.statusCode, approved.body).toBe(200);
  }, 120_000);
  afterAll(() => t?.close(), 60_000);

  const db = () => t.database.db;
  const get = (url: string, headers: Auth) => t.app.inject({ method: 'GET', url, headers });
  const post = (url: string, headers: Auth, payload: unknown) =>
    t.app.inject({ method: 'POST', url, headers, payload: payload as object });
  const sheetOf = async (auth: Auth, revision?: number): Promise<ResultSheet> => {
    const res = await get(
      `/api/admin/results/sheet?courseId=${csc101}&semesterId=${semesterId}${revision ? `&revision=${revision}` : ''}`,
      auth,
    );
    expect(res.statusCode, res.body).toBe(200);
    return res.json().Data;
  };
  const save = (
    auth: Auth,
    expected: number,
    scores: Record<string, number | null>,
    matricNo = 'DIT/2024/0004',
  ) =>
    t.app.inject({
      method: 'PUT',
      url: '/api/admin/results/sheet/scores',
      headers: auth,
      payload: {
        CourseId: csc101,
        SemesterId: semesterId,
        ExpectedVersion: expected,
        Rows: [{ MatricNo: matricNo, Scores: scores }],
      },
    });
  const upload = (auth: Auth, expected: number, file: string | Buffer, fileName = 'scores.csv') => {
    const boundary = `----results${randomUUID()}`;
    const body = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
      ),
      Buffer.from(file),
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    return t.app.inject({
      method: 'POST',
      url: `/api/admin/results/sheet/upload?courseId=${csc101}&semesterId=${semesterId}&expectedVersion=${expected}`,
      headers: { ...auth, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: body,
    });
  };
  const decide = (auth: Auth, sheet: ResultSheet, decision: 'approve' | 'return', comment = '') =>
    post(`/api/admin/results/sheets/${sheet.Id}/decision`, auth, {
      Decision: decision,
      Comment: comment,
      ExpectedVersion: sheet.Version,
    });
  const results = async (auth: Auth): Promise<StudentResults> =>
    (await get('/api/student/results', auth)).json().Data;
  const climb = async () => {
    let sheet = await sheetOf(admin);
    expect(sheet.Stage).toBe('Head of Department');
    // The registry holds no stage: the HOD stage is held (the adviser), so it is not theirs.
    expect(sheet.CanDecide).toBe(false);
    expect((await decide(admin, sheet, 'approve')).statusCode).toBe(403);
    sheet = await sheetOf(adviser);
    expect(sheet.CanDecide).toBe(true);
    expect((await decide(adviser, sheet, 'approve')).json().Message).toBe(M.approved('Head of Department'));
    sheet = await sheetOf(admin);
    expect(sheet.Stage).toBe('Faculty Board');
    expect((await decide(admin, sheet, 'approve')).statusCode).toBe(200);
    sheet = await sheetOf(admin);
    expect(sheet.Stage).toBe('Senate');
    const last = await decide(admin, sheet, 'approve');
    expect(last.json().Message).toBe(M.lockedAtLast);
  };

  it('lists the lecturer’s two courses; only their lecturer may enter scores', async () => {
    const mine = (
      await get(`/api/admin/results/courses?semesterId=${semesterId}&mine=true`, lecturer)
    ).json();
    expect(mine.Data.map((c: { Code: string }) => c.Code)).toEqual(['CSC 101', 'CSC 103']);
    expect(mine.Data[0]).toMatchObject({ Registered: 1, State: null });
    const sheet = await sheetOf(lecturer);
    expect(sheet).toMatchObject({ Id: null, State: 'draft', CanEdit: true, Version: 0 });
    expect(sheet.Stages).toEqual(['Lecturer', 'Head of Department', 'Faculty Board', 'Senate']);
    expect(sheet.Rows.map((r) => r.MatricNo)).toEqual(['DIT/2024/0004']);
    expect((await save(adviser, 0, {})).statusCode).toBe(403);
    const refused = await save(admin, 0, {});
    expect(refused.statusCode).toBe(403);
    expect(refused.json().Message).toBe(M.notLecturer);
  });

  it('refuses scores beyond an item’s maximum and students not registered, saving nothing', async () => {
    const { Items } = await sheetOf(lecturer);
    const [ca, exam] = Items;
    const over = await save(lecturer, 0, { [ca!.Id]: ca!.Max + 1, [exam!.Id]: 10 });
    expect(over.statusCode).toBe(400);
    expect(over.json().Message).toBe(
      `Row 1 (DIT/2024/0004): ${M.outOfRange(ca!.Name, ca!.Max)} Nothing was saved.`,
    );
    const stranger = await save(lecturer, 0, { [ca!.Id]: 10 }, 'DIT/2024/0002');
    expect(stranger.statusCode).toBe(400);
    expect(stranger.json().Errors[0].message).toBe(M.notRegistered('DIT/2024/0002', 'CSC 101'));
    expect((await sheetOf(lecturer)).Id).toBeNull();
  });

  it('saves typed scores, then reads an uploaded CSV by row; totals and grades are computed', async () => {
    const { Items } = await sheetOf(lecturer);
    const partial = await save(lecturer, 0, { [Items[0]!.Id]: Items[0]!.Max - 2 });
    expect(partial.statusCode, partial.body).toBe(200);
    let sheet = await sheetOf(lecturer);
    expect(sheet.Rows[0]).toMatchObject({ Total: null, Grade: null });
    // A stale version (another window) is refused.
    expect((await save(lecturer, 0, { [Items[0]!.Id]: 21 })).statusCode).toBe(409);
    // Submitting with a score missing is refused.
    const early = await post(`/api/admin/results/sheets/${sheet.Id}/submit`, lecturer, {
      ExpectedVersion: sheet.Version,
    });
    expect(early.json().Message).toBe(M.incomplete(1));

    const template = await get(
      `/api/admin/results/sheet/template?courseId=${csc101}&semesterId=${semesterId}&format=csv`,
      lecturer,
    );
    expect(template.statusCode).toBe(200);
    const header = template.body.replace(/^\uFEFF/, '').split('\r\n')[0]!;
    expect(header).toBe(['Matric Number', 'Name', ...Items.map((i) => `${i.Name} (${i.Max})`)].join(','));
    expect(template.body).toContain('DIT/2024/0004');

    const bad = await upload(
      lecturer,
      sheet.Version,
      `${header}\r\nDIT/2024/0004,X,abc,40\r\nDIT/2024/0001,Y,10,10`,
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json().Errors).toEqual([
      { path: 'Row 2 (DIT/2024/0004)', message: M.notANumber(Items[0]!.Name) },
    ]);
    // A file the sheet reader cannot read is refused with what is wrong, never an unexpected error.
    const unclosed = await upload(lecturer, sheet.Version, `${header}\r\n"DIT/2024/0004,OKAFOR,10,10\r\n`);
    expect(unclosed.statusCode).toBe(400);
    expect(unclosed.json()).toMatchObject({
      Status: 'Invalid',
      Message: expect.stringMatching(/^The file could not be read as CSV: Quote Not Closed\b/),
    });
    const workbook = await writeXlsxFile(
      [[{ value: 'Matric Number' }], [{ value: 'DIT/2024/0004' }]] as never,
      {
        sheet: 'Scores',
      } as never,
    ).toBuffer();
    const truncated = await upload(
      lecturer,
      sheet.Version,
      workbook.subarray(0, Math.floor(workbook.length / 2)),
      'scores.xlsx',
    );
    expect(truncated.statusCode, truncated.body).toBe(400);
    expect(truncated.json()).toMatchObject({
      Status: 'Invalid',
      Message: expect.stringMatching(/^The file could not be read as XLSX: /),
    });
    const values = Items.map((i) => Math.min(i.Max, Math.round(i.Max * 0.645 * 2) / 2));
    const good = await upload(
      lecturer,
      sheet.Version,
      `${header}\r\nDIT/2024/0004,OKAFOR,${values.join(',')}`,
    );
    expect(good.statusCode, good.body).toBe(200);
    expect(good.json().Message).toBe(M.uploaded(1));
    sheet = await sheetOf(lecturer);
    const total = values.reduce((a, b) => a + b, 0);
    expect(sheet.Rows[0]!.Total).toBe(total);
    expect(sheet.Rows[0]!.Grade).toBe(gradeOf(total, FIVE)!.grade);
  });

  it('climbs HOD → faculty board → senate, is locked, and reaches students only when published', async () => {
    let sheet = await sheetOf(lecturer);
    // The HOD returns it with a comment; the lecturer corrects and resubmits.
    expect(
      (
        await post(`/api/admin/results/sheets/${sheet.Id}/submit`, lecturer, {
          ExpectedVersion: sheet.Version,
        })
      ).statusCode,
    ).toBe(200);
    sheet = await sheetOf(adviser);
    expect((await decide(adviser, sheet, 'return')).json().Message).toBe(M.commentRequired);
    expect((await decide(adviser, sheet, 'return', 'Check the exam scores.')).statusCode).toBe(200);
    sheet = await sheetOf(lecturer);
    expect(sheet).toMatchObject({ State: 'returned', CanEdit: true });
    expect(sheet.History[0]).toMatchObject({
      Action: 'returned',
      Stage: 'Head of Department',
      Comment: 'Check the exam scores.',
    });
    expect(
      (
        await post(`/api/admin/results/sheets/${sheet.Id}/submit`, lecturer, {
          ExpectedVersion: sheet.Version,
        })
      ).statusCode,
    ).toBe(200);

    const queue = (await get('/api/admin/results/review', adviser)).json();
    expect(queue.Data).toEqual([expect.objectContaining({ Code: 'CSC 101', Stage: 'Head of Department' })]);
    expect((await get('/api/admin/results/review', admin)).json().Data).toEqual([]);
    await climb();
    sheet = await sheetOf(lecturer);
    expect(sheet).toMatchObject({ State: 'approved', CanEdit: false, CanAmend: true });
    expect((await save(lecturer, sheet.Version, { [sheet.Items[0]!.Id]: 1 })).json().Message).toBe(M.locked);

    // Nothing reaches the student before publication.
    expect((await results(s4)).Semesters).toEqual([]);
    const state = (await get(`/api/admin/results/publication?semesterId=${semesterId}`, admin)).json().Data;
    expect(state).toMatchObject({ Approved: 1, Published: 0 });
    const published = await post('/api/admin/results/publish', admin, { SemesterId: semesterId });
    expect(published.json().Message).toBe(M.published(1));
    expect((await post('/api/admin/results/publish', admin, { SemesterId: semesterId })).json().Message).toBe(
      M.nothingToPublish,
    );
    const mine = await results(s4);
    const row = sheet.Rows[0]!;
    expect(mine.Semesters[0]!.Courses).toEqual([
      expect.objectContaining({
        Code: 'CSC 101',
        Score: row.Total,
        Grade: row.Grade,
        GradePoint: row.GradePoint,
      }),
    ]);
    const attempts: Attempt[] = [
      { courseId: csc101, semester: 1, units: mine.Semesters[0]!.Units, point: row.GradePoint! },
    ];
    expect(mine.Semesters[0]!.Gpa).toBe(gpa(attempts));
    expect(mine.Cgpa).toBe(cgpa(attempts));
    const audited = await db().select().from(auditLog).where(eq(auditLog.entity, 'result_sheet'));
    expect(audited.map((a) => a.action)).toEqual(
      expect.arrayContaining(['save_scores', 'upload_scores', 'submit', 'return', 'approve']),
    );
  });

  it('keeps the history append-only: the database refuses to change it', async () => {
    const refusal = (query: Promise<unknown>) =>
      query.then(
        () => 'accepted',
        (e: { message: string; cause?: { message: string } }) => e.cause?.message ?? e.message,
      );
    expect(await refusal(db().execute(sql`update result_sheet_events set comment = 'x'`))).toMatch(
      /append-only/,
    );
    expect(await refusal(db().execute(sql`delete from result_sheet_events`))).toMatch(/append-only/);
    expect((await db().select().from(resultSheetEvents)).length).toBeGreaterThan(5);
  });

  it('amends a locked result through the chain again, keeping the original visible', async () => {
    const locked = await sheetOf(lecturer);
    expect(
      (await post(`/api/admin/results/sheets/${locked.Id}/amend`, lecturer, { Reason: 'no' })).statusCode,
    ).toBe(400);
    const opened = await post(`/api/admin/results/sheets/${locked.Id}/amend`, lecturer, {
      Reason: 'Exam script re-marked.',
    });
    expect(opened.json()).toMatchObject({ Message: M.amendmentOpened, Data: { Revision: 2 } });
    expect(
      (await post(`/api/admin/results/sheets/${locked.Id}/amend`, lecturer, { Reason: 'Again and again.' }))
        .statusCode,
    ).toBe(409);
    let sheet = await sheetOf(lecturer);
    expect(sheet).toMatchObject({ Revision: 2, State: 'draft', AmendmentReason: 'Exam script re-marked.' });
    const scores = Object.fromEntries(sheet.Items.map((i) => [String(i.Id), i.Max]));
    expect((await save(lecturer, sheet.Version, scores)).statusCode).toBe(200);
    sheet = await sheetOf(lecturer);
    expect(sheet.Rows[0]).toMatchObject({ Total: 100, Grade: 'A' });
    expect(
      (
        await post(`/api/admin/results/sheets/${sheet.Id}/submit`, lecturer, {
          ExpectedVersion: sheet.Version,
        })
      ).statusCode,
    ).toBe(200);
    // Until the amendment is approved and published, the student keeps the published result.
    expect((await results(s4)).Semesters[0]!.Courses[0]!.Score).toBe(locked.Rows[0]!.Total);
    await climb();
    await post('/api/admin/results/publish', admin, { SemesterId: semesterId });
    expect((await results(s4)).Semesters[0]!.Courses[0]).toMatchObject({
      Score: 100,
      Grade: 'A',
      GradePoint: 5,
    });
    const original = await sheetOf(admin, 1);
    expect(original).toMatchObject({ Revision: 1, State: 'published' });
    expect(original.Rows[0]!.Total).toBe(locked.Rows[0]!.Total);
    expect(original.Revisions.map((r) => r.Revision)).toEqual([2, 1]);
  });

  it('prints DIT/2023/0003’s report card with a QR page that knows whether it is current', async () => {
    const mine = await results(s3);
    const [first, second] = mine.Semesters;
    expect([first!.Gpa, second!.Gpa, mine.Cgpa]).toEqual([3.14, 3.67, 3.38]);
    const pdf = await get(`/api/student/results/report-card.pdf?semesterId=${first!.SemesterId}`, s3);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const text = await pdfTextContent(pdf.rawPayload);
    expect(text).toContain('STUDENT REPORT CARD');
    expect(text).toContain('GPA 3.14');
    const id = /ResultVerify\?id=([0-9a-f]+)/.exec(text)![1]!;
    // The same results give the same document.
    const again = await pdfTextContent(
      (await get(`/api/student/results/report-card.pdf?semesterId=${first!.SemesterId}`, s3)).rawPayload,
    );
    expect(again).toContain(id);
    const verified = (await t.app.inject({ method: 'GET', url: `/api/results/verify?id=${id}` })).json().Data;
    expect(verified).toMatchObject({ Kind: 'report_card', MatricNo: 'DIT/2023/0003', Current: true });
    expect(verified.Results.Semesters.map((s: { Gpa: number }) => s.Gpa)).toEqual([3.14]);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/results/verify?id=0123456789abcdef0123' })).statusCode,
    ).toBe(404);
  });

  it('computes the broadsheet of Computer Science 100 level with GPA, CGPA and remarks; XLSX and PDF', async () => {
    const [past] = await db().select().from(semesters).where(eq(semesters.name, '2023/2024 First Semester'));
    const [level] = await db().select().from(levels).where(eq(levels.name, '100 Level'));
    const [dept] = await db().select().from(departments).where(eq(departments.code, 'CSC'));
    const q = `semesterId=${past!.id}&departmentId=${dept!.id}&levelId=${level!.id}`;
    const sheet = (await get(`/api/admin/results/broadsheet?${q}`, admin)).json();
    expect(sheet.Total).toBe(1);
    expect(sheet.Data[0]).toMatchObject({
      MatricNo: 'DIT/2023/0003',
      Gpa: 3.14,
      Cgpa: 3.14,
      Remark: 'Carry-over: CHM 101',
    });
    expect(sheet.Courses.map((c: { Code: string }) => c.Code)).toContain('CHM 101');
    const xlsx = await get(`/api/admin/results/broadsheet.xlsx?${q}`, admin);
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.rawPayload.subarray(0, 2).toString()).toBe('PK');
    const pdf = await get(`/api/admin/results/broadsheet.pdf?${q}`, admin);
    expect(await pdfTextContent(pdf.rawPayload)).toContain('Carry-over: CHM 101');
    expect((await get(`/api/admin/results/broadsheet?${q}`, lecturer)).statusCode).toBe(403);
  });

  it('takes a student’s query to the HOD of the course’s department and shows the answer', async () => {
    const course = (await results(s3)).Semesters[0]!.Courses.find((c) => c.Code === 'CSC 101')!;
    expect(
      (await post('/api/student/results/queries', s3, { ResultId: course.ResultId, Reason: 'short' }))
        .statusCode,
    ).toBe(400);
    const raised = await post('/api/student/results/queries', s3, {
      ResultId: course.ResultId,
      Reason: 'My exam score looks too low.',
    });
    expect(raised.json().Message).toBe(M.queryRaised);
    expect(
      (
        await post('/api/student/results/queries', s3, {
          ResultId: course.ResultId,
          Reason: 'My exam score looks too low.',
        })
      ).json().Message,
    ).toBe(M.queryOpen);
    // Someone else's result is not theirs to query.
    expect(
      (
        await post('/api/student/results/queries', s4, {
          ResultId: course.ResultId,
          Reason: 'Not mine at all, sorry.',
        })
      ).statusCode,
    ).toBe(404);
    const open = (await get('/api/admin/results/queries', adviser)).json().Data;
    expect(open).toEqual([expect.objectContaining({ Code: 'CSC 101', MatricNo: 'DIT/2023/0003' })]);
    expect(
      (
        await post(`/api/admin/results/queries/${open[0].Id}/answer`, adviser, {
          Answer: 'Re-checked: the score stands.',
        })
      ).statusCode,
    ).toBe(200);
    const after = (await results(s3)).Semesters[0]!.Courses.find((c) => c.Code === 'CSC 101')!;
    expect(after.Query).toMatchObject({ Answer: 'Re-checked: the score stands.' });
  });

  it('under a rush: two saves of a new sheet, two approvals of one version — each happens once', async () => {
    const [course] = await db().select().from(courses).where(eq(courses.code, 'CSC 103'));
    const key = `courseId=${course!.id}&semesterId=${semesterId}`;
    const open = async (auth: Auth): Promise<ResultSheet> =>
      (await get(`/api/admin/results/sheet?${key}`, auth)).json().Data;
    const { Items } = await open(lecturer);
    const full = Object.fromEntries(Items.map((i) => [String(i.Id), i.Max / 2]));
    const saveAt = (version: number) =>
      t.app.inject({
        method: 'PUT',
        url: '/api/admin/results/sheet/scores',
        headers: lecturer,
        payload: {
          CourseId: course!.id,
          SemesterId: semesterId,
          ExpectedVersion: version,
          Rows: [{ MatricNo: 'DIT/2024/0004', Scores: full }],
        },
      });
    const saves = await Promise.all([saveAt(0), saveAt(0)]);
    expect(saves.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    let sheet = await open(lecturer);
    expect(sheet.Revisions).toHaveLength(1);
    expect(sheet.Rows[0]!.Total).toBe(50);
    await post(`/api/admin/results/sheets/${sheet.Id}/submit`, lecturer, { ExpectedVersion: sheet.Version });
    sheet = await open(adviser);
    const decisions = await Promise.all([
      decide(adviser, sheet, 'approve'),
      decide(adviser, sheet, 'approve'),
    ]);
    expect(decisions.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect((await open(admin)).Stage).toBe('Faculty Board');
    const approvals = await db()
      .select()
      .from(resultSheetEvents)
      .where(and(eq(resultSheetEvents.sheetId, sheet.Id!), eq(resultSheetEvents.action, 'approved')));
    expect(approvals).toHaveLength(1);
  });

  it('a department whose HOD stage nobody holds is reviewed by the registry, not by another department’s HOD', async () => {
    // CHM 101 taught by the chemistry department, whose HOD stage nobody holds.
    const [chemistry] = await db().select().from(departments).where(eq(departments.code, 'ICH'));
    const [course] = await db()
      .update(courses)
      .set({ departmentId: chemistry!.id })
      .where(eq(courses.code, 'CHM 101'))
      .returning();
    const [member] = await db().select().from(staff).where(eq(staff.email, 'lecturer@demo.edu.ng'));
    const [first] = await db().select().from(semesters).where(eq(semesters.id, semesterId));
    await db()
      .insert(courseLecturers)
      .values({ courseId: course!.id, staffId: member!.id, sessionId: first!.sessionId, role: 'Lead' });
    const key = `courseId=${course!.id}&semesterId=${semesterId}`;
    const open = async (auth: Auth): Promise<ResultSheet> =>
      (await get(`/api/admin/results/sheet?${key}`, auth)).json().Data;
    const { Items } = await open(lecturer);
    const scores = Object.fromEntries(Items.map((i) => [String(i.Id), i.Max]));
    const saved = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/results/sheet/scores',
      headers: lecturer,
      payload: {
        CourseId: course!.id,
        SemesterId: semesterId,
        ExpectedVersion: 0,
        Rows: [{ MatricNo: 'DIT/2024/0004', Scores: scores }],
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    let sheet = await open(lecturer);
    await post(`/api/admin/results/sheets/${sheet.Id}/submit`, lecturer, { ExpectedVersion: sheet.Version });
    expect((await open(adviser)).CanDecide).toBe(false);
    sheet = await open(admin);
    expect(sheet).toMatchObject({ Stage: 'Head of Department', CanDecide: true });
    expect((await decide(admin, sheet, 'approve')).statusCode).toBe(200);
  });

  it('takes one transcript fee per request, then sends the transcript whose link records its opening', async () => {
    const requested = await post('/api/student/transcripts', s3, {
      RecipientName: 'University of Lagos, School of Postgraduate Studies',
      RecipientEmail: 'admissions@unilag.example',
      Destination: 'Nigeria',
    });
    expect(requested.statusCode, requested.body).toBe(200);
    const [request] = requested.json().Data;
    expect(request).toMatchObject({ State: 'awaiting_payment', AmountKobo: 1_000_000 });
    expect(
      (await post(`/api/admin/results/transcripts/${request.Id}/release`, admin, {})).json().Message,
    ).toBe(M.transcriptNotPaid);
    const start = () => post('/api/AddPayeePaymentMonnify?payType=3', s3, { RecordId: request.Id });
    const first = (await start()).json().Data as { checkOutUrl: string };
    const second = (await start()).json().Data as { checkOutUrl: string };
    await submitCheckout(first.checkOutUrl, { webhook: 'twice' });
    await submitCheckout(second.checkOutUrl, { webhook: 'once' });
    await settle(t);
    const paid = await db()
      .select()
      .from(payments)
      .where(and(eq(payments.categoryId, 3), eq(payments.recordId, request.Id)));
    expect(paid.filter((p) => p.state === 'paid')).toHaveLength(1);
    expect(paid.filter((p) => p.flag?.startsWith('duplicate: the transcript fee'))).toHaveLength(1);
    expect(
      await db().select().from(transcriptFees).where(eq(transcriptFees.requestId, request.Id)),
    ).toHaveLength(1);
    expect((await start()).json().Message).toBe(M.transcriptPaid);

    expect((await get('/api/student/transcripts', s3)).json().Data[0].State).toBe('paid');
    expect((await post(`/api/admin/results/transcripts/${request.Id}/process`, admin, {})).statusCode).toBe(
      200,
    );
    const sent = await post(`/api/admin/results/transcripts/${request.Id}/release`, admin, {});
    expect(sent.json().Message).toBe(M.transcriptSent('admissions@unilag.example'));
    expect((await post(`/api/admin/results/transcripts/${request.Id}/release`, admin, {})).statusCode).toBe(
      409,
    );
    const [mail] = await db().select().from(mailOutbox).where(eq(mailOutbox.to, 'admissions@unilag.example'));
    const link = /https?:\/\/\S+ResultVerify\?id=([0-9a-f]+)&r=(\d+)/.exec(mail!.text)!;
    const view = (
      await t.app.inject({ method: 'GET', url: `/api/results/verify?id=${link[1]}&r=${link[2]}` })
    ).json().Data;
    expect(view).toMatchObject({ Kind: 'transcript', Current: true });
    expect(view.Results.DegreeClass).toBe('Second Class Lower');
    const mine = (await get('/api/student/transcripts', s3)).json().Data[0];
    expect(mine.State).toBe('sent');
    expect(mine.OpenedAt).not.toBeNull();
  });

  it('counts a retaken course as the school’s settings say: the latest attempt, or every attempt', async () => {
    // DIT/2023/0003 retakes CHM 101 (failed in 2023/2024) and passes it in 2024/2025.
    const [student] = await db().select().from(students).where(eq(students.matricNo, 'DIT/2023/0003'));
    const [chm] = await db().select().from(courses).where(eq(courses.code, 'CHM 101'));
    await db().insert(courseResults).values({
      studentId: student!.id,
      courseId: chm!.id,
      semesterId,
      units: chm!.units,
      score: 65,
      grade: 'B',
      gradePoint: 4,
      passed: true,
      publishedAt: new Date(),
    });
    const ids = new Map<string, number>();
    const idOf = (code: string) => ids.get(code) ?? ids.set(code, ids.size + 1).get(code)!;
    const attempts = (r: StudentResults): Attempt[] =>
      r.Semesters.flatMap((s, i) =>
        s.Courses.map((c) => ({ courseId: idOf(c.Code), semester: i, units: c.Units, point: c.GradePoint })),
      );
    const latest = await results(s3);
    expect(latest.CarryOvers).toEqual([]);
    expect(latest.Cgpa).toBe(cgpa(attempts(latest), 'latest'));
    await db().update(schoolSettings).set({ retakeRule: 'Every attempt' });
    const every = await results(s3);
    expect(every.Cgpa).toBe(cgpa(attempts(every), 'all'));
    expect(every.Cgpa).toBeLessThan(latest.Cgpa);
    await db().update(schoolSettings).set({ retakeRule: 'Latest attempt' });
  });
});

const FIVE = [
  { grade: 'A', minScore: 70, maxScore: 100, point: 5, isPass: true },
  { grade: 'B', minScore: 60, maxScore: 69, point: 4, isPass: true },
  { grade: 'C', minScore: 50, maxScore: 59, point: 3, isPass: true },
  { grade: 'D', minScore: 45, maxScore: 49, point: 2, isPass: true },
  { grade: 'E', minScore: 40, maxScore: 44, point: 1, isPass: true },
  { grade: 'F', minScore: 0, maxScore: 39, point: 0, isPass: false },
];
