import { and, eq } from 'drizzle-orm';
import {
  ACCEPTANCE_FEE_KOBO,
  ACCEPTANCE_PAYMENT_CATEGORY_ID,
  ACCEPTANCE_PAYMENT_ITEM_IDS,
  APPLICANT_PAYEE_TYPE_ID,
} from '@portal/contracts';
import type { Db } from '../client.js';
import { academicSessions, applicants, payments } from '../schema/index.js';
import { newPublicId } from '../../platform/ids.js';

/** The demo applicant who has paid the acceptance fee (stage 7). */
const PAID_APPLICANT = '202410000007AG';
const SEED_REFERENCE = `DIT-ACC-SEED-${PAID_APPLICANT}`;

/**
 * Applicant 7's acceptance fee, paid through Monnify, so its receipt exists. Idempotent: the
 * attempt's reference is fixed and unique per provider, and nothing is added once the applicant
 * has a paid acceptance fee.
 */
export async function seedPayments(db: Db): Promise<void> {
  const [applicant] = await db
    .select({ id: applicants.id, acceptancePaidAt: applicants.acceptancePaidAt })
    .from(applicants)
    .where(eq(applicants.jambRegNo, PAID_APPLICANT))
    .limit(1);
  if (!applicant?.acceptancePaidAt) return;
  const [paid] = await db
    .select({ id: payments.id })
    .from(payments)
    .where(
      and(
        eq(payments.applicantId, applicant.id),
        eq(payments.categoryId, ACCEPTANCE_PAYMENT_CATEGORY_ID),
        eq(payments.state, 'paid'),
      ),
    )
    .limit(1);
  if (paid) return;
  const [session] = await db
    .select({ id: academicSessions.id })
    .from(academicSessions)
    .where(eq(academicSessions.isCurrent, true))
    .limit(1);
  const paidAt = applicant.acceptancePaidAt;
  await db
    .insert(payments)
    .values({
      publicId: newPublicId(),
      provider: 'monnify',
      reference: SEED_REFERENCE,
      providerReference: `MNFY|${paidAt.toISOString().slice(0, 19).replace(/\D/g, '')}|000007`,
      payeeTypeId: APPLICANT_PAYEE_TYPE_ID,
      applicantId: applicant.id,
      categoryId: ACCEPTANCE_PAYMENT_CATEGORY_ID,
      itemIds: [...ACCEPTANCE_PAYMENT_ITEM_IDS],
      sessionId: session?.id ?? null,
      methodId: 1,
      amountKobo: ACCEPTANCE_FEE_KOBO,
      // Monnify's 1.5% card fee, deducted from the institution's settlement (not paid by the applicant).
      chargesKobo: 7_500,
      currency: 'NGN',
      state: 'paid',
      amountPaidKobo: ACCEPTANCE_FEE_KOBO,
      providerStatus: 'PAID',
      createdAt: paidAt,
      updatedAt: paidAt,
      paidAt,
      lastCheckedAt: paidAt,
      checkCount: 1,
    })
    .onConflictDoNothing();
}
