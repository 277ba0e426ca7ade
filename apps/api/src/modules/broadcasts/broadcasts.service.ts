import {
  BROADCAST_MESSAGES as M,
  BROADCAST_PAGE,
  STATUS,
  type AnnouncementAudience,
  type BroadcastInput,
  type BroadcastItem,
} from '@portal/contracts';
import type { Db } from '../../db/client.js';
import { audit, type AuditActor } from '../../platform/audit.js';
import { PG_FOREIGN_KEY_VIOLATION, pgErrorCode } from '../../platform/db.js';
import { badRequest, notFound } from '../../platform/errors.js';
import type { Mailer } from '../../platform/mail.js';
import { sanitizeRichText } from '../../platform/sanitize.js';
import * as announcements from '../announcements/announcements.service.js';
import * as repo from './broadcasts.repository.js';

/**
 * Broadcasts (issue 25): an e-mail and/or an in-app message to chosen groups. The e-mails are
 * queued through the mail outbox with ONE `INSERT … SELECT` over the group (tagged
 * `broadcast:<id>`, counted sent and failed there); the in-app message is an announcement to the
 * same group (shown on dashboards, notified as type 6). One transaction: all of it, or nothing.
 */

export interface BroadcastDeps {
  db: Db;
  mailer: Mailer;
}

const batchOf = (id: number) => `broadcast:${id}`;

async function itemOf(d: BroadcastDeps, row: repo.ListedBroadcast): Promise<BroadcastItem> {
  const progress = row.byEmail ? await d.mailer.batchProgress(d.db, batchOf(row.id)) : { sent: 0, failed: 0 };
  return {
    Id: row.id,
    Subject: row.subject,
    Email: row.byEmail,
    InApp: row.inApp,
    Audience: row.audience as AnnouncementAudience,
    AudienceDetail: [row.facultyName, row.departmentName, row.levelName].filter(Boolean).join(' · '),
    Queued: row.queued,
    Sent: progress.sent,
    Failed: progress.failed,
    CreatedAt: row.createdAt.toISOString(),
  };
}

/** The e-mail's plain text: the sanitised body without its markup. */
function plainText(html: string): string {
  return html
    .replace(/<(br|\/p|\/li|\/h[1-6]|\/div)\s*\/?>/gi, '\n')
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .trim();
}

export async function send(
  d: BroadcastDeps,
  actor: AuditActor,
  input: BroadcastInput,
): Promise<BroadcastItem> {
  const html = sanitizeRichText(input.Body);
  const text = plainText(html);
  if (!text) throw badRequest(M.bodyRequired);
  const students = input.Audience === 'students';
  const group: repo.Group = {
    audience: input.Audience,
    facultyId: students ? (input.FacultyId ?? null) : null,
    departmentId: students ? (input.DepartmentId ?? null) : null,
    levelId: students ? (input.LevelId ?? null) : null,
  };
  let id: number;
  try {
    id = await d.db.transaction(async (tx) => {
      const row = await repo.insert(tx, {
        subject: input.Subject.trim(),
        body: html,
        byEmail: input.Email,
        inApp: input.InApp,
        ...group,
        createdBy: actor.adminId,
      });
      const queued = input.Email
        ? await d.mailer.enqueueSelected(
            tx,
            repo.recipients(group, { subject: row.subject, text, html }),
            batchOf(row.id),
          )
        : 0;
      if (input.Email && !input.InApp && queued === 0) throw badRequest(M.noRecipients);
      const announcement = input.InApp
        ? await announcements.create(
            d.db,
            actor,
            {
              Title: row.subject,
              Body: html,
              Audience: input.Audience,
              FacultyId: group.facultyId,
              DepartmentId: group.departmentId,
              LevelId: group.levelId,
            },
            tx,
          )
        : null;
      await repo.update(tx, row.id, { queued, announcementId: announcement?.Id ?? null });
      await audit(tx, {
        actor,
        page: BROADCAST_PAGE,
        action: 'send',
        entity: 'broadcast',
        entityId: row.id,
        after: { ...row, queued, announcementId: announcement?.Id ?? null },
      });
      return row.id;
    });
  } catch (err) {
    if (pgErrorCode(err) === PG_FOREIGN_KEY_VIOLATION) throw badRequest(M.noRecipients);
    throw err;
  }
  d.mailer.kick();
  return itemOf(d, (await repo.byId(d.db, id))!);
}

export async function list(d: BroadcastDeps, q: { page: number; pageSize: number }) {
  const [rows, total] = await Promise.all([
    repo.page(d.db, q.pageSize, (q.page - 1) * q.pageSize),
    repo.total(d.db),
  ]);
  const data: BroadcastItem[] = [];
  for (const row of rows) data.push(await itemOf(d, row));
  return { Status: STATUS.ok, Data: data, Page: q.page, PageSize: q.pageSize, Total: total };
}

export async function one(d: BroadcastDeps, id: number) {
  const row = await repo.byId(d.db, id);
  if (!row) throw notFound(M.notFound);
  return { Status: STATUS.ok, Data: await itemOf(d, row) };
}
