import { and, asc, desc, eq, ilike, inArray, notInArray, or, sql } from 'drizzle-orm';
import {
  academicSessions,
  admins,
  courseLecturers,
  courses,
  departments,
  gradePoints,
  grades,
  gradeScales,
  resultEntries,
  resultSheetEvents,
  resultSheets,
  reviewStageHolders,
  reviewStages,
  scoreItems,
  scoreSchemes,
  semesters,
  staff,
  students,
} from '../../db/schema/index.js';
import { countSql, likeEscape, type Exec } from '../../platform/db.js';
import type { GradeBand } from './arithmetic.js';

/** Score sheets, their entries and history, the review stages and who holds them. */

export type SheetRow = typeof resultSheets.$inferSelect;
export type EntryRow = typeof resultEntries.$inferSelect;
export type EntryInsert = typeof resultEntries.$inferInsert;

/** The school's active assessment scheme (the first switched on) and its items in order. */
export async function activeScheme(db: Exec) {
  const [scheme] = await db
    .select({ id: scoreSchemes.id })
    .from(scoreSchemes)
    .where(eq(scoreSchemes.isActive, true))
    .orderBy(asc(scoreSchemes.id))
    .limit(1);
  return scheme ?? null;
}

export async function schemeItems(db: Exec, schemeId: number) {
  return db
    .select({ id: scoreItems.id, name: scoreItems.name, max: scoreItems.weight })
    .from(scoreItems)
    .where(eq(scoreItems.schemeId, schemeId))
    .orderBy(asc(scoreItems.position), asc(scoreItems.id));
}

export async function defaultScale(db: Exec) {
  const [scale] = await db
    .select({ id: gradeScales.id, maxPoint: gradeScales.maxPoint })
    .from(gradeScales)
    .where(eq(gradeScales.isDefault, true))
    .limit(1);
  return scale ?? null;
}

/** A grade scale's bands, best first. */
export async function scaleBands(db: Exec, scaleId: number): Promise<GradeBand[]> {
  return db
    .select({
      grade: grades.code,
      minScore: gradePoints.minScore,
      maxScore: gradePoints.maxScore,
      point: gradePoints.point,
      isPass: grades.isPass,
    })
    .from(gradePoints)
    .innerJoin(grades, eq(grades.id, gradePoints.gradeId))
    .where(eq(gradePoints.scaleId, scaleId))
    .orderBy(desc(gradePoints.minScore));
}

/** The review stages after the lecturer, in order. */
export async function stages(db: Exec) {
  return db
    .select({ id: reviewStages.id, name: reviewStages.name, scope: reviewStages.scope })
    .from(reviewStages)
    .orderBy(asc(reviewStages.position), asc(reviewStages.id));
}
export type Stage = Awaited<ReturnType<typeof stages>>[number];

/** The stages an admin holds (through the staff record with the admin's e-mail), with the department or faculty. */
export async function heldStages(db: Exec, adminId: number) {
  return db
    .select({
      stageId: reviewStageHolders.stageId,
      departmentId: reviewStageHolders.departmentId,
      facultyId: reviewStageHolders.facultyId,
    })
    .from(reviewStageHolders)
    .innerJoin(reviewStages, eq(reviewStages.id, reviewStageHolders.stageId))
    .innerJoin(staff, eq(staff.id, reviewStageHolders.staffId))
    .innerJoin(admins, sql`lower(${admins.email}) = lower(${staff.email})`)
    .where(and(eq(admins.id, adminId), eq(staff.isActive, true)));
}
export type HeldStage = Awaited<ReturnType<typeof heldStages>>[number];

/** Every holder of every stage, with the department or faculty held (where nobody holds, the registry acts). */
export async function stageHolders(db: Exec) {
  return db
    .select({
      stageId: reviewStageHolders.stageId,
      departmentId: reviewStageHolders.departmentId,
      facultyId: reviewStageHolders.facultyId,
    })
    .from(reviewStageHolders)
    .innerJoin(staff, eq(staff.id, reviewStageHolders.staffId))
    .where(eq(staff.isActive, true));
}

