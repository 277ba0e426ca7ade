import { eq } from 'drizzle-orm';
import { students } from '../../db/schema/index.js';
import { countSql, type Exec } from '../../platform/db.js';

/** The registry's active students: those who may sign in. */
export async function activeStudents(db: Exec): Promise<number> {
  const [row] = await db.select({ n: countSql() }).from(students).where(eq(students.isActive, true));
  return row?.n ?? 0;
}
