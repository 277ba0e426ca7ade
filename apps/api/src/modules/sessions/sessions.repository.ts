import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';

interface SessionRef {
  id: number;
  name: string;
}

/**
 * The current academic and admission sessions, in one round trip: every sign-in page asks for them,
 * and on the embedded database each statement is paid for in full.
 */
export async function currentSessionIds(
  db: Db,
): Promise<{ academic: SessionRef | null; admission: SessionRef | null }> {
  // Both drivers answer `{ rows }`; the shared Db type leaves the result untyped.
  const result = (await db.execute(sql`
    select
      (select json_build_object('id', id, 'name', name) from academic_sessions
        where is_current order by id desc limit 1) as academic,
      (select json_build_object('id', id, 'name', name) from admission_sessions
        where is_current order by id desc limit 1) as admission`)) as unknown as {
    rows: { academic: SessionRef | null; admission: SessionRef | null }[];
  };
  const [row] = result.rows;
  return { academic: row?.academic ?? null, admission: row?.admission ?? null };
}
