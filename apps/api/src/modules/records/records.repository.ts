import { and, asc, desc, eq, gte, ilike, inArray, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../../db/client.js';
import {
  academicSessions,
  admissionSessions,
  applicantClearances,
  applicantDocuments,
  applicants,
  coursesOfStudy,
  departments,
  entryModes,
  faculties,
  levels,
  lgas,
  matricCounters,
  matricNumberFormats,
  olevelVerifications,
  programmes,
  siwesLetters,
  states,
  studentImportJobs,
  students,
  studentSearchName,
} from '../../db/schema/index.js';
import { countSql, likeEscape, type Exec } from '../../platform/db.js';

/** Matriculation: an applicant is eligible once admitted and the acceptance fee is paid (AdmissionLevel 4). */
const eligibleApplicant = and(
  eq(applicants.admissionStatus, 'admitted'),
  isNotNull(applicants.acceptancePaidAt),
);

/** Last, first and other names: the expression the students' trigram index is built on. */
const nameOf = studentSearchName;

const applicantName = sql<string>`trim(coalesce(${applicants.lastName}, '') || ' ' || coalesce(${applicants.firstName}, '') || ' ' || coalesce(${applicants.otherName}, ''))`;

export async function matriculationPage(
  db: Db,
  q: { search?: string; state?: 'awaiting' | 'cleared' | 'matriculated'; page: number; pageSize: number },
) {
  const filters: (SQL | undefined)[] = [eligibleApplicant];
  if (q.search) {
    const like = `%${likeEscape(q.search.toLowerCase())}%`;
    filters.push(
      or(
        ilike(applicants.jambRegNo, like),
        ilike(applicants.email, like),
        sql`lower(${applicantName}) like ${like}`,
        ilike(students.matricNo, like),
      ),
    );
  }
  if (q.state === 'awaiting') filters.push(isNull(applicantClearances.applicantId), isNull(students.id));
  if (q.state === 'cleared') filters.push(isNotNull(applicantClearances.applicantId), isNull(students.id));
  if (q.state === 'matriculated') filters.push(isNotNull(students.id));
  const where = and(...filters);
  const base = db
    .select({
      applicantId: applicants.id,
      jambRegNo: applicants.jambRegNo,
      name: applicantName,
      email: applicants.email,
      department: departments.name,
      courseOfStudy: coursesOfStudy.name,
      acceptancePaidAt: applicants.acceptancePaidAt,
      clearedAt: applicantClearances.clearedAt,
      clearedBy: applicantClearances.clearedByEmail,
      matricNo: students.matricNo,
      matriculatedAt: students.matriculatedAt,
    })
    .from(applicants)
    .leftJoin(departments, eq(departments.id, applicants.departmentId))
    .leftJoin(coursesOfStudy, eq(coursesOfStudy.id, applicants.courseOfStudyId))
    .leftJoin(applicantClearances, eq(applicantClearances.applicantId, applicants.id))
    .leftJoin(students, eq(students.applicantId, applicants.id));
  const [rows, [count]] = await Promise.all([
    base
      .where(where)
      .orderBy(desc(applicants.acceptancePaidAt), desc(applicants.id))
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize),
    db
      .select({ total: countSql() })
      .from(applicants)
      .leftJoin(applicantClearances, eq(applicantClearances.applicantId, applicants.id))
      .leftJoin(students, eq(students.applicantId, applicants.id))
      .where(where),
  ]);
  return { rows, total: count?.total ?? 0 };
}

/** Whether the registry deals with this applicant: admitted with the acceptance fee paid, or a student now. */
export async function applicantInRegistryScope(db: Exec, applicantId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: applicants.id })
    .from(applicants)
    .leftJoin(students, eq(students.applicantId, applicants.id))
    .where(and(eq(applicants.id, applicantId), or(eligibleApplicant, isNotNull(students.id))))
    .limit(1);
  return !!row;
}

export function documentsOf(db: Exec, applicantIds: number[]) {
  if (applicantIds.length === 0) return Promise.resolve([]);
  return db
    .select({
      applicantId: applicantDocuments.applicantId,
      kind: applicantDocuments.kind,
      fileName: applicantDocuments.fileName,
    })
    .from(applicantDocuments)
    .where(inArray(applicantDocuments.applicantId, applicantIds))
    .orderBy(asc(applicantDocuments.id));
}

