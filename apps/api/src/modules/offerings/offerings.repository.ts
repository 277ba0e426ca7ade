import { and, asc, desc, eq, ilike, inArray, or, sql } from 'drizzle-orm';
import {
  academicSessions,
  admins,
  courseAuditEnrolments,
  courseLecturers,
  courses,
  semesters,
  staff,
  students,
} from '../../db/schema/index.js';
import { referenceData } from '../../platform/cache.js';
import { countSql, likeEscape, preparedOn, type Exec } from '../../platform/db.js';

// ───────────────────────────── offerings ─────────────────────────────

/** A course in a session, with the semester of the course's term in that session (null: none set up). */
export interface OfferingFacts {
  courseId: number;
  sessionId: number;
  code: string;
  title: string;
  units: number;
  term: string;
  session: string;
  semesterId: number | null;
}

const offeringQuery = (db: Exec) =>
  db
    .select({
      courseId: courses.id,
      sessionId: academicSessions.id,
      code: courses.code,
      title: courses.title,
      units: courses.units,
      term: courses.semester,
      session: academicSessions.name,
      semesterId: semesters.id,
    })
    .from(courses)
    .innerJoin(academicSessions, eq(academicSessions.id, sql.placeholder('sessionId')))
    .leftJoin(
      semesters,
      and(eq(semesters.sessionId, academicSessions.id), eq(semesters.term, courses.semester)),
    )
    .where(eq(courses.id, sql.placeholder('courseId')))
    .limit(1)
    .prepare('offering_facts');

/** Reference data (the registry's course, session and semester): cached per process for a while. */
export async function offering(db: Exec, courseId: number, sessionId: number): Promise<OfferingFacts | null> {
  return referenceData(db, `content:offering:${courseId}:${sessionId}`, async () => {
    const [row] = await preparedOn(db, 'offering_facts', offeringQuery).execute({ courseId, sessionId });
    return row ?? null;
  });
}

/** The current semesters (normally one) with their sessions. */
export async function currentSemesters(db: Exec) {
  return referenceData(db, 'offering:current-semesters', () =>
    db
      .select({
        id: semesters.id,
        sessionId: semesters.sessionId,
        term: semesters.term,
        name: semesters.name,
      })
      .from(semesters)
      .where(eq(semesters.isCurrent, true)),
  );
}

export async function currentSessionId(db: Exec): Promise<number | null> {
  const [row] = await db
    .select({ id: academicSessions.id })
    .from(academicSessions)
    .where(eq(academicSessions.isCurrent, true))
    .limit(1);
  return row?.id ?? null;
}

export async function coursesByIds(db: Exec, ids: readonly number[]) {
  if (ids.length === 0) return [];
  const key = [...ids].sort((a, b) => a - b).join(',');
  return referenceData(db, `offering:courses:${key}`, () => coursesByIdsQuery(db, ids));
}

function coursesByIdsQuery(db: Exec, ids: readonly number[]) {
  return db
    .select({
      id: courses.id,
      code: courses.code,
      title: courses.title,
      units: courses.units,
      term: courses.semester,
    })
    .from(courses)
    .where(inArray(courses.id, [...ids]));
}

// ───────────────────────────── lecturers ─────────────────────────────

const lecturerName = sql<string>`trim(${staff.title} || ' ' || ${staff.firstName} || ' ' || ${staff.lastName})`;
/** The admin account of a staff record: the same e-mail (as results reads it). */
const adminOfStaff = sql`lower(${admins.email}) = lower(${staff.email})`;

export async function isLecturerOf(db: Exec, adminId: number, courseId: number, sessionId: number) {
  const rows = await db
    .select({ id: courseLecturers.id })
    .from(courseLecturers)
    .innerJoin(staff, eq(staff.id, courseLecturers.staffId))
    .innerJoin(admins, adminOfStaff)
    .where(
      and(
        eq(admins.id, adminId),
        eq(courseLecturers.courseId, courseId),
        eq(courseLecturers.sessionId, sessionId),
        eq(staff.isActive, true),
      ),
    )
    .limit(1);
  return rows.length > 0;
}

/** The admin accounts of an offering's active lecturers (a lecturer signs in with the staff record's e-mail). */
export async function lecturerAdminIds(db: Exec, courseId: number, sessionId: number): Promise<number[]> {
  const rows = await db
    .selectDistinct({ id: admins.id })
    .from(courseLecturers)
    .innerJoin(staff, eq(staff.id, courseLecturers.staffId))
    .innerJoin(admins, adminOfStaff)
    .where(
      and(
        eq(courseLecturers.courseId, courseId),
        eq(courseLecturers.sessionId, sessionId),
        eq(staff.isActive, true),
      ),
    );
  return rows.map((r) => r.id);
}

