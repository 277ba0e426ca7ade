import { randomUUID } from 'node:crypto';
import { eq, ne } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  academicSessions,
  courseRegistrationCourses,
  courseRegistrations,
  courses,
  students,
} from '../../db/schema/index.js';
import {
  dropCourseRegistrationsOf,
  startTestApp,
  statementsDuring,
  type TestApp,
} from '../../../test/helpers.js';
import * as offerings from './offerings.service.js';

/**
 * The offerings module with the README's demo data: DIT/2024/0005 is registered (approved) for the
 * first semester's CSC 101 in 2024/2025.
 */
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
    for (const o of [csc101, mth101, csc103]) before.set(o.code, (await offerings.roster(db, o)).length);
    await register(others[0]!, semester, [csc101.courseId, mth101.courseId]);
    await register(others[1]!, semester, [csc101.courseId], [mth101.courseId]);
    await register(others[2]!, semester, [csc103.courseId]);

    const list = [csc101, mth101, csc103, elsewhere, { ...csc103, sessionId: 999_999, semesterId: null }];
    let sizes = new Map<string, number>();
    const statements = await statementsDuring(db, async () => {
      sizes = await offerings.rosterSizes(db, list);
    });
    expect(statements).toHaveLength(1);
    // The two registered here for CSC 101; MTH 101 only where approved.
    expect(sizes.get(`${csc101.courseId}:${session}`)).toBe(before.get('CSC 101')! + 2);
    expect(sizes.get(`${mth101.courseId}:${session}`)).toBe(before.get('MTH 101')! + 1);
    expect(sizes.get(`${csc103.courseId}:${session}`)).toBe(before.get('CSC 103')! + 1);
    expect(before.get('CSC 101')).toBeGreaterThanOrEqual(1);
    expect(sizes.get(`${csc103.courseId}:999999`)).toBe(0);
    for (const o of [csc101, mth101, csc103, elsewhere])
      expect(sizes.get(`${o.courseId}:${o.sessionId}`), o.code).toBe((await offerings.roster(db, o)).length);
    expect(await offerings.rosterSizes(db, [])).toEqual(new Map());

    // The same course in another session's semester is counted apart.
    if (elsewhere.semesterId !== null) {
      const was = (await offerings.roster(db, elsewhere)).length;
      await dropCourseRegistrationsOf(db, others[2]!);
      await register(others[2]!, elsewhere.semesterId, [elsewhere.courseId]);
      const again = await offerings.rosterSizes(db, [csc103, elsewhere]);
      expect(again.get(`${elsewhere.courseId}:${otherSession}`)).toBe(was + 1);
      expect(again.get(`${csc103.courseId}:${session}`)).toBe(before.get('CSC 103'));
    }
  });
});
