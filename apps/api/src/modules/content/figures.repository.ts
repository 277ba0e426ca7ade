import { and, eq, gte, inArray, isNotNull, sql, type AnyColumn } from 'drizzle-orm';
import { contentItems, contentProgress } from '../../db/schema/index.js';
import { countSql, type Exec } from '../../platform/db.js';

/** A timestamp's day in the institution's time (West Africa Time), YYYY-MM-DD. */
const dayOf = (column: AnyColumn) =>
  sql<string>`to_char(${column} at time zone 'UTC' + interval '1 hour', 'YYYY-MM-DD')`;

export async function publishedItems(db: Exec): Promise<number> {
  const [row] = await db
    .select({ n: countSql() })
    .from(contentItems)
    .where(eq(contentItems.state, 'published'));
  return row?.n ?? 0;
}

/** Items opened (first opened) or completed per day since `since`. */
export async function progressByDay(
  db: Exec,
  column: 'openedAt' | 'completedAt',
  since: Date,
): Promise<{ date: string; count: number }[]> {
  const at = contentProgress[column];
  const date = dayOf(at);
  return db
    .select({ date, count: countSql() })
    .from(contentProgress)
    .where(and(isNotNull(at), gte(at, since)))
    .groupBy(date);
}

/** Per student of `studentIds`: the offering's items opened and completed, and the last opening. */
export async function progressInOffering(
  db: Exec,
  courseId: number,
  sessionId: number,
  studentIds: readonly number[],
) {
  if (studentIds.length === 0) return [];
  return db
    .select({
      studentId: contentProgress.studentId,
      opened: sql<number>`count(${contentProgress.openedAt})::int`,
      completed: sql<number>`count(${contentProgress.completedAt})::int`,
      lastAt: sql<Date | string | null>`max(${contentProgress.openedAt})`,
    })
    .from(contentProgress)
    .innerJoin(contentItems, eq(contentItems.id, contentProgress.itemId))
    .where(
      and(
        eq(contentItems.courseId, courseId),
        eq(contentItems.sessionId, sessionId),
        inArray(contentProgress.studentId, [...studentIds]),
      ),
    )
    .groupBy(contentProgress.studentId);
}

/** Per admin of `adminIds`: the lesson items they wrote that are published. */
export async function publishedBy(db: Exec, adminIds: readonly number[]) {
  if (adminIds.length === 0) return [];
  return db
    .select({ adminId: sql<number>`${contentItems.createdBy}`, count: countSql() })
    .from(contentItems)
    .where(and(eq(contentItems.state, 'published'), inArray(contentItems.createdBy, [...adminIds])))
    .groupBy(contentItems.createdBy);
}
