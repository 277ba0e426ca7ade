import type { Exec } from '../../platform/db.js';
import * as repo from './figures.repository.js';

/** Payments' figures for the /app dashboard (issue 28): those paid since `since`, by the hour. */
export async function paymentFigures(db: Exec, since: Date) {
  const rows = await repo.paidByHour(db, since);
  return rows.map((r) => ({ hour: r.hour, count: r.count, amountNaira: Number(r.kobo) / 100 }));
}
