import { and, asc, desc, eq, ilike, inArray, notExists, or, sql, type SQL } from 'drizzle-orm';
import { SCHOOL_ID } from '@portal/contracts';
import {
  academicSessions,
  admins,
  courseAdvisers,
  courseRegistrationCourses,
  courseRegistrationEvents,
  courseRegistrations,
  courseResults,
  courses,
  coursesOfStudy,
  departmentCourses,
  departments,
  lateRegistrationFees,
  levels,
  paymentItems,
  prerequisites,
  programmes,
  registrationLimits,
  schoolSettings,
  semesterRegistrations,
  semesters,
  staff,
  students,
} from '../../db/schema/index.js';
import { referenceData } from '../../platform/cache.js';
import { countSql, likeEscape, preparedOn, type Exec } from '../../platform/db.js';

/**
 * What registration needs to know about a student: scope, programme and what prices the school fees
 * (state of origin, entry mode), so the page's fee gate needs no read of the row of its own.
 */
export async function studentFacts(db: Exec, studentId: number) {
  // Every registration page reads it: a named statement, planned once per connection.
  const [row] = await preparedOn(db, 'courses_student_facts', studentFactsQuery).execute({ studentId });
  return row ?? null;
}
const studentFactsColumns = {
  id: students.id,
  publicId: students.publicId,
  matricNo: students.matricNo,
  email: students.email,
  phone: students.phone,
  firstName: students.firstName,
  lastName: students.lastName,
  otherName: students.otherName,
  isActive: students.isActive,
  stateId: students.stateId,
  levelId: students.levelId,
  departmentId: students.departmentId,
  entryModeId: students.entryModeId,
  programmeId: coursesOfStudy.programmeId,
};
function studentFactsQuery(db: Exec) {
  return db
    .select(studentFactsColumns)
    .from(students)
    .leftJoin(coursesOfStudy, eq(coursesOfStudy.id, students.courseOfStudyId))
    .where(eq(students.id, sql.placeholder('studentId')))
    .limit(1)
    .prepare('courses_student_facts');
}
export type StudentFacts = NonNullable<Awaited<ReturnType<typeof studentFacts>>>;

/**
 * What the student's registration page reads of this module for a semester, in one statement (one
 * round trip rather than five): the student's facts (as `studentFacts`), their published results
 * (as `publishedResults`), and their registration of the semester (as `findRegistration`) with its
 * courses (as `registrationCourses`), its history (as `registrationEvents`), the name of the admin
 * who decided it (as `adminName`) and whether its late fee is paid (as `lateFeePaid`). Null when there
 * is no such student.
 */
export async function registrationPageRows(db: Exec, studentId: number, semesterId: number) {
  const [row] = await preparedOn(db, 'registration_page', registrationPageQuery).execute({
    studentId,
    semesterId,
  });
  if (!row) return null;
  const { registration, results, courseRows, events, decidedByName, lateFeePaid, ...facts } = row;
  return {
    facts,
    results,
    registration,
    courses: registration ? courseRows : [],
    // Timestamps travel as JSON text inside the aggregate: read back as the driver reads them.
    events: registration ? events.map((e) => ({ ...e, at: new Date(e.at) })) : [],
    decidedByName,
    lateFeePaid,
  };
}
function registrationPageQuery(db: Exec) {
  const reg = courseRegistrations;
  const c = courseRegistrationCourses;
  const e = courseRegistrationEvents;
  return db
    .select({
      ...studentFactsColumns,
      registration: reg,
      results: sql<{ courseId: number; passed: boolean }[]>`coalesce((
        select json_agg(json_build_object('courseId', ${courseResults.courseId}, 'passed', ${courseResults.passed})
          order by ${semesters.startDate})
        from ${courseResults} join ${semesters} on ${semesters.id} = ${courseResults.semesterId}
        where ${courseResults.studentId} = ${students.id} and ${courseResults.publishedAt} is not null), '[]'::json)`,
      courseRows: sql<RegistrationCourseRow[]>`coalesce((
        select json_agg(json_build_object('registrationId', ${c.registrationId}, 'courseId', ${c.courseId},
          'code', ${courses.code}, 'title', ${courses.title}, 'units', ${c.units}, 'requested', ${c.requested},
          'approved', ${c.approved}, 'carryOver', ${c.carryOver}) order by ${c.carryOver} desc, ${courses.code} asc)
        from ${c} join ${courses} on ${courses.id} = ${c.courseId}
        where ${c.registrationId} = ${reg.id}), '[]'::json)`,
      events: sql<(Omit<RegistrationEventRow, 'at'> & { at: string })[]>`coalesce((
        select json_agg(json_build_object('at', ${e.at}, 'kind', ${e.kind}, 'version', ${e.version},
          'actorKind', ${e.actorKind}, 'actorName', ${e.actorName}, 'comment', ${e.comment}, 'course', ${courses.code})
          order by ${e.version} desc, ${e.id} asc)
        from ${e} left join ${courses} on ${courses.id} = ${e.courseId}
        where ${e.registrationId} = ${reg.id}), '[]'::json)`,
      decidedByName: sql<string | null>`(select ${admins.firstName} || ' ' || ${admins.lastName}
        from ${admins} where ${admins.id} = ${reg.decidedBy})`,
      lateFeePaid: sql<boolean>`exists (select 1 from ${lateRegistrationFees}
        where ${lateRegistrationFees.studentId} = ${students.id}
          and ${lateRegistrationFees.semesterId} = ${sql.placeholder('semesterId')})`,
    })
    .from(students)
    .leftJoin(coursesOfStudy, eq(coursesOfStudy.id, students.courseOfStudyId))
    .leftJoin(reg, and(eq(reg.studentId, students.id), eq(reg.semesterId, sql.placeholder('semesterId'))))
    .where(eq(students.id, sql.placeholder('studentId')))
    .limit(1)
    .prepare('registration_page');
}