/** Is the admin a lecturer of the course in the semester's session (course_lecturers)? */
export async function lecturesCourse(db: Exec, adminId: number, courseId: number, sessionId: number) {
  const [row] = await db
    .select({ id: courseLecturers.id })
    .from(courseLecturers)
    .innerJoin(staff, eq(staff.id, courseLecturers.staffId))
    .innerJoin(admins, sql`lower(${admins.email}) = lower(${staff.email})`)
    .where(
      and(
        eq(admins.id, adminId),
        eq(courseLecturers.courseId, courseId),
        eq(courseLecturers.sessionId, sessionId),
        eq(staff.isActive, true),
      ),
    )
    .limit(1);
  return Boolean(row);
}

/** The ids of the courses an admin lectures in a session. */
export async function lecturedCourseIds(db: Exec, adminId: number, sessionId: number) {
  const rows = await db
    .select({ courseId: courseLecturers.courseId })
    .from(courseLecturers)
    .innerJoin(staff, eq(staff.id, courseLecturers.staffId))
    .innerJoin(admins, sql`lower(${admins.email}) = lower(${staff.email})`)
    .where(and(eq(admins.id, adminId), eq(courseLecturers.sessionId, sessionId)));
  return rows.map((r) => r.courseId);
}

/** The courses an admin lectures in the current session, each with its semester of that session. */
export async function lecturedInCurrentSession(db: Exec, adminId: number) {
  return db
    .select({
      semesterId: semesters.id,
      semester: semesters.name,
      courseId: courses.id,
      code: courses.code,
      title: courses.title,
    })
    .from(courseLecturers)
    .innerJoin(staff, eq(staff.id, courseLecturers.staffId))
    .innerJoin(admins, sql`lower(${admins.email}) = lower(${staff.email})`)
    .innerJoin(academicSessions, eq(academicSessions.id, courseLecturers.sessionId))
    .innerJoin(courses, eq(courses.id, courseLecturers.courseId))
    .innerJoin(
      semesters,
      and(eq(semesters.sessionId, courseLecturers.sessionId), eq(semesters.term, courses.semester)),
    )
    .where(and(eq(admins.id, adminId), eq(academicSessions.isCurrent, true)))
    .orderBy(asc(semesters.startDate), asc(courses.code));
}

export async function semesterById(db: Exec, id: number) {
  const [row] = await db
    .select({
      id: semesters.id,
      name: semesters.name,
      term: semesters.term,
      sessionId: semesters.sessionId,
      session: academicSessions.name,
      startDate: semesters.startDate,
    })
    .from(semesters)
    .innerJoin(academicSessions, eq(academicSessions.id, semesters.sessionId))
    .where(eq(semesters.id, id));
  return row ?? null;
}

export async function courseById(db: Exec, id: number) {
  const [row] = await db
    .select({
      id: courses.id,
      code: courses.code,
      title: courses.title,
      units: courses.units,
      semester: courses.semester,
      departmentId: courses.departmentId,
      facultyId: departments.facultyId,
      department: departments.name,
    })
    .from(courses)
    .innerJoin(departments, eq(departments.id, courses.departmentId))
    .where(eq(courses.id, id));
  return row ?? null;
}
export type CourseRow = NonNullable<Awaited<ReturnType<typeof courseById>>>;

/** The courses of a term (semester name: First, Second), optionally some ids only, by code. */
export async function coursesOfTerm(
  db: Exec,
  f: { term: string; ids?: readonly number[]; search?: string },
  limit: number,
  offset: number,
) {
  const where = and(
    eq(courses.semester, f.term),
    f.ids ? (f.ids.length ? inArray(courses.id, [...f.ids]) : sql`false`) : undefined,
    f.search
      ? or(
          ilike(courses.code, `%${likeEscape(f.search)}%`),
          ilike(courses.title, `%${likeEscape(f.search)}%`),
        )
      : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: courses.id,
        code: courses.code,
        title: courses.title,
        units: courses.units,
        department: departments.name,
      })
      .from(courses)
      .innerJoin(departments, eq(departments.id, courses.departmentId))
      .where(where)
      .orderBy(asc(courses.code))
      .limit(limit)
      .offset(offset),
    db.select({ n: countSql() }).from(courses).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** Every revision of a course's sheet in a semester, the latest first. */
