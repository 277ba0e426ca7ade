import { and, asc, desc, eq, gt, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import {
  admins,
  applicantDocuments,
  applicants,
  coursesOfStudy,
  importJobs,
  levels,
  lgas,
  states,
} from '../../db/schema/index.js';
import { countSql, insertJsonRows, type Exec } from '../../platform/db.js';

/** The only Drizzle code of the imports. */

/** The password hash of an account whose default password has not been issued yet: it matches no password. */
export const PENDING_PASSWORD = '!pending';

export type ImportJobRow = typeof importJobs.$inferSelect;

export async function insertJob(db: Exec, values: typeof importJobs.$inferInsert) {
  const [row] = await db.insert(importJobs).values(values).returning();
  return row!;
}

export async function findJob(db: Exec, id: number) {
  const [row] = await db.select().from(importJobs).where(eq(importJobs.id, id)).limit(1);
  return row;
}

export async function listJobs(db: Exec, kinds: string[], page: number, pageSize: number) {
  const where = inArray(importJobs.kind, kinds.length ? kinds : ['-']);
  const [total] = await db.select({ n: countSql() }).from(importJobs).where(where);
  const rows = await db
    .select()
    .from(importJobs)
    .where(where)
    .orderBy(desc(importJobs.createdAt), desc(importJobs.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  return { rows, total: total?.n ?? 0 };
}

export async function updateJob(db: Exec, id: number, values: Partial<typeof importJobs.$inferInsert>) {
  await db.update(importJobs).set(values).where(eq(importJobs.id, id));
}

/** Adds to a job's counters (several statements may add at once). */
export async function addToJob(
  db: Exec,
  id: number,
  add: Partial<
    Record<
      | 'processedRows'
      | 'createdCount'
      | 'updatedCount'
      | 'unchangedCount'
      | 'invalidCount'
      | 'accountsIssued',
      number
    >
  >,
) {
  const set: Record<string, unknown> = {};
  const columns = {
    processedRows: importJobs.processedRows,
    createdCount: importJobs.createdCount,
    updatedCount: importJobs.updatedCount,
    unchangedCount: importJobs.unchangedCount,
    invalidCount: importJobs.invalidCount,
    accountsIssued: importJobs.accountsIssued,
  };
  for (const [key, value] of Object.entries(add)) {
    if (!value) continue;
    const column = columns[key as keyof typeof columns];
    set[key] = sql`${column} + ${value}`;
  }
  if (Object.keys(set).length) await db.update(importJobs).set(set).where(eq(importJobs.id, id));
}

/** Unfinished jobs that no live process holds (their lease ran out: the process stopped). */
export function unfinishedJobs(db: Exec) {
  return db
    .select()
    .from(importJobs)
    .where(
      and(
        inArray(importJobs.status, ['queued', 'running', 'issuing']),
        or(isNull(importJobs.leaseUntil), lt(importJobs.leaseUntil, sql`now()`)),
      ),
    )
    .orderBy(asc(importJobs.id));
}

/** How long a job stays with its process without a renewal. */
const LEASE = sql`now() + interval '2 minutes'`;

/** Takes an unfinished job for this process unless another process holds it; undefined when it cannot. */
export async function claimJob(db: Exec, id: number) {
  const [row] = await db
    .update(importJobs)
    .set({ leaseUntil: LEASE })
    .where(
      and(
        eq(importJobs.id, id),
        inArray(importJobs.status, ['queued', 'running', 'issuing']),
        or(isNull(importJobs.leaseUntil), lt(importJobs.leaseUntil, sql`now()`)),
      ),
    )
    .returning();
  return row;
}

export async function renewLease(db: Exec, id: number) {
  await db.update(importJobs).set({ leaseUntil: LEASE }).where(eq(importJobs.id, id));
}

// ─────────────── lookups for checking rows ───────────────

export function allStates(db: Exec) {
  return db.select({ id: states.id, name: states.name }).from(states);
}

export function allLgas(db: Exec) {
  return db.select({ id: lgas.id, stateId: lgas.stateId, name: lgas.name }).from(lgas);
}

export function allCourses(db: Exec) {
  return db
    .select({ id: coursesOfStudy.id, name: coursesOfStudy.name, departmentId: coursesOfStudy.departmentId })
    .from(coursesOfStudy);
}

export async function entryLevelId(db: Exec): Promise<number | null> {
  const [row] = await db.select({ id: levels.id }).from(levels).orderBy(asc(levels.rank)).limit(1);
  return row?.id ?? null;
}

// ─────────────── applying candidates ───────────────

export const candidateColumns = {
  id: applicants.id,
  jambRegNo: applicants.jambRegNo,
  email: applicants.email,
  firstName: applicants.firstName,
  lastName: applicants.lastName,
  otherName: applicants.otherName,
  phone: applicants.phone,
  stateId: applicants.stateId,
  lgaId: applicants.lgaId,
  courseOfStudyId: applicants.courseOfStudyId,
  departmentId: applicants.departmentId,
  utmeScore: applicants.utmeScore,
  capsStatus: applicants.capsStatus,
};
export type ExistingCandidate = Awaited<ReturnType<typeof applicantsByJamb>>[number];

export function applicantsByJamb(db: Exec, jambs: string[]) {
  return db
    .select(candidateColumns)
    .from(applicants)
    .where(inArray(applicants.jambRegNo, jambs.length ? jambs : ['-']))
    .for('update');
}

export function applicantsByEmail(db: Exec, emails: string[]) {
  return db
    .select({
      id: applicants.id,
      jambRegNo: applicants.jambRegNo,
      email: sql<string>`lower(${applicants.email})`,
    })
    .from(applicants)
    .where(inArray(sql`lower(${applicants.email})`, emails.length ? emails : ['-']));
}

export async function insertApplicants(
  db: Exec,
  values: (typeof applicants.$inferInsert)[],
): Promise<ExistingCandidate[]> {
  return insertJsonRows<ExistingCandidate>(db, applicants, values, candidateColumns);
}

export async function updateApplicant(db: Exec, id: number, values: Partial<typeof applicants.$inferInsert>) {
  await db.update(applicants).set(values).where(eq(applicants.id, id));
}

export async function countPendingAccounts(db: Exec): Promise<number> {
  const [row] = await db
    .select({ n: countSql() })
    .from(applicants)
    .where(eq(applicants.passwordHash, PENDING_PASSWORD));
  return row?.n ?? 0;
}

export function pendingAccounts(db: Exec, afterId: number, limit: number) {
  return db
    .select({
      id: applicants.id,
      email: applicants.email,
      jambRegNo: applicants.jambRegNo,
      firstName: applicants.firstName,
      lastName: applicants.lastName,
    })
    .from(applicants)
    .where(and(eq(applicants.passwordHash, PENDING_PASSWORD), gt(applicants.id, afterId)))
    .orderBy(asc(applicants.id))
    .limit(limit);
}

/**
 * Sets default passwords in one statement, only on accounts still waiting for one; returns the
 * ids this call set (an applicant who reset their password meanwhile keeps theirs).
 */
export async function issuePasswords(db: Exec, hashes: { id: number; hash: string }[]): Promise<number[]> {
  if (hashes.length === 0) return [];
  // One JSON parameter rather than two bound parameters per account (see insertJsonRows).
  const rows = await db
    .update(applicants)
    .set({ passwordHash: sql`v.hash` })
    .from(sql`jsonb_to_recordset(${JSON.stringify(hashes)}::jsonb) as v(id int, hash text)`)
    .where(and(eq(applicants.id, sql`v.id`), eq(applicants.passwordHash, PENDING_PASSWORD)))
    .returning({ id: applicants.id });
  return rows.map((r) => r.id);
}

// ─────────────── passports ───────────────

export async function applicantForPassport(db: Exec, jambRegNo: string) {
  const [row] = await db
    .select({
      id: applicants.id,
      publicId: applicants.publicId,
      passportKey: applicants.passportKey,
      registeredAt: applicants.registeredAt,
    })
    .from(applicants)
    .where(eq(applicants.jambRegNo, jambRegNo))
    .limit(1);
  return row;
}

export async function passportDocument(db: Exec, applicantId: number) {
  const [row] = await db
    .select()
    .from(applicantDocuments)
    .where(and(eq(applicantDocuments.applicantId, applicantId), eq(applicantDocuments.kind, 'passport')))
    .limit(1);
  return row;
}

export async function savePassport(
  db: Exec,
  applicantId: number,
  doc: { storageKey: string; fileName: string; contentType: string; size: number },
) {
  await db
    .insert(applicantDocuments)
    .values({ applicantId, kind: 'passport', ...doc })
    .onConflictDoUpdate({
      target: [applicantDocuments.applicantId, applicantDocuments.kind],
      set: { ...doc, uploadedAt: new Date() },
    });
  await db.update(applicants).set({ passportKey: doc.storageKey }).where(eq(applicants.id, applicantId));
}

/** The e-mail of the admin who started an import (its audit entries name them). */
export async function adminEmail(db: Exec, adminId: number): Promise<string | undefined> {
  const [row] = await db.select({ email: admins.email }).from(admins).where(eq(admins.id, adminId)).limit(1);
  return row?.email;
}