/** The applicant as matriculation needs them, locked for the transaction. */
export async function applicantForMatriculation(tx: Tx, applicantId: number) {
  const [row] = await tx
    .select({
      id: applicants.id,
      email: applicants.email,
      firstName: applicants.firstName,
      lastName: applicants.lastName,
      otherName: applicants.otherName,
      gender: applicants.gender,
      phone: applicants.phone,
      dateOfBirth: applicants.dateOfBirth,
      address: applicants.address,
      stateId: applicants.stateId,
      lgaId: applicants.lgaId,
      departmentId: applicants.departmentId,
      courseOfStudyId: applicants.courseOfStudyId,
      levelId: applicants.levelId,
      entryModeId: applicants.entryModeId,
      passportKey: applicants.passportKey,
      admissionStatus: applicants.admissionStatus,
      acceptancePaidAt: applicants.acceptancePaidAt,
      admissionSessionId: applicants.admissionSessionId,
      academicSessionId: admissionSessions.academicSessionId,
      academicSessionName: academicSessions.name,
      academicSessionStart: academicSessions.startDate,
      clearedAt: applicantClearances.clearedAt,
    })
    .from(applicants)
    .leftJoin(admissionSessions, eq(admissionSessions.id, applicants.admissionSessionId))
    .leftJoin(academicSessions, eq(academicSessions.id, admissionSessions.academicSessionId))
    .leftJoin(applicantClearances, eq(applicantClearances.applicantId, applicants.id))
    .where(eq(applicants.id, applicantId))
    .for('update', { of: applicants })
    .limit(1);
  return row ?? null;
}

export async function studentOfApplicant(db: Exec, applicantId: number) {
  const [row] = await db
    .select({ id: students.id, matricNo: students.matricNo })
    .from(students)
    .where(eq(students.applicantId, applicantId))
    .limit(1);
  return row ?? null;
}

export async function insertClearance(
  tx: Tx,
  values: typeof applicantClearances.$inferInsert,
): Promise<typeof applicantClearances.$inferSelect | null> {
  const [row] = await tx.insert(applicantClearances).values(values).onConflictDoNothing().returning();
  return row ?? null;
}

/** The programme's active matric number pattern for a course of study, with the codes it may use. */
export async function formatForCourse(db: Exec, courseOfStudyId: number) {
  const [row] = await db
    .select({
      pattern: matricNumberFormats.pattern,
      isActive: matricNumberFormats.isActive,
      programmeCode: programmes.code,
      departmentCode: departments.code,
    })
    .from(coursesOfStudy)
    .innerJoin(departments, eq(departments.id, coursesOfStudy.departmentId))
    .leftJoin(programmes, eq(programmes.id, coursesOfStudy.programmeId))
    .leftJoin(matricNumberFormats, eq(matricNumberFormats.programmeId, coursesOfStudy.programmeId))
    .where(eq(coursesOfStudy.id, courseOfStudyId))
    .limit(1);
  return row ?? null;
}

/**
 * The next serial of a scope ('DIT/2024/{NNNN}'), taken in the caller's transaction: the counter
 * row is created at one past the highest number already held by a student of this scope (numbers
 * from before the portal), or incremented; the row stays locked until the transaction ends, so a
 * concurrent matriculation of the same scope waits and then takes the following number, and a
 * rollback gives the number back.
 */
export async function nextSerial(
  tx: Tx,
  scope: string,
  matchPattern: string,
  serialGroup: string,
): Promise<number> {
  const existing = sql`(select coalesce(max(substring(${students.matricNo} from ${serialGroup})::int), 0) from ${students} where ${students.matricNo} ~ ${matchPattern})`;
  const [row] = await tx
    .insert(matricCounters)
    .values({ scope, lastSerial: sql`${existing} + 1` })
    .onConflictDoUpdate({
      target: matricCounters.scope,
      set: {
        lastSerial: sql`greatest(${matricCounters.lastSerial} + 1, excluded.last_serial)`,
        updatedAt: sql`now()`,
      },
    })
    .returning({ lastSerial: matricCounters.lastSerial });
  return row!.lastSerial;
}

export async function insertStudent(tx: Exec, values: typeof students.$inferInsert) {
  const [row] = await tx.insert(students).values(values).returning();
  return row!;
}

/** A new student unless one with the matric number or e-mail appeared meanwhile (null then). */
export async function insertStudentIfNew(tx: Exec, values: typeof students.$inferInsert) {
  const [row] = await tx.insert(students).values(values).onConflictDoNothing().returning();
  return row ?? null;
}

// ───────────────────────────── students ─────────────────────────────

const jamb = alias(applicants, 'student_applicant');

const matching = alias(students, 'matching_student');
const matchingJamb = alias(applicants, 'matching_applicant');