// ───────────────────────────── semesters and windows ─────────────────────────────

const semesterColumns = {
  id: semesters.id,
  name: semesters.name,
  term: semesters.term,
  isCurrent: semesters.isCurrent,
  sessionId: semesters.sessionId,
  sessionName: academicSessions.name,
  opensOn: semesterRegistrations.opensOn,
  closesOn: semesterRegistrations.closesOn,
  lateClosesOn: semesterRegistrations.lateClosesOn,
  addDropClosesOn: semesterRegistrations.addDropClosesOn,
  lateFeeKobo: semesterRegistrations.lateFeeKobo,
  windowOpen: semesterRegistrations.isOpen,
};

/**
 * The school's late-registration switch as it is stored, its row held until the transaction ends
 * (the registry's change of the switch waits for, or is waited for by, whoever holds it).
 */
export async function lateRegistrationSwitch(tx: Exec): Promise<boolean> {
  const [row] = await tx
    .select({ on: schoolSettings.lateRegistrationEnabled })
    .from(schoolSettings)
    .where(eq(schoolSettings.schoolId, SCHOOL_ID))
    .for('update');
  return row?.on ?? true;
}

/**
 * Semesters with their registration windows (left join: a semester may have none), newest first,
 * as they apply: the one place the school's late-registration switch is read. Off, no window has
 * late days (`lateClosesOn` null: registration closes at `closesOn`, no late fee);
 * `lateClosesOnAsSet` keeps the registry's day (a late fee started before the switch went off is
 * still credited to its semester).
 */
export async function semestersWithWindows(db: Exec, semesterId?: number): Promise<SemesterWindow[]> {
  // A few dozen rows, read by every registration page: kept whole as reference data.
  const all = await referenceData(db, 'courses:semesters', () => allSemesterWindows(db));
  return semesterId === undefined ? all : all.filter((w) => w.id === semesterId);
}
async function allSemesterWindows(db: Exec) {
  const rows = await db
    .select({
      ...semesterColumns,
      lateRegistration: sql<boolean>`coalesce((select ${schoolSettings.lateRegistrationEnabled} from ${schoolSettings} where ${schoolSettings.schoolId} = ${SCHOOL_ID}), true)`,
    })
    .from(semesters)
    .innerJoin(academicSessions, eq(academicSessions.id, semesters.sessionId))
    .leftJoin(semesterRegistrations, eq(semesterRegistrations.semesterId, semesters.id))
    .orderBy(desc(semesters.startDate));
  return rows.map(({ lateRegistration, ...w }) => ({
    ...w,
    lateClosesOn: lateRegistration ? w.lateClosesOn : null,
    lateClosesOnAsSet: w.lateClosesOn,
  }));
}
export type SemesterWindow = Awaited<ReturnType<typeof allSemesterWindows>>[number];

export async function unitLimits(db: Exec, programmeId: number, levelId: number, term: string) {
  return referenceData(db, `courses:limits:${programmeId}:${levelId}:${term}`, async () => {
    const [row] = await db
      .select({ minUnits: registrationLimits.minUnits, maxUnits: registrationLimits.maxUnits })
      .from(registrationLimits)
      .where(
        and(
          eq(registrationLimits.programmeId, programmeId),
          eq(registrationLimits.levelId, levelId),
          eq(registrationLimits.semester, term),
        ),
      )
      .limit(1);
    return row ?? null;
  });
}

// ───────────────────────────── courses offered, results, prerequisites ─────────────────────────────

/** The courses a department offers to a level in a session's semester (`departmentcourses`). */
export async function offeredCourses(
  db: Exec,
  scope: { departmentId: number; sessionId: number; levelId: number; term: string },
) {
  const key = `courses:offered:${scope.departmentId}:${scope.sessionId}:${scope.levelId}:${scope.term}`;
  return referenceData(db, key, () =>
    db
      .select({
        courseId: courses.id,
        code: courses.code,
        title: courses.title,
        units: courses.units,
        type: departmentCourses.type,
      })
      .from(departmentCourses)
      .innerJoin(courses, eq(courses.id, departmentCourses.courseId))
      .where(
        and(
          eq(departmentCourses.departmentId, scope.departmentId),
          eq(departmentCourses.sessionId, scope.sessionId),
          eq(departmentCourses.levelId, scope.levelId),
          eq(departmentCourses.semester, scope.term),
          eq(courses.isActive, true),
        ),
      )
      .orderBy(asc(courses.code)),
  );
}

