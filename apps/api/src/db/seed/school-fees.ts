import { and, eq } from 'drizzle-orm';
import { INSTALMENT_METHOD_ID, SCHOOL_FEES_CATEGORY_ID, STUDENT_PAYEE_TYPE_ID } from '@portal/contracts';
import type { Db } from '../client.js';
import { payments, students } from '../schema/index.js';
import { newPublicId } from '../../platform/ids.js';
import { purposeOf, studentDue } from '../../modules/payments/purposes.js';
import { openFeeAccount } from '../../modules/payments/payments.repository.js';

/** The demo student who has paid the first instalment of this session's school fees. */
const INSTALMENT_STUDENT = 'DIT/2023/0003';
const SEED_REFERENCE = 'DIT-SCH-SEED-DIT20230003-1';

/**
 * DIT/2023/0003's first instalment (the school's minimum share) of the current session's school
 * fees, paid through Remita: a paid attempt credited to the student's account by the school-fees
 * purpose's own crediting step, in one transaction. Idempotent: the reference is fixed.
 */
export async function seedSchoolFees(db: Db): Promise<void> {
  const [student] = await db
    .select({ id: students.id })
    .from(students)
    .where(eq(students.matricNo, INSTALMENT_STUDENT))
    .limit(1);
  if (!student) return;
  const [existing] = await db
    .select({ id: payments.id })
    .from(payments)
    .where(and(eq(payments.provider, 'remita'), eq(payments.reference, SEED_REFERENCE)))
    .limit(1);
  if (existing) return;
  const purpose = purposeOf(SCHOOL_FEES_CATEGORY_ID)!;
  const payer = await purpose.loadPayer(db, student.id);
  if (!payer) return;
  const due = await studentDue(db, payer);
  if (!due.sessionId || due.totalKobo === 0 || due.paidKobo > 0) return;
  const amountKobo = due.minimumFirstKobo;
  const paidAt = new Date('2024-12-02T09:30:00Z');
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
        provider: 'remita',
        reference: SEED_REFERENCE,
        providerReference: '280007761203',
        payeeTypeId: STUDENT_PAYEE_TYPE_ID,
        studentId: student.id,
        categoryId: SCHOOL_FEES_CATEGORY_ID,
        itemIds: due.lines.map((l) => l.itemId),
        sessionId: due.sessionId,
        methodId: INSTALMENT_METHOD_ID,
        amountKobo,
        currency: 'NGN',
        state: 'paid',
        amountPaidKobo: amountKobo,
        providerStatus: '00',
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