/**
 * Students whose matric number, e-mail, name or JAMB number holds the text. Two arms, each on one
 * table's trigram indexes (migration 0022); one OR across the joined applicant could use none and
 * read every student.
 */
function studentSearch(search: string | undefined): SQL | undefined {
  if (!search) return undefined;
  const like = `%${likeEscape(search.toLowerCase())}%`;
  // An alias inside a raw fragment renders as its name alone: the FROM names the table it aliases.
  return sql`${students.id} in (
    select ${matching.id} from ${students} ${matching}
    where ${or(
      ilike(matching.matricNo, like),
      ilike(matching.email, like),
      sql`lower(${studentSearchName(matching)}) like ${like}`,
    )}
    union
    select ${matching.id} from ${students} ${matching} join ${applicants} ${matchingJamb} on ${matchingJamb.id} = ${matching.applicantId}
    where ${ilike(matchingJamb.jambRegNo, like)})`;
}

export async function studentsPage(
  db: Db,
  q: { search?: string; isActive?: boolean; page: number; pageSize: number; extra?: SQL },
) {
  const where = and(
    studentSearch(q.search),
    q.isActive === undefined ? undefined : eq(students.isActive, q.isActive),
    q.extra,
  );
  const [rows, [count]] = await Promise.all([
    db
      .select({
        id: students.id,
        matricNo: students.matricNo,
        name: nameOf(students),
        email: students.email,
        jambRegNo: jamb.jambRegNo,
        department: departments.name,
        courseOfStudy: coursesOfStudy.name,
        level: levels.name,
        isActive: students.isActive,
      })
      .from(students)
      .leftJoin(jamb, eq(jamb.id, students.applicantId))
      .leftJoin(departments, eq(departments.id, students.departmentId))
      .leftJoin(coursesOfStudy, eq(coursesOfStudy.id, students.courseOfStudyId))
      .leftJoin(levels, eq(levels.id, students.levelId))
      .where(where)
      .orderBy(asc(students.matricNo))
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize),
    db
      .select({ total: countSql() })
      .from(students)
      .leftJoin(jamb, eq(jamb.id, students.applicantId))
      .where(where),
  ]);
  return { rows, total: count?.total ?? 0 };
}

export async function studentRecord(db: Db, id: number) {
  const [row] = await db
    .select({
      student: students,
      jambRegNo: jamb.jambRegNo,
      state: states.name,
      lga: lgas.name,
      faculty: faculties.name,
      department: departments.name,
      courseOfStudy: coursesOfStudy.name,
      programme: programmes.name,
      level: levels.name,
      entryMode: entryModes.name,
      admittedSession: academicSessions.name,
    })
    .from(students)
    .leftJoin(jamb, eq(jamb.id, students.applicantId))
    .leftJoin(states, eq(states.id, students.stateId))
    .leftJoin(lgas, eq(lgas.id, students.lgaId))
    .leftJoin(departments, eq(departments.id, students.departmentId))
    .leftJoin(faculties, eq(faculties.id, departments.facultyId))
    .leftJoin(coursesOfStudy, eq(coursesOfStudy.id, students.courseOfStudyId))
    .leftJoin(programmes, eq(programmes.id, coursesOfStudy.programmeId))
    .leftJoin(levels, eq(levels.id, students.levelId))
    .leftJoin(entryModes, eq(entryModes.id, students.entryModeId))
    .leftJoin(academicSessions, eq(academicSessions.id, students.admittedSessionId))
    .where(eq(students.id, id))
    .limit(1);
  return row ?? null;
}

export async function findStudent(db: Exec, id: number) {
  const [row] = await db.select().from(students).where(eq(students.id, id)).limit(1);
  return row ?? null;
}

export async function setStudentActive(tx: Exec, id: number, isActive: boolean) {
  const [row] = await tx
    .update(students)
    .set({ isActive })
    .where(and(eq(students.id, id), sql`${students.isActive} is distinct from ${isActive}`))
    .returning({ id: students.id });
  return !!row;
}

export async function studentsByMatric(db: Exec, matricNos: string[]) {
  if (matricNos.length === 0) return [];
  return db.select().from(students).where(inArray(students.matricNo, matricNos));
}

export async function studentsByEmail(db: Exec, emails: string[]) {
  if (emails.length === 0) return [];
  return db
    .select({ id: students.id, email: students.email, matricNo: students.matricNo })
    .from(students)
    .where(inArray(sql`lower(${students.email})`, emails));
}

export async function updateStudent(tx: Exec, id: number, values: Partial<typeof students.$inferInsert>) {
  await tx.update(students).set(values).where(eq(students.id, id));
}