export async function coursesByIds(db: Exec, ids: readonly number[]) {
  if (ids.length === 0) return [];
  return referenceData(db, `courses:by-id:${ids.join(',')}`, () =>
    db
      .select({
        courseId: courses.id,
        code: courses.code,
        title: courses.title,
        units: courses.units,
        type: courses.type,
      })
      .from(courses)
      .where(inArray(courses.id, [...ids])),
  );
}

/** A student's published results, oldest semester first (a later attempt follows an earlier one). */
export async function publishedResults(db: Exec, studentId: number) {
  // Every registration page reads it: a named statement, planned once per connection.
  return preparedOn(db, 'courses_published_results', publishedResultsQuery).execute({ studentId });
}
function publishedResultsQuery(db: Exec) {
  return db
    .select({
      courseId: courseResults.courseId,
      passed: courseResults.passed,
      semesterStart: semesters.startDate,
    })
    .from(courseResults)
    .innerJoin(semesters, eq(semesters.id, courseResults.semesterId))
    .where(
      and(
        eq(courseResults.studentId, sql.placeholder('studentId')),
        sql`${courseResults.publishedAt} is not null`,
      ),
    )
    .orderBy(asc(semesters.startDate))
    .prepare('courses_published_results');
}

/** The prerequisites of some courses: [course, prerequisite id, prerequisite code]. */
export async function prerequisitesOf(db: Exec, courseIds: readonly number[]) {
  if (courseIds.length === 0) return [];
  return referenceData(db, `courses:prerequisites:${courseIds.join(',')}`, () =>
    db
      .select({
        courseId: prerequisites.courseId,
        prerequisiteId: prerequisites.prerequisiteId,
        code: courses.code,
      })
      .from(prerequisites)
      .innerJoin(courses, eq(courses.id, prerequisites.prerequisiteId))
      .where(inArray(prerequisites.courseId, [...courseIds])),
  );
}

// ───────────────────────────── registrations ─────────────────────────────

export type RegistrationRow = typeof courseRegistrations.$inferSelect;

export async function findRegistration(
  db: Exec,
  by: { studentId: number; semesterId: number } | { id: number } | { publicId: string },
  lock = false,
): Promise<RegistrationRow | null> {
  if (!lock && 'studentId' in by) {
    // A student's own registration (every registration page and dashboard): planned once per connection.
    const [row] = await preparedOn(db, 'student_registration', (d) =>
      d
        .select()
        .from(courseRegistrations)
        .where(
          and(
            eq(courseRegistrations.studentId, sql.placeholder('studentId')),
            eq(courseRegistrations.semesterId, sql.placeholder('semesterId')),
          ),
        )
        .limit(1)
        .prepare('student_registration'),
    ).execute(by);
    return row ?? null;
  }
  const where =
    'id' in by
      ? eq(courseRegistrations.id, by.id)
      : 'publicId' in by
        ? eq(courseRegistrations.publicId, by.publicId)
        : and(
            eq(courseRegistrations.studentId, by.studentId),
            eq(courseRegistrations.semesterId, by.semesterId),
          );
  const query = db.select().from(courseRegistrations).where(where).limit(1);
  const [row] = lock ? await query.for('update') : await query;
  return row ?? null;
}

/** Opens the registration row, or answers null when another transaction opened it first. */
export async function insertRegistration(db: Exec, values: typeof courseRegistrations.$inferInsert) {
  const [row] = await db.insert(courseRegistrations).values(values).onConflictDoNothing().returning();
  return row ?? null;
}

export async function updateRegistration(
  db: Exec,
  id: number,
  values: Partial<typeof courseRegistrations.$inferInsert>,
  expect?: { version: number; state: string },
): Promise<RegistrationRow | null> {
  const [row] = await db
    .update(courseRegistrations)
    .set(values)
    .where(
      expect
        ? and(
            eq(courseRegistrations.id, id),
            eq(courseRegistrations.version, expect.version),
            eq(courseRegistrations.state, expect.state),
          )
        : eq(courseRegistrations.id, id),
    )
    .returning();
  return row ?? null;
}

const registrationCourseColumns = {
  registrationId: courseRegistrationCourses.registrationId,
  courseId: courseRegistrationCourses.courseId,
  code: courses.code,
  title: courses.title,
  units: courseRegistrationCourses.units,
  requested: courseRegistrationCourses.requested,
  approved: courseRegistrationCourses.approved,
  carryOver: courseRegistrationCourses.carryOver,
};
const registrationCourseOrder = [desc(courseRegistrationCourses.carryOver), asc(courses.code)];

