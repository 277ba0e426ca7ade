import {
  ANNOUNCEMENT_MESSAGES as M,
  ANNOUNCEMENT_PAGE,
  STATUS,
  type AnnouncementAudience,
  type AnnouncementItem,
  type CurrentAnnouncement,
} from '@portal/contracts';
import type { Db } from '../../db/client.js';
import { audit, type AuditActor } from '../../platform/audit.js';
import type { AuthContext } from '../../platform/auth.js';
import { PG_FOREIGN_KEY_VIOLATION, pgErrorCode, type Exec } from '../../platform/db.js';
import { badRequest, conflict, notFound, unauthorized } from '../../platform/errors.js';
import { sanitizeRichText } from '../../platform/sanitize.js';
import * as notifications from '../notifications/notifications.service.js';
import * as repo from './announcements.repository.js';

/**
 * Announcements (issue 25): an administrator writes a title and a body for an audience, to appear
 * now or at a later time, until an expiry; it is shown on the audience's dashboards and notified
 * as ONE audience item of type 6 (however many people it reaches). Editing replaces that item;
 * withdrawing removes it. Every change is audited.
 */

export interface AnnouncementFields {
  Title: string;
  Body: string;
  Audience: AnnouncementAudience;
  FacultyId?: number | null;
  DepartmentId?: number | null;
  LevelId?: number | null;
  PublishAt?: string | null;
  ExpiresAt?: string | null;
}

/** The notifications module's audience of an announcement's audience. */
export function audienceOf(a: {
  audience: string;
  facultyId: number | null;
  departmentId: number | null;
  levelId: number | null;
}): notifications.Audience {
  switch (a.audience as AnnouncementAudience) {
    case 'students':
      return {
        recipientKind: 'Student',
        facultyId: a.facultyId,
        departmentId: a.departmentId,
        levelId: a.levelId,
      };
    case 'applicants':
      return { recipientKind: 'Applicant' };
    case 'staff':
      return { recipientKind: 'Admin' };
    default:
      return { recipientKind: null };
  }
}

/** Where the notification opens: the dashboard the announcement is shown on. */
function linkOf(audience: AnnouncementAudience): string {
  if (audience === 'applicants') return '/applicant/dashboard';
  if (audience === 'staff') return '/admin/dashboard';
  return '/student/dashboard';
}

/** The body as it may reach other users' browsers; refused when nothing is left of it. */
function safeBody(body: string): string {
  const clean = sanitizeRichText(body);
  if (!clean.replace(/<[^>]*>/g, '').trim() && !/<img\b/i.test(clean)) throw badRequest(M.bodyEmpty);
  return clean;
}

function rowOf(input: AnnouncementFields, body: string): repo.NewAnnouncement {
  const students = input.Audience === 'students';
  return {
    title: input.Title.trim(),
    body,
    audience: input.Audience,
    facultyId: students ? (input.FacultyId ?? null) : null,
    departmentId: students ? (input.DepartmentId ?? null) : null,
    levelId: students ? (input.LevelId ?? null) : null,
    publishAt: input.PublishAt ? new Date(input.PublishAt) : new Date(),
    expiresAt: input.ExpiresAt ? new Date(input.ExpiresAt) : null,
  };
}

function stateOf(row: repo.AnnouncementRow, now = Date.now()): AnnouncementItem['State'] {
  if (row.withdrawnAt) return 'withdrawn';
  if (row.publishAt.getTime() > now) return 'scheduled';
  if (row.expiresAt && row.expiresAt.getTime() <= now) return 'expired';
  return 'current';
}

function itemOf(row: repo.ListedAnnouncement): AnnouncementItem {
  return {
    Id: row.id,
    Title: row.title,
    Body: row.body,
    Audience: row.audience as AnnouncementAudience,
    FacultyId: row.facultyId,
    DepartmentId: row.departmentId,
    LevelId: row.levelId,
    AudienceDetail: [row.facultyName, row.departmentName, row.levelName].filter(Boolean).join(' · '),
    PublishAt: row.publishAt.toISOString(),
    ExpiresAt: row.expiresAt ? row.expiresAt.toISOString() : null,
    State: stateOf(row),
  };
}

/** Notifies the announcement's audience (one item, visible from its publish time until its expiry). */
async function notify(tx: Exec, row: repo.AnnouncementRow): Promise<number> {
  return notifications.publishToAudience(tx, {
    type: 'announcements',
    audience: audienceOf(row),
    title: row.title,
    link: linkOf(row.audience as AnnouncementAudience),
    visibleAt: row.publishAt,
    expiresAt: row.expiresAt,
  });
}

