import { and, eq, gte, inArray, isNotNull, lte, sql } from 'drizzle-orm';
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

/** Per student of `studentIds`: submissions to the offering's assignments, how many late, the last. */
export async function submissionsInOffering(
  db: Exec,
  courseId: number,
  sessionId: number,
  studentIds: readonly number[],
) {
  if (studentIds.length === 0) return [];
  return db
    .select({
      studentId: assignmentSubmissions.studentId,
      submitted: sql<number>`count(*)::int`,
      late: sql<number>`count(*) filter (where ${assignmentSubmissions.late})::int`,
      lastAt: sql<Date | string | null>`max(${assignmentSubmissions.submittedAt})`,
    })
    .from(assignmentSubmissions)
    .innerJoin(assignments, eq(assignments.id, assignmentSubmissions.assignmentId))
    .where(
      and(
        eq(assignments.courseId, courseId),
        eq(assignments.sessionId, sessionId),
        inArray(assignmentSubmissions.studentId, [...studentIds]),
      ),
    )
    .groupBy(assignmentSubmissions.studentId);
}

/** Per admin of `adminIds`: the assignments they set (published). */
export async function setBy(db: Exec, adminIds: readonly number[]) {
  if (adminIds.length === 0) return [];
  return db
    .select({ adminId: sql<number>`${assignments.createdBy}`, count: sql<number>`count(*)::int` })
    .from(assignments)
    .where(and(isNotNull(assignments.publishedAt), inArray(assignments.createdBy, [...adminIds])))
    .groupBy(assignments.createdBy);
}

/** Per admin of `adminIds`: the submissions they graded. */
export async function gradedBy(db: Exec, adminIds: readonly number[]) {
  if (adminIds.length === 0) return [];
  return db
    .select({ adminId: sql<number>`${assignmentSubmissions.gradedBy}`, count: sql<number>`count(*)::int` })
    .from(assignmentSubmissions)
    .where(inArray(assignmentSubmissions.gradedBy, [...adminIds]))
    .groupBy(assignmentSubmissions.gradedBy);
}