export async function registrationCourses(db: Exec, registrationIds: readonly number[]) {
  if (registrationIds.length === 0) return [];
  // One registration (the student's page, the dashboard, a submission): a named statement.
  if (registrationIds.length === 1)
    return preparedOn(db, 'registration_courses', registrationCoursesQuery).execute({
      registrationId: registrationIds[0],
    });
  return db
    .select(registrationCourseColumns)
    .from(courseRegistrationCourses)
    .innerJoin(courses, eq(courses.id, courseRegistrationCourses.courseId))
    .where(inArray(courseRegistrationCourses.registrationId, [...registrationIds]))
    .orderBy(...registrationCourseOrder);
}
function registrationCoursesQuery(db: Exec) {
  return db
    .select(registrationCourseColumns)
    .from(courseRegistrationCourses)
    .innerJoin(courses, eq(courses.id, courseRegistrationCourses.courseId))
    .where(eq(courseRegistrationCourses.registrationId, sql.placeholder('registrationId')))
    .orderBy(...registrationCourseOrder)
    .prepare('registration_courses');
}
export type RegistrationCourseRow = Awaited<ReturnType<typeof registrationCourses>>[number];

/** The new submission's courses: rows it drops go (or, when approved, wait for the adviser), new ones come. */
export async function replaceRequestedCourses(
  db: Exec,
  registrationId: number,
  chosen: readonly { courseId: number; units: number; carryOver: boolean }[],
) {
  const ids = chosen.map((c) => c.courseId);
  const rid = eq(courseRegistrationCourses.registrationId, registrationId);
  const notChosen = ids.length
    ? sql`${courseRegistrationCourses.courseId} not in (${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )})`
    : sql`true`;
  await db
    .delete(courseRegistrationCourses)
    .where(and(rid, notChosen, eq(courseRegistrationCourses.approved, false)));
  await db.update(courseRegistrationCourses).set({ requested: false }).where(and(rid, notChosen));
  if (chosen.length)
    await db
      .insert(courseRegistrationCourses)
      .values(chosen.map((c) => ({ registrationId, ...c, requested: true, approved: false })))
      .onConflictDoUpdate({
        target: [courseRegistrationCourses.registrationId, courseRegistrationCourses.courseId],
        set: { requested: true, carryOver: sql`excluded.carry_over` },
      });
}

/** Approval makes the latest submission the approved set. */
export async function approveCourses(db: Exec, registrationId: number) {
  const rid = eq(courseRegistrationCourses.registrationId, registrationId);
  await db.delete(courseRegistrationCourses).where(and(rid, eq(courseRegistrationCourses.requested, false)));
  await db.update(courseRegistrationCourses).set({ approved: true }).where(rid);
}

export async function appendEvents(db: Exec, events: (typeof courseRegistrationEvents.$inferInsert)[]) {
  if (events.length) await db.insert(courseRegistrationEvents).values(events);
}

export async function hasIdempotencyKey(db: Exec, registrationId: number, key: string) {
  const [row] = await db
    .select({ id: courseRegistrationEvents.id })
    .from(courseRegistrationEvents)
    .where(
      and(
        eq(courseRegistrationEvents.registrationId, registrationId),
        eq(courseRegistrationEvents.idempotencyKey, key),
      ),
    )
    .limit(1);
  return !!row;
}

export type RegistrationEventRow = Awaited<ReturnType<typeof registrationEvents>>[number];
export async function registrationEvents(db: Exec, registrationId: number) {
  // Every registration page reads it: a named statement, planned once per connection.
  return preparedOn(db, 'registration_events', registrationEventsQuery).execute({ registrationId });
}
function registrationEventsQuery(db: Exec) {
  return (
    db
      .select({
        at: courseRegistrationEvents.at,
        kind: courseRegistrationEvents.kind,
        version: courseRegistrationEvents.version,
        actorKind: courseRegistrationEvents.actorKind,
        actorName: courseRegistrationEvents.actorName,
        comment: courseRegistrationEvents.comment,
        course: courses.code,
      })
      .from(courseRegistrationEvents)
      .leftJoin(courses, eq(courses.id, courseRegistrationEvents.courseId))
      .where(eq(courseRegistrationEvents.registrationId, sql.placeholder('registrationId')))
      // Newest change first; within one change, the submission before the courses it added or dropped.
      .orderBy(desc(courseRegistrationEvents.version), asc(courseRegistrationEvents.id))
      .prepare('registration_events')
  );
}

export async function adminName(db: Exec, adminId: number | null) {
  if (adminId === null) return null;
  const [row] = await db
    .select({ firstName: admins.firstName, lastName: admins.lastName })
    .from(admins)
    .where(eq(admins.id, adminId))
    .limit(1);
  return row ? `${row.firstName} ${row.lastName}` : null;
}

// ───────────────────────────── advisers ─────────────────────────────

