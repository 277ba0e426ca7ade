import { randomUUID } from 'node:crypto';
import { eq, ne } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ASSIGNMENT_PAGE,
  CONTENT_PAGES,
  CBT_PAGE,
  DISCUSSION_PAGES,
  LEARNERS_API,
  LEARNERS_PAGE,
  LIVE_CLASS_PAGES,
  OFFERING_MESSAGES,
  OFFERING_PAGES,
  OFFERINGS_API,
  type StaffOffering,
} from '@portal/contracts';
import {
  academicSessions,
  courseRegistrationCourses,
  courseRegistrations,
  courses,
  students,
} from '../../db/schema/index.js';
import { makeAdmin } from '../admin/test-support.js';
import {
  dropCourseRegistrationsOf,
  login,
  startTestApp,
  statementsDuring,
  type TestApp,
} from '../../../test/helpers.js';
import * as offerings from './offerings.service.js';

/**
 * The offerings module with the README's demo data: DIT/2024/0005 is registered (approved) for the
 * first semester's CSC 101 in 2024/2025.
 */
const REGISTERED = { auditors: false } as const;
const CLASSROOM = { auditors: true } as const;

describe('offerings', () => {
  let t: TestApp;
  let session: number;
  let otherSession: number;
  const byCode = new Map<string, number>();

  beforeAll(async () => {
    t = await startTestApp({}, { jobs: false });
    const db = t.database.db;
    session = (await db.select().from(academicSessions).where(eq(academicSessions.name, '2024/2025')))[0]!.id;
    otherSession = (await db.select().from(academicSessions).where(ne(academicSessions.id, session)))[0]!.id;
    for (const c of await db.select().from(courses)) byCode.set(c.code, c.id);
  }, 120_000);
  afterAll(() => t?.close(), 60_000);

  /** Registers a student for courses in a semester: `approved` courses in the approved set, the rest only requested. */
  async function register(
    matricNo: string,
    semesterId: number,
    approved: number[],
    requestedOnly: number[] = [],
  ) {
    const db = t.database.db;
    const [student] = await db.select().from(students).where(eq(students.matricNo, matricNo));
    const [registration] = await db
      .insert(courseRegistrations)
      .values({
        publicId: randomUUID(),
        studentId: student!.id,
        semesterId,
        state: 'approved',
        totalUnits: 3 * (approved.length + requestedOnly.length),
      })
      .returning();
    await db.insert(courseRegistrationCourses).values([
      ...approved.map((courseId) => ({
        registrationId: registration!.id,
        courseId,
        units: 3,
        approved: true,
      })),
      ...requestedOnly.map((courseId) => ({ registrationId: registration!.id, courseId, units: 3 })),
    ]);
  }

  it('counts the students of several offerings at once, in one query, as each roster has them', async () => {
    const db = t.database.db;
    const csc101 = (await offerings.offering(db, byCode.get('CSC 101')!, session))!;
    const mth101 = (await offerings.offering(db, byCode.get('MTH 101')!, session))!;
    const csc103 = (await offerings.offering(db, byCode.get('CSC 103')!, session))!;
    const elsewhere = (await offerings.offering(db, byCode.get('CSC 101')!, otherSession))!;
    expect(csc101.semesterId).not.toBeNull();
    expect(mth101.semesterId).toBe(csc101.semesterId);

    const others = (await db.select().from(students).where(ne(students.matricNo, 'DIT/2024/0005')))
      .map((s) => s.matricNo)
      .slice(0, 3);
    expect(others).toHaveLength(3);
    const semester = csc101.semesterId!;
    for (const matricNo of others) await dropCourseRegistrationsOf(db, matricNo);
    const before = new Map<string, number>();
    for (const o of [csc101, mth101, csc103])
      before.set(o.code, (await offerings.roster(db, o, REGISTERED)).length);
    await register(others[0]!, semester, [csc101.courseId, mth101.courseId]);
    await register(others[1]!, semester, [csc101.courseId], [mth101.courseId]);
    await register(others[2]!, semester, [csc103.courseId]);

    const list = [csc101, mth101, csc103, elsewhere, { ...csc103, sessionId: 999_999, semesterId: null }];
    let sizes = new Map<string, number>();
    const statements = await statementsDuring(db, async () => {
      sizes = await offerings.rosterSizes(db, list, REGISTERED);
    });
    expect(statements).toHaveLength(1);
    // The two registered here for CSC 101; MTH 101 only where approved.
    expect(sizes.get(`${csc101.courseId}:${session}`)).toBe(before.get('CSC 101')! + 2);
    expect(sizes.get(`${mth101.courseId}:${session}`)).toBe(before.get('MTH 101')! + 1);
    expect(sizes.get(`${csc103.courseId}:${session}`)).toBe(before.get('CSC 103')! + 1);
    expect(before.get('CSC 101')).toBeGreaterThanOrEqual(1);
    expect(sizes.get(`${csc103.courseId}:999999`)).toBe(0);
    for (const o of [csc101, mth101, csc103, elsewhere])
      expect(sizes.get(`${o.courseId}:${o.sessionId}`), o.code).toBe(
        (await offerings.roster(db, o, REGISTERED)).length,
      );
    expect(await offerings.rosterSizes(db, [], REGISTERED)).toEqual(new Map());
    expect(await offerings.rosterSizes(db, [], CLASSROOM)).toEqual(new Map());

    // The same course in another session's semester is counted apart.
    if (elsewhere.semesterId !== null) {
      const was = (await offerings.roster(db, elsewhere, REGISTERED)).length;
      await dropCourseRegistrationsOf(db, others[2]!);
      await register(others[2]!, elsewhere.semesterId, [elsewhere.courseId]);
      const again = await offerings.rosterSizes(db, [csc103, elsewhere], REGISTERED);
      expect(again.get(`${elsewhere.courseId}:${otherSession}`)).toBe(was + 1);
      expect(again.get(`${csc103.courseId}:${session}`)).toBe(before.get('CSC 103'));
    }
  });

  it('counts an auditor in the classroom, never among the registered, and once when they register after all', async () => {
    const db = t.database.db;
    const admin = (await login(t.app, 'Admin', 'admin@demo.edu.ng')).auth;
    const csc101 = (await offerings.offering(db, byCode.get('CSC 101')!, session))!;
    const mth101 = (await offerings.offering(db, byCode.get('MTH 101')!, session))!;
    // A student who takes neither course (the previous test registers some students: not this one).
    const matricNo = 'DIT/2024/0004';
    await dropCourseRegistrationsOf(db, matricNo);
    const [student] = await db.select().from(students).where(eq(students.matricNo, matricNo));
    const id = student!.id;
    const registered = (await offerings.rosterSizes(db, [csc101, mth101], REGISTERED)).get(
      `${csc101.courseId}:${session}`,
    )!;
    expect(await offerings.isEnrolled(db, id, csc101.courseId, session, CLASSROOM)).toBe(false);

    const added = await t.app.inject({
      method: 'POST',
      url: LEARNERS_API.auditors,
      headers: admin,
      payload: { CourseId: csc101.courseId, SessionId: session, MatricNo: matricNo, Reason: 'Staff child' },
    });
    expect(added.statusCode, added.body).toBe(200);

    // The classroom counts them; the registered roster (exams, results) does not.
    let sizes = new Map<string, number>();
    const statements = await statementsDuring(db, async () => {
      sizes = await offerings.rosterSizes(db, [csc101, mth101], CLASSROOM);
    });
    expect(statements.length).toBeLessThanOrEqual(3);
    expect(sizes.get(`${csc101.courseId}:${session}`)).toBe(registered + 1);
    expect((await offerings.rosterSizes(db, [csc101], REGISTERED)).get(`${csc101.courseId}:${session}`)).toBe(
      registered,
    );
    expect(await offerings.isEnrolled(db, id, csc101.courseId, session, CLASSROOM)).toBe(true);
    expect(await offerings.isEnrolled(db, id, csc101.courseId, session, REGISTERED)).toBe(false);
    expect(await offerings.isEnrolled(db, id, mth101.courseId, session, CLASSROOM)).toBe(false);
    const classroom = await offerings.roster(db, csc101, CLASSROOM);
    expect(classroom.find((r) => r.studentId === id)).toMatchObject({ matricNo, auditing: true });
    expect(await offerings.rosterIds(db, csc101, REGISTERED)).not.toContain(id);
    await expect(offerings.enrolledOffering(db, id, csc101.courseId, session, REGISTERED)).rejects.toThrow(
      OFFERING_MESSAGES.notEnrolled,
    );
    const current = await offerings.currentOfferingsOf(db, id, CLASSROOM);
    expect(current.offerings).toContainEqual(
      expect.objectContaining({ courseId: csc101.courseId, sessionId: session, auditing: true }),
    );
    expect((await offerings.currentOfferingsOf(db, id, REGISTERED)).offerings).toEqual([]);

    // Registered and approved for the course after all: counted once, as registered.
    await register(matricNo, csc101.semesterId!, [csc101.courseId]);
    sizes = await offerings.rosterSizes(db, [csc101], CLASSROOM);
    expect(sizes.get(`${csc101.courseId}:${session}`)).toBe(registered + 1);
    const once = (await offerings.roster(db, csc101, CLASSROOM)).filter((r) => r.studentId === id);
    expect(once).toEqual([expect.objectContaining({ auditing: false })]);
    const taken = (await offerings.currentOfferingsOf(db, id, CLASSROOM)).offerings.filter(
      (o) => o.courseId === csc101.courseId,
    );
    expect(taken).toEqual([expect.objectContaining({ auditing: false })]);
    await dropCourseRegistrationsOf(db, matricNo);
  });

  it('lists the caller’s offerings for each classroom page from one route, held to the page asked for', async () => {
    const lecturer = (await login(t.app, 'Admin', 'lecturer@demo.edu.ng')).auth;
    const admin = (await login(t.app, 'Admin', 'admin@demo.edu.ng')).auth;
    const list = async (page: string, auth: Record<string, string>, query = '') => {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/admin/offerings/${page}${query}`,
        headers: auth,
      });
      return res;
    };
    expect(OFFERING_PAGES).toEqual([
      CONTENT_PAGES.manage,
      ASSIGNMENT_PAGE,
      LIVE_CLASS_PAGES.manage,
      DISCUSSION_PAGES.learning,
      LEARNERS_PAGE,
      CBT_PAGE,
    ]);
    const sizes = new Map<string, number>();
    for (const page of OFFERING_PAGES) {
      // The lecturer: their own offerings (CSC 101 and CSC 103), whatever classroom page; the
      // console's learners page is the registry's, which the Lecturer role does not hold.
      const mine = await list(page, lecturer);
      if (page === LEARNERS_PAGE) {
        expect(mine.statusCode).toBe(403);
        continue;
      }
      expect(mine.statusCode, `${page}: ${mine.body}`).toBe(200);
      const rows = mine.json().Data as StaffOffering[];
      expect(rows.map((o) => o.Code).sort(), page).toEqual(['CSC 101', 'CSC 103']);
      const csc101 = rows.find((o) => o.Code === 'CSC 101')!;
      expect(csc101.Lecturers.length).toBeGreaterThan(0);
      const facts = (await offerings.offering(t.database.db, csc101.CourseId, csc101.SessionId))!;
      expect(csc101.Enrolled).toBe((await offerings.roster(t.database.db, facts, CLASSROOM)).length);
      sizes.set(page, csc101.Enrolled);
      // What the page's feature counts: content its items; the others nothing.
      if (page === CONTENT_PAGES.manage) expect(csc101.Counts).toMatchObject({ Published: 4, Items: 4 });
      else expect(csc101.Counts).toEqual({});
      // The super admin (every page, lectures nothing): every active course of the session, searched.
      const all = await list(page, admin, '?search=MTH&pageSize=5');
      expect(all.statusCode).toBe(200);
      expect((all.json().Data as StaffOffering[]).map((o) => o.Code)).toContain('MTH 101');
    }
    expect(new Set(sizes.values()).size).toBe(1);
    expect(OFFERINGS_API.staff(ASSIGNMENT_PAGE)).toBe('/api/admin/offerings/assignment');

    // An admin holding assignments only: that page's list, not content's (its access is the page asked for).
    const assignmentsOnly = (await makeAdmin(t.app, t.database.db, 'asg-only', [ASSIGNMENT_PAGE])).headers;
    expect((await list(ASSIGNMENT_PAGE, assignmentsOnly)).statusCode).toBe(200);
    const refused = await list(CONTENT_PAGES.manage, assignmentsOnly);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().Data).toBeUndefined();
    // A page with no such list: 400, named.
    const unknown = await list('AuditTrail', admin);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.body).toContain(OFFERING_MESSAGES.unknownPage);
    // Without any of the pages: 403; signed out: 401.
    const none = (await makeAdmin(t.app, t.database.db, 'no-pages', [])).headers;
    expect((await list(ASSIGNMENT_PAGE, none)).statusCode).toBe(403);
    expect((await list(ASSIGNMENT_PAGE, {})).statusCode).toBe(401);
  });
});
