import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Exec } from '../../platform/db.js';
import { countSql } from '../../platform/db.js';
import { notifications } from '../../db/schema/index.js';

export interface Recipient {
  kind: string;
  id: number;
}

/**
 * One INSERT … SELECT over unnest() of the ids, however many recipients: one round trip and one
 * parameter for the ids (a PostgreSQL array literal), not a VALUES list.
 */
export async function insertForRecipients(
  db: Exec,
  n: { type: number; kind: string; ids: readonly number[]; title: string; link: string },
): Promise<number> {
  if (n.ids.length === 0) return 0;
  const ids = `{${n.ids.map((id) => Math.trunc(id)).join(',')}}`;
  const result = await db.execute(sql`
    insert into ${notifications} (recipient_kind, recipient_id, type, title, link)
    select ${n.kind}, r.id, ${n.type}, ${n.title}, ${n.link}
    from unnest(${ids}::int[]) as r(id)`);
  return Number(
    (result as { rowCount?: number | null; affectedRows?: number }).rowCount ??
      (result as { affectedRows?: number }).affectedRows ??
      n.ids.length,
  );
}

/** Unread rows per type for one recipient (the partial index notifications_unread). */
export async function unreadCounts(db: Exec, r: Recipient): Promise<{ type: number; n: number }[]> {
  return db
    .select({ type: notifications.type, n: countSql() })
    .from(notifications)
    .where(
      and(
        eq(notifications.recipientKind, r.kind),
        eq(notifications.recipientId, r.id),
        isNull(notifications.readAt),
      ),
    )
    .groupBy(notifications.type);
}

const columns = {
  id: notifications.id,
  type: notifications.type,
  title: notifications.title,
  link: notifications.link,
  createdAt: notifications.createdAt,
  readAt: notifications.readAt,
};
export type NotificationRow = {
  id: number;
  type: number;
  title: string;
  link: string;
  createdAt: Date;
  readAt: Date | null;
};

function whereOf(r: Recipient, q: { type?: number; unread?: boolean }) {
  return and(
    eq(notifications.recipientKind, r.kind),
    eq(notifications.recipientId, r.id),
    q.type === undefined ? undefined : eq(notifications.type, q.type),
    q.unread ? isNull(notifications.readAt) : undefined,
  );
}

export async function listFor(
  db: Exec,
  r: Recipient,
  q: { type?: number; unread?: boolean; limit: number; offset: number },
): Promise<NotificationRow[]> {
  return db
    .select(columns)
    .from(notifications)
    .where(whereOf(r, q))
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(q.limit)
    .offset(q.offset);
}

export async function countFor(
  db: Exec,
  r: Recipient,
  q: { type?: number; unread?: boolean },
): Promise<number> {
  const [row] = await db.select({ n: countSql() }).from(notifications).where(whereOf(r, q));
  return row?.n ?? 0;
}

/** Marks the recipient's unread items of a type read; how many changed. */
export async function markRead(db: Exec, r: Recipient, type: number): Promise<number> {
  const rows = await db
    .update(notifications)
    .set({ readAt: sql`now()` })
    .where(whereOf(r, { type, unread: true }))
    .returning({ id: notifications.id });
  return rows.length;
}
