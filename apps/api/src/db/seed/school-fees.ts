import { and, eq } from 'drizzle-orm';
import {
  FULL_PAYMENT_METHOD_ID,
  INSTALMENT_METHOD_ID,
  SCHOOL_FEES_CATEGORY_ID,
  STUDENT_PAYEE_TYPE_ID,
} from '@portal/contracts';
import type { Db } from '../client.js';
import { payments, students } from '../schema/index.js';
import { newPublicId } from '../../platform/ids.js';
import { purposeOf, studentDue } from '../../modules/payments/purposes.js';
import { openFeeAccount } from '../../modules/payments/payments.repository.js';

/**
 * The demo students' school-fee payments of the current session: DIT/2023/0003 paid the first
 * instalment (the school's minimum share) through Remita; DIT/2024/0004 paid in full through
 * Monnify. DIT/2024/0002 owes everything.
 */
const DEMO_FEE_PAYMENTS = [
  {
    matricNo: 'DIT/2023/0003',
    provider: 'remita',
    reference: 'DIT-SCH-SEED-DIT20230003-1',
    providerReference: '280007761203',
    methodId: INSTALMENT_METHOD_ID,
    paidAt: new Date('2024-12-02T09:30:00Z'),
  },
  {
    matricNo: 'DIT/2024/0004',
    provider: 'monnify',
    reference: 'DIT-SCH-SEED-DIT20240004-1',
    providerReference: 'MNFY|20241015|000417',
    methodId: FULL_PAYMENT_METHOD_ID,
    paidAt: new Date('2024-10-15T11:05:00Z'),
  },
] as const;

/**
 * Each payment is a paid attempt credited to the student's account by the school-fees purpose's
 * own crediting step, in one transaction. Idempotent: the references are fixed.
 */
export async function seedSchoolFees(db: Db): Promise<void> {
  for (const seeded of DEMO_FEE_PAYMENTS) await seedFeePayment(db, seeded);
}

/** One demo student's paid school-fee attempt of the current session (nothing when already paid). */
export async function seedFeePayment(
  db: Db,
  seeded: {
    matricNo: string;
    provider: string;
    reference: string;
    providerReference: string;
    methodId: number;
    paidAt: Date;
  },
): Promise<void> {
  const [student] = await db
    .select({ id: students.id })
    .from(students)
    .where(eq(students.matricNo, seeded.matricNo))
    .limit(1);
  if (!student) return;
  const [existing] = await db
    .select({ id: payments.id })
    .from(payments)
    .where(and(eq(payments.provider, seeded.provider), eq(payments.reference, seeded.reference)))
    .limit(1);
  if (existing) return;
  const purpose = purposeOf(SCHOOL_FEES_CATEGORY_ID)!;
  const payer = await purpose.loadPayer(db, student.id);
  if (!payer) return;
  const due = await studentDue(db, payer);
  if (!due.sessionId || due.totalKobo === 0 || due.paidKobo > 0) return;
  const amountKobo = seeded.methodId === FULL_PAYMENT_METHOD_ID ? due.totalKobo : due.minimumFirstKobo;
  const { paidAt } = seeded;
  await db.transaction(async (tx) => {
    await openFeeAccount(
      tx,
      { studentId: student.id, sessionId: due.sessionId!, categoryId: SCHOOL_FEES_CATEGORY_ID },
      due.totalKobo,
    );
    const [row] = await tx
      .insert(payments)
      .values({
        publicId: newPublicId(),
        provider: seeded.provider,
        reference: seeded.reference,
        providerReference: seeded.providerReference,
        payeeTypeId: STUDENT_PAYEE_TYPE_ID,
        studentId: student.id,
        categoryId: SCHOOL_FEES_CATEGORY_ID,
        itemIds: due.lines.map((l) => l.itemId),
        sessionId: due.sessionId,
        methodId: seeded.methodId,
        amountKobo,
        currency: 'NGN',
        state: 'paid',
        amountPaidKobo: amountKobo,
        providerStatus: seeded.provider === 'remita' ? '00' : 'PAID',
        createdAt: paidAt,
        updatedAt: paidAt,
        paidAt,
        lastCheckedAt: paidAt,
        checkCount: 1,
      })
      .returning();
    await purpose.onPaid(tx, row!, paidAt);
  });
}
