import { and, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { Exec } from '../../platform/db.js';
import { notificationAudiences, notificationReads, notifications } from '../../db/schema/index.js';

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

/** Who an audience item is for: every signed-in user, or one kind, narrowed for students. */
export interface AudienceRow {
  recipientKind: string | null;
  facultyId: number | null;
  departmentId: number | null;
  levelId: number | null;
}

/** One row for a whole audience; its id (from the notifications sequence). */
export async function insertAudienceItem(
  db: Exec,
  n: AudienceRow & { type: number; title: string; link: string; visibleAt?: Date; expiresAt: Date | null },
): Promise<number> {
  const [row] = await db.insert(notificationAudiences).values(n).returning({ id: notificationAudiences.id });
  return row!.id;
}

export async function deleteAudienceItem(db: Exec, id: number): Promise<void> {
  await db.delete(notificationAudiences).where(eq(notificationAudiences.id, id));
}

/**
 * The audience items visible now to the recipient: for everyone or their kind, and for a student
 * narrowed to a faculty, department or level only when it is theirs (one primary-key look-up of
 * the student). The items table holds one row per announcement or broadcast, not per recipient.
 */
function audienceFor(r: Recipient): SQL {
  return sql`(a.recipient_kind is null or a.recipient_kind = ${r.kind})
    and a.visible_at <= now() and (a.expires_at is null or a.expires_at > now())
    and ((a.faculty_id is null and a.department_id is null and a.level_id is null)
      or exists (
        select 1 from students s join departments d on d.id = s.department_id
        where ${r.kind} = 'Student' and s.id = ${r.id}
          and (a.faculty_id is null or d.faculty_id = a.faculty_id)
          and (a.department_id is null or s.department_id = a.department_id)
          and (a.level_id is null or s.level_id = a.level_id)))`;
}

/** The recipient's read marker of the item's type (a left join: none yet, all unread). */
function readMarkerOf(r: Recipient): SQL {
  return sql`left join notification_reads m
    on m.recipient_kind = ${r.kind} and m.recipient_id = ${r.id} and m.type = a.type`;
}

const UNREAD_AUDIENCE = sql`a.visible_at > coalesce(m.read_until, '-infinity'::timestamptz)`;

function rowsOf<T>(result: unknown): T[] {
  return ((result as { rows?: T[] }).rows ?? (result as T[])) as T[];
}

/**
 * Unread counts per type for one recipient, both kinds of item, in ONE statement: the recipient's
 * own unread rows (partial index notifications_unread) and the audience items visible to them past
 * their read marker of the type (primary key of notification_reads).
 */
export async function unreadCounts(db: Exec, r: Recipient): Promise<{ type: number; n: number }[]> {
  const result = await db.execute(sql`
    select type, sum(n)::int as n from (
      select type, count(*)::int as n from notifications
      where recipient_kind = ${r.kind} and recipient_id = ${r.id} and read_at is null
      group by type
      union all
      select a.type, count(*)::int from notification_audiences a ${readMarkerOf(r)}
      where ${audienceFor(r)} and ${UNREAD_AUDIENCE}
      group by a.type
    ) c group by type`);
  return rowsOf<{ type: number; n: number }>(result).map((row) => ({
    type: Number(row.type),
    n: Number(row.n),
  }));
}

export type NotificationRow = {
  id: number;
  type: number;
  title: string;
  link: string;
  createdAt: Date;
  readAt: Date | null;
};

/** The recipient's rows and audience items merged (a type, unread only), as one subquery. */
function mergedFor(r: Recipient, q: { type?: number; unread?: boolean }): SQL {
  const ofType = (column: SQL) => (q.type === undefined ? sql`true` : sql`${column} = ${q.type}`);
  return sql`(
    select id, type, title, link, created_at, read_at from notifications
    where recipient_kind = ${r.kind} and recipient_id = ${r.id} and ${ofType(sql`type`)}
      ${q.unread ? sql`and read_at is null` : sql``}
    union all
    select a.id, a.type, a.title, a.link, a.visible_at,
      case when a.visible_at <= m.read_until then m.read_until end
    from notification_audiences a ${readMarkerOf(r)}
    where ${audienceFor(r)} and ${ofType(sql`a.type`)} ${q.unread ? sql`and ${UNREAD_AUDIENCE}` : sql``}
  ) merged`;
}

export async function listFor(
  db: Exec,
  r: Recipient,
  q: { type?: number; unread?: boolean; limit: number; offset: number },
): Promise<NotificationRow[]> {
  const result = await db.execute(sql`
    select id, type, title, link, created_at as "createdAt", read_at as "readAt" from ${mergedFor(r, q)}
    order by created_at desc, id desc limit ${q.limit} offset ${q.offset}`);
  return rowsOf<NotificationRow>(result).map((row) => ({
    id: Number(row.id),
    type: Number(row.type),
    title: row.title,
    link: row.link,
    createdAt: new Date(row.createdAt),
    readAt: row.readAt ? new Date(row.readAt) : null,
  }));
}

export async function countFor(
  db: Exec,
  r: Recipient,
  q: { type?: number; unread?: boolean },
): Promise<number> {
  const result = await db.execute(sql`select count(*)::int as n from ${mergedFor(r, q)}`);
  return Number(rowsOf<{ n: number }>(result)[0]?.n ?? 0);
}

/**
 * Marks the recipient's unread items of a type read: their own rows, and the read marker of the
 * type moved to now (never back). How many of their own rows changed.
 */
export async function markRead(db: Exec, r: Recipient, type: number): Promise<number> {
  const rows = await db
    .update(notifications)
    .set({ readAt: sql`now()` })
    .where(
      and(
        eq(notifications.recipientKind, r.kind),
        eq(notifications.recipientId, r.id),
        eq(notifications.type, type),
        isNull(notifications.readAt),
      ),
    )
    .returning({ id: notifications.id });
  await db
    .insert(notificationReads)
    .values({ recipientKind: r.kind, recipientId: r.id, type, readUntil: sql`now()` })
    .onConflictDoUpdate({
      target: [notificationReads.recipientKind, notificationReads.recipientId, notificationReads.type],
      set: { readUntil: sql`greatest(${notificationReads.readUntil}, now())` },
    });
  return rows.length;
}
