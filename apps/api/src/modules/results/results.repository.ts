import { and, asc, desc, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import {
  academicSessions,
  courseRegistrations,
  courseResults,
  courses,
  coursesOfStudy,
  degreeClasses,
  departments,
  gradeScales,
  levels,
  programmes,
  resultDocuments,
  resultQueries,
  resultSheets,
  schoolSettings,
  semesters,
  storedBroadsheets,
  students,
  transcriptFees,
  transcriptRequests,
} from '../../db/schema/index.js';
import { referenceData } from '../../platform/cache.js';
import { countSql, preparedOn, type Exec } from '../../platform/db.js';
import type { RetakeRule } from './arithmetic.js';

const studentName = sql<string>`upper(${students.lastName}) || ' ' || ${students.firstName} || coalesce(' ' || ${students.otherName}, '')`;

/**
 * The level a student was at in a semester: the level of their registration for it, else (results
 * from before registrations were kept) the current level less one for each session since.
 */
export async function levelInSemester(db: Exec, studentId: number, semesterId: number) {
  const [registered] = await db
    .select({ level: levels.name })
    .from(courseRegistrations)
    .innerJoin(levels, eq(levels.id, courseRegistrations.levelId))
    .where(and(eq(courseRegistrations.studentId, studentId), eq(courseRegistrations.semesterId, semesterId)));
  if (registered) return registered.level;
  const [[student], allLevels, sessions, [semester]] = await Promise.all([
    db.select({ levelId: students.levelId }).from(students).where(eq(students.id, studentId)),
    db.select({ id: levels.id, name: levels.name }).from(levels).orderBy(asc(levels.rank)),
    // Sessions in order of their first semester (a session's own dates may be unset).
    db
      .select({ id: academicSessions.id, isCurrent: academicSessions.isCurrent })
      .from(academicSessions)
      .leftJoin(semesters, eq(semesters.sessionId, academicSessions.id))
      .groupBy(academicSessions.id, academicSessions.isCurrent, academicSessions.name)
      .orderBy(sql`min(${semesters.startDate})`, asc(academicSessions.name)),
    db.select({ sessionId: semesters.sessionId }).from(semesters).where(eq(semesters.id, semesterId)),
  ]);
  const current = allLevels.findIndex((l) => l.id === student?.levelId);
  const now = sessions.findIndex((s) => s.isCurrent);
  const then = sessions.findIndex((s) => s.id === semester?.sessionId);
  if (current < 0) return null;
  if (now < 0 || then < 0 || then >= now) return allLevels[current]!.name;
  return allLevels[Math.max(0, current - (now - then))]!.name;
}

/** The columns of a published result row, written once for both reads below. */
const PUBLISHED_COLUMNS = {
  resultId: courseResults.id,
  courseId: courseResults.courseId,
  code: courses.code,
  title: courses.title,
  units: courseResults.units,
  score: courseResults.score,
  grade: courseResults.grade,
  gradePoint: courseResults.gradePoint,
  passed: courseResults.passed,
  semesterId: semesters.id,
  semester: semesters.name,
  startDate: semesters.startDate,
  session: academicSessions.name,
};

/** A student's published results, oldest semester first. */
export async function publishedResults(db: Exec, studentId: number) {
  // Every student dashboard reads it: a named statement, planned once per connection.
  return preparedOn(db, 'published_results', publishedResultsQuery).execute({ studentId });
}
function publishedResultsQuery(db: Exec) {
  return db
    .select(PUBLISHED_COLUMNS)
    .from(courseResults)
    .innerJoin(courses, eq(courses.id, courseResults.courseId))
    .innerJoin(semesters, eq(semesters.id, courseResults.semesterId))
    .innerJoin(academicSessions, eq(academicSessions.id, semesters.sessionId))
    .where(
      and(eq(courseResults.studentId, sql.placeholder('studentId')), isNotNull(courseResults.publishedAt)),
    )
    .orderBy(asc(semesters.startDate), asc(courses.code))
    .prepare('published_results');
}
export type PublishedRow = Awaited<ReturnType<typeof publishedResults>>[number];

/** The same rows, each with the student's latest query of it (null when none): the student's page in one query. */
export async function publishedResultsWithQueries(db: Exec, studentId: number) {
  // Every results page reads it: a named statement, planned once per connection.
  return preparedOn(db, 'published_results_queries', publishedResultsWithQueriesQuery).execute({
    studentId,
  });
}
function publishedResultsWithQueriesQuery(db: Exec) {
  const studentId = sql.placeholder('studentId');
  const latest = db
    .selectDistinctOn([resultQueries.resultId], {
      resultId: resultQueries.resultId,
      reason: resultQueries.reason,
      answer: resultQueries.answer,
      createdAt: resultQueries.createdAt,
      answeredAt: resultQueries.answeredAt,
    })
    .from(resultQueries)
    .where(eq(resultQueries.studentId, studentId))
    .orderBy(resultQueries.resultId, desc(resultQueries.id))
    .as('latest_query');
  return db
    .select({
      ...PUBLISHED_COLUMNS,
      query: {
        reason: latest.reason,
        answer: latest.answer,
        createdAt: latest.createdAt,
        answeredAt: latest.answeredAt,
      },
    })
    .from(courseResults)
    .innerJoin(courses, eq(courses.id, courseResults.courseId))
    .innerJoin(semesters, eq(semesters.id, courseResults.semesterId))
    .innerJoin(academicSessions, eq(academicSessions.id, semesters.sessionId))
    .leftJoin(latest, eq(latest.resultId, courseResults.id))
    .where(and(eq(courseResults.studentId, studentId), isNotNull(courseResults.publishedAt)))
    .orderBy(asc(semesters.startDate), asc(courses.code))
    .prepare('published_results_queries');
}

/** The classes of degree of the school's default grade scale. */
export async function defaultDegreeClasses(db: Exec) {
  return referenceData(db, 'results:degree-classes', () =>
    db
      .select({ name: degreeClasses.name, minCgpa: degreeClasses.minCgpa, maxCgpa: degreeClasses.maxCgpa })
      .from(degreeClasses)
      .innerJoin(gradeScales, eq(gradeScales.id, degreeClasses.scaleId))
      .where(eq(gradeScales.isDefault, true)),
  );
}

/** How the school counts a retaken course in the CGPA (school settings): the latest attempt unless it says every attempt. */
export async function retakeRule(db: Exec): Promise<RetakeRule> {
  return referenceData(db, 'results:retake-rule', async () => {
    const [row] = await db.select({ rule: schoolSettings.retakeRule }).from(schoolSettings).limit(1);
    return row?.rule === 'Every attempt' ? 'all' : 'latest';
  });
}

/** A student's particulars for the registry's views and the documents. */
export async function studentSummary(db: Exec, by: { id: number } | { matricNo: string }) {
  const [row] = await db
    .select({
      id: students.id,
      matricNo: students.matricNo,
      name: studentName,
      email: students.email,
      department: departments.name,
      departmentId: students.departmentId,
      level: levels.name,
      programme: programmes.name,
    })
    .from(students)
    .leftJoin(departments, eq(departments.id, students.departmentId))
    .leftJoin(levels, eq(levels.id, students.levelId))
    .leftJoin(coursesOfStudy, eq(coursesOfStudy.id, students.courseOfStudyId))
    .leftJoin(programmes, eq(programmes.id, coursesOfStudy.programmeId))
    .where('id' in by ? eq(students.id, by.id) : sql`upper(${students.matricNo}) = upper(${by.matricNo})`);
  return row ?? null;
}
export type StudentSummary = NonNullable<Awaited<ReturnType<typeof studentSummary>>>;

// ───────────────────────────── queries ─────────────────────────────

export async function resultOfStudent(db: Exec, resultId: number, studentId: number) {
  const [row] = await db
    .select({ id: courseResults.id, departmentId: courses.departmentId })
    .from(courseResults)
    .innerJoin(courses, eq(courses.id, courseResults.courseId))
    .where(
      and(
        eq(courseResults.id, resultId),
        eq(courseResults.studentId, studentId),
        isNotNull(courseResults.publishedAt),
      ),
    );
  return row ?? null;
}

export async function insertQuery(db: Exec, values: typeof resultQueries.$inferInsert) {
  const [row] = await db.insert(resultQueries).values(values).onConflictDoNothing().returning();
  return row ?? null;
}

const queryColumns = {
  id: resultQueries.id,
  resultId: resultQueries.resultId,
  matricNo: students.matricNo,
  name: studentName,
  code: courses.code,
  departmentId: courses.departmentId,
  semester: semesters.name,
  score: courseResults.score,
  grade: courseResults.grade,
  reason: resultQueries.reason,
  answer: resultQueries.answer,
  createdAt: resultQueries.createdAt,
  answeredAt: resultQueries.answeredAt,
};

/** Queries, open or answered, of some departments (null: every department). */
export async function listQueries(
  db: Exec,
  f: { answered: boolean; departmentIds: readonly number[] | null },
  limit: number,
  offset: number,
) {
  const where = and(
    f.answered ? isNotNull(resultQueries.answeredAt) : isNull(resultQueries.answeredAt),
    f.departmentIds === null ? undefined : inArray(courses.departmentId, [...f.departmentIds, 0]),
  );
  const base = () =>
    db
      .select(queryColumns)
      .from(resultQueries)
      .innerJoin(courseResults, eq(courseResults.id, resultQueries.resultId))
      .innerJoin(courses, eq(courses.id, courseResults.courseId))
      .innerJoin(semesters, eq(semesters.id, courseResults.semesterId))
      .innerJoin(students, eq(students.id, resultQueries.studentId));
  const [rows, [total]] = await Promise.all([
    base().where(where).orderBy(asc(resultQueries.createdAt)).limit(limit).offset(offset),
    db
      .select({ n: countSql() })
      .from(resultQueries)
      .innerJoin(courseResults, eq(courseResults.id, resultQueries.resultId))
      .innerJoin(courses, eq(courses.id, courseResults.courseId))
      .where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export async function queryById(db: Exec, id: number) {
  const [row] = await db
    .select(queryColumns)
    .from(resultQueries)
    .innerJoin(courseResults, eq(courseResults.id, resultQueries.resultId))
    .innerJoin(courses, eq(courses.id, courseResults.courseId))
    .innerJoin(semesters, eq(semesters.id, courseResults.semesterId))
    .innerJoin(students, eq(students.id, resultQueries.studentId))
    .where(eq(resultQueries.id, id));
  return row ?? null;
}

export async function answerQuery(db: Exec, id: number, answer: string, adminId: number) {
  const [row] = await db
    .update(resultQueries)
    .set({ answer, answeredBy: adminId, answeredAt: new Date() })
    .where(and(eq(resultQueries.id, id), isNull(resultQueries.answeredAt)))
    .returning();
  return row ?? null;
}

// ───────────────────────────── documents ─────────────────────────────

export async function findDocument(db: Exec, publicId: string) {
  const [row] = await db.select().from(resultDocuments).where(eq(resultDocuments.publicId, publicId));
  return row ?? null;
}

/** The document already issued for the same results, if any (a report card downloaded twice is one document). */
export async function sameDocument(
  db: Exec,
  f: { studentId: number; kind: string; semesterId: number | null; digest: string },
) {
  const [row] = await db
    .select()
    .from(resultDocuments)
    .where(
      and(
        eq(resultDocuments.studentId, f.studentId),
        eq(resultDocuments.kind, f.kind),
        f.semesterId === null
          ? isNull(resultDocuments.semesterId)
          : eq(resultDocuments.semesterId, f.semesterId),
        eq(resultDocuments.digest, f.digest),
      ),
    )
    .limit(1);
  return row ?? null;
}

export async function insertDocument(db: Exec, values: typeof resultDocuments.$inferInsert) {
  const [row] = await db.insert(resultDocuments).values(values).returning();
  return row!;
}

// ───────────────────────────── transcript requests ─────────────────────────────

const requestColumns = {
  id: transcriptRequests.id,
  studentId: transcriptRequests.studentId,
  matricNo: students.matricNo,
  name: studentName,
  email: students.email,
  recipientName: transcriptRequests.recipientName,
  recipientEmail: transcriptRequests.recipientEmail,
  postalAddress: transcriptRequests.postalAddress,
  destination: transcriptRequests.destination,
  state: transcriptRequests.state,
  documentId: transcriptRequests.documentId,
  createdAt: transcriptRequests.createdAt,
  paidAt: transcriptRequests.paidAt,
  sentAt: transcriptRequests.sentAt,
  openedAt: transcriptRequests.openedAt,
};

export async function insertTranscriptRequest(db: Exec, values: typeof transcriptRequests.$inferInsert) {
  const [row] = await db.insert(transcriptRequests).values(values).returning();
  return row!;
}

export async function transcriptRequestsOf(db: Exec, studentId: number) {
  return db
    .select(requestColumns)
    .from(transcriptRequests)
    .innerJoin(students, eq(students.id, transcriptRequests.studentId))
    .where(eq(transcriptRequests.studentId, studentId))
    .orderBy(desc(transcriptRequests.id));
}

export async function transcriptRequestById(db: Exec, id: number, lock = false) {
  const query = db
    .select(requestColumns)
    .from(transcriptRequests)
    .innerJoin(students, eq(students.id, transcriptRequests.studentId))
    .where(eq(transcriptRequests.id, id));
  const [row] = lock ? await query.for('update', { of: transcriptRequests }) : await query;
  return row ?? null;
}
export type TranscriptRequestRow = NonNullable<Awaited<ReturnType<typeof transcriptRequestById>>>;

export async function listTranscriptRequests(
  db: Exec,
  state: string | undefined,
  limit: number,
  offset: number,
) {
  const where = state ? eq(transcriptRequests.state, state) : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select(requestColumns)
      .from(transcriptRequests)
      .innerJoin(students, eq(students.id, transcriptRequests.studentId))
      .where(where)
      .orderBy(desc(transcriptRequests.id))
      .limit(limit)
      .offset(offset),
    db.select({ n: countSql() }).from(transcriptRequests).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** Moves a request from one state to the next; null when it was not in `from` (someone moved it first). */
export async function moveTranscriptRequest(
  db: Exec,
  id: number,
  from: readonly string[],
  set: Partial<typeof transcriptRequests.$inferInsert>,
) {
  const [row] = await db
    .update(transcriptRequests)
    .set(set)
    .where(and(eq(transcriptRequests.id, id), inArray(transcriptRequests.state, [...from])))
    .returning();
  return row ?? null;
}

export async function recordTranscriptFee(db: Exec, values: typeof transcriptFees.$inferInsert) {
  await db.insert(transcriptFees).values(values);
}

export async function transcriptFeePaid(db: Exec, requestId: number) {
  const [row] = await db
    .select({ id: transcriptFees.id })
    .from(transcriptFees)
    .where(eq(transcriptFees.requestId, requestId));
  return Boolean(row);
}

/** Records the first opening of a sent transcript by its recipient. */
export async function markOpened(db: Exec, requestId: number, documentId: number) {
  await db
    .update(transcriptRequests)
    .set({ openedAt: new Date() })
    .where(
      and(
        eq(transcriptRequests.id, requestId),
        eq(transcriptRequests.documentId, documentId),
        isNull(transcriptRequests.openedAt),
      ),
    );
}

// ───────────────────────────── the broadsheet ─────────────────────────────

/**
 * The locked (approved or published) entries of a semester for the students of a department at a
 * level (the level they were at in that semester, else their level now), from the latest locked
 * revision of each course's sheet.
 */
export async function broadsheetEntries(db: Exec, semesterId: number, departmentId: number, levelId: number) {
  const result = (await db.execute(sql`
    with locked as (
      select distinct on (course_id) id, course_id from result_sheets
      where semester_id = ${semesterId} and state in ('approved', 'published')
      order by course_id, revision desc
    )
    select e.student_id as "studentId", st.matric_no as "matricNo",
      upper(st.last_name) || ' ' || st.first_name || coalesce(' ' || st.other_name, '') as "name",
      c.id as "courseId", c.code, c.units, e.total::float8 as "total", e.grade,
      e.grade_point::float8 as "gradePoint", e.passed
    from result_entries e
    join locked l on l.id = e.sheet_id
    join courses c on c.id = l.course_id
    join students st on st.id = e.student_id
    where st.department_id = ${departmentId} and coalesce(e.level_id, st.level_id) = ${levelId}
      and e.total is not null
    order by st.matric_no, c.code`)) as unknown as { rows: unknown[] };
  return result.rows as {
    studentId: number;
    matricNo: string;
    name: string;
    courseId: number;
    code: string;
    units: number;
    total: number;
    grade: string;
    gradePoint: number;
    passed: boolean;
  }[];
}

/** Published results before a semester of some students (for the CGPA), with the semester's start. */
export async function earlierResults(db: Exec, studentIds: readonly number[], before: string) {
  if (!studentIds.length) return [];
  return db
    .select({
      studentId: courseResults.studentId,
      courseId: courseResults.courseId,
      code: courses.code,
      startDate: semesters.startDate,
      units: courseResults.units,
      gradePoint: courseResults.gradePoint,
      passed: courseResults.passed,
    })
    .from(courseResults)
    .innerJoin(semesters, eq(semesters.id, courseResults.semesterId))
    .innerJoin(courses, eq(courses.id, courseResults.courseId))
    .where(
      and(
        inArray(courseResults.studentId, [...studentIds]),
        sql`${semesters.startDate} < ${before}`,
        isNotNull(courseResults.publishedAt),
      ),
    );
}

export async function semesterNamed(db: Exec, id: number) {
  const [row] = await db
    .select({ id: semesters.id, name: semesters.name, startDate: semesters.startDate })
    .from(semesters)
    .where(eq(semesters.id, id));
  return row ?? null;
}

export async function departmentAndLevel(db: Exec, departmentId: number, levelId: number) {
  const [[department], [level]] = await Promise.all([
    db.select({ name: departments.name }).from(departments).where(eq(departments.id, departmentId)),
    db.select({ name: levels.name }).from(levels).where(eq(levels.id, levelId)),
  ]);
  return department && level ? { department: department.name, level: level.name } : null;
}

export async function defaultMaxPoint(db: Exec) {
  const [row] = await db
    .select({ maxPoint: gradeScales.maxPoint })
    .from(gradeScales)
    .where(eq(gradeScales.isDefault, true))
    .limit(1);
  return row?.maxPoint ?? 5;
}

/**
 * What every broadsheet is computed from, in one text: the locked (approved or published) sheets
 * (how many, their versions, their latest change), the retake rule and the scale's top point.
 * Approving, publishing or amending a sheet, or changing either setting, changes it.
 */
export async function broadsheetStamp(db: Exec): Promise<string> {
  const result = (await db.execute(sql`
    select concat_ws(':', count(*), coalesce(sum(${resultSheets.version}), 0),
      coalesce(max(${resultSheets.updatedAt})::text, ''),
      (select ${schoolSettings.retakeRule} from ${schoolSettings} limit 1),
      (select ${gradeScales.maxPoint} from ${gradeScales} where ${gradeScales.isDefault} limit 1)) as "stamp"
    from ${resultSheets} where ${resultSheets.state} in ('approved', 'published')`)) as unknown as {
    rows: { stamp: string }[];
  };
  return result.rows[0]!.stamp;
}

type BroadsheetKey = { semesterId: number; departmentId: number; levelId: number };

export async function storedBroadsheet(db: Exec, q: BroadsheetKey) {
  const [row] = await db
    .select({ stamp: storedBroadsheets.stamp, sheet: storedBroadsheets.sheet })
    .from(storedBroadsheets)
    .where(
      and(
        eq(storedBroadsheets.semesterId, q.semesterId),
        eq(storedBroadsheets.departmentId, q.departmentId),
        eq(storedBroadsheets.levelId, q.levelId),
      ),
    );
  return row;
}

export async function storeBroadsheet(db: Exec, q: BroadsheetKey, stamp: string, sheet: unknown) {
  await db
    .insert(storedBroadsheets)
    .values({ ...q, stamp, sheet, computedAt: new Date() })
    .onConflictDoUpdate({
      target: [storedBroadsheets.semesterId, storedBroadsheets.departmentId, storedBroadsheets.levelId],
      set: { stamp, sheet, computedAt: new Date() },
    });
}

/** The departments and levels that have locked results in a semester (each has a broadsheet). */
export async function broadsheetsOfSemester(db: Exec, semesterId: number) {
  const result = (await db.execute(sql`
    select distinct st.department_id as "departmentId", coalesce(e.level_id, st.level_id) as "levelId"
    from result_entries e
    join result_sheets s on s.id = e.sheet_id
    join students st on st.id = e.student_id
    where s.semester_id = ${semesterId} and s.state in ('approved', 'published')
      and st.department_id is not null and coalesce(e.level_id, st.level_id) is not null`)) as unknown as {
    rows: { departmentId: number; levelId: number }[];
  };
  return result.rows.map((r) => ({ departmentId: Number(r.departmentId), levelId: Number(r.levelId) }));
}
