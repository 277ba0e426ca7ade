import type { Exec } from '../../platform/db.js';
import { isoRequired } from '../../platform/time.js';
import * as repo from './teaching-audit.repository.js';

/**
 * One lecturer's teaching actions from the audit trail (the /app instructors' page, issue 28): what
 * they did through the given pages (content, assignments, live classes, score sheets), newest first.
 */
export async function teachingActions(
  db: Exec,
  adminId: number,
  pageNames: readonly string[],
  page: number,
  pageSize: number,
) {
  const { rows, total } = await repo.actionsOf(db, adminId, pageNames, page, pageSize);
  return {
    rows: rows.map((r) => ({
      Id: r.id,
      At: isoRequired(r.at),
      Page: r.page,
      Action: r.action,
      Entity: r.entity,
      EntityId: r.entityId,
    })),
    total,
  };
}
