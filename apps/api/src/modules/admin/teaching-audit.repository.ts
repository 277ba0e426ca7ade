import { and, desc, eq, inArray } from 'drizzle-orm';
import { auditLog } from '../../db/schema/index.js';
import { countSql, type Exec } from '../../platform/db.js';

/** The audit trail of one admin's actions through the given pages, newest first, paged. */
export async function actionsOf(
  db: Exec,
  adminId: number,
  pageNames: readonly string[],
  page: number,
  pageSize: number,
) {
  const where = and(eq(auditLog.actorAdminId, adminId), inArray(auditLog.page, [...pageNames]));
  const [total] = await db.select({ n: countSql() }).from(auditLog).where(where);
  const rows = await db
    .select({
      id: auditLog.id,
      at: auditLog.at,
      page: auditLog.page,
      action: auditLog.action,
      entity: auditLog.entity,
      entityId: auditLog.entityId,
    })
    .from(auditLog)
    .where(where)
    .orderBy(desc(auditLog.at), desc(auditLog.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  return { rows, total: total?.n ?? 0 };
}
