import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { admissionForms, applicantDocuments, applicants } from '../../db/schema/index.js';

type Exec = Db | Tx;

export async function listDocuments(db: Exec, applicantId: number) {
  return db
    .select()
    .from(applicantDocuments)
    .where(eq(applicantDocuments.applicantId, applicantId))
    .orderBy(asc(applicantDocuments.id));
}

export async function findDocument(db: Exec, applicantId: number, kind: string) {
  const [row] = await db
    .select()
    .from(applicantDocuments)
    .where(and(eq(applicantDocuments.applicantId, applicantId), eq(applicantDocuments.kind, kind)))
    .limit(1);
  return row;
}

export async function findApplicantRef(db: Exec, applicantId: number) {
  const [row] = await db
    .select({ id: applicants.id, publicId: applicants.publicId, passportKey: applicants.passportKey })
    .from(applicants)
    .where(eq(applicants.id, applicantId))
    .limit(1);
  return row;
}

export async function findApplicantByPublicId(db: Exec, publicId: string) {
  const [row] = await db
    .select({ id: applicants.id, publicId: applicants.publicId, passportKey: applicants.passportKey })
    .from(applicants)
    .where(eq(applicants.publicId, publicId))
    .limit(1);
  return row;
}

/** Inserts or replaces the applicant's document of a kind; returns the storage key it replaced. */
export async function upsertDocument(
  tx: Tx,
  values: {
    applicantId: number;
    kind: string;
    storageKey: string;
    fileName: string;
    contentType: string;
    size: number;
  },
): Promise<string | null> {
  const previous = await findDocument(tx, values.applicantId, values.kind);
  await tx
    .insert(applicantDocuments)
    .values({ ...values, uploadedAt: new Date() })
    .onConflictDoUpdate({
      target: [applicantDocuments.applicantId, applicantDocuments.kind],
      set: {
        storageKey: values.storageKey,
        fileName: values.fileName,
        contentType: values.contentType,
        size: values.size,
        uploadedAt: new Date(),
      },
    });
  if (values.kind === 'passport') {
    await tx
      .update(applicants)
      .set({ passportKey: values.storageKey })
      .where(eq(applicants.id, values.applicantId));
  }
  return previous?.storageKey ?? null;
}

/** Removes the applicant's document of a kind; returns its storage key, or null when there was none. */
export async function deleteDocument(tx: Tx, applicantId: number, kind: string): Promise<string | null> {
  const deleted = await tx
    .delete(applicantDocuments)
    .where(and(eq(applicantDocuments.applicantId, applicantId), eq(applicantDocuments.kind, kind)))
    .returning({ storageKey: applicantDocuments.storageKey });
  if (kind === 'passport') {
    await tx.update(applicants).set({ passportKey: null }).where(eq(applicants.id, applicantId));
  }
  return deleted[0]?.storageKey ?? null;
}

/** Active forms of a type aimed at a level and department (an empty target list means everyone). */
function formTarget(type: number, levelId: number | null, departmentId: number | null) {
  return and(
    eq(admissionForms.type, type),
    eq(admissionForms.isActive, true),
    levelId === null
      ? sql`cardinality(${admissionForms.levelIds}) = 0`
      : sql`(cardinality(${admissionForms.levelIds}) = 0 or ${levelId} = any(${admissionForms.levelIds}))`,
    departmentId === null
      ? sql`cardinality(${admissionForms.departmentIds}) = 0`
      : sql`(cardinality(${admissionForms.departmentIds}) = 0 or ${departmentId} = any(${admissionForms.departmentIds}))`,
  );
}

export async function listForms(
  db: Exec,
  type: number,
  levelId: number | null,
  departmentId: number | null,
  page: number,
  pageSize: number,
) {
  const where = formTarget(type, levelId, departmentId);
  const [count] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(admissionForms)
    .where(where);
  const rows = await db
    .select()
    .from(admissionForms)
    .where(where)
    .orderBy(asc(admissionForms.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  return { total: count?.total ?? 0, rows };
}

export async function findTargetedForm(
  db: Exec,
  formId: number,
  levelId: number | null,
  departmentId: number | null,
) {
  const [row] = await db
    .select()
    .from(admissionForms)
    .where(and(eq(admissionForms.id, formId), formTarget(2, levelId, departmentId)))
    .limit(1);
  return row;
}
