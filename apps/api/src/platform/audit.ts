import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/client.js';
import { admins, auditLog } from '../db/schema/index.js';
import { insertJsonRows, type Exec } from './db.js';
import { forbidden, unauthorized } from './errors.js';

/** The admin who makes a change, as recorded in the trail. */
export interface AuditActor {
  adminId: number;
  email: string;
}

export interface AuditEntry {
  actor: AuditActor;
  /** The permission page the change was made through, e.g. 'roles' or 'confirmadmission'. */
  page: string;
  /** What was done: 'create', 'update', 'delete', 'admit', 'import' … */
  action: string;
  /** The kind of record: 'role', 'admin', 'applicant', 'admission_session' … */
  entity: string;
  entityId: string | number | null;
  before?: unknown;
  after?: unknown;
}

/** Keys never written to the trail, whatever record they come from. */
const SECRET_KEYS = new Set(['passwordHash', 'password_hash', 'password', 'codeHash', 'code_hash', 'token']);

/** A JSON-safe copy with secrets replaced; dates become ISO strings. */
export function auditSnapshot(value: unknown): unknown {
  if (value === undefined || value === null) return null;
  return JSON.parse(
    JSON.stringify(value, (key, v) => (SECRET_KEYS.has(key) ? (v == null ? v : '[redacted]') : v)),
  ) as unknown;
}

/**
 * Writes audit rows. Pass the transaction that makes the change, so the trail and the change
 * commit or roll back together.
 */
export async function audit(tx: Exec, entries: AuditEntry | readonly AuditEntry[]): Promise<void> {
  const list = Array.isArray(entries) ? entries : [entries as AuditEntry];
  if (list.length === 0) return;
  // Large imports write thousands of rows at once: one JSON parameter, not a VALUES list.
  await insertJsonRows(
    tx,
    auditLog,
    list.map((e) => ({
      actorAdminId: e.actor.adminId,
      actorEmail: e.actor.email,
      page: e.page,
      action: e.action,
      entity: e.entity,
      entityId: e.entityId === null ? null : String(e.entityId),
      before: auditSnapshot(e.before),
      after: auditSnapshot(e.after),
    })),
  );
}

const actors = new WeakMap<FastifyRequest, AuditActor>();

/** The signed-in admin making this request, looked up once per request. */
export async function actorOf(db: Db, request: FastifyRequest): Promise<AuditActor> {
  const cached = actors.get(request);
  if (cached) return cached;
  if (!request.auth) throw unauthorized();
  if (request.auth.kind !== 'Admin') throw forbidden();
  const [row] = await db
    .select({ email: admins.email })
    .from(admins)
    .where(eq(admins.id, request.auth.userId))
    .limit(1);
  if (!row) throw unauthorized();
  const actor = { adminId: request.auth.userId, email: row.email };
  actors.set(request, actor);
  return actor;
}
