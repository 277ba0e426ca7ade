import {
  FULL_PAYMENT_METHOD_ID,
  HOSTEL_FEE_CATEGORY_ID,
  HOSTEL_MESSAGES as M,
  STATUS,
  STUDENT_PAYEE_TYPE_ID,
} from '@portal/contracts';
import type { Exec } from '../../platform/db.js';
import { AppError, notFound } from '../../platform/errors.js';
import { categoryItemIds, loadStudentPayer, type PaymentPurpose } from '../payments/payments.service.js';
import * as repo from './hostels.repository.js';

/**
 * The hostel fee, a purpose of the payments registry (payType 2): an allocated student pays the fee
 * of their bed space before the deadline. The payment carries the allocation it was started for
 * (`record_id`) from start to credit, so which round is on show meanwhile (next session's, published
 * ahead of its window) changes nothing. Crediting moves that allocation to paid and records the
 * payment in `hostel_fee_payments`, whose primary key allows one payment per allocation and whose
 * CHECK refuses money for an allocation that no longer holds its bed (lapsed or given up meanwhile):
 * such a payment is closed and flagged for a refund, never credited.
 */

export const FEE_ONCE = 'hostel_fee_payments_pkey';
export const FEE_LIVE = 'hostel_fee_payments_live';

const refuse = (message: string) => new AppError(409, message, STATUS.invalid);

/** The allocation a payment is for: the one named, else the one the student's hostel page shows. */
async function allocationToPay(db: Exec, studentId: number, allocationId?: number | null) {
  if (allocationId) {
    const named = await repo.findAllocation(db, { id: allocationId });
    // Another student's allocation is answered as none (ids are not to be probed).
    if (!named || named.studentId !== studentId) throw notFound(M.noAllocation);
    return named;
  }
  const round = await repo.studentRound(db, studentId);
  const latest = round ? await repo.latestAllocation(db, round.id, studentId) : null;
  if (!latest) throw refuse(M.noAllocation);
  return latest;
}

/** Payments started before they carried their allocation: the student's allocation in the payment's session. */
async function allocationPaidFor(
  tx: Exec,
  payment: { recordId: number | null; sessionId: number | null },
  studentId: number,
) {
  if (payment.recordId) return repo.findAllocation(tx, { id: payment.recordId });
  return payment.sessionId ? repo.latestAllocationOfSession(tx, payment.sessionId, studentId) : null;
}

export const hostelFee: PaymentPurpose = {
  categoryId: HOSTEL_FEE_CATEGORY_ID,
  payerKind: 'Student',
  payeeTypeId: STUDENT_PAYEE_TYPE_ID,
  referenceCode: 'HST',
  returnPath: '/portal/student/applyforhostel',
  loadPayer: loadStudentPayer,
  async plan(db, payer, request) {
    const allocation = await allocationToPay(db, payer.id, request.RecordId);
    if (allocation.state === 'paid') throw refuse(M.alreadyPaid);
    if (
      !['allocated', 'reserved'].includes(allocation.state) ||
      (allocation.payBy && allocation.payBy < new Date())
    )
      throw refuse(M.notPayable);
    const [detail, round] = await Promise.all([
      repo.allocationDetail(db, allocation.id),
      repo.findRound(db, allocation.roundId),
    ]);
    if (!detail || !round || detail.feeKobo === null || detail.feeKobo <= 0) throw refuse(M.noFee);
    return {
      sessionId: round.sessionId,
      itemIds: await categoryItemIds(db, HOSTEL_FEE_CATEGORY_ID),
      methodId: FULL_PAYMENT_METHOD_ID,
      amountKobo: detail.feeKobo,
      description: `Hostel fee, ${detail.hostel}, ${detail.block}, Room ${detail.room}, Bed ${detail.bed}`,
      recordId: allocation.id,
    };
  },
  async onPaid(tx, payment, paidAt) {
    if (!payment.studentId) return;
    const allocation = await allocationPaidFor(tx, payment, payment.studentId);
    // Never credited to nothing: without its allocation the crediting fails and the payment stays to be settled.
    if (!allocation || allocation.studentId !== payment.studentId)
      throw new Error(`hostel fee payment ${payment.id} has no allocation of its payer`);
    const paid = await repo.moveAllocation(tx, allocation.id, ['allocated', 'reserved'], 'paid', { paidAt });
    // Not live (lapsed, given up, or already paid): the CHECK or the key refuses the row, and the payment is refunded.
    await repo.recordFeePayment(tx, {
      allocationId: allocation.id,
      paymentId: payment.id,
      live: !!paid,
      paidAt,
    });
    await repo.appendEvents(tx, [
      {
        roundId: allocation.roundId,
        allocationId: allocation.id,
        studentId: payment.studentId,
        kind: 'paid',
        actorKind: 'Student',
        actorId: payment.studentId,
        detail: payment.reference,
      },
    ]);
  },
  refusedBy: [FEE_ONCE, FEE_LIVE],
  duplicateFlag: (amountKobo) =>
    `duplicate: the hostel fee was already paid or the allocation had ended; refund ${amountKobo} kobo`,
  duplicateMessage: M.feeDuplicate,
};
