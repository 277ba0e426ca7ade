import { and, inArray, isNotNull, sql } from 'drizzle-orm';
import { resultSheets } from '../../db/schema/index.js';
import type { Exec } from '../../platform/db.js';

/** Per admin of `adminIds`: the score sheets they submitted for review. */
export async function submittedBy(db: Exec, adminIds: readonly number[]) {
  if (adminIds.length === 0) return [];
  return db
    .select({ adminId: sql<number>`${resultSheets.createdBy}`, count: sql<number>`count(*)::int` })
    .from(resultSheets)
    .where(and(isNotNull(resultSheets.submittedAt), inArray(resultSheets.createdBy, [...adminIds])))
    .groupBy(resultSheets.createdBy);
}
