import {
  COURSE_REGISTRATION_MESSAGES as M,
  FULL_PAYMENT_METHOD_ID,
  LATE_REGISTRATION_CATEGORY_ID,
  STATUS,
  STUDENT_PAYEE_TYPE_ID,
} from '@portal/contracts';
import type { Exec } from '../../platform/db.js';
import { AppError, conflict } from '../../platform/errors.js';
import { institutionToday } from '../../platform/time.js';
import { loadStudentPayer, type PaymentPurpose } from '../payments/payments.service.js';
import * as repo from './courses.repository.js';
import { windowState } from './registration.service.js';

/**
 * The late course registration fee, a purpose of the payments registry: a student with no
 * registration pays it while the semester's window is in its late days, once per semester (a unique
 * constraint; a second fee paid at the gateway is flagged for refund, never counted). The amount is
 * the window's `lateFeeKobo`.
 */

export const LATE_FEE_ONCE = 'late_registration_fees_once';

/**
 * The semester whose registration window is in its late days on `day`, if any: as the window
 * applies (none while the school's late-registration switch is off), or `asSet` by the registry.
 */
async function lateSemester(db: Exec, day = institutionToday(), asSet = false) {
  const all = await repo.semestersWithWindows(db);
  return (
    all.find((w) => windowState(asSet ? { ...w, lateClosesOn: w.lateClosesOnAsSet } : w, day) === 'late') ??
    null
  );
}

const refuse = (message: string) => new AppError(409, message, STATUS.invalid);

export const lateRegistrationFee: PaymentPurpose = {
  categoryId: LATE_REGISTRATION_CATEGORY_ID,
  payerKind: 'Student',
  payeeTypeId: STUDENT_PAYEE_TYPE_ID,
  referenceCode: 'LCR',
  returnPath: '/portal/student/courseregistration',
  loadPayer: loadStudentPayer,
  async plan(db, payer) {
    const semester = await lateSemester(db);
    if (!semester) throw refuse(M.lateNotOpen);
    if (!semester.lateFeeKobo) throw refuse(M.lateFeeNone);
    if (await repo.findRegistration(db, { studentId: payer.id, semesterId: semester.id }))
      throw refuse(M.lateNotDue);
    if (await repo.lateFeePaid(db, payer.id, semester.id)) throw refuse(M.lateFeePaid);
    return {
      sessionId: semester.sessionId,
      itemIds: await repo.lateFeeItemIds(db, LATE_REGISTRATION_CATEGORY_ID),
      methodId: FULL_PAYMENT_METHOD_ID,
      amountKobo: semester.lateFeeKobo,
      description: `Late course registration, ${semester.name}`,
    };
  },
  async onPaid(tx, payment, paidAt) {
    if (!payment.studentId) return;
    // The semester whose late days the attempt was started in (late periods of a session never
    // overlap), by the registry's days: the switch may have gone off since, once those days ended.
    const semester = await lateSemester(tx, institutionToday(payment.createdAt), true);
    if (!semester || semester.sessionId !== payment.sessionId) return;
    await repo.recordLateFee(tx, {
      studentId: payment.studentId,
      semesterId: semester.id,
      paymentId: payment.id,
      paidAt,
    });
  },
  refusedBy: [LATE_FEE_ONCE],
  duplicateFlag: (amountKobo) =>
    `duplicate: the late registration fee was already paid by another attempt; refund ${amountKobo} kobo`,
  duplicateMessage: M.lateFeeDuplicate,
};

/**
 * The safe point of the school's late-registration switch (issue 28), run by the registry inside its
 * change of `school-settings` (wired in modules/index.ts): turning it off is refused while a
 * semester is in its late days, when students may be paying the late fee. Turning it on, or
 * leaving it as it is, is always allowed. The switch's row is held, so a change and this check
 * never pass each other.
 */
export async function lateRegistrationSwitchGuard(tx: Exec, values: Record<string, unknown>): Promise<void> {
  if (values.lateRegistrationEnabled !== false) return;
  if (!(await repo.lateRegistrationSwitch(tx))) return;
  const semester = await lateSemester(tx);
  if (semester) throw conflict(M.lateSwitchBusy(semester.name, semester.lateClosesOn!));
}
