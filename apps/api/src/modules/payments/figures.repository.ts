import { and, eq, gte, sql } from 'drizzle-orm';
import { payments } from '../../db/schema/index.js';
import type { Exec } from '../../platform/db.js';

/** Payments made since `since`, by the hour (institution's time) they were paid. */
export async function paidByHour(db: Exec, since: Date) {
  const hour = sql<number>`extract(hour from ${payments.paidAt} at time zone 'UTC' + interval '1 hour')::int`;
  return db
    .select({
      hour,
      count: sql<number>`count(*)::int`,
      kobo: sql<string>`coalesce(sum(coalesce(${payments.amountPaidKobo}, ${payments.amountKobo})), 0)::text`,
    })
    .from(payments)
    .where(and(eq(payments.state, 'paid'), gte(payments.paidAt, since)))
    .groupBy(hour);
}
