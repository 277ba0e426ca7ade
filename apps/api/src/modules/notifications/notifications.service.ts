import {
  NOTIFICATION_MESSAGES as M,
  NOTIFICATION_TYPES,
  NOTIFICATION_TYPE_NAMES,
  STATUS,
  UNREAD_NOTIFICATIONS_LIMIT,
  notificationTypeName,
  type NotificationCounts,
  type NotificationItem,
  type NotificationTypeName,
} from '@portal/contracts';
import type { AuthContext } from '../../platform/auth.js';
import type { Exec } from '../../platform/db.js';
import { badRequest, forbidden, unauthorized } from '../../platform/errors.js';
import * as repo from './notifications.repository.js';

/**
 * The notifications core: `publish` (a list of users, a row each) and `publishToAudience` (one row
 * for a whole audience) are the doors every module writes through; the signed-in user reads their
 * counts and items (both kinds merged) and marks a type read.
 */

/** The kinds of account a notification is for (the sessions table's user kinds). */
export type RecipientKind = AuthContext['kind'];

export interface Publication {
  type: NotificationTypeName;
  recipientKind: RecipientKind;
  recipientIds: readonly number[];
  title: string;
  /** A path inside the portal the item opens. */
  link: string;
}

/**
 * Notifies every recipient in ONE statement (INSERT … SELECT unnest), whatever their number. Pass
 * the transaction of the change that causes it, so both commit or neither. Returns the rows written.
 */
export async function publish(db: Exec, p: Publication): Promise<number> {
  const ids = [...new Set(p.recipientIds)];
  return repo.insertForRecipients(db, {
    type: NOTIFICATION_TYPES[p.type].type,
    kind: p.recipientKind,
    ids,
    title: p.title.slice(0, 300),
    link: p.link,
  });
}

/**
 * Who an audience item is for: every signed-in user (`recipientKind` null) or every user of a
 * kind; for students optionally only those of a faculty, a department and/or a level.
 */
export interface Audience {
  recipientKind: RecipientKind | null;
  facultyId?: number | null;
  departmentId?: number | null;
  levelId?: number | null;
}

export interface AudiencePublication {
  type: NotificationTypeName;
  audience: Audience;
  title: string;
  link: string;
  /** When it becomes visible (a scheduled announcement); now by default. */
  visibleAt?: Date;
  /** When it stops being shown and counted; never by default. */
  expiresAt?: Date | null;
}

/**
 * Notifies a whole audience with ONE row, however many users it reaches (an announcement to every
 * student): each user's count follows from the audience and their read marker of the type. Pass
 * the transaction of the change. Returns the item's id (to withdraw it later).
 */
export async function publishToAudience(db: Exec, p: AudiencePublication): Promise<number> {
  const narrowed = p.audience.recipientKind === 'Student';
  return repo.insertAudienceItem(db, {
    type: NOTIFICATION_TYPES[p.type].type,
    recipientKind: p.audience.recipientKind,
    facultyId: narrowed ? (p.audience.facultyId ?? null) : null,
    departmentId: narrowed ? (p.audience.departmentId ?? null) : null,
    levelId: narrowed ? (p.audience.levelId ?? null) : null,
    title: p.title.slice(0, 300),
    link: p.link,
    // The database's clock by default, the one counts compare with.
    visibleAt: p.visibleAt,
    expiresAt: p.expiresAt ?? null,
  });
}

/** Removes an audience item (its announcement was withdrawn or replaced): no longer shown or counted. */
export async function withdrawFromAudience(db: Exec, id: number): Promise<void> {
  await repo.deleteAudienceItem(db, id);
}

function recipientOf(auth: AuthContext | null): repo.Recipient {
  if (!auth) throw unauthorized();
  return { kind: auth.kind, id: auth.userId };
}

function itemOf(row: repo.NotificationRow): NotificationItem {
  return {
    Id: row.id,
    Type: row.type,
    TypeName: notificationTypeName(row.type) ?? 'announcements',
    Title: row.title,
    Link: row.link,
    CreatedAt: row.createdAt.toISOString(),
    ReadAt: row.readAt ? row.readAt.toISOString() : null,
  };
}

/** One unread count per type name for the caller (one indexed query). */
export async function counts(db: Exec, auth: AuthContext | null) {
  const rows = await repo.unreadCounts(db, recipientOf(auth));
  const data = Object.fromEntries(NOTIFICATION_TYPE_NAMES.map((name) => [name, 0])) as NotificationCounts;
  for (const row of rows) {
    const name = notificationTypeName(row.type);
    if (name) data[name] = row.n;
  }
  const total = Object.values(data).reduce((a, b) => a + b, 0);
  return { Status: STATUS.ok, Data: data, Total: total };
}

/**
 * A weak ETag of a counts answer: the counts themselves (the answer follows from them), so a poll
 * that finds nothing new is answered 304 with no body.
 */
export const countsEtag = (data: NotificationCounts): string =>
  `W/"n-${NOTIFICATION_TYPE_NAMES.map((name) => data[name]).join('.')}"`;

export async function list(
  db: Exec,
  auth: AuthContext | null,
  q: { type?: NotificationTypeName; unread: boolean; page: number; pageSize: number },
) {
  const r = recipientOf(auth);
  const filter = { type: q.type ? NOTIFICATION_TYPES[q.type].type : undefined, unread: q.unread };
  const [rows, total] = await Promise.all([
    repo.listFor(db, r, { ...filter, limit: q.pageSize, offset: (q.page - 1) * q.pageSize }),
    repo.countFor(db, r, filter),
  ]);
  return { Status: STATUS.ok, Data: rows.map(itemOf), Page: q.page, PageSize: q.pageSize, Total: total };
}

export async function markRead(db: Exec, auth: AuthContext | null, type: NotificationTypeName) {
  const marked = await repo.markRead(db, recipientOf(auth), NOTIFICATION_TYPES[type].type);
  return { Status: STATUS.ok, Data: { Marked: marked } };
}

/** The spec's staffId is the caller's own id (StudID, UserId or ApplicantID): anyone else's → 403. */
function ownRecipient(auth: AuthContext | null, staffId: number): repo.Recipient {
  const r = recipientOf(auth);
  if (r.id !== staffId) throw forbidden(M.notYours);
  return r;
}

function typeOf(notificationType: number): number {
  if (!notificationTypeName(notificationType)) throw badRequest(M.unknownType);
  return notificationType;
}

/** `GET api/GetUnReadNotifications`: Status true and the unread items (Data's length is the count). */
export async function specUnread(
  db: Exec,
  auth: AuthContext | null,
  staffId: number,
  notificationType: number,
) {
  const r = ownRecipient(auth, staffId);
  const rows = await repo.listFor(db, r, {
    type: typeOf(notificationType),
    unread: true,
    limit: UNREAD_NOTIFICATIONS_LIMIT,
    offset: 0,
  });
  return { Status: true, Data: rows.map(itemOf) };
}

/** `POST api/MarkNotificationsAsRead`. */
export async function specMarkRead(
  db: Exec,
  auth: AuthContext | null,
  staffId: number,
  notificationType: number,
) {
  const r = ownRecipient(auth, staffId);
  await repo.markRead(db, r, typeOf(notificationType));
  return { Status: true };
}
