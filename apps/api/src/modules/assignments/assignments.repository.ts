import { and, asc, desc, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import { assignmentFiles, assignmentSubmissions, assignments, students } from '../../db/schema/index.js';
import type { Exec } from '../../platform/db.js';

export type AssignmentRow = typeof assignments.$inferSelect;
export type AssignmentInsert = typeof assignments.$inferInsert;
export type FileRow = typeof assignmentFiles.$inferSelect;
export type SubmissionRow = typeof assignmentSubmissions.$inferSelect;

export async function assignment(db: Exec, id: number, lock = false) {
  const q = db.select().from(assignments).where(eq(assignments.id, id));
  const [row] = lock ? await q.for('update') : await q;
  return row ?? null;
}

export async function assignmentsOf(db: Exec, courseId: number, sessionId: number) {
  return db
    .select()
    .from(assignments)
    .where(and(eq(assignments.courseId, courseId), eq(assignments.sessionId, sessionId)))
    .orderBy(desc(assignments.dueAt), desc(assignments.id));
}

/** The published assignments of these offerings. */
export async function publishedOf(db: Exec, offerings: readonly { courseId: number; sessionId: number }[]) {
  if (!offerings.length) return [];
  return db
    .select()
    .from(assignments)
    .where(
      and(
        isNotNull(assignments.publishedAt),
        sql`(${assignments.courseId}, ${assignments.sessionId}) in (${sql.join(
          offerings.map((o) => sql`(${o.courseId}::int, ${o.sessionId}::int)`),
          sql`, `,
        )})`,
      ),
    )
    .orderBy(asc(assignments.dueAt), asc(assignments.id));
}

export async function insertAssignment(db: Exec, values: AssignmentInsert) {
  const [row] = await db.insert(assignments).values(values).returning();
  return row!;
}

export async function updateAssignment(db: Exec, id: number, set: Partial<AssignmentInsert>) {
  const [row] = await db
    .update(assignments)
    .set({ ...set, updatedAt: new Date() })
    .where(eq(assignments.id, id))
    .returning();
  return row!;
}

export async function deleteAssignment(db: Exec, id: number) {
  await db.delete(assignments).where(eq(assignments.id, id));
}

export async function filesOf(db: Exec, assignmentIds: readonly number[]) {
  if (!assignmentIds.length) return [];
  return db
    .select()
    .from(assignmentFiles)
    .where(inArray(assignmentFiles.assignmentId, [...assignmentIds]))
    .orderBy(asc(assignmentFiles.id));
}

export async function file(db: Exec, id: number) {
  const [row] = await db.select().from(assignmentFiles).where(eq(assignmentFiles.id, id));
  return row ?? null;
}

export async function insertFile(db: Exec, values: typeof assignmentFiles.$inferInsert) {
  const [row] = await db.insert(assignmentFiles).values(values).returning();
  return row!;
}

export async function deleteFile(db: Exec, id: number) {
  await db.delete(assignmentFiles).where(eq(assignmentFiles.id, id));
}

/** Submissions of these assignments with the students' matric numbers and names. */
export async function submissionsOf(db: Exec, assignmentIds: readonly number[]) {
  if (!assignmentIds.length) return [];
  return db
    .select({
      submission: assignmentSubmissions,
      matricNo: students.matricNo,
      name: sql<string>`upper(${students.lastName}) || ' ' || ${students.firstName}`,
    })
    .from(assignmentSubmissions)
    .innerJoin(students, eq(students.id, assignmentSubmissions.studentId))
    .where(inArray(assignmentSubmissions.assignmentId, [...assignmentIds]))
    .orderBy(asc(students.matricNo));
}
export type ListedSubmission = Awaited<ReturnType<typeof submissionsOf>>[number];

export async function submission(db: Exec, id: number) {
  const [row] = await db.select().from(assignmentSubmissions).where(eq(assignmentSubmissions.id, id));
  return row ?? null;
}

/**
 * Serialises one student's submissions to one assignment (a transaction-scoped advisory lock on the
 * pair), so the "replace only before the due time" check and the write see the same row, while other
 * students' submissions to the same assignment go on in parallel.
 */
export async function lockStudentSubmission(db: Exec, assignmentId: number, studentId: number) {
  await db.execute(sql`select pg_advisory_xact_lock(${assignmentId}::int, ${studentId}::int)`);
}

export async function submissionOf(db: Exec, assignmentId: number, studentId: number) {
  const [row] = await db
    .select()
    .from(assignmentSubmissions)
    .where(
      and(
        eq(assignmentSubmissions.assignmentId, assignmentId),
        eq(assignmentSubmissions.studentId, studentId),
      ),
    );
  return row ?? null;
}

export async function studentSubmissions(db: Exec, studentId: number, assignmentIds: readonly number[]) {
  if (!assignmentIds.length) return [];
  return db
    .select()
    .from(assignmentSubmissions)
    .where(
      and(
        eq(assignmentSubmissions.studentId, studentId),
        inArray(assignmentSubmissions.assignmentId, [...assignmentIds]),
      ),
    );
}

/**
 * Saves a student's submission: the first, or a replacement of theirs (one row per assignment and
 * student, a unique constraint, so two at once leave one). Grades of a replaced submission go.
 */
export async function upsertSubmission(
  db: Exec,
  values: Omit<typeof assignmentSubmissions.$inferInsert, 'id'>,
) {
  const [row] = await db
    .insert(assignmentSubmissions)
    .values(values)
    .onConflictDoUpdate({
      target: [assignmentSubmissions.assignmentId, assignmentSubmissions.studentId],
      set: {
        text: sql`excluded.text`,
        fileKey: sql`excluded.file_key`,
        fileName: sql`excluded.file_name`,
        fileMime: sql`excluded.file_mime`,
        fileSize: sql`excluded.file_size`,
        sha256: sql`excluded.sha256`,
        submittedAt: sql`excluded.submitted_at`,
        late: sql`excluded.late`,
        penalty: sql`excluded.penalty`,
        score: null,
        comment: null,
        gradedAt: null,
        gradedBy: null,
        returnedAt: null,
      },
    })
    .returning();
  return row!;
}

export async function gradeSubmission(
  db: Exec,
  id: number,
  set: { score: number; comment: string; gradedBy: number },
) {
  const [row] = await db
    .update(assignmentSubmissions)
    .set({ ...set, gradedAt: new Date(), returnedAt: null })
    .where(eq(assignmentSubmissions.id, id))
    .returning();
  return row!;
}

/** Marks the graded, not yet returned submissions of an assignment returned; returns them. */
export async function returnGraded(db: Exec, assignmentId: number, at: Date) {
  return db
    .update(assignmentSubmissions)
    .set({ returnedAt: at })
    .where(
      and(
        eq(assignmentSubmissions.assignmentId, assignmentId),
        isNotNull(assignmentSubmissions.score),
        isNull(assignmentSubmissions.returnedAt),
      ),
    )
    .returning();
}

export async function hasSubmissions(db: Exec, assignmentId: number) {
  const [row] = await db
    .select({ id: assignmentSubmissions.id })
    .from(assignmentSubmissions)
    .where(eq(assignmentSubmissions.assignmentId, assignmentId))
    .limit(1);
  return !!row;
}