/** Whether the admin lectures any course in any session (a lecturer authors only their own offerings). */
/** Whether the admin lectures the course in any session (a course's question bank is its lecturers'). */
export async function lecturesCourse(db: Exec, adminId: number, courseId: number) {
  const rows = await db
    .select({ id: courseLecturers.id })
    .from(courseLecturers)
    .innerJoin(staff, eq(staff.id, courseLecturers.staffId))
    .innerJoin(admins, adminOfStaff)
    .where(and(eq(admins.id, adminId), eq(courseLecturers.courseId, courseId), eq(staff.isActive, true)))
    .limit(1);
  return rows.length > 0;
}

export async function lecturesAnything(db: Exec, adminId: number) {
  const rows = await db
    .select({ id: courseLecturers.id })
    .from(courseLecturers)
    .innerJoin(staff, eq(staff.id, courseLecturers.staffId))
    .innerJoin(admins, adminOfStaff)
    .where(eq(admins.id, adminId))
    .limit(1);
  return rows.length > 0;
}

/** Lecturers of offerings, by `courseId:sessionId`, lead first. */
export async function lecturersOf(db: Exec, offerings: readonly { courseId: number; sessionId: number }[]) {
  if (offerings.length === 0)
    return new Map<string, { name: string; firstName: string; lastName: string }[]>();
  const courseIds = [...new Set(offerings.map((o) => o.courseId))];
  const sessionIds = [...new Set(offerings.map((o) => o.sessionId))];
  const rows = await db
    .select({
      courseId: courseLecturers.courseId,
      sessionId: courseLecturers.sessionId,
      name: lecturerName,
      firstName: staff.firstName,
      lastName: staff.lastName,
    })
    .from(courseLecturers)
    .innerJoin(staff, eq(staff.id, courseLecturers.staffId))
    .where(and(inArray(courseLecturers.courseId, courseIds), inArray(courseLecturers.sessionId, sessionIds)))
    .orderBy(asc(courseLecturers.id));
  const map = new Map<string, { name: string; firstName: string; lastName: string }[]>();
  for (const r of rows) {
    const key = `${r.courseId}:${r.sessionId}`;
    map.set(key, [...(map.get(key) ?? []), { name: r.name, firstName: r.firstName, lastName: r.lastName }]);
  }
  return map;
}

export interface StaffOfferingRow {
  courseId: number;
  sessionId: number;
  code: string;
  title: string;
  term: string;
  session: string;
  semesterId: number | null;
}

/**
 * Offerings for the staff list: the admin's own (course_lecturers rows, every session) or, for a
 * feature's administrator (`adminId` null), every course in the session.
 */
export async function staffOfferings(
  db: Exec,
  q: { adminId: number | null; sessionId: number | null; search?: string; limit: number; offset: number },
): Promise<{ rows: StaffOfferingRow[]; total: number }> {
  const search = q.search
    ? or(ilike(courses.code, `%${likeEscape(q.search)}%`), ilike(courses.title, `%${likeEscape(q.search)}%`))
    : undefined;
  const fields = {
    courseId: courses.id,
    sessionId: academicSessions.id,
    code: courses.code,
    title: courses.title,
    term: courses.semester,
    session: academicSessions.name,
    semesterId: semesters.id,
  };
  if (q.adminId !== null) {
    const where = and(
      sql`exists (select 1 from ${admins} where ${admins.id} = ${q.adminId} and ${adminOfStaff})`,
      q.sessionId ? eq(courseLecturers.sessionId, q.sessionId) : undefined,
      search,
    );
    const base = () =>
      db
        .select(fields)
        .from(courseLecturers)
        .innerJoin(staff, eq(staff.id, courseLecturers.staffId))
        .innerJoin(courses, eq(courses.id, courseLecturers.courseId))
        .innerJoin(academicSessions, eq(academicSessions.id, courseLecturers.sessionId))
        .leftJoin(
          semesters,
          and(eq(semesters.sessionId, academicSessions.id), eq(semesters.term, courses.semester)),
        )
        .where(where);
    const rows = await base()
      .orderBy(desc(academicSessions.name), asc(courses.code))
      .limit(q.limit)
      .offset(q.offset);
    const [count] = await db
      .select({ n: countSql() })
      .from(courseLecturers)
      .innerJoin(staff, eq(staff.id, courseLecturers.staffId))
      .innerJoin(courses, eq(courses.id, courseLecturers.courseId))
      .where(where);
    return { rows, total: count?.n ?? 0 };
  }
  if (!q.sessionId) return { rows: [], total: 0 };
  const where = and(eq(courses.isActive, true), search);
  const rows = await db
    .select(fields)
    .from(courses)
    .innerJoin(academicSessions, eq(academicSessions.id, q.sessionId))
    .leftJoin(
      semesters,
      and(eq(semesters.sessionId, academicSessions.id), eq(semesters.term, courses.semester)),
    )
    .where(where)
    .orderBy(asc(courses.code))
    .limit(q.limit)
    .offset(q.offset);
  const [count] = await db.select({ n: countSql() }).from(courses).where(where);
  return { rows, total: count?.n ?? 0 };
}

// ───────────────────────────── auditors ─────────────────────────────
// Students enrolled by hand in an offering they do not register for (course_audit_enrolments).