export async function revisions(db: Exec, courseId: number, semesterId: number) {
  return db
    .select()
    .from(resultSheets)
    .where(and(eq(resultSheets.courseId, courseId), eq(resultSheets.semesterId, semesterId)))
    .orderBy(desc(resultSheets.revision));
}

/** The latest revision of each course's sheet in a semester. */
export async function latestSheets(db: Exec, semesterId: number, courseIds?: readonly number[]) {
  return db
    .selectDistinctOn([resultSheets.courseId])
    .from(resultSheets)
    .where(
      and(
        eq(resultSheets.semesterId, semesterId),
        courseIds ? inArray(resultSheets.courseId, [...courseIds, 0]) : undefined,
      ),
    )
    .orderBy(resultSheets.courseId, desc(resultSheets.revision));
}

export async function sheetById(db: Exec, id: number, lock = false) {
  const query = db.select().from(resultSheets).where(eq(resultSheets.id, id));
  const [row] = lock ? await query.for('update') : await query;
  return row ?? null;
}

export async function createSheet(db: Exec, values: typeof resultSheets.$inferInsert) {
  const [row] = await db.insert(resultSheets).values(values).onConflictDoNothing().returning();
  return row ?? null;
}

/** Moves a sheet on, only from the version seen: null when it changed meanwhile. */
export async function updateSheet(
  db: Exec,
  id: number,
  version: number,
  set: Partial<typeof resultSheets.$inferInsert>,
) {
  const [row] = await db
    .update(resultSheets)
    .set({ ...set, version: sql`${resultSheets.version} + 1`, updatedAt: new Date() })
    .where(and(eq(resultSheets.id, id), eq(resultSheets.version, version)))
    .returning();
  return row ?? null;
}

export async function entries(db: Exec, sheetId: number) {
  return db.select().from(resultEntries).where(eq(resultEntries.sheetId, sheetId));
}

/** A sheet's entries with the students' matric numbers and names, by matric number. */
export async function entriesWithStudents(db: Exec, sheetId: number) {
  return db
    .select({
      studentId: resultEntries.studentId,
      matricNo: students.matricNo,
      name: sql<string>`upper(${students.lastName}) || ' ' || ${students.firstName} || coalesce(' ' || ${students.otherName}, '')`,
      scores: resultEntries.scores,
      total: resultEntries.total,
      grade: resultEntries.grade,
      gradePoint: resultEntries.gradePoint,
      passed: resultEntries.passed,
    })
    .from(resultEntries)
    .innerJoin(students, eq(students.id, resultEntries.studentId))
    .where(eq(resultEntries.sheetId, sheetId))
    .orderBy(asc(students.matricNo));
}

export async function removeEntriesExcept(db: Exec, sheetId: number, studentIds: readonly number[]) {
  await db
    .delete(resultEntries)
    .where(and(eq(resultEntries.sheetId, sheetId), notInArray(resultEntries.studentId, [...studentIds, 0])));
}

export async function upsertEntries(db: Exec, rows: (typeof resultEntries.$inferInsert)[]) {
  for (let i = 0; i < rows.length; i += 1000)
    await db
      .insert(resultEntries)
      .values(rows.slice(i, i + 1000))
      .onConflictDoUpdate({
        target: [resultEntries.sheetId, resultEntries.studentId],
        set: {
          levelId: sql`excluded.level_id`,
          scores: sql`excluded.scores`,
          total: sql`excluded.total`,
          grade: sql`excluded.grade`,
          gradePoint: sql`excluded.grade_point`,
          passed: sql`excluded.passed`,
        },
      });
}