/** Lookups an added or imported student's row is checked against. */
export async function lookups(db: Db) {
  const [stateRows, lgaRows, courseRows, levelRows, modeRows, sessionRows] = await Promise.all([
    db.select({ id: states.id, name: states.name }).from(states),
    db.select({ id: lgas.id, name: lgas.name, stateId: lgas.stateId }).from(lgas),
    db
      .select({ id: coursesOfStudy.id, name: coursesOfStudy.name, departmentId: coursesOfStudy.departmentId })
      .from(coursesOfStudy),
    db.select({ id: levels.id, name: levels.name }).from(levels),
    db.select({ id: entryModes.id, name: entryModes.name }).from(entryModes),
    db.select({ id: academicSessions.id, name: academicSessions.name }).from(academicSessions),
  ]);
  return { stateRows, lgaRows, courseRows, levelRows, modeRows, sessionRows };
}

// ───────────────────────────── O'level verification ─────────────────────────────

export async function holderByNumber(db: Db, number: string) {
  const upper = number.toUpperCase();
  const [student] = await db
    .select({
      id: students.id,
      number: students.matricNo,
      name: nameOf(students),
      applicantId: students.applicantId,
    })
    .from(students)
    .where(eq(sql`upper(${students.matricNo})`, upper))
    .limit(1);
  if (student) return { kind: 'student' as const, ...student };
  const [applicant] = await db
    .select({ id: applicants.id, number: applicants.jambRegNo, name: applicantName })
    .from(applicants)
    .where(eq(sql`upper(${applicants.jambRegNo})`, upper))
    .limit(1);
  return applicant ? { kind: 'applicant' as const, ...applicant, applicantId: applicant.id } : null;
}

export async function insertVerification(tx: Exec, values: typeof olevelVerifications.$inferInsert) {
  const [row] = await tx.insert(olevelVerifications).values(values).returning();
  return row!;
}

const holderStudent = alias(students, 'holder_student');
const holderApplicant = alias(applicants, 'holder_applicant');

export async function verificationsPage(
  db: Db,
  q: {
    search?: string;
    page: number;
    pageSize: number;
    studentId?: number;
    applicantId?: number | null;
    id?: number;
  },
) {
  const filters: (SQL | undefined)[] = [];
  if (q.id !== undefined) filters.push(eq(olevelVerifications.id, q.id));
  if (q.search) {
    const like = `%${likeEscape(q.search.toLowerCase())}%`;
    filters.push(
      or(
        ilike(holderStudent.matricNo, like),
        ilike(holderApplicant.jambRegNo, like),
        ilike(olevelVerifications.examNumber, like),
      ),
    );
  }
  if (q.studentId !== undefined) {
    filters.push(
      or(
        eq(olevelVerifications.studentId, q.studentId),
        q.applicantId ? eq(olevelVerifications.applicantId, q.applicantId) : undefined,
      ),
    );
  }
  const where = and(...filters);
  const from = () =>
    db
      .select({
        v: olevelVerifications,
        studentNumber: holderStudent.matricNo,
        studentName: nameOf(holderStudent),
        applicantNumber: holderApplicant.jambRegNo,
        applicantName: sql<string>`trim(coalesce(${holderApplicant.lastName}, '') || ' ' || coalesce(${holderApplicant.firstName}, ''))`,
      })
      .from(olevelVerifications)
      .leftJoin(holderStudent, eq(holderStudent.id, olevelVerifications.studentId))
      .leftJoin(holderApplicant, eq(holderApplicant.id, olevelVerifications.applicantId));
  const [rows, [count]] = await Promise.all([
    from()
      .where(where)
      .orderBy(desc(olevelVerifications.verifiedAt), desc(olevelVerifications.id))
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize),
    db
      .select({ total: countSql() })
      .from(olevelVerifications)
      .leftJoin(holderStudent, eq(holderStudent.id, olevelVerifications.studentId))
      .leftJoin(holderApplicant, eq(holderApplicant.id, olevelVerifications.applicantId))
      .where(where),
  ]);
  return { rows, total: count?.total ?? 0 };
}

// ───────────────────────────── SIWES ─────────────────────────────

/** Eligible for SIWES: active, 200 level or above, and not in the course's final level. */
export function siwesEligible(minRank: number): SQL {
  return and(
    eq(students.isActive, true),
    gte(levels.rank, minRank),
    sql`(${coursesOfStudy.yearsToGraduate} is null or ${levels.rank} < ${coursesOfStudy.yearsToGraduate})`,
  )!;
}