const studentName = sql<string>`upper(${students.lastName}) || ' ' || ${students.firstName} || coalesce(' ' || ${students.otherName}, '')`;

/** The student with this matric number (as stored: upper case), or null. */
export async function studentByMatric(db: Exec, matricNo: string) {
  const [row] = await db
    .select({ id: students.id, matricNo: students.matricNo, name: studentName, isActive: students.isActive })
    .from(students)
    .where(eq(students.matricNo, matricNo))
    .limit(1);
  return row ?? null;
}

export interface AuditorRow {
  id: number;
  studentId: number;
  matricNo: string;
  name: string;
  reason: string;
  addedByAdminId: number;
  createdAt: Date;
}

const auditorFields = {
  id: courseAuditEnrolments.id,
  studentId: courseAuditEnrolments.studentId,
  matricNo: students.matricNo,
  name: studentName,
  reason: courseAuditEnrolments.reason,
  addedByAdminId: courseAuditEnrolments.addedByAdminId,
  createdAt: courseAuditEnrolments.createdAt,
};

/** An offering's auditors by matric number, searched by matric number or name when asked. */
export async function auditorsOf(
  db: Exec,
  courseId: number,
  sessionId: number,
  search?: string,
): Promise<AuditorRow[]> {
  const like = search ? `%${likeEscape(search)}%` : null;
  return db
    .select(auditorFields)
    .from(courseAuditEnrolments)
    .innerJoin(students, eq(students.id, courseAuditEnrolments.studentId))
    .where(
      and(
        eq(courseAuditEnrolments.courseId, courseId),
        eq(courseAuditEnrolments.sessionId, sessionId),
        like ? or(ilike(students.matricNo, like), ilike(studentName, like)) : undefined,
      ),
    )
    .orderBy(asc(students.matricNo), asc(students.id));
}

const auditingQuery = (db: Exec) =>
  db
    .select({ one: sql<number>`1` })
    .from(courseAuditEnrolments)
    .where(
      and(
        eq(courseAuditEnrolments.courseId, sql.placeholder('courseId')),
        eq(courseAuditEnrolments.sessionId, sql.placeholder('sessionId')),
        eq(courseAuditEnrolments.studentId, sql.placeholder('studentId')),
      ),
    )
    .limit(1)
    .prepare('offerings_auditing');

/** Whether the student audits the offering (one lookup on the enrolment's unique key). */
export async function isAuditing(db: Exec, studentId: number, courseId: number, sessionId: number) {
  const rows = await preparedOn(db, 'offerings_auditing', auditingQuery).execute({
    courseId,
    sessionId,
    studentId,
  });
  return rows.length > 0;
}

/** Who audits each of these offerings: one query however many. */
export async function auditorsOfOfferings(
  db: Exec,
  offerings: readonly { courseId: number; sessionId: number }[],
) {
  if (offerings.length === 0) return [];
  return db
    .select({
      courseId: courseAuditEnrolments.courseId,
      sessionId: courseAuditEnrolments.sessionId,
      studentId: courseAuditEnrolments.studentId,
    })
    .from(courseAuditEnrolments)
    .where(
      and(
        inArray(courseAuditEnrolments.courseId, [...new Set(offerings.map((o) => o.courseId))]),
        inArray(courseAuditEnrolments.sessionId, [...new Set(offerings.map((o) => o.sessionId))]),
      ),
    );
}

/**
 * The offerings a student audits in these semesters: those of the semester's session whose course
 * is of the semester's term.
 */
export async function auditedIn(db: Exec, studentId: number, semesterIds: readonly number[]) {
  if (semesterIds.length === 0) return [];
  return db
    .select({
      courseId: courseAuditEnrolments.courseId,
      sessionId: courseAuditEnrolments.sessionId,
      semesterId: semesters.id,
    })
    .from(courseAuditEnrolments)
    .innerJoin(courses, eq(courses.id, courseAuditEnrolments.courseId))
    .innerJoin(
      semesters,
      and(eq(semesters.sessionId, courseAuditEnrolments.sessionId), eq(semesters.term, courses.semester)),
    )
    .where(and(eq(courseAuditEnrolments.studentId, studentId), inArray(semesters.id, [...semesterIds])));
}

export async function insertAuditor(
  tx: Exec,
  row: { courseId: number; sessionId: number; studentId: number; reason: string; addedByAdminId: number },
) {
  const [inserted] = await tx.insert(courseAuditEnrolments).values(row).returning();
  return inserted!;
}

/** Removes the student's audit enrolment in the offering; the row removed, or null when there was none. */
export async function deleteAuditor(tx: Exec, courseId: number, sessionId: number, studentId: number) {
  const [removed] = await tx
    .delete(courseAuditEnrolments)
    .where(
      and(
        eq(courseAuditEnrolments.courseId, courseId),
        eq(courseAuditEnrolments.sessionId, sessionId),
        eq(courseAuditEnrolments.studentId, studentId),
      ),
    )
    .returning();
  return removed ?? null;
}
