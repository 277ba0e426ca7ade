import {
  FULL_PAYMENT_METHOD_ID,
  HOSTEL_FEE_CATEGORY_ID,
  HOSTEL_MESSAGES as M,
  STATUS,
  STUDENT_PAYEE_TYPE_ID,
} from '@portal/contracts';
import { AppError } from '../../platform/errors.js';
import { loadStudentPayer, type PaymentPurpose } from '../payments/payments.service.js';
import * as repo from './hostels.repository.js';

/**
 * The hostel fee, a purpose of the payments registry (payType 2): an allocated student pays the fee
 * of their hostel before the deadline. Crediting moves the allocation to paid and records the payment
 * in `hostel_fee_payments`, whose primary key allows one payment per allocation and whose CHECK
 * refuses money for an allocation that no longer holds its bed (lapsed or given up meanwhile): such a
 * payment is closed and flagged for a refund, never credited.
 */

export const FEE_ONCE = 'hostel_fee_payments_pkey';
export const FEE_LIVE = 'hostel_fee_payments_live';

const refuse = (message: string) => new AppError(409, message, STATUS.invalid);

export const hostelFee: PaymentPurpose = {
  categoryId: HOSTEL_FEE_CATEGORY_ID,
  payerKind: 'Student',
  payeeTypeId: STUDENT_PAYEE_TYPE_ID,
  referenceCode: 'HST',
  returnPath: '/portal/student/applyforhostel',
  loadPayer: loadStudentPayer,
  async plan(db, payer) {
    const round = await repo.currentRound(db);
    const latest = round ? await repo.latestAllocation(db, round.id, payer.id) : null;
    if (!round || !latest) throw refuse(M.noAllocation);
    if (latest.state === 'paid') throw refuse(M.alreadyPaid);
    if (!['allocated', 'reserved'].includes(latest.state) || (latest.payBy && latest.payBy < new Date()))
      throw refuse(M.notPayable);
    const detail = (await repo.allocationDetail(db, latest.id))!;
    if (detail.feeKobo === null || detail.feeKobo <= 0) throw refuse(M.noFee);
    return {
      sessionId: round.sessionId,
      itemIds: await repo.feeItemIds(db, HOSTEL_FEE_CATEGORY_ID),
      methodId: FULL_PAYMENT_METHOD_ID,
      amountKobo: detail.feeKobo,
      description: `Hostel fee, ${detail.hostel}, ${detail.block}, Room ${detail.room}, Bed ${detail.bed}`,
    };
  },
  async onPaid(tx, payment, paidAt) {
    if (!payment.studentId) return;
    const round = await repo.currentRound(tx);
    const latest = round ? await repo.latestAllocation(tx, round.id, payment.studentId) : null;
    if (!round || !latest || round.sessionId !== payment.sessionId) return;
    const paid = await repo.moveAllocation(tx, latest.id, ['allocated', 'reserved'], 'paid', { paidAt });
    // Not live (lapsed, given up, or already paid): the CHECK or the key refuses the row, and the payment is refunded.
    await repo.recordFeePayment(tx, { allocationId: latest.id, paymentId: payment.id, live: !!paid, paidAt });
    await repo.appendEvents(tx, [
      {
        roundId: round.id,
        allocationId: latest.id,
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
