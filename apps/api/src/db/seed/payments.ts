import { and, eq, inArray } from 'drizzle-orm';
import {
  ACCEPTANCE_FEE_KOBO,
  ACCEPTANCE_PAYMENT_CATEGORY_ID,
  ACCEPTANCE_PAYMENT_ITEM_IDS,
  APPLICANT_PAYEE_TYPE_ID,
  TUITION_PAYMENT_ITEM_ID,
} from '@portal/contracts';
import type { Db } from '../client.js';
import {
  academicSessions,
  applicants,
  feeSchedule,
  itemSchedules,
  levels,
  paymentItems,
  payments,
} from '../schema/index.js';
import { newPublicId } from '../../platform/ids.js';
import { departmentIds, demoSession, levelIds, LEVELS } from './demo.js';

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

/** Payment items of the categories added in institution.ts (Hostel Fee 2, Transcript Fee 3, Late Registration 4). */
const EXTRA_PAYMENT_ITEMS: readonly [number, string, number][] = [
  [9, 'Hostel Accommodation', 2],
  [11, 'Transcript (within Nigeria)', 3],
  [12, 'Transcript (outside Nigeria)', 3],
  [13, 'Late Course Registration', 4],
];

/**
 * School-fee items per level, in kobo: [item id, level, indigene, non-indigene]. The 100-level
 * amounts are the session-wide ones (institution.ts), so what an applicant is shown is the same.
 */
export const LEVEL_FEES: readonly [number, (typeof LEVELS)[number], number, number][] = LEVELS.flatMap(
  (level, i) =>
    [
      [
        1,
        level,
        [4_500_000, 4_000_000, 4_000_000, 4_250_000][i]!,
        [7_500_000, 7_000_000, 7_000_000, 7_250_000][i]!,
      ],
      [3, level, 500_000, 500_000],
      [4, level, 300_000, 300_000],
      [5, level, i === 0 ? 1_000_000 : 750_000, i === 0 ? 1_000_000 : 750_000],
      [6, level, 200_000, 200_000],
      [7, level, 150_000, 150_000],
    ] as const,
);

/** Payment items of the new categories, Computer Science's department tuition, and the School Fees instalment rule. */
export async function seedFinance(db: Db): Promise<void> {
  const session = await demoSession(db);
  if (!session) return;
  const sessionId = session.id;
  const [levelId, departmentId] = await Promise.all([levelIds(db), departmentIds(db)]);
  await db
    .insert(paymentItems)
    .values(EXTRA_PAYMENT_ITEMS.map(([id, name, categoryId]) => ({ id, name, categoryId })))
    .onConflictDoNothing();
  // Computer Science's department tuition: fee-schedule lines of the Tuition item for the department
  // and each level (ADR 11), priced as the level's Tuition line so every demo due stays as it was.
  await db
    .insert(feeSchedule)
    .values(
      LEVEL_FEES.filter(([itemId]) => itemId === TUITION_PAYMENT_ITEM_ID).map(
        ([itemId, level, indigeneAmountKobo, nonIndigeneAmountKobo]) => ({
          sessionId,
          itemId,
          departmentId: departmentId('CSC'),
          levelId: levelId(level),
          indigeneAmountKobo,
          nonIndigeneAmountKobo,
        }),
      ),
    )
    .onConflictDoNothing();
  await db
    .insert(itemSchedules)
    .values({
      sessionId,
      categoryId: 1,
      allowInstalments: true,
      firstInstalmentPercent: 60,
      balanceDueOn: '2025-03-31',
    })
    .onConflictDoNothing();
}

/**
 * The school-fee items of each level (100 to 400) for 2024/2025, both amounts. An applicant is
 * priced by the most specific line of each item (100 level: the same amounts as the session-wide
 * lines); the admission form's fee schedule prints the session-wide lines.
 */
export async function seedLevelFees(db: Db): Promise<void> {
  const session = await demoSession(db);
  if (!session) return;
  const levelRows = await db
    .select()
    .from(levels)
    .where(inArray(levels.name, [...LEVELS]));
  await db
    .insert(feeSchedule)
    .values(
      LEVEL_FEES.map(([itemId, level, indigeneAmountKobo, nonIndigeneAmountKobo]) => ({
        sessionId: session.id,
        itemId,
        levelId: levelRows.find((l) => l.name === level)!.id,
        indigeneAmountKobo,
        nonIndigeneAmountKobo,
      })),
    )
    .onConflictDoNothing();
}