/** A faculty, department or level that does not exist is bad input, not a server error. */
async function refusingUnknownNarrowing<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (pgErrorCode(err) === PG_FOREIGN_KEY_VIOLATION) throw badRequest(M.audience);
    throw err;
  }
}

/**
 * Creates an announcement and its notification in one transaction (`tx` given: inside the
 * caller's, as a broadcast's in-app message does).
 */
export async function create(
  db: Db,
  actor: AuditActor,
  input: AnnouncementFields,
  tx?: Exec,
): Promise<AnnouncementItem> {
  const body = safeBody(input.Body);
  const values = rowOf(input, body);
  if (values.expiresAt && values.expiresAt.getTime() <= Date.now()) throw badRequest(M.expiryPassed);
  const work = async (t: Exec) => {
    const row = await repo.insert(t, { ...values, createdBy: actor.adminId });
    const notificationId = await notify(t, row);
    const saved = await repo.update(t, row.id, { notificationId });
    await audit(t, {
      actor,
      page: ANNOUNCEMENT_PAGE,
      action: 'create',
      entity: 'announcement',
      entityId: row.id,
      after: saved,
    });
    return row.id;
  };
  const id = await refusingUnknownNarrowing(() => (tx ? work(tx) : db.transaction(work)));
  return itemOf((await repo.withNames(tx ?? db, id))!);
}

export async function edit(
  db: Db,
  actor: AuditActor,
  id: number,
  input: AnnouncementFields,
): Promise<AnnouncementItem> {
  const body = safeBody(input.Body);
  const values = rowOf(input, body);
  await refusingUnknownNarrowing(() =>
    db.transaction(async (tx) => {
      const before = await repo.byIdForUpdate(tx, id);
      if (!before) throw notFound(M.notFound);
      if (before.withdrawnAt) throw conflict(M.withdrawn);
      // An edit keeps the publish time unless one is given.
      const changed = { ...values, publishAt: input.PublishAt ? values.publishAt : before.publishAt };
      if (changed.expiresAt && changed.expiresAt <= changed.publishAt)
        throw badRequest(M.expiryBeforePublish);
      if (before.notificationId) await notifications.withdrawFromAudience(tx, before.notificationId);
      const row = await repo.update(tx, id, changed);
      const notificationId = await notify(tx, row);
      const after = await repo.update(tx, id, { notificationId });
      await audit(tx, {
        actor,
        page: ANNOUNCEMENT_PAGE,
        action: 'update',
        entity: 'announcement',
        entityId: id,
        before,
        after,
      });
    }),
  );
  return itemOf((await repo.withNames(db, id))!);
}

/** Withdraws: no longer shown, its notification no longer counted. Withdrawing twice changes nothing. */
export async function withdraw(db: Db, actor: AuditActor, id: number): Promise<AnnouncementItem> {
  await db.transaction(async (tx) => {
    const before = await repo.byIdForUpdate(tx, id);
    if (!before) throw notFound(M.notFound);
    if (before.withdrawnAt) return;
    if (before.notificationId) await notifications.withdrawFromAudience(tx, before.notificationId);
    const after = await repo.update(tx, id, { withdrawnAt: new Date(), notificationId: null });
    await audit(tx, {
      actor,
      page: ANNOUNCEMENT_PAGE,
      action: 'withdraw',
      entity: 'announcement',
      entityId: id,
      before,
      after,
    });
  });
  return itemOf((await repo.withNames(db, id))!);
}

export async function list(db: Db, q: { page: number; pageSize: number }) {
  const [rows, total] = await Promise.all([
    repo.page(db, q.pageSize, (q.page - 1) * q.pageSize),
    repo.total(db),
  ]);
  return {
    Status: STATUS.ok,
    Data: rows.map((row) => itemOf(row)),
    Page: q.page,
    PageSize: q.pageSize,
    Total: total,
  };
}

/** The dashboard shows at most this many current announcements. */
const CURRENT_LIMIT = 10;

/** The current announcements for the signed-in user's dashboard. */
export async function current(db: Db, auth: AuthContext | null) {
  if (!auth) throw unauthorized();
  const viewer: repo.Viewer =
    auth.kind === 'Student'
      ? { audience: 'students', studentId: auth.userId }
      : { audience: auth.kind === 'Applicant' ? 'applicants' : 'staff' };
  const rows = await repo.currentFor(db, viewer, CURRENT_LIMIT);
  const data: CurrentAnnouncement[] = rows.map((row) => ({
    Id: row.id,
    Title: row.title,
    Body: row.body,
    PublishAt: row.publishAt.toISOString(),
    ExpiresAt: row.expiresAt ? row.expiresAt.toISOString() : null,
  }));
  return { Status: STATUS.ok, Data: data };
}