/** The departments and levels an admin advises, through the staff record with the admin's e-mail. */
export async function adviserScopes(db: Exec, adminId: number) {
  return db
    .select({ departmentId: courseAdvisers.departmentId, levelId: courseAdvisers.levelId })
    .from(courseAdvisers)
    .innerJoin(staff, eq(staff.id, courseAdvisers.staffId))
    .innerJoin(admins, sql`lower(${admins.email}) = lower(${staff.email})`)
    .where(and(eq(admins.id, adminId), eq(staff.isActive, true)));
}
export type AdviserScope = Awaited<ReturnType<typeof adviserScopes>>[number];

/** The SQL condition of a set of scopes over a registration (null scopes: everything). */
export function scopeCondition(scopes: readonly AdviserScope[] | null): SQL | undefined {
  if (scopes === null) return undefined;
  if (scopes.length === 0) return sql`false`;
  return or(
    ...scopes.map((s) =>
      and(
        eq(courseRegistrations.departmentId, s.departmentId),
        s.levelId === null ? undefined : eq(courseRegistrations.levelId, s.levelId),
      ),
    ),
  );
}

// ───────────────────────────── lists ─────────────────────────────

const studentName = sql<string>`upper(${students.lastName}) || ' ' || ${students.firstName} || coalesce(' ' || ${students.otherName}, '')`;

export interface RegistrationFilters {
  semesterId?: number;
  departmentId?: number;
  levelId?: number;
  state?: string;
  search?: string;
  scope?: SQL;
}

function registrationWhere(f: RegistrationFilters) {
  const search = f.search ? `%${likeEscape(f.search)}%` : null;
  return and(
    f.semesterId === undefined ? undefined : eq(courseRegistrations.semesterId, f.semesterId),
    f.departmentId === undefined ? undefined : eq(courseRegistrations.departmentId, f.departmentId),
    f.levelId === undefined ? undefined : eq(courseRegistrations.levelId, f.levelId),
    f.state === undefined ? undefined : eq(courseRegistrations.state, f.state),
    search
      ? or(
          ilike(students.matricNo, search),
          ilike(students.lastName, search),
          ilike(students.firstName, search),
        )
      : undefined,
    f.scope,
  );
}

export async function listRegistrations(db: Exec, f: RegistrationFilters, limit: number, offset: number) {
  const where = registrationWhere(f);
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: courseRegistrations.id,
        version: courseRegistrations.version,
        matricNo: students.matricNo,
        name: studentName,
        department: departments.name,
        level: levels.name,
        semester: semesters.name,
        state: courseRegistrations.state,
        approvedAt: courseRegistrations.approvedAt,
        totalUnits: courseRegistrations.totalUnits,
        courses: sql<number>`(select count(*)::int from ${courseRegistrationCourses} c where c.registration_id = ${courseRegistrations.id} and c.requested)`,
        isLate: courseRegistrations.isLate,
        submittedAt: courseRegistrations.submittedAt,
      })
      .from(courseRegistrations)
      .innerJoin(students, eq(students.id, courseRegistrations.studentId))
      .innerJoin(semesters, eq(semesters.id, courseRegistrations.semesterId))
      .leftJoin(departments, eq(departments.id, courseRegistrations.departmentId))
      .leftJoin(levels, eq(levels.id, courseRegistrations.levelId))
      .where(where)
      .orderBy(asc(courseRegistrations.submittedAt), asc(courseRegistrations.id))
      .limit(limit)
      .offset(offset),
    db
      .select({ n: countSql() })
      .from(courseRegistrations)
      .innerJoin(students, eq(students.id, courseRegistrations.studentId))
      .where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** Registrations awaiting approval within a scope, counted by semester (newest first). */
export async function awaitingBySemester(db: Exec, scope: SQL | undefined) {
  return db
    .select({ semesterId: semesters.id, semester: semesters.name, n: countSql() })
    .from(courseRegistrations)
    .innerJoin(semesters, eq(semesters.id, courseRegistrations.semesterId))
    .where(and(eq(courseRegistrations.state, 'submitted'), scope))
    .groupBy(semesters.id, semesters.name, semesters.startDate)
    .orderBy(desc(semesters.startDate));
}

/** The registrations of one student, newest semester first. */
export async function studentRegistrationIds(db: Exec, studentId: number) {
  const rows = await db
    .select({ id: courseRegistrations.id })
    .from(courseRegistrations)
    .innerJoin(semesters, eq(semesters.id, courseRegistrations.semesterId))
    .where(eq(courseRegistrations.studentId, studentId))
    .orderBy(desc(semesters.startDate));
  return rows.map((r) => r.id);
}

export async function studentIdByMatric(db: Exec, matricNo: string) {
  const [row] = await db
    .select({ id: students.id })
    .from(students)
    .where(sql`upper(${students.matricNo}) = upper(${matricNo})`)
    .limit(1);
  return row?.id ?? null;
}

