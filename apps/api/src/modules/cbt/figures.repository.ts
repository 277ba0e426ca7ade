import { and, gte, isNotNull, isNull, sql } from 'drizzle-orm';
import { cbtAttempts } from '../../db/schema/index.js';
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