export async function currentAcademicSession(db: Exec) {
  const [row] = await db
    .select({ id: academicSessions.id, name: academicSessions.name })
    .from(academicSessions)
    .where(eq(academicSessions.isCurrent, true))
    .limit(1);
  return row ?? null;
}

export async function siwesPage(
  db: Db,
  q: {
    search?: string;
    issued?: boolean;
    page: number;
    pageSize: number;
    minRank: number;
    sessionId: number | null;
  },
) {
  const letter = and(
    eq(siwesLetters.studentId, students.id),
    q.sessionId === null
      ? isNull(siwesLetters.academicSessionId)
      : eq(siwesLetters.academicSessionId, q.sessionId),
  );
  const where = and(
    siwesEligible(q.minRank),
    studentSearch(q.search),
    q.issued === undefined ? undefined : q.issued ? isNotNull(siwesLetters.id) : isNull(siwesLetters.id),
  );
  const from = <T extends Record<string, unknown>>(fields: T) =>
    db
      .select(fields as never)
      .from(students)
      .innerJoin(levels, eq(levels.id, students.levelId))
      .leftJoin(coursesOfStudy, eq(coursesOfStudy.id, students.courseOfStudyId))
      .leftJoin(jamb, eq(jamb.id, students.applicantId))
      .leftJoin(siwesLetters, letter);
  const [rows, [count]] = await Promise.all([
    from({
      studentId: students.id,
      publicId: students.publicId,
      matricNo: students.matricNo,
      name: nameOf(students),
      courseOfStudy: coursesOfStudy.name,
      level: levels.name,
      months: sql<number>`coalesce(${siwesLetters.months}, ${coursesOfStudy.siwesMonths}, 6)`,
      reference: siwesLetters.reference,
      issuedAt: siwesLetters.issuedAt,
      issuedBy: siwesLetters.issuedByEmail,
    })
      .where(where)
      .orderBy(asc(students.matricNo))
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize) as unknown as Promise<
      {
        studentId: number;
        publicId: string;
        matricNo: string;
        name: string;
        courseOfStudy: string | null;
        level: string | null;
        months: number;
        reference: string | null;
        issuedAt: Date | null;
        issuedBy: string | null;
      }[]
    >,
    from({ total: countSql() }).where(where) as unknown as Promise<{ total: number }[]>,
  ]);
  return { rows, total: count?.total ?? 0 };
}

export async function siwesCandidate(db: Exec, studentId: number, minRank: number) {
  const [row] = await db
    .select({ id: students.id, publicId: students.publicId, matricNo: students.matricNo })
    .from(students)
    .innerJoin(levels, eq(levels.id, students.levelId))
    .leftJoin(coursesOfStudy, eq(coursesOfStudy.id, students.courseOfStudyId))
    .where(and(eq(students.id, studentId), siwesEligible(minRank)))
    .limit(1);
  return row ?? null;
}

export async function insertSiwesLetter(tx: Exec, values: typeof siwesLetters.$inferInsert) {
  const [row] = await tx.insert(siwesLetters).values(values).onConflictDoNothing().returning();
  return row ?? null;
}

export async function siwesLettersOf(db: Exec, studentId: number) {
  return db
    .select()
    .from(siwesLetters)
    .where(eq(siwesLetters.studentId, studentId))
    .orderBy(desc(siwesLetters.issuedAt));
}

// ───────────────────────────── student imports ─────────────────────────────

export type ImportJobRow = typeof studentImportJobs.$inferSelect;

export async function insertImportJob(db: Exec, values: typeof studentImportJobs.$inferInsert) {
  const [row] = await db.insert(studentImportJobs).values(values).returning();
  return row!;
}

/** The import running for a file (by its SHA-256), if any. */
export async function runningImportOfFile(db: Exec, sha256: string) {
  const [row] = await db
    .select()
    .from(studentImportJobs)
    .where(and(eq(studentImportJobs.fileSha256, sha256), eq(studentImportJobs.status, 'running')))
    .limit(1);
  return row ?? null;
}

export async function findImportJob(db: Exec, id: number) {
  const [row] = await db.select().from(studentImportJobs).where(eq(studentImportJobs.id, id)).limit(1);
  return row ?? null;
}

/** Updates a job still running (a finished job is never changed again). */
export async function updateImportJob(
  db: Exec,
  id: number,
  values: Partial<typeof studentImportJobs.$inferInsert>,
) {
  const [row] = await db
    .update(studentImportJobs)
    .set(values)
    .where(and(eq(studentImportJobs.id, id), eq(studentImportJobs.status, 'running')))
    .returning();
  return row ?? null;
}