/** Registration, student and semester names for the detail, the course form and the public page. */
export async function registrationContext(db: Exec, registrationId: number) {
  const [row] = await db
    .select({
      studentId: students.id,
      matricNo: students.matricNo,
      name: studentName,
      department: departments.name,
      level: levels.name,
      programme: programmes.name,
      programmeId: coursesOfStudy.programmeId,
      levelId: courseRegistrations.levelId,
      semester: semesters.name,
      term: semesters.term,
      session: academicSessions.name,
    })
    .from(courseRegistrations)
    .innerJoin(students, eq(students.id, courseRegistrations.studentId))
    .innerJoin(semesters, eq(semesters.id, courseRegistrations.semesterId))
    .innerJoin(academicSessions, eq(academicSessions.id, semesters.sessionId))
    .leftJoin(departments, eq(departments.id, courseRegistrations.departmentId))
    .leftJoin(levels, eq(levels.id, courseRegistrations.levelId))
    .leftJoin(coursesOfStudy, eq(coursesOfStudy.id, students.courseOfStudyId))
    .leftJoin(programmes, eq(programmes.id, coursesOfStudy.programmeId))
    .where(eq(courseRegistrations.id, registrationId))
    .limit(1);
  return row ?? null;
}

export interface CourseListFilters {
  semesterId: number;
  courseId: number;
  state?: string;
}

function courseListWhere(f: CourseListFilters) {
  return and(
    eq(courseRegistrations.semesterId, f.semesterId),
    eq(courseRegistrationCourses.courseId, f.courseId),
    eq(courseRegistrationCourses.requested, true),
    f.state === undefined ? undefined : eq(courseRegistrations.state, f.state),
  );
}

/** The students registered for a course in a semester (studentcourselist), by matric number. */
function courseListRows(db: Exec, where: SQL | undefined) {
  return db
    .select({
      matricNo: students.matricNo,
      name: studentName,
      department: departments.name,
      level: levels.name,
      state: courseRegistrations.state,
      carryOver: courseRegistrationCourses.carryOver,
    })
    .from(courseRegistrationCourses)
    .innerJoin(courseRegistrations, eq(courseRegistrations.id, courseRegistrationCourses.registrationId))
    .innerJoin(students, eq(students.id, courseRegistrations.studentId))
    .leftJoin(departments, eq(departments.id, courseRegistrations.departmentId))
    .leftJoin(levels, eq(levels.id, courseRegistrations.levelId))
    .where(where)
    .orderBy(asc(students.matricNo));
}

