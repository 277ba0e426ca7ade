import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ASSIGNMENTS_API,
  AUDIT_REASON_MAX,
  CBT_API,
  CONTENT_API,
  LEARNERS_API,
  LEARNERS_PAGE,
  OFFERING_MESSAGES as M,
  OFFERINGS_API,
  RECORD_ID_MESSAGE,
  SCORE_PROPOSALS_API,
  SEARCH_TOO_LONG,
  type Learner,
  type LearnersRosterResponse,
  type StaffOffering,
  type StudentAssignment,
} from '@portal/contracts';
import {
  academicSessions,
  auditLog,
  cbtExams,
  courseAuditEnrolments,
  semesters,
} from '../../db/schema/index.js';
import { login, startTestApp, type TestApp } from '../../../test/helpers.js';
import { makeAdmin } from '../admin/test-support.js';

type Auth = Record<string, string>;

/**
 * /app/LearnersManagement's routes on the demo data: the offerings with their enrolment, an
 * offering's learners (paged, searched) with what each did in it, students enrolled by hand to audit
 * an offering, who may read and change them, and the bad input refused. DIT/2024/0005 is registered
 * for CSC 101 of 2024/2025; DIT/2024/0001, 0002 and 0004 are not.
 */
describe("the learners' page", () => {
  let t: TestApp;
  let admin: Auth;
  let csc101: StaffOffering;
  const db = () => t.database.db;
  const get = (url: string, headers: Auth = admin) => t.app.inject({ method: 'GET', url, headers });
  const rosterOf = async (query = '', headers: Auth = admin) => {
    const res = await get(
      `${LEARNERS_API.roster}?courseId=${csc101.CourseId}&sessionId=${csc101.SessionId}${query}`,
      headers,
    );
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as LearnersRosterResponse;
  };
  const addAuditor = (payload: Record<string, unknown>, headers: Auth = admin) =>
    t.app.inject({
      method: 'POST',
      url: LEARNERS_API.auditors,
      headers,
      payload: { CourseId: csc101.CourseId, SessionId: csc101.SessionId, ...payload },
    });
  const removeAuditor = (matricNo: string, headers: Auth = admin) =>
    t.app.inject({
      method: 'DELETE',
      url: `${LEARNERS_API.auditors}?courseId=${csc101.CourseId}&sessionId=${csc101.SessionId}&matricNo=${encodeURIComponent(matricNo)}`,
      headers,
    });
  const auditRows = () => db().select().from(courseAuditEnrolments);
  const trail = (action: string) =>
    db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'course_audit_enrolment'), eq(auditLog.action, action)));

  beforeAll(async () => {
    t = await startTestApp();
    admin = (await login(t.app, 'Admin', 'admin@demo.edu.ng')).auth;
  }, 120_000);
  afterAll(() => t?.close(), 60_000);

  it('lists the offerings of the current session with their lecturers and enrolment', async () => {
    const res = await get(`${OFFERINGS_API.staff(LEARNERS_PAGE)}?search=CSC%20101`);
    expect(res.statusCode, res.body).toBe(200);
    const rows: StaffOffering[] = res.json().Data;
    csc101 = rows.find((r) => r.Code === 'CSC 101')!;
    expect(csc101).toBeDefined();
    expect(csc101.Enrolled).toBeGreaterThan(0);
    expect(csc101.Lecturers.length).toBeGreaterThan(0);
  });

  it("gives an offering's learners with their lessons, submissions and classes", async () => {
    const answer = await rosterOf();
    expect(answer.Offering).toMatchObject({ Code: 'CSC 101', Registered: csc101.Enrolled, Auditing: 0 });
    expect(answer.Total).toBe(csc101.Enrolled);
    expect(answer.Data).toHaveLength(Math.min(csc101.Enrolled, 20));
    expect(answer).toMatchObject({ Page: 1, PageSize: 20 });
    // The demo's student 5 handed in Assignment 1 on time and attended the recorded class.
    const five = answer.Data.find((l) => l.MatricNo === 'DIT/2024/0005')!;
    expect(five).toMatchObject({ Enrolment: 'registered', Reason: null, Submissions: 1, LateSubmissions: 0 });
    expect(five.ClassesAttended).toBeGreaterThanOrEqual(1);
    expect(five.LastActiveAt).not.toBeNull();
    // The demo's past quiz, which student 5 sat (the open test not yet).
    expect(five.ExamsSat).toBe(1);
  });

  it('answers the holders of the page only', async () => {
    expect((await get(OFFERINGS_API.staff(LEARNERS_PAGE), {})).statusCode).toBe(401);
    const { auth: student } = await login(t.app, 'Student', 'DIT/2024/0001');
    expect((await get(OFFERINGS_API.staff(LEARNERS_PAGE), student)).statusCode).toBe(403);
    const plain = (await makeAdmin(t.app, db(), 'plain', ['roles'])).headers;
    expect((await get(OFFERINGS_API.staff(LEARNERS_PAGE), plain)).statusCode).toBe(403);
    const granted = (await makeAdmin(t.app, db(), 'learners', ['LearnersManagement'])).headers;
    expect((await get(OFFERINGS_API.staff(LEARNERS_PAGE), granted)).statusCode).toBe(200);
  });

  it('refuses ids past 2^31, over-long searches and an offering that does not exist', async () => {
    const big = await get(`${LEARNERS_API.roster}?courseId=2147483648&sessionId=1`);
    expect(big.statusCode).toBe(400);
    expect(big.json().Message).toContain(RECORD_ID_MESSAGE);
    const long = await get(`${OFFERINGS_API.staff(LEARNERS_PAGE)}?search=${'x'.repeat(101)}`);
    expect(long.statusCode).toBe(400);
    expect(long.json().Message).toContain(SEARCH_TOO_LONG);
    const longRoster = await get(
      `${LEARNERS_API.roster}?courseId=${csc101.CourseId}&sessionId=${csc101.SessionId}&search=${'x'.repeat(101)}`,
    );
    expect(longRoster.statusCode).toBe(400);
    expect(longRoster.json().Message).toContain(SEARCH_TOO_LONG);
    const missing = await get(`${LEARNERS_API.roster}?courseId=999999&sessionId=${csc101.SessionId}`);
    expect(missing.statusCode).toBe(404);
  });

  describe('an auditor', () => {
    const matricNo = 'DIT/2024/0004';
    let student: Auth;
    let test1: number;
    const content = () => get(CONTENT_API.studentOffering(csc101.CourseId, csc101.SessionId), student);

    beforeAll(async () => {
      student = (await login(t.app, 'Student', matricNo)).auth;
      test1 = (await db().select().from(cbtExams).where(eq(cbtExams.title, 'CSC 101 Test 1')))[0]!.id;
    });

    it('is added by matric number with a reason (audited) and then takes part in the classroom', async () => {
      // Before: not registered, so the course's content is closed to them.
      const before = await content();
      expect(before.statusCode).toBe(403);
      expect(before.json().Message).toBe(M.notEnrolled);

      const res = await addAuditor({
        MatricNo: ' dit/2024/0004 ',
        Reason: '  Staff child auditing CSC 101  ',
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().Message).toBe(M.auditorAdded(matricNo, 'CSC 101'));

      const after = await content();
      expect(after.statusCode, after.body).toBe(200);
      expect(after.json().Data.Code).toBe('CSC 101');
      const mine = (await get(CONTENT_API.studentOfferings, student)).json().Data as { Code: string }[];
      expect(mine.map((o) => o.Code)).toContain('CSC 101');

      const [row] = await auditRows();
      expect(row).toMatchObject({ reason: 'Staff child auditing CSC 101' });
      const [created] = await trail('create');
      expect(created).toMatchObject({
        page: LEARNERS_PAGE,
        entityId: String(row!.id),
        actorEmail: 'admin@demo.edu.ng',
      });
      expect(created!.after).toMatchObject({
        matricNo,
        code: 'CSC 101',
        reason: 'Staff child auditing CSC 101',
      });
    });

    it('is marked Auditing on the roster, counted among the enrolled, with their activity', async () => {
      const answer = await rosterOf();
      expect(answer.Total).toBe(csc101.Enrolled + 1);
      expect(answer.Offering).toMatchObject({ Registered: csc101.Enrolled, Auditing: 1 });
      const row = answer.Data.find((l) => l.MatricNo === matricNo)!;
      expect(row).toMatchObject({
        Enrolment: 'auditing',
        Name: 'MOHAMMED Aisha Zainab',
        Reason: 'Staff child auditing CSC 101',
        LessonsOpened: 0,
        Submissions: 0,
        ClassesAttended: 0,
      });
      expect(row.AddedAt).not.toBeNull();
      // Registered first, then the auditors.
      expect(answer.Data.at(-1)!.MatricNo).toBe(matricNo);
      const listed = (await get(`${OFFERINGS_API.staff(LEARNERS_PAGE)}?search=CSC%20101`)).json()
        .Data as StaffOffering[];
      expect(listed.find((o) => o.Code === 'CSC 101')!.Enrolled).toBe(csc101.Enrolled + 1);
    });

    it('sits no exam: not among the candidates, and a start is refused as not enrolled', async () => {
      const start = await t.app.inject({
        method: 'POST',
        url: CBT_API.open(test1),
        headers: { ...student, 'x-machine-id': 'machine-audit-0001' },
      });
      expect(start.statusCode).toBe(403);
      expect(start.json().Message).toBe(M.notEnrolled);
      const exams = (await get(CBT_API.student, student)).json().Data.Exams as { ExamId: number }[];
      expect(exams.map((e) => e.ExamId)).not.toContain(test1);
      const lecturer = (await login(t.app, 'Admin', 'lecturer@demo.edu.ng')).auth;
      const candidates = await get(CBT_API.candidates(test1), lecturer);
      expect(candidates.statusCode, candidates.body).toBe(200);
      const matrics = (candidates.json().Data.Candidates as { MatricNo: string }[]).map((c) => c.MatricNo);
      expect(matrics).toContain('DIT/2024/0005');
      expect(matrics).not.toContain(matricNo);
    });

    it('reads, submits and gets back an assignment, but no score of theirs goes to the score sheet', async () => {
      const lecturer = (await login(t.app, 'Admin', 'lecturer@demo.edu.ng')).auth;
      const registered = (await login(t.app, 'Student', 'DIT/2024/0005')).auth;
      const ok = async (method: 'GET' | 'POST' | 'PUT', url: string, headers: Auth, payload?: object) => {
        const res = await t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
        expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(200);
        return res.json();
      };
      const ca1 = (
        (await ok('GET', ASSIGNMENTS_API.scoreItems, lecturer)).Data as { Id: number; Name: string }[]
      ).find((i) => i.Name === 'CA 1')!;
      const id = (
        await ok('POST', ASSIGNMENTS_API.offering(csc101.CourseId, csc101.SessionId), lecturer, {
          Title: 'Auditing check',
          Instructions: 'Say what a bit is.',
          OpensAt: new Date(Date.now() - 3600_000).toISOString(),
          DueAt: new Date(Date.now() + 24 * 3600_000).toISOString(),
          LatePolicy: 'refuse',
          MaxScore: 10,
          ScoreItemId: ca1.Id,
        })
      ).Data.Id as number;
      await ok('POST', ASSIGNMENTS_API.publish(id), lecturer);
      const seen = (await ok('GET', ASSIGNMENTS_API.student, student)).Data
        .Assignments as StudentAssignment[];
      expect(seen.find((a) => a.Id === id)).toMatchObject({ CanSubmit: true });
      for (const who of [student, registered]) {
        const boundary = '----auditing-check';
        const res = await t.app.inject({
          method: 'POST',
          url: ASSIGNMENTS_API.submit(id),
          headers: { ...who, 'content-type': `multipart/form-data; boundary=${boundary}` },
          payload: `--${boundary}\r\nContent-Disposition: form-data; name="Text"\r\n\r\nA binary digit.\r\n--${boundary}--\r\n`,
        });
        expect(res.statusCode, res.body).toBe(200);
      }
      const submissions = (await ok('GET', ASSIGNMENTS_API.assignment(id), lecturer)).Data.Submissions as {
        Id: number;
        MatricNo: string;
      }[];
      expect(submissions.map((s) => s.MatricNo).sort()).toEqual(['DIT/2024/0004', 'DIT/2024/0005']);
      for (const s of submissions)
        await ok('PUT', ASSIGNMENTS_API.grade(s.Id), lecturer, { Score: 7, Comment: 'Right.' });
      await ok('POST', ASSIGNMENTS_API.return(id), lecturer);
      const back = (await ok('GET', ASSIGNMENTS_API.student, student)).Data
        .Assignments as StudentAssignment[];
      expect(back.find((a) => a.Id === id)!.Submission).toMatchObject({ Score: 7, Comment: 'Right.' });
      // The score sheet is the registered students': a proposal for DIT/2024/0005 only.
      const [semester] = await db()
        .select({ id: semesters.id })
        .from(semesters)
        .where(and(eq(semesters.sessionId, csc101.SessionId), eq(semesters.isCurrent, true)));
      const proposals = (
        await ok(
          'GET',
          `${SCORE_PROPOSALS_API.list}?courseId=${csc101.CourseId}&semesterId=${semester!.id}`,
          lecturer,
        )
      ).Data as { SourceId: number; MatricNo: string }[];
      expect(proposals.filter((p) => p.SourceId === id).map((p) => p.MatricNo)).toEqual(['DIT/2024/0005']);
    });

    it('refuses bad input with a clear message and saves nothing', async () => {
      const sessionId = csc101.SessionId;
      const refused = async (payload: Record<string, unknown>, status: number, message: string) => {
        const res = await addAuditor(payload);
        expect(res.statusCode, res.body).toBe(status);
        expect(res.json().Message).toContain(message);
      };
      await refused({ MatricNo: 'DIT/2024/9999', Reason: 'A reason' }, 404, M.auditStudentNotFound);
      await refused(
        { MatricNo: matricNo, Reason: 'Again' },
        409,
        M.auditAlreadyAuditing(matricNo, 'CSC 101'),
      );
      await refused(
        { MatricNo: 'DIT/2024/0005', Reason: 'Already registered' },
        409,
        M.auditAlreadyRegistered('DIT/2024/0005', 'CSC 101'),
      );
      await refused(
        { MatricNo: 'DIT/2024/0001', Reason: 'x'.repeat(AUDIT_REASON_MAX + 1) },
        400,
        M.auditReasonTooLong,
      );
      await refused({ MatricNo: 'DIT/2024/0001', Reason: '  ' }, 400, M.auditReasonRequired);
      await refused({ MatricNo: 'DIT/2024/0001' }, 400, M.auditReasonRequired);
      await refused({ MatricNo: '', Reason: 'A reason' }, 400, M.auditMatricRequired);
      await refused(
        { CourseId: 2 ** 31, MatricNo: 'DIT/2024/0001', Reason: 'A reason' },
        400,
        RECORD_ID_MESSAGE,
      );
      await refused(
        { SessionId: 2 ** 31, MatricNo: 'DIT/2024/0001', Reason: 'A reason' },
        400,
        RECORD_ID_MESSAGE,
      );
      await refused(
        { CourseId: 999_999, MatricNo: 'DIT/2024/0001', Reason: 'A reason' },
        404,
        M.offeringNotFound,
      );
      // A session with no semester set up: nobody can take its offerings yet.
      const [bare] = await db()
        .insert(academicSessions)
        .values({ name: '2031/2032', isCurrent: false })
        .returning();
      await refused(
        { SessionId: bare!.id, MatricNo: 'DIT/2024/0001', Reason: 'A reason' },
        409,
        M.auditNoSemester,
      );
      const big = await t.app.inject({
        method: 'DELETE',
        url: `${LEARNERS_API.auditors}?courseId=2147483648&sessionId=${sessionId}&matricNo=DIT%2F2024%2F0004`,
        headers: admin,
      });
      expect(big.statusCode).toBe(400);
      expect(big.json().Message).toContain(RECORD_ID_MESSAGE);
      expect(await auditRows()).toHaveLength(1);
      expect(await trail('create')).toHaveLength(1);
    });

    it('is added and removed only by holders of the learners page', async () => {
      expect((await addAuditor({ MatricNo: 'DIT/2024/0001', Reason: 'A reason' }, {})).statusCode).toBe(401);
      expect((await addAuditor({ MatricNo: 'DIT/2024/0001', Reason: 'A reason' }, student)).statusCode).toBe(
        403,
      );
      const plain = (await makeAdmin(t.app, db(), 'no-learners', ['roles'])).headers;
      expect((await addAuditor({ MatricNo: 'DIT/2024/0001', Reason: 'A reason' }, plain)).statusCode).toBe(
        403,
      );
      expect((await removeAuditor(matricNo, plain)).statusCode).toBe(403);
      // The lecturer teaches CSC 101 but does not hold the console's learners page.
      const lecturer = (await login(t.app, 'Admin', 'lecturer@demo.edu.ng')).auth;
      expect((await addAuditor({ MatricNo: 'DIT/2024/0001', Reason: 'A reason' }, lecturer)).statusCode).toBe(
        403,
      );
      expect(await auditRows()).toHaveLength(1);
    });

    it('is removed (audited), and the classroom closes to them again', async () => {
      const granted = (await makeAdmin(t.app, db(), 'learners-remover', [LEARNERS_PAGE])).headers;
      const res = await removeAuditor(matricNo, granted);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().Message).toBe(M.auditorRemoved(matricNo, 'CSC 101'));
      expect(await auditRows()).toHaveLength(0);
      const closed = await content();
      expect(closed.statusCode).toBe(403);
      expect(closed.json().Message).toBe(M.notEnrolled);
      const [removed] = await trail('delete');
      expect(removed!.page).toBe(LEARNERS_PAGE);
      expect(removed!.before).toMatchObject({ matricNo, reason: 'Staff child auditing CSC 101' });
      expect((await rosterOf()).Total).toBe(csc101.Enrolled);

      const again = await removeAuditor(matricNo);
      expect(again.statusCode).toBe(404);
      expect(again.json().Message).toBe(M.auditNotAuditing(matricNo, 'CSC 101'));
      const unknown = await removeAuditor('DIT/2024/9999');
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json().Message).toBe(M.auditStudentNotFound);
    });
  });

  it('pages the roster on the server, registered first, and searches it by matric number or name', async () => {
    for (const m of ['DIT/2024/0002', 'DIT/2024/0001', 'DIT/2024/0004'])
      expect((await addAuditor({ MatricNo: m, Reason: 'Paging' })).statusCode).toBe(200);
    const whole = await rosterOf('&pageSize=100');
    const total = csc101.Enrolled + 3;
    expect(whole.Total).toBe(total);
    expect(whole.Data.map((l) => l.Enrolment)).toEqual([
      ...Array<string>(csc101.Enrolled).fill('registered'),
      'auditing',
      'auditing',
      'auditing',
    ]);
    expect(whole.Data.slice(-3).map((l) => l.MatricNo)).toEqual([
      'DIT/2024/0001',
      'DIT/2024/0002',
      'DIT/2024/0004',
    ]);
    // Page by page, two at a time: the same learners in the same order, none twice.
    const paged: Learner[] = [];
    for (let page = 1; page <= Math.ceil(total / 2); page += 1) {
      const answer = await rosterOf(`&page=${page}&pageSize=2`);
      expect(answer.Total).toBe(total);
      expect(answer.Data.length).toBeLessThanOrEqual(2);
      paged.push(...answer.Data);
    }
    expect(paged.map((l) => l.StudentId)).toEqual(whole.Data.map((l) => l.StudentId));
    expect((await rosterOf(`&page=${Math.ceil(total / 2) + 1}&pageSize=2`)).Data).toEqual([]);

    const byMatric = await rosterOf('&search=2024/0002');
    expect(byMatric.Data.map((l) => l.MatricNo)).toEqual(['DIT/2024/0002']);
    expect(byMatric.Total).toBe(1);
    const byName = await rosterOf('&search=okafor');
    expect(byName.Data.map((l) => [l.MatricNo, l.Enrolment])).toEqual([['DIT/2024/0005', 'registered']]);
    const auditorByName = await rosterOf('&search=abubakar');
    expect(auditorByName.Data.map((l) => [l.MatricNo, l.Enrolment])).toEqual([['DIT/2024/0001', 'auditing']]);
    // The offering's counts are of the whole roster, whatever the search.
    expect(auditorByName.Offering).toMatchObject({ Registered: csc101.Enrolled, Auditing: 3 });
    expect((await rosterOf('&search=nobody%25_')).Total).toBe(0);
    const bad = await get(
      `${LEARNERS_API.roster}?courseId=${csc101.CourseId}&sessionId=${csc101.SessionId}&pageSize=101`,
    );
    expect(bad.statusCode).toBe(400);
  });
});
