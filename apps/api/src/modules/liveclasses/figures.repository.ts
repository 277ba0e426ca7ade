import { and, eq, gte, isNotNull, sql } from 'drizzle-orm';
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

/** One student's attendance: the classes they joined and the last time. */
export async function attendanceOfStudent(db: Exec, studentId: number) {
  const [row] = await db
    .select({
      attended: sql<number>`count(distinct ${liveClassAttendance.classId})::int`,
      lastJoinedAt: sql<Date | string | null>`max(${liveClassAttendance.joinedAt})`,
    })
    .from(liveClassAttendance)
    .where(and(eq(liveClassAttendance.userKind, 'Student'), eq(liveClassAttendance.userId, studentId)));
  return row ?? { attended: 0, lastJoinedAt: null };
}