export async function courseList(db: Exec, f: CourseListFilters, limit: number, offset: number) {
  const where = courseListWhere(f);
  const [rows, [total]] = await Promise.all([
    courseListRows(db, where).limit(limit).offset(offset),
    db
      .select({ n: countSql() })
      .from(courseRegistrationCourses)
      .innerJoin(courseRegistrations, eq(courseRegistrations.id, courseRegistrationCourses.registrationId))
      .where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** The same list in batches keyed by matric number (an export never pages by OFFSET). */
export async function* courseListBatches(db: Exec, f: CourseListFilters, size = 1000) {
  let after = '';
  for (;;) {
    const rows = await courseListRows(
      db,
      and(courseListWhere(f), sql`${students.matricNo} > ${after}`),
    ).limit(size);
    if (rows.length) yield rows;
    if (rows.length < size) return;
    after = rows[rows.length - 1]!.matricNo;
  }
}

export async function courseCode(db: Exec, courseId: number) {
  const [row] = await db
    .select({ code: courses.code, title: courses.title })
    .from(courses)
    .where(eq(courses.id, courseId))
    .limit(1);
  return row ?? null;
}

/** Per course: the students registered (latest submission) and approved, in a semester. */
export async function countsByCourse(db: Exec, semesterId: number, departmentId?: number) {
  return db
    .select({
      courseId: courses.id,
      code: courses.code,
      title: courses.title,
      department: departments.name,
      registered: sql<number>`count(*) filter (where ${courseRegistrationCourses.requested})::int`,
      approved: sql<number>`count(*) filter (where ${courseRegistrationCourses.approved})::int`,
    })
    .from(courseRegistrationCourses)
    .innerJoin(courseRegistrations, eq(courseRegistrations.id, courseRegistrationCourses.registrationId))
    .innerJoin(courses, eq(courses.id, courseRegistrationCourses.courseId))
    .innerJoin(departments, eq(departments.id, courses.departmentId))
    .where(
      and(
        eq(courseRegistrations.semesterId, semesterId),
        departmentId === undefined ? undefined : eq(courses.departmentId, departmentId),
      ),
    )
    .groupBy(courses.id, courses.code, courses.title, departments.name)
    .orderBy(asc(courses.code));
}

/** Per department: active students, those registered, those approved. */
export async function countsByDepartment(db: Exec, semesterId: number, departmentId?: number) {
  return db
    .select({
      department: departments.name,
      students: sql<number>`count(${students.id})::int`,
      registered: sql<number>`count(${courseRegistrations.id})::int`,
      approved: sql<number>`count(*) filter (where ${courseRegistrations.approvedAt} is not null)::int`,
    })
    .from(students)
    .innerJoin(departments, eq(departments.id, students.departmentId))
    .leftJoin(
      courseRegistrations,
      and(eq(courseRegistrations.studentId, students.id), eq(courseRegistrations.semesterId, semesterId)),
    )
    .where(
      and(
        eq(students.isActive, true),
        departmentId === undefined ? undefined : eq(students.departmentId, departmentId),
      ),
    )
    .groupBy(departments.name)
    .orderBy(asc(departments.name));
}

/** Active students of a department or level with no registration for the semester. */
export async function unregistered(
  db: Exec,
  f: { semesterId: number; departmentId?: number; levelId?: number },
  limit: number,
  offset: number,
) {
  const where = and(
    eq(students.isActive, true),
    f.departmentId === undefined ? undefined : eq(students.departmentId, f.departmentId),
    f.levelId === undefined ? undefined : eq(students.levelId, f.levelId),
    notExists(
      db
        .select({ one: sql`1` })
        .from(courseRegistrations)
        .where(
          and(
            eq(courseRegistrations.studentId, students.id),
            eq(courseRegistrations.semesterId, f.semesterId),
          ),
        ),
    ),
  );
  const [rows, [total]] = await Promise.all([
    db
      .select({
        matricNo: students.matricNo,
        name: studentName,
        email: students.email,
        department: departments.name,
        level: levels.name,
      })
      .from(students)
      .leftJoin(departments, eq(departments.id, students.departmentId))
      .leftJoin(levels, eq(levels.id, students.levelId))
      .where(where)
      .orderBy(asc(students.matricNo))
      .limit(limit)
      .offset(offset),
    db.select({ n: countSql() }).from(students).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

// ───────────────────────────── the late registration fee ─────────────────────────────

export async function lateFeePaid(db: Exec, studentId: number, semesterId: number) {
  const [row] = await db
    .select({ id: lateRegistrationFees.id })
    .from(lateRegistrationFees)
    .where(
      and(eq(lateRegistrationFees.studentId, studentId), eq(lateRegistrationFees.semesterId, semesterId)),
    )
    .limit(1);
  return !!row;
}

/** The fee's item: the category's item named for course registration, else all of the category's items. */
export async function lateFeeItemIds(db: Exec, categoryId: number) {
  const rows = await db
    .select({ id: paymentItems.id, name: paymentItems.name })
    .from(paymentItems)
    .where(and(eq(paymentItems.categoryId, categoryId), eq(paymentItems.isActive, true)))
    .orderBy(asc(paymentItems.id));
  const course = rows.filter((r) => /course/i.test(r.name));
  return (course.length ? course : rows).map((r) => r.id);
}

export async function recordLateFee(db: Exec, values: typeof lateRegistrationFees.$inferInsert) {
  await db.insert(lateRegistrationFees).values(values);
}

// ───────────────────────────── rosters (results) ─────────────────────────────

/** The students whose approved registration holds a course in a semester, by matric number. */
export async function approvedRoster(db: Exec, courseId: number, semesterId: number) {
  return db
    .select({
      studentId: students.id,
      matricNo: students.matricNo,
      name: studentName,
      levelId: courseRegistrations.levelId,
    })
    .from(courseRegistrationCourses)
    .innerJoin(courseRegistrations, eq(courseRegistrations.id, courseRegistrationCourses.registrationId))
    .innerJoin(students, eq(students.id, courseRegistrations.studentId))
    .where(
      and(
        eq(courseRegistrations.semesterId, semesterId),
        eq(courseRegistrationCourses.courseId, courseId),
        eq(courseRegistrationCourses.approved, true),
      ),
    )
    .orderBy(asc(students.matricNo));
}

/**
 * How many students hold each course in their approved registration, per semester: one grouped
 * query for the semesters asked (and only these courses, when given).
 */
export async function approvedRosterSizes(
  db: Exec,
  semesterIds: readonly number[],
  courseIds?: readonly number[],
) {
  if (semesterIds.length === 0 || courseIds?.length === 0) return [];
  return db
    .select({
      semesterId: courseRegistrations.semesterId,
      courseId: courseRegistrationCourses.courseId,
      n: countSql(),
    })
    .from(courseRegistrationCourses)
    .innerJoin(courseRegistrations, eq(courseRegistrations.id, courseRegistrationCourses.registrationId))
    .where(
      and(
        inArray(courseRegistrations.semesterId, [...semesterIds]),
        courseIds ? inArray(courseRegistrationCourses.courseId, [...courseIds]) : undefined,
        eq(courseRegistrationCourses.approved, true),
      ),
    )
    .groupBy(courseRegistrations.semesterId, courseRegistrationCourses.courseId);
}

/**
 * A page of an offering's approved roster, by matric number, searched by matric number or name
 * (the learners' page); with the count of the search.
 */
export async function approvedRosterPage(
  db: Exec,
  q: { courseId: number; semesterId: number; search?: string; limit: number; offset: number },
) {
  const like = q.search ? `%${likeEscape(q.search)}%` : null;
  const where = and(
    eq(courseRegistrations.semesterId, q.semesterId),
    eq(courseRegistrationCourses.courseId, q.courseId),
    eq(courseRegistrationCourses.approved, true),
    like ? or(ilike(students.matricNo, like), ilike(studentName, like)) : undefined,
  );
  const [rows, [count]] = await Promise.all([
    db
      .select({ studentId: students.id, matricNo: students.matricNo, name: studentName })
      .from(courseRegistrationCourses)
      .innerJoin(courseRegistrations, eq(courseRegistrations.id, courseRegistrationCourses.registrationId))
      .innerJoin(students, eq(students.id, courseRegistrations.studentId))
      .where(where)
      .orderBy(asc(students.matricNo), asc(students.id))
      .limit(q.limit)
      .offset(q.offset),
    db
      .select({ n: countSql() })
      .from(courseRegistrationCourses)
      .innerJoin(courseRegistrations, eq(courseRegistrations.id, courseRegistrationCourses.registrationId))
      .innerJoin(students, eq(students.id, courseRegistrations.studentId))
      .where(where),
  ]);
  return { rows, total: count?.n ?? 0 };
}

/**
 * Of these (student, course, semester) triples, those the student's approved registration holds:
 * one query however many.
 */
export async function approvedHoldings(
  db: Exec,
  triples: readonly { studentId: number; courseId: number; semesterId: number }[],
) {
  if (triples.length === 0) return [];
  return db
    .select({
      studentId: courseRegistrations.studentId,
      courseId: courseRegistrationCourses.courseId,
      semesterId: courseRegistrations.semesterId,
    })
    .from(courseRegistrationCourses)
    .innerJoin(courseRegistrations, eq(courseRegistrations.id, courseRegistrationCourses.registrationId))
    .where(
      and(
        inArray(courseRegistrations.studentId, [...new Set(triples.map((t) => t.studentId))]),
        inArray(courseRegistrations.semesterId, [...new Set(triples.map((t) => t.semesterId))]),
        inArray(courseRegistrationCourses.courseId, [...new Set(triples.map((t) => t.courseId))]),
        eq(courseRegistrationCourses.approved, true),
      ),
    );
}

/**
 * Whether the student's registration for the semester lists the course at all: approved, or
 * requested and awaiting the adviser (a student registering for a course does not audit it).
 */
export async function listsCourse(db: Exec, studentId: number, courseId: number, semesterId: number) {
  const rows = await db
    .select({ one: sql<number>`1` })
    .from(courseRegistrationCourses)
    .innerJoin(courseRegistrations, eq(courseRegistrations.id, courseRegistrationCourses.registrationId))
    .where(
      and(
        eq(courseRegistrations.studentId, studentId),
        eq(courseRegistrations.semesterId, semesterId),
        eq(courseRegistrationCourses.courseId, courseId),
        or(eq(courseRegistrationCourses.approved, true), eq(courseRegistrationCourses.requested, true)),
      ),
    )
    .limit(1);
  return rows.length > 0;
}

/** The courses of a student's approved registration for a semester (the course content's enrolment). */
export async function approvedCoursesOf(db: Exec, studentId: number, semesterIds: readonly number[]) {
  if (semesterIds.length === 0) return [];
  return db
    .select({ courseId: courseRegistrationCourses.courseId, semesterId: courseRegistrations.semesterId })
    .from(courseRegistrationCourses)
    .innerJoin(courseRegistrations, eq(courseRegistrations.id, courseRegistrationCourses.registrationId))
    .where(
      and(
        eq(courseRegistrations.studentId, studentId),
        inArray(courseRegistrations.semesterId, [...semesterIds]),
        eq(courseRegistrationCourses.approved, true),
      ),
    );
}

const approvedHoldingQuery = (db: Exec) =>
  db
    .select({ one: sql<number>`1` })
    .from(courseRegistrationCourses)
    .innerJoin(courseRegistrations, eq(courseRegistrations.id, courseRegistrationCourses.registrationId))
    .where(
      and(
        eq(courseRegistrations.studentId, sql.placeholder('studentId')),
        eq(courseRegistrations.semesterId, sql.placeholder('semesterId')),
        eq(courseRegistrationCourses.courseId, sql.placeholder('courseId')),
        eq(courseRegistrationCourses.approved, true),
      ),
    )
    .limit(1)
    .prepare('courses_approved_holding');

/** Whether the student's approved registration for the semester holds the course. */
export async function holdsApproved(db: Exec, studentId: number, courseId: number, semesterId: number) {
  const rows = await preparedOn(db, 'courses_approved_holding', approvedHoldingQuery).execute({
    studentId,
    semesterId,
    courseId,
  });
  return rows.length > 0;
}
