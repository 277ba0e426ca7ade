import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import {
  academicSessions,
  coursesOfStudy,
  departments,
  entryModes,
  faculties,
  levels,
  lgas,
  programmes,
  states,
  studentDocuments,
  studentForms,
  students,
} from '../../db/schema/index.js';

import { referenceData } from '../../platform/cache.js';
import { preparedOn } from '../../platform/db.js';

type Exec = Db | Tx;

/** Everything the student's own pages show about the student, in one query. */
export async function findStudent(db: Exec, by: { id: number } | { publicId: string }) {
  // By id (every student route's ownership check), a named statement: planning its nine joins
  // costs more than running it, so each connection plans it once.
  const [row] =
    'id' in by
      ? await preparedOn(db, 'student_by_id', (d) =>
          studentQuery(d, eq(students.id, sql.placeholder('id'))).prepare('student_by_id'),
        ).execute({ id: by.id })
      : await studentQuery(db, eq(students.publicId, by.publicId));
  return row ?? null;
}

/**
 * The student's row (as `findStudent`) with the kinds of clearance document uploaded (as
 * `listUploads`): the dashboard's one read of the student's own area.
 */
export async function findStudentWithUploadKinds(db: Exec, id: number) {
  const [row] = await preparedOn(db, 'student_by_id_uploads', (d) =>
    studentQuery(d, eq(students.id, sql.placeholder('id')), {
      uploadKinds: sql<string[]>`coalesce((select json_agg(${studentDocuments.kind})
        from ${studentDocuments} where ${studentDocuments.studentId} = ${students.id}), '[]'::json)`,
    }).prepare('student_by_id_uploads'),
  ).execute({ id });
  return row ?? null;
}

function studentQuery<const Extra extends Record<string, SQL>>(
  db: Exec,
  where: SQL,
  extra: Extra = {} as Extra,
) {
  return db
    .select({
      ...extra,
      id: students.id,
      publicId: students.publicId,
      matricNo: students.matricNo,
      email: students.email,
      firstName: students.firstName,
      lastName: students.lastName,
      otherName: students.otherName,
      gender: students.gender,
      phone: students.phone,
      address: students.address,
      dateOfBirth: students.dateOfBirth,
      stateId: students.stateId,
      stateName: states.name,
      lgaName: lgas.name,
      levelId: students.levelId,
      levelName: levels.name,
      departmentId: students.departmentId,
      departmentName: departments.name,
      entryModeId: students.entryModeId,
      programmeId: coursesOfStudy.programmeId,
      facultyName: faculties.name,
      courseOfStudyName: coursesOfStudy.name,
      programmeName: programmes.name,
      entryModeName: entryModes.name,
      admittedSessionName: academicSessions.name,
      passportKey: students.passportKey,
      applicantId: students.applicantId,
      isActive: students.isActive,
      matriculatedAt: students.matriculatedAt,
    })
    .from(students)
    .leftJoin(states, eq(states.id, students.stateId))
    .leftJoin(lgas, eq(lgas.id, students.lgaId))
    .leftJoin(levels, eq(levels.id, students.levelId))
    .leftJoin(departments, eq(departments.id, students.departmentId))
    .leftJoin(faculties, eq(faculties.id, departments.facultyId))
    .leftJoin(coursesOfStudy, eq(coursesOfStudy.id, students.courseOfStudyId))
    .leftJoin(programmes, eq(programmes.id, coursesOfStudy.programmeId))
    .leftJoin(entryModes, eq(entryModes.id, students.entryModeId))
    .leftJoin(academicSessions, eq(academicSessions.id, students.admittedSessionId))
    .where(where)
    .limit(1);
}
export type StudentRow = NonNullable<Awaited<ReturnType<typeof findStudent>>>;

export async function updateContact(db: Exec, id: number, values: { phone: string; address: string }) {
  const [row] = await db
    .update(students)
    .set(values)
    .where(eq(students.id, id))
    .returning({ id: students.id });
  return row ?? null;
}

export async function currentSession(db: Exec) {
  return referenceData(db, 'students:current-session', async () => {
    const [row] = await db
      .select({ id: academicSessions.id, name: academicSessions.name })
      .from(academicSessions)
      .where(eq(academicSessions.isCurrent, true))
      .limit(1);
    return row ?? null;
  });
}

// ───────────────────────────── clearance uploads ─────────────────────────────

export async function listUploads(db: Exec, studentId: number) {
  // Read by the uploads page: a named statement, planned once per connection.
  return preparedOn(db, 'student_uploads', (d) =>
    d
      .select()
      .from(studentDocuments)
      .where(eq(studentDocuments.studentId, sql.placeholder('studentId')))
      .prepare('student_uploads'),
  ).execute({ studentId });
}

export async function findUpload(db: Exec, studentId: number, kind: string) {
  const [row] = await db
    .select()
    .from(studentDocuments)
    .where(and(eq(studentDocuments.studentId, studentId), eq(studentDocuments.kind, kind)))
    .limit(1);
  return row ?? null;
}

/** Inserts or replaces the student's file of a kind; returns the storage key it replaced, if any. */
export async function upsertUpload(
  db: Exec,
  values: {
    studentId: number;
    kind: string;
    storageKey: string;
    fileName: string;
    contentType: string;
    size: number;
  },
): Promise<string | null> {
  // One upload per student at a time: the file it replaces is then the one read below, never
  // one a concurrent upload is writing (whose file would otherwise be left behind).
  await db.select({ id: students.id }).from(students).where(eq(students.id, values.studentId)).for('update');
  const previous = await db
    .select({ key: studentDocuments.storageKey })
    .from(studentDocuments)
    .where(and(eq(studentDocuments.studentId, values.studentId), eq(studentDocuments.kind, values.kind)))
    .for('update');
  await db
    .insert(studentDocuments)
    .values(values)
    .onConflictDoUpdate({
      target: [studentDocuments.studentId, studentDocuments.kind],
      set: {
        storageKey: values.storageKey,
        fileName: values.fileName,
        contentType: values.contentType,
        size: values.size,
        uploadedAt: new Date(),
      },
    });
  return previous[0]?.key ?? null;
}

// ───────────────────────────── the school's forms ─────────────────────────────

function formTarget(levelId: number | null, departmentId: number | null) {
  return and(
    eq(studentForms.isActive, true),
    levelId === null
      ? sql`cardinality(${studentForms.levelIds}) = 0`
      : sql`(cardinality(${studentForms.levelIds}) = 0 or ${levelId} = any(${studentForms.levelIds}))`,
    departmentId === null
      ? sql`cardinality(${studentForms.departmentIds}) = 0`
      : sql`(cardinality(${studentForms.departmentIds}) = 0 or ${departmentId} = any(${studentForms.departmentIds}))`,
  );
}

/** The active forms aimed at a level and department (an empty target list means everyone). */
export async function formsFor(db: Exec, levelId: number | null, departmentId: number | null) {
  return db
    .select()
    .from(studentForms)
    .where(formTarget(levelId, departmentId))
    .orderBy(asc(studentForms.name), asc(studentForms.id));
}

export async function findFormFor(
  db: Exec,
  formId: number,
  levelId: number | null,
  departmentId: number | null,
) {
  const [row] = await db
    .select()
    .from(studentForms)
    .where(and(eq(studentForms.id, formId), formTarget(levelId, departmentId)))
    .limit(1);
  return row ?? null;
}