export async function copyEntries(db: Exec, fromSheetId: number, toSheetId: number) {
  await db.execute(sql`
    insert into result_entries (sheet_id, student_id, level_id, scores, total, grade, grade_point, passed)
    select ${toSheetId}, student_id, level_id, scores, total, grade, grade_point, passed
    from result_entries where sheet_id = ${fromSheetId}`);
}

export async function addEvent(db: Exec, values: typeof resultSheetEvents.$inferInsert) {
  await db.insert(resultSheetEvents).values(values);
}

export async function history(db: Exec, sheetIds: readonly number[]) {
  return db
    .select({
      sheetId: resultSheetEvents.sheetId,
      action: resultSheetEvents.action,
      stage: resultSheetEvents.stage,
      comment: resultSheetEvents.comment,
      at: resultSheetEvents.at,
      by: sql<string | null>`${admins.firstName} || ' ' || ${admins.lastName}`,
    })
    .from(resultSheetEvents)
    .leftJoin(admins, eq(admins.id, resultSheetEvents.actorId))
    .where(inArray(resultSheetEvents.sheetId, [...sheetIds, 0]))
    .orderBy(desc(resultSheetEvents.id));
}

/** Sheets in review, with their course's department and faculty (the queue is filtered by scope in code). */
export async function sheetsInReview(db: Exec, semesterId?: number) {
  return db
    .select({
      sheet: resultSheets,
      code: courses.code,
      title: courses.title,
      departmentId: courses.departmentId,
      facultyId: departments.facultyId,
      department: departments.name,
      semester: semesters.name,
      students: sql<number>`(select count(*)::int from result_entries e where e.sheet_id = ${resultSheets.id})`,
    })
    .from(resultSheets)
    .innerJoin(courses, eq(courses.id, resultSheets.courseId))
    .innerJoin(departments, eq(departments.id, courses.departmentId))
    .innerJoin(semesters, eq(semesters.id, resultSheets.semesterId))
    .where(
      and(
        eq(resultSheets.state, 'in_review'),
        semesterId === undefined ? undefined : eq(resultSheets.semesterId, semesterId),
      ),
    )
    .orderBy(asc(resultSheets.submittedAt), asc(resultSheets.id));
}

/**
 * Publishes a semester's approved sheets (their latest approved revision): each entry becomes the
 * student's published result of the course (an amended one replaces what was published), and the
 * sheets move to published. Returns how many sheets were published.
 */
export async function publishSemester(db: Exec, semesterId: number, at: Date): Promise<number[]> {
  const sheets = await db
    .select({ id: resultSheets.id })
    .from(resultSheets)
    .where(and(eq(resultSheets.semesterId, semesterId), eq(resultSheets.state, 'approved')))
    .for('update');
  const ids = sheets.map((s) => s.id);
  if (!ids.length) return [];
  await db.execute(sql`
    insert into course_results (student_id, course_id, semester_id, units, score, grade, grade_point, passed, published_at)
    select e.student_id, s.course_id, s.semester_id, c.units, e.total, e.grade, e.grade_point, e.passed, ${at}
    from result_entries e
    join result_sheets s on s.id = e.sheet_id
    join courses c on c.id = s.course_id
    where e.sheet_id in ${sql`(${sql.join(
      ids.map((id) => sql`${id}`),
      sql`, `,
    )})`} and e.total is not null
    on conflict (student_id, course_id, semester_id) do update set
      units = excluded.units, score = excluded.score, grade = excluded.grade,
      grade_point = excluded.grade_point, passed = excluded.passed, published_at = excluded.published_at`);
  await db
    .update(resultSheets)
    .set({ state: 'published', publishedAt: at, version: sql`${resultSheets.version} + 1`, updatedAt: at })
    .where(inArray(resultSheets.id, ids));
  return ids;
}

/** Counts of a semester's latest sheets by state. */
export async function sheetStateCounts(db: Exec, semesterId: number) {
  const latest = await latestSheets(db, semesterId);
  const counts = new Map<string, number>();
  for (const s of latest) counts.set(s.state, (counts.get(s.state) ?? 0) + 1);
  return { counts, courseIds: new Set(latest.map((s) => s.courseId)) };
}
