import { and, eq, gte, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import { cbtAttempts, cbtExams } from '../../db/schema/index.js';
import type { Exec } from '../../platform/db.js';

/** Attempts submitted since `since` (cancelled ones aside) and their mean score in percent. */
export async function submittedSince(db: Exec, since: Date) {
  const [row] = await db
    .select({
      sat: sql<number>`count(*)::int`,
      average: sql<
        number | null
      >`avg(100 * ${cbtAttempts.score} / nullif(${cbtAttempts.maxScore}, 0))::double precision`,
    })
    .from(cbtAttempts)
    .where(
      and(
        isNotNull(cbtAttempts.submittedAt),
        gte(cbtAttempts.submittedAt, since),
        isNull(cbtAttempts.cancelledAt),
      ),
    );
  return { sat: row?.sat ?? 0, average: row?.average ?? null };
}

/** Per student of `studentIds`: the offering's exams they sat (submitted, not cancelled) and when last. */
export async function satInOffering(
  db: Exec,
  courseId: number,
  sessionId: number,
  studentIds: readonly number[],
) {
  if (studentIds.length === 0) return [];
  return db
    .select({
      studentId: cbtAttempts.studentId,
      sat: sql<number>`count(distinct ${cbtAttempts.examId})::int`,
      lastAt: sql<Date | string | null>`max(${cbtAttempts.submittedAt})`,
    })
    .from(cbtAttempts)
    .innerJoin(cbtExams, eq(cbtExams.id, cbtAttempts.examId))
    .where(
      and(
        eq(cbtExams.courseId, courseId),
        eq(cbtExams.sessionId, sessionId),
        isNotNull(cbtAttempts.submittedAt),
        isNull(cbtAttempts.cancelledAt),
        inArray(cbtAttempts.studentId, [...studentIds]),
      ),
    )
    .groupBy(cbtAttempts.studentId);
}
