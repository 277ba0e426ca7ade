import { randomUUID } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SCHOOL_FEES_CATEGORY_ID, type CourseRegistrationPage } from '@portal/contracts';
import {
  auditLog,
  courseAdvisers,
  courseRegistrationCourses,
  courseRegistrationEvents,
  courseRegistrations,
  courses,
  departmentCourses,
  feeAccounts,
  levels,
  semesterRegistrations,
  semesters,
  students,
} from '../../db/schema/index.js';
import { pdfTextContent } from '../../platform/pdf.js';
import { login, startTestApp, type TestApp, dropCourseRegistrationsOf } from '../../../test/helpers.js';

type Auth = Record<string, string>;
const PATH = '/api/student/course-registration';

describe('course registration', () => {
  let t: TestApp;
  let s2: Auth;
  let s3: Auth;
  let s4: Auth;
  let adviser: Auth;
  let admin: Auth;
  let semesterId: number;
  let code: (id: number) => string;
  let idOf: (code: string) => number;

  beforeAll(async () => {
    t = await startTestApp();
    await dropCourseRegistrationsOf(t.database.db, 'DIT/2024/0005');
    s2 = (await login(t.app, 'Student', 'DIT/2024/0002')).auth;
    s3 = (await login(t.app, 'Student', 'DIT/2023/0003')).auth;
    s4 = (await login(t.app, 'Student', 'student4@demo.edu.ng')).auth;
    adviser = (await login(t.app, 'Admin', 'adviser@demo.edu.ng')).auth;
    admin = (await login(t.app, 'Admin', 'admin@demo.edu.ng')).auth;
    const [first] = await db().select().from(semesters).where(eq(semesters.name, '2024/2025 First Semester'));
    semesterId = first!.id;
    const all = await db().select({ id: courses.id, code: courses.code }).from(courses);
    code = (id) => all.find((c) => c.id === id)!.code;
    idOf = (c) => all.find((x) => x.code === c)!.id;
  });
  afterAll(async () => t.close());

  const db = () => t.database.db;
  const get = (url: string, headers: Auth) => t.app.inject({ method: 'GET', url, headers });
  const post = (url: string, headers: Auth, payload: unknown) =>
    t.app.inject({ method: 'POST', url, headers, payload: payload as object });
  const page = async (auth: Auth): Promise<CourseRegistrationPage> => {
    const res = await get(PATH, auth);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().Data;
  };
  const submit = (auth: Auth, courseIds: number[], extra: Record<string, unknown> = {}) =>
    post(PATH, auth, {
      SemesterId: semesterId,
      CourseIds: courseIds,
      IdempotencyKey: randomUUID(),
      ...extra,
    });
  const compulsory = (p: CourseRegistrationPage) =>
    p.Courses.filter((c) => c.Type === 'Compulsory' || c.CarryOver).map((c) => c.CourseId);
  /** DIT/2024/0004's first choice: the compulsory courses and one elective (22 units). */
  const firstChoice = (p: CourseRegistrationPage) => [...compulsory(p), idOf('BIO 101')];
  const eventsOf = (registrationId: number) =>
    db()
      .select()
      .from(courseRegistrationEvents)
      .where(eq(courseRegistrationEvents.registrationId, registrationId));

  /** A new 100-level student whose fees are paid, signed in (the concurrency tests need many). */
  let made = 0;
  async function paidStudent(): Promise<Auth> {
    made += 1;
    const [model] = await db().select().from(students).where(eq(students.matricNo, 'DIT/2024/0004'));
    const {
      id: _id,
      publicId: _p,
      matricNo: _m,
      email: _e,
      applicantId: _a,
      createdAt: _c,
      ...rest
    } = model!;
    const matricNo = `DIT/2024/9${String(made).padStart(3, '0')}`;
    const [row] = await db()
      .insert(students)
      .values({
        ...rest,
        publicId: randomUUID().replace(/-/g, ''),
        matricNo,
        email: `rush${made}@demo.edu.ng`,
      })
      .returning();
    const [account] = await db()
      .select()
      .from(feeAccounts)
      .where(and(eq(feeAccounts.studentId, model!.id), eq(feeAccounts.categoryId, SCHOOL_FEES_CATEGORY_ID)));
    await db().insert(feeAccounts).values({
      studentId: row!.id,
      sessionId: account!.sessionId,
      categoryId: SCHOOL_FEES_CATEGORY_ID,
      dueKobo: account!.dueKobo,
      paidKobo: account!.dueKobo,
    });
    return (await login(t.app, 'Student', matricNo)).auth;
  }

  describe('the student’s page', () => {
    it('opens the first semester for DIT/2024/0004, fees paid: compulsory courses, electives, limits', async () => {
      const p = await page(s4);
      expect(p.Semester?.Name).toBe('2024/2025 First Semester');
      expect(p.Window.State).toBe('open');
      expect(p.Fees.Cleared).toBe(true);
      expect(p.Limits).toEqual({ MinUnits: 15, MaxUnits: 24 });
      expect(p.CanSubmit).toBe(true);
      expect(p.Registration).toBeNull();
      const codes = p.Courses.map((c) => c.Code);
      expect(codes.slice(0, 3)).toEqual(['CHM 101', 'CSC 101', 'CSC 103']);
      expect(p.Courses.find((c) => c.Code === 'STA 111')).toMatchObject({
        Type: 'Elective',
        Required: false,
      });
      // A compulsory course is required as a carry-over is: the page locks it, the server insists.
      expect(p.Courses.find((c) => c.Code === 'CSC 101')).toMatchObject({
        Type: 'Compulsory',
        Required: true,
      });
    });

    it('refuses DIT/2024/0002, who owes the session’s fees, naming the amount, and stores nothing', async () => {
      const p = await page(s2);
      expect(p.Fees.Cleared).toBe(false);
      expect(p.CanSubmit).toBe(false);
      expect(p.Reason).toBe(
        'Pay your school fees before registering: ₦96,500.00 is outstanding for this session ' +
          '(a first instalment of at least ₦57,900.00 is enough to register).',
      );
      const res = await submit(s2, compulsory(p));
      expect(res.statusCode).toBe(409);
      expect(res.json().Message).toBe(p.Reason);
      const rows = await db()
        .select()
        .from(courseRegistrations)
        .innerJoin(students, eq(students.id, courseRegistrations.studentId))
        .where(eq(students.matricNo, 'DIT/2024/0002'));
      expect(rows).toHaveLength(0);
    });

    it('lists DIT/2023/0003’s carry-over first and requires it; the first instalment clears the fees', async () => {
      const p = await page(s3);
      expect(p.Fees.Cleared).toBe(true);
      expect(p.Fees.Outstanding).toBeGreaterThan(0);
      expect(p.Courses[0]).toMatchObject({ Code: 'CHM 101', CarryOver: true, Required: true, Blocked: null });
      const without = compulsory(p).filter((id) => code(id) !== 'CHM 101');
      const res = await submit(s3, without);
      expect(res.statusCode).toBe(400);
      expect(res.json().Message).toBe('CHM 101 is a carry-over and must be registered.');
    });

    it('refuses a course whose prerequisite the student has not passed, naming the prerequisite', async () => {
      const [student] = await db().select().from(students).where(eq(students.matricNo, 'DIT/2023/0003'));
      // CSC 301 (its prerequisite CSC 201 not yet passed) offered to 200 level for this test.
      const [offered] = await db()
        .select()
        .from(departmentCourses)
        .where(eq(departmentCourses.courseId, idOf('CSC 301')));
      await db()
        .update(departmentCourses)
        .set({ levelId: student!.levelId!, type: 'Elective' })
        .where(eq(departmentCourses.id, offered!.id));
      try {
        const p = await page(s3);
        expect(p.Courses.find((c) => c.Code === 'CSC 301')?.Blocked).toBe(
          'CSC 301 needs CSC 201, which you have not passed.',
        );
        const res = await submit(s3, [...compulsory(p), idOf('CSC 301')]);
        expect(res.statusCode).toBe(400);
        expect(res.json().Message).toBe('CSC 301 needs CSC 201, which you have not passed.');
      } finally {
        await db().update(departmentCourses).set(offered!).where(eq(departmentCourses.id, offered!.id));
      }
    });

    it('enforces the unit limits and refuses a course not offered to the level', async () => {
      const p = await page(s4);
      const few = await submit(s4, [idOf('CSC 101'), idOf('CSC 103')]);
      expect(few.statusCode).toBe(400);
      expect(few.json().Message).toBe('CHM 101 is compulsory and must be registered.');
      const all = p.Courses.filter((c) => !c.Blocked).map((c) => c.CourseId);
      const many = await submit(s4, all);
      expect(many.statusCode).toBe(400);
      expect(many.json().Message).toMatch(/^Register at most 24 units; your choice comes to \d+\.$/);
      const other = await submit(s4, [...compulsory(p), idOf('CSC 301')]);
      expect(other.statusCode).toBe(400);
      expect(other.json().Message).toBe(
        `Course ${idOf('CSC 301')} is not offered to your level this semester.`,
      );
      const bad = await post(PATH, s4, { SemesterId: semesterId, CourseIds: [], IdempotencyKey: 'x' });
      expect(bad.statusCode).toBe(400);
    });

    it('says when the window opens, and that it closed, and refuses a submission outside it', async () => {
      const [window] = await db()
        .select()
        .from(semesterRegistrations)
        .where(eq(semesterRegistrations.semesterId, semesterId));
      try {
        await db()
          .update(semesterRegistrations)
          .set({ opensOn: '2099-01-10', closesOn: '2099-02-10', lateClosesOn: null, addDropClosesOn: null })
          .where(eq(semesterRegistrations.id, window!.id));
        const upcoming = await get(`${PATH}?semesterId=${semesterId}`, s4);
        expect(upcoming.json().Data).toMatchObject({
          Window: { State: 'upcoming' },
          CanSubmit: false,
          Reason: 'Course registration opens on 10 January 2099.',
        });
        await db()
          .update(semesterRegistrations)
          .set({ opensOn: '2020-01-10', closesOn: '2020-02-10' })
          .where(eq(semesterRegistrations.id, window!.id));
        const closed = await get(`${PATH}?semesterId=${semesterId}`, s4);
        expect(closed.json().Data.Reason).toBe('Course registration closed on 10 February 2020.');
        const res = await submit(s4, compulsory(await page(s4)));
        expect(res.statusCode).toBe(409);
        expect(res.json().Message).toBe('Course registration closed on 10 February 2020.');
      } finally {
        await db().update(semesterRegistrations).set(window!).where(eq(semesterRegistrations.id, window!.id));
      }
    });
  });

  describe('submitting, approval and the history', () => {
    let registrationId: number;

    it('stores DIT/2024/0004’s submission once, even when the same press arrives twice', async () => {
      const p = await page(s4);
      const body = { SemesterId: semesterId, CourseIds: firstChoice(p), IdempotencyKey: randomUUID() };
      const [a, b] = await Promise.all([post(PATH, s4, body), post(PATH, s4, body)]);
      expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
      expect(a.json().Message).toBe('Your course registration has been submitted for approval.');
      const data: CourseRegistrationPage = b.json().Data;
      expect(data.Registration).toMatchObject({ State: 'submitted', Version: 1, TotalUnits: 22 });
      expect(data.Registration!.Courses).toHaveLength(9);
      registrationId = data.Registration!.Id;
      expect(await eventsOf(registrationId)).toHaveLength(1);
      const again = await post(PATH, s4, body);
      expect(again.statusCode).toBe(200);
      expect(await eventsOf(registrationId)).toHaveLength(1);
      expect(data.History[0]).toMatchObject({
        Kind: 'submitted',
        ByKind: 'Student',
        By: 'MOHAMMED Aisha Zainab',
      });
    });

    it('refuses a submission from a page that no longer shows the registration as it is', async () => {
      const p = await page(s4);
      const res = await submit(s4, firstChoice(p));
      expect(res.statusCode).toBe(409);
      expect(res.json().Message).toBe(
        'Your registration changed in another window. Reload the page and try again.',
      );
      const same = await submit(s4, firstChoice(p), { ExpectedVersion: 1 });
      expect(same.statusCode).toBe(400);
      expect(same.json().Message).toBe(
        'Your choice is the same as the registration you have already submitted.',
      );
    });

    it('shows the adviser the registrations of Computer Science, filtered by state', async () => {
      const res = await get('/api/admin/course-registrations?state=submitted&pageSize=50', adviser);
      expect(res.statusCode, res.body).toBe(200);
      const row = res.json().Data.find((r: { MatricNo: string }) => r.MatricNo === 'DIT/2024/0004');
      expect(row).toMatchObject({ State: 'submitted', TotalUnits: 22, Courses: 9, Level: '100 Level' });
      const detail = await get(`/api/admin/course-registrations/${registrationId}`, adviser);
      expect(detail.json().Data).toMatchObject({
        Student: { MatricNo: 'DIT/2024/0004' },
        Limits: { MinUnits: 15, MaxUnits: 24 },
      });
      expect((await get('/api/admin/course-registrations', s4)).statusCode).toBe(403);
    });

    it('keeps an adviser to the levels advised', async () => {
      const [scope] = await db().select().from(courseAdvisers);
      const [level300] = await db()
        .select({ id: levels.id })
        .from(levels)
        .where(eq(levels.name, '300 Level'));
      await db()
        .update(courseAdvisers)
        .set({ levelId: level300!.id })
        .where(eq(courseAdvisers.id, scope!.id));
      try {
        const list = await get('/api/admin/course-registrations?state=submitted', adviser);
        expect(list.json().Data.map((r: { MatricNo: string }) => r.MatricNo)).not.toContain('DIT/2024/0004');
        expect((await get(`/api/admin/course-registrations/${registrationId}`, adviser)).statusCode).toBe(
          404,
        );
        const res = await post('/api/admin/course-registrations/decide', adviser, {
          Decision: 'approve',
          Registrations: [{ Id: registrationId, Version: 1 }],
        });
        expect(res.json().Data.Skipped).toEqual([
          {
            Id: registrationId,
            Reason: 'This registration is outside the departments and levels you advise.',
          },
        ]);
      } finally {
        await db().update(courseAdvisers).set({ levelId: null }).where(eq(courseAdvisers.id, scope!.id));
      }
    });

    it('approves at the version the adviser saw, locks it, and writes the history and the audit trail', async () => {
      const noComment = await post('/api/admin/course-registrations/decide', adviser, {
        Decision: 'return',
        Registrations: [{ Id: registrationId, Version: 1 }],
      });
      expect(noComment.statusCode).toBe(400);
      const res = await post('/api/admin/course-registrations/decide', adviser, {
        Decision: 'approve',
        Registrations: [{ Id: registrationId, Version: 1 }],
      });
      expect(res.json()).toMatchObject({
        Message: 'Registration approved.',
        Data: { Decided: [registrationId] },
      });
      const twice = await post('/api/admin/course-registrations/decide', adviser, {
        Decision: 'approve',
        Registrations: [{ Id: registrationId, Version: 1 }],
      });
      expect(twice.json().Data.Skipped[0].Reason).toBe('This registration is not awaiting approval.');
      const p = await page(s4);
      expect(p.Registration).toMatchObject({ State: 'approved', Version: 2, DecidedBy: 'Ngozi Eze' });
      expect(p.Registration!.Courses.every((c) => c.Approved && c.Requested)).toBe(true);
      expect(p.History.map((h) => h.Kind)).toEqual(['approved', 'submitted']);
      const trail = await db()
        .select()
        .from(auditLog)
        .where(
          and(eq(auditLog.entity, 'course_registration'), eq(auditLog.entityId, String(registrationId))),
        );
      expect(trail.map((a) => a.action)).toEqual(['approve']);
    });

    it('takes an add/drop request after approval through approval again', async () => {
      const p = await page(s4);
      const compulsoryDropped = await submit(
        s4,
        firstChoice(p).filter((id) => code(id) !== 'GST 113'),
        { ExpectedVersion: 2 },
      );
      expect(compulsoryDropped.statusCode).toBe(400);
      expect(compulsoryDropped.json().Message).toBe('GST 113 is compulsory and must be registered.');
      const chosen = [...compulsory(p), idOf('STA 111')];
      const res = await submit(s4, chosen, { ExpectedVersion: 2 });
      expect(res.statusCode, res.body).toBe(200);
      const data: CourseRegistrationPage = res.json().Data;
      expect(data.Registration).toMatchObject({ State: 'submitted', Version: 3, TotalUnits: 22 });
      const bio = data.Registration!.Courses.find((c) => c.Code === 'BIO 101');
      const sta = data.Registration!.Courses.find((c) => c.Code === 'STA 111');
      expect(bio).toMatchObject({ Requested: false, Approved: true });
      expect(sta).toMatchObject({ Requested: true, Approved: false });
      expect(data.History.slice(0, 3).map((h) => [h.Kind, h.Course])).toEqual(
        expect.arrayContaining([
          ['resubmitted', null],
          ['course_added', 'STA 111'],
          ['course_dropped', 'BIO 101'],
        ]),
      );
      const list = await get('/api/admin/course-registrations?state=submitted', adviser);
      expect(list.json().Data.find((r: { Id: number }) => r.Id === registrationId).AddDrop).toBe(true);
      const approved = await post('/api/admin/course-registrations/decide', adviser, {
        Decision: 'approve',
        Registrations: [{ Id: registrationId, Version: 3 }],
      });
      expect(approved.json().Data.Decided).toEqual([registrationId]);
      const after = await page(s4);
      expect(after.Registration!.Courses.map((c) => c.Code)).not.toContain('BIO 101');
      expect(after.Registration!.Courses.every((c) => c.Approved)).toBe(true);
    });

    it('returns DIT/2023/0003’s registration with a comment; the student resubmits', async () => {
      const p = await page(s3);
      const submitted = await submit(s3, compulsory(p));
      expect(submitted.statusCode, submitted.body).toBe(200);
      const id = submitted.json().Data.Registration.Id;
      const returned = await post('/api/admin/course-registrations/decide', adviser, {
        Decision: 'return',
        Registrations: [{ Id: id, Version: 1 }],
        Comment: 'See the department about CHM 101 before you resubmit.',
      });
      expect(returned.json().Message).toBe('Registration returned.');
      const back = await page(s3);
      expect(back.Registration).toMatchObject({
        State: 'returned',
        Comment: 'See the department about CHM 101 before you resubmit.',
      });
      expect(back.CanSubmit).toBe(true);
      // A returned registration may go back unchanged: the carry-over and every compulsory course.
      const again = await submit(s3, compulsory(back), { ExpectedVersion: 2 });
      expect(again.statusCode, again.body).toBe(200);
      expect(again.json().Message).toBe('Your changes have been submitted for approval.');
      const history = (again.json().Data as CourseRegistrationPage).History;
      expect(history.find((h) => h.Kind === 'returned')).toMatchObject({
        ByKind: 'Admin',
        Comment: 'See the department about CHM 101 before you resubmit.',
      });
      const registry = await get('/api/admin/course-registrations/student?matricNo=dit/2023/0003', admin);
      expect(registry.json().Data[0].History.map((h: { Kind: string }) => h.Kind)).toContain('returned');
      // The registry's record of the student (studentenquiry) carries it too.
      const [student] = await db().select().from(students).where(eq(students.matricNo, 'DIT/2023/0003'));
      const record = await get(`/api/admin/records/students/${student!.id}`, admin);
      expect(record.json().Data.courseRegistrations[0]).toMatchObject({
        Semester: '2024/2025 First Semester',
        Registration: { State: 'submitted', Version: 3 },
      });
      expect(record.json().Data.courseRegistrations[0].History[0].Kind).toBe('resubmitted');
    });

    it('refuses to change or remove a history row, in the database itself', async () => {
      const [event] = await eventsOf(registrationId);
      const refused = (query: Promise<unknown>) =>
        query.then(
          () => 'allowed',
          (e: Error & { cause?: Error }) => e.cause?.message ?? e.message,
        );
      expect(
        await refused(
          db()
            .update(courseRegistrationEvents)
            .set({ comment: 'rewritten' })
            .where(eq(courseRegistrationEvents.id, event!.id)),
        ),
      ).toMatch(/append-only: UPDATE is refused/);
      expect(
        await refused(
          db().delete(courseRegistrationEvents).where(eq(courseRegistrationEvents.id, event!.id)),
        ),
      ).toMatch(/append-only: DELETE is refused/);
      expect(await refused(db().execute(sql`truncate course_registration_events cascade`))).toMatch(
        /append-only: TRUNCATE is refused/,
      );
      expect((await eventsOf(registrationId)).find((e) => e.id === event!.id)?.comment).toBe(event!.comment);
    });
  });

  describe('the course form and its public page', () => {
    it('prints the registration with a QR link that says whether the form is outdated', async () => {
      const pdf = await get(`${PATH}/form.pdf?semesterId=${semesterId}`, s4);
      expect(pdf.statusCode).toBe(200);
      expect(pdf.headers['content-type']).toBe('application/pdf');
      const text = await pdfTextContent(pdf.rawPayload);
      expect(text).toContain('COURSE REGISTRATION FORM');
      expect(text).toContain('DIT/2024/0004');
      expect(text).toContain('STA 111');
      expect(text).toContain('Approved');
      const p = await page(s4);
      const reg = p.Registration!;
      expect(text).toContain(`/portal/CourseForm?id=${reg.PublicId}&v=${reg.Version}`);
      const current = await get(`/api/course-forms/verify?id=${reg.PublicId}&v=${reg.Version}`, {});
      expect(current.statusCode).toBe(200);
      expect(current.json().Data).toMatchObject({
        MatricNo: 'DIT/2024/0004',
        Outdated: false,
        Registration: { State: 'approved' },
      });
      const old = await get(`/api/course-forms/verify?id=${reg.PublicId}&v=1`, {});
      expect(old.json().Data).toMatchObject({ Outdated: true, FormVersion: 1 });
      expect(old.json().Data.ChangedAt).toEqual(expect.any(String));
      expect((await get(`/api/course-forms/verify?id=${'0'.repeat(32)}`, {})).statusCode).toBe(404);
      expect((await get(`/api/course-forms/verify?id=nope`, {})).statusCode).toBe(400);
      expect((await get(`${PATH}/form.pdf?semesterId=${semesterId}`, s2)).statusCode).toBe(404);
    });
  });

  describe('lists for lecturers and the registry', () => {
    it('lists the students of a course, exports them, counts, and names who has not registered', async () => {
      const list = await get(
        `/api/admin/course-lists?courseId=${idOf('CSC 101')}&semesterId=${semesterId}`,
        adviser,
      );
      expect(list.statusCode, list.body).toBe(200);
      expect(list.json().Data.map((r: { MatricNo: string }) => r.MatricNo)).toContain('DIT/2024/0004');
      const csv = await get(
        `/api/admin/course-lists/export?courseId=${idOf('CSC 101')}&semesterId=${semesterId}&format=csv`,
        adviser,
      );
      expect(csv.statusCode).toBe(200);
      const lines = csv.body
        .replace(/^\uFEFF/, '')
        .trim()
        .split('\r\n');
      expect(lines[0]).toBe('S/N,Matric No.,Name,Department,Level,Registration,Carry-over,Signature');
      expect(lines.some((l) => l.startsWith('1,DIT/2024/0004,'))).toBe(true);
      const xlsx = await get(
        `/api/admin/course-lists/export?courseId=${idOf('CSC 101')}&semesterId=${semesterId}&format=xlsx`,
        adviser,
      );
      expect(xlsx.rawPayload.subarray(0, 2).toString()).toBe('PK');
      const counts = await get(`/api/admin/course-lists/counts?semesterId=${semesterId}`, adviser);
      const csc101 = counts.json().Data.Courses.find((c: { Code: string }) => c.Code === 'CSC 101');
      expect(csc101).toMatchObject({ Registered: 1, Approved: 1 });
      const none = await get(
        `/api/admin/course-lists/unregistered?semesterId=${semesterId}&pageSize=100`,
        adviser,
      );
      const matrics = none.json().Data.map((r: { MatricNo: string }) => r.MatricNo);
      expect(matrics).toContain('DIT/2024/0002');
      expect(matrics).not.toContain('DIT/2024/0004');
    });
  });

  describe('under the rush', () => {
    it('two tabs submitting a first registration at once: one is stored, the other is told to reload', async () => {
      const auth = await paidStudent();
      const p = await page(auth);
      const [a, b] = await Promise.all([submit(auth, compulsory(p)), submit(auth, compulsory(p))]);
      expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
      const regs = await db()
        .select()
        .from(courseRegistrations)
        .where(eq(courseRegistrations.studentId, await studentIdOf(auth)));
      expect(regs).toHaveLength(1);
    });

    it('two tabs changing the same registration: one change wins, the unit limits hold', async () => {
      const auth = await paidStudent();
      const p = await page(auth);
      expect((await submit(auth, compulsory(p))).statusCode).toBe(200);
      const plus = (c: string) => [...compulsory(p), idOf(c)];
      const [a, b] = await Promise.all([
        submit(auth, plus('STA 111'), { ExpectedVersion: 1 }),
        submit(auth, plus('BIO 101'), { ExpectedVersion: 1 }),
      ]);
      expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
      const after = await page(auth);
      expect(after.Registration!.TotalUnits).toBe(22);
      expect(after.Registration!.Courses.filter((c) => c.Requested)).toHaveLength(9);
    });

    it('many students registering at once: every submission stored once, no course counted twice', async () => {
      const auths = [];
      for (let i = 0; i < 12; i++) auths.push(await paidStudent());
      const p = await page(auths[0]!);
      const results = await Promise.all(
        auths.flatMap((auth) => {
          const body = { SemesterId: semesterId, CourseIds: compulsory(p), IdempotencyKey: randomUUID() };
          return [post(PATH, auth, body), post(PATH, auth, body)];
        }),
      );
      expect(results.every((r) => r.statusCode === 200)).toBe(true);
      const ids = [];
      for (const auth of auths) ids.push(await studentIdOf(auth));
      const regs = await db()
        .select()
        .from(courseRegistrations)
        .where(inArray(courseRegistrations.studentId, ids));
      expect(regs).toHaveLength(12);
      const rows = await db()
        .select({
          n: sql<number>`count(*)::int`,
          distinct: sql<number>`count(distinct (registration_id, course_id))::int`,
        })
        .from(courseRegistrationCourses)
        .where(
          inArray(
            courseRegistrationCourses.registrationId,
            regs.map((r) => r.id),
          ),
        );
      expect(rows[0]).toEqual({ n: 12 * 8, distinct: 12 * 8 });
      const events = await db()
        .select()
        .from(courseRegistrationEvents)
        .where(
          inArray(
            courseRegistrationEvents.registrationId,
            regs.map((r) => r.id),
          ),
        );
      expect(events).toHaveLength(12);
    });

    async function studentIdOf(auth: Auth): Promise<number> {
      const res = await get('/api/student/profile', auth);
      const matric = res.json().Data.MatricNo as string;
      const [row] = await db()
        .select({ id: students.id })
        .from(students)
        .where(eq(students.matricNo, matric));
      return row!.id;
    }
  });
});
