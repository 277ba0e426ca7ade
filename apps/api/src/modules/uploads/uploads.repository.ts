import { and, eq, isNull, lt, sql } from 'drizzle-orm';
import { uploads } from '../../db/schema/index.js';
import type { Exec } from '../../platform/db.js';

/** The only Drizzle code of uploads. */

export type UploadRow = typeof uploads.$inferSelect;
export type NewUploadRow = typeof uploads.$inferInsert;

export async function insertUpload(db: Exec, row: NewUploadRow): Promise<UploadRow> {
  const [inserted] = await db.insert(uploads).values(row).returning();
  return inserted!;
}

export async function findUpload(db: Exec, id: string): Promise<UploadRow | null> {
  const [row] = await db.select().from(uploads).where(eq(uploads.id, id)).limit(1);
  return row ?? null;
}

/** Marks the upload claimed when it is the owner's, for this purpose and not claimed yet: one statement. */
export async function claimUploadRow(
  db: Exec,
  input: { id: string; ownerUserId: number; purpose: string },
): Promise<UploadRow | null> {
  const [row] = await db
    .update(uploads)
    .set({ claimedAt: sql`now()` })
    .where(
      and(
        eq(uploads.id, input.id),
        eq(uploads.ownerUserId, input.ownerUserId),
        eq(uploads.purpose, input.purpose),
        isNull(uploads.claimedAt),
      ),
    )
    .returning();
  return row ?? null;
}

/** Deletes the uploads nobody claimed before `before`, returning their storage keys. */
export async function deleteUnclaimedBefore(db: Exec, before: Date): Promise<string[]> {
  const rows = await db
    .delete(uploads)
    .where(and(isNull(uploads.claimedAt), lt(uploads.createdAt, before)))
    .returning({ key: uploads.storageKey });
  return rows.map((r) => r.key);
}
