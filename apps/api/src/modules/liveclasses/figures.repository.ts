import { and, eq, gte, inArray, isNotNull, sql } from 'drizzle-orm';
import { liveClassAttendance, liveClasses } from '../../db/schema/index.js';
import type { Exec } from '../../platform/db.js';

/** Classes that started since `since`, each with the students who joined it (once each). */
export async function heldSince(db: Exec, since: Date) {
  return db
    .select({
      id: liveClasses.id,
      courseId: liveClasses.courseId,
      sessionId: liveClasses.sessionId,
      date: sql<string>`to_char(${liveClasses.startedAt} at time zone 'UTC' + interval '1 hour', 'YYYY-MM-DD')`,
      attended: sql<number>`count(distinct ${liveClassAttendance.userId}) filter (where ${liveClassAttendance.userKind} = 'Student')::int`,
    })
    .from(liveClasses)
    .leftJoin(liveClassAttendance, eq(liveClassAttendance.classId, liveClasses.id))
    .where(and(isNotNull(liveClasses.startedAt), gte(liveClasses.startedAt, since)))
    .groupBy(liveClasses.id);
}

/** Per student of `studentIds`: the offering's classes they joined, and the last time. */
export async function attendanceInOffering(
  db: Exec,
  courseId: number,
  sessionId: number,
  studentIds: readonly number[],
) {
  if (studentIds.length === 0) return [];
  return db
    .select({
      studentId: liveClassAttendance.userId,
      attended: sql<number>`count(distinct ${liveClassAttendance.classId})::int`,
      lastAt: sql<Date | string | null>`max(${liveClassAttendance.joinedAt})`,
    })
    .from(liveClassAttendance)
    .innerJoin(liveClasses, eq(liveClasses.id, liveClassAttendance.classId))
    .where(
      and(
        eq(liveClasses.courseId, courseId),
        eq(liveClasses.sessionId, sessionId),
        eq(liveClassAttendance.userKind, 'Student'),
        inArray(liveClassAttendance.userId, [...studentIds]),
      ),
    )
    .groupBy(liveClassAttendance.userId);
}

/** Per lecturer of `adminIds`: the classes they held (started). */
export async function heldBy(db: Exec, adminIds: readonly number[]) {
  if (adminIds.length === 0) return [];
  return db
    .select({ adminId: liveClasses.lecturerId, count: sql<number>`count(*)::int` })
    .from(liveClasses)
    .where(and(isNotNull(liveClasses.startedAt), inArray(liveClasses.lecturerId, [...adminIds])))
    .groupBy(liveClasses.lecturerId);
}
