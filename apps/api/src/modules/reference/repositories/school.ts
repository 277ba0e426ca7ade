import { eq } from 'drizzle-orm';
import { SCHOOL_ID } from '@portal/contracts';
import type { Tx } from '../../../db/client.js';
import { schoolSettings } from '../../../db/schema/index.js';

/** The school's logo as stored (its key and media type), the row held until the transaction ends. */
export async function lockedLogo(tx: Tx): Promise<{ key: string | null; mediaType: string | null } | null> {
  const [row] = await tx
    .select({ key: schoolSettings.logoKey, mediaType: schoolSettings.logoMediaType })
    .from(schoolSettings)
    .where(eq(schoolSettings.schoolId, SCHOOL_ID))
    .for('update');
  return row ?? null;
}

/** Sets (or, with nulls, removes) the school's logo. */
export async function setLogo(tx: Tx, logo: { key: string | null; mediaType: string | null }): Promise<void> {
  await tx
    .update(schoolSettings)
    .set({ logoKey: logo.key, logoMediaType: logo.mediaType })
    .where(eq(schoolSettings.schoolId, SCHOOL_ID));
}
