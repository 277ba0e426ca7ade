import { and, eq, gte, isNotNull, lte, sql } from 'drizzle-orm';
import { assignmentSubmissions, assignments } from '../../db/schema/index.js';
import type { Exec } from '../../platform/db.js';

/** Published assignments due in [since, until], each with its submissions made on time and late. */
export async function dueWithSubmissions(db: Exec, since: Date, until: Date) {
  return db
    .select({
      id: assignments.id,
      courseId: assignments.courseId,
      sessionId: assignments.sessionId,
      onTime: sql<number>`count(${assignmentSubmissions.id}) filter (where not ${assignmentSubmissions.late})::int`,
      late: sql<number>`count(${assignmentSubmissions.id}) filter (where ${assignmentSubmissions.late})::int`,
    })
    .from(assignments)
    .leftJoin(assignmentSubmissions, eq(assignmentSubmissions.assignmentId, assignments.id))
    .where(
      and(isNotNull(assignments.publishedAt), gte(assignments.dueAt, since), lte(assignments.dueAt, until)),
    )
    .groupBy(assignments.id);
}

/** One student's submissions: how many, how many late, the last one. */
export async function submissionsOfStudent(db: Exec, studentId: number) {
  const [row] = await db
    .select({
      submitted: sql<number>`count(*)::int`,
      late: sql<number>`count(*) filter (where ${assignmentSubmissions.late})::int`,
      lastSubmittedAt: sql<Date | string | null>`max(${assignmentSubmissions.submittedAt})`,
    })
    .from(assignmentSubmissions)
    .where(eq(assignmentSubmissions.studentId, studentId));
  return row ?? { submitted: 0, late: 0, lastSubmittedAt: null };
}
