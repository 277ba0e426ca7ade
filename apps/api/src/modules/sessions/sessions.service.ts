import { desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { academicSessions, admissionSessions } from '../../db/schema/index.js';

/** The current academic and admission sessions. */
export async function currentSessionIds(db: Db) {
  const [academic] = await db
    .select()
    .from(academicSessions)
    .where(eq(academicSessions.isCurrent, true))
    .orderBy(desc(academicSessions.id))
    .limit(1);
  const [admission] = await db
    .select()
    .from(admissionSessions)
    .where(eq(admissionSessions.isCurrent, true))
    .orderBy(desc(admissionSessions.id))
    .limit(1);
  return { academic: academic ?? null, admission: admission ?? null };
}
