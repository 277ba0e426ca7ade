import {
  ACCEPTANCE_PAYMENT_CATEGORY_ID,
  ACCEPTANCE_PAYMENT_ITEM_IDS,
  ADMISSION_LEVELS,
  APPLICANT_PAYEE_TYPE_ID,
  FULL_PAYMENT_METHOD_ID,
  INSTALMENT_METHOD_ID,
  PAYMENT_MESSAGES,
  SCHOOL_FEES_CATEGORY_ID,
  SCHOOL_FEES_MESSAGES,
  STATUS,
  STUDENT_PAYEE_TYPE_ID,
  type PaymentRequest,
} from '@portal/contracts';
import type { Db } from '../../db/client.js';
import type { Exec } from '../../platform/db.js';
import { AppError } from '../../platform/errors.js';
import { isIndigene } from '../../platform/school.js';
import { deriveProgress, getApplicantFacts, markAcceptancePaid } from '../applicants/applicants.service.js';
import * as repo from './payments.repository.js';
import type { FeeLine, PaymentRow } from './payments.repository.js';

/**
 * Payments by purpose. A purpose says who pays (an applicant or a student), under which category
 * id (`payType`), how the amount due is computed, which attempts may be started, and what happens
 * in the crediting transaction. The payment paths (start, return, webhooks, reconciliation,
 * receipts) are written once in payments.service.ts and read the purpose from here.
 *
 * Adding a purpose (hostel, transcript): write a `PaymentPurpose` and add it to `PURPOSES`.
 */

export type PayerKind = 'Applicant' | 'Student';

/** The facts a payment needs about whoever pays. */
export interface Payer {
  kind: PayerKind;
  id: number;
  name: string;
  email: string;
  phone: string | null;
  /** Matric number or JAMB number: shown to the gateway. */
  payeeNo: string;
  stateId: number | null;
  levelId: number | null;
  departmentId: number | null;
  entryModeId: number | null;
  programmeId: number | null;
  /** Applicants: the admission level (3 admitted, 4 accepted). */
  admissionLevel?: number;
}

/** The attempt a purpose allows: what it covers and what it costs. */
export interface AttemptPlan {
  sessionId: number;
  itemIds: number[];
  methodId: number;
  amountKobo: number;
  description: string;
  /** Purposes credited against an account (school fees): the account's due, opened at the start. */
  accountDueKobo?: number;
  /** The purpose's own record the attempt pays for (a transcript request), kept on the payment. */
  recordId?: number;
}

export interface PaymentPurpose {
  categoryId: number;
  payerKind: PayerKind;
  payeeTypeId: number;
  /** The middle of the references: DIT-ACC-…, DIT-SCH-… */
  referenceCode: string;
  /** Where the gateway sends the browser back (the page re-queries the gateway). */
  returnPath: string;
  loadPayer(db: Exec, userId: number): Promise<Payer | null>;
  /** Refuses (AppError) what may not be started now; otherwise the attempt to start. */
  plan(db: Db, payer: Payer, request: PaymentRequest): Promise<AttemptPlan>;
  /**
   * In the crediting transaction, after the attempt moved to paid. A credit the purpose cannot
   * accept must break a database constraint named in `refusedBy`: the attempt is then closed as
   * failed and flagged for a refund (`duplicateFlag`), in the same transaction.
   */
  onPaid(tx: Exec, payment: PaymentRow, paidAt: Date): Promise<void>;
  /**
   * In the transaction that moves a paid payment to another session (the bursary's correction):
   * what the purpose keeps per session follows the payment. A move the new session cannot take
   * must break a constraint named in `refusedBy`.
   */
  onMovedSession?(
    tx: Exec,
    payment: PaymentRow,
    fromSessionId: number | null,
    toSessionId: number,
  ): Promise<void>;
  refusedBy: readonly string[];
  duplicateFlag(amountKobo: number): string;
  /** The message of a payment refused as a duplicate. */
  duplicateMessage: string;
}

/** The sum a payer owes for some lines by the indigene rule (the school's indigene state pays the indigene amounts). */
export function dueOf(lines: FeeLine[], indigene: boolean): number {
  return lines.reduce((sum, l) => sum + (indigene ? l.indigeneAmountKobo : l.nonIndigeneAmountKobo), 0);
}

/** The unique index that a second paid acceptance fee breaks. */
export const ONE_PAID_INDEX = 'payments_one_paid_per_applicant_category';
/** The CHECK that a credit beyond what is due breaks. */
export const WITHIN_DUE_CHECK = 'fee_accounts_paid_within_due';

// ---------------------------------------------------------------------------------------------
// Acceptance fee (applicants, AdmissionLevel 3)

const acceptanceFee: PaymentPurpose = {
  categoryId: ACCEPTANCE_PAYMENT_CATEGORY_ID,
  payerKind: 'Applicant',
  payeeTypeId: APPLICANT_PAYEE_TYPE_ID,
  referenceCode: 'ACC',
  returnPath: '/portal/applicant/dashboard',
  async loadPayer(db, userId) {
    const a = await getApplicantFacts(db, userId);
    if (!a) return null;
    return {
      kind: 'Applicant',
      id: a.id,
      name: [a.firstName, a.otherName, a.lastName].filter(Boolean).join(' ') || a.jambRegNo,
      email: a.email,
      phone: a.phone,
      payeeNo: a.jambRegNo,
      stateId: a.stateId,
      levelId: a.levelId,
      departmentId: a.departmentId,
      entryModeId: a.entryModeId,
      programmeId: null,
      admissionLevel: deriveProgress(a).AdmissionLevel,
    };
  },
  async plan(db, payer) {
    const paid = await repo.applicantAttempts(db, payer.id, ACCEPTANCE_PAYMENT_CATEGORY_ID, 'paid');
    if (payer.admissionLevel === ADMISSION_LEVELS.accepted || paid.length > 0)
      throw new AppError(409, PAYMENT_MESSAGES.alreadyPaid, STATUS.invalid);
    // AdmissionLevel 3: admitted, acceptance fee pending.
    if (payer.admissionLevel !== ADMISSION_LEVELS.admitted)
      throw new AppError(403, PAYMENT_MESSAGES.notAdmitted, STATUS.invalid);
    const sessionId = await repo.currentAcademicSessionId(db);
    const itemIds = [...ACCEPTANCE_PAYMENT_ITEM_IDS];
    const lines = sessionId ? await repo.feeLines(db, { sessionId, itemIds, ...payerScope(payer) }) : [];
    if (!sessionId || lines.length !== itemIds.length)
      throw new AppError(409, PAYMENT_MESSAGES.noFee, STATUS.invalid);
    return {
      sessionId,
      itemIds,
      methodId: FULL_PAYMENT_METHOD_ID,
      amountKobo: dueOf(lines, await isIndigene(db, payer.stateId)),
      description: lines.map((l) => l.name).join(', '),
    };
  },
  async onPaid(tx, payment, paidAt) {
    if (payment.applicantId) await markAcceptancePaid(tx, payment.applicantId, paidAt);
  },
  refusedBy: [ONE_PAID_INDEX],
  duplicateFlag: (amountKobo) =>
    `duplicate: the acceptance fee was already paid by another attempt; refund ${amountKobo} kobo`,
  duplicateMessage: PAYMENT_MESSAGES.duplicate,
};

// ---------------------------------------------------------------------------------------------
// School fees (students): every item of the category for the student's session, programme,
// level, entry mode and department; in full (MethodId 1) or by instalments (MethodId 2: a first
// instalment of at least the school's minimum share, then the balance).

function payerScope(payer: Payer) {
  return {
    levelId: payer.levelId,
    departmentId: payer.departmentId,
    entryModeId: payer.entryModeId,
    programmeId: payer.programmeId,
  };
}

async function loadStudentPayer(db: Exec, userId: number): Promise<Payer | null> {
  const s = await repo.findStudentPayer(db, userId);
  return s ? studentPayer(s) : null;
}

/** The columns of a student's row (repo.findStudentPayer) that make the payer: any read of the row that has them will do. */
export type StudentPayerFacts = Pick<
  NonNullable<Awaited<ReturnType<typeof repo.findStudentPayer>>>,
  | 'id'
  | 'matricNo'
  | 'email'
  | 'phone'
  | 'firstName'
  | 'lastName'
  | 'otherName'
  | 'stateId'
  | 'levelId'
  | 'departmentId'
  | 'entryModeId'
  | 'programmeId'
>;

/** A student's row (repo.findStudentPayer) as a payer. */
export function studentPayer(s: StudentPayerFacts): Payer {
  return {
    kind: 'Student',
    id: s.id,
    name: [s.firstName, s.otherName, s.lastName].filter(Boolean).join(' '),
    email: s.email,
    phone: s.phone,
    payeeNo: s.matricNo,
    stateId: s.stateId,
    levelId: s.levelId,
    departmentId: s.departmentId,
    entryModeId: s.entryModeId,
    programmeId: s.programmeId,
  };
}

/** What a student owes for a category in a session: the lines, both totals, the rule and what is credited. */
export interface CategoryDue {
  sessionId: number | null;
  lines: FeeLine[];
  indigene: boolean;
  totalKobo: number;
  totalIndigeneKobo: number;
  totalNonIndigeneKobo: number;
  paidKobo: number;
  balanceKobo: number;
  allowInstalments: boolean;
  firstInstalmentPercent: number;
  minimumFirstKobo: number;
}

/**
 * The one function that computes what a student owes for a category: every active item of the
 * category priced by the most specific fee-schedule line for the session, and the indigene rule.
 */
export async function studentDue(
  db: Exec,
  payer: Payer,
  categoryId = SCHOOL_FEES_CATEGORY_ID,
  sessionId?: number | null,
  /** The payer's account of this category and session when the caller has read it (null: none). */
  knownAccount?: Awaited<ReturnType<typeof repo.feeAccount>>,
): Promise<CategoryDue> {
  const session = sessionId ?? (await repo.currentAcademicSessionId(db));
  const indigene = await isIndigene(db, payer.stateId);
  const empty: CategoryDue = {
    sessionId: session,
    lines: [],
    indigene,
    totalKobo: 0,
    totalIndigeneKobo: 0,
    totalNonIndigeneKobo: 0,
    paidKobo: 0,
    balanceKobo: 0,
    allowInstalments: false,
    firstInstalmentPercent: 100,
    minimumFirstKobo: 0,
  };
  if (!session) return empty;
  const itemIds = await repo.categoryItemIds(db, categoryId);
  const lines = await repo.feeLines(db, { sessionId: session, itemIds, ...payerScope(payer) });
  const [rule, account] = await Promise.all([
    repo.instalmentRule(db, session, categoryId),
    knownAccount !== undefined ? knownAccount : repo.feeAccount(db, payer.id, session, categoryId),
  ]);
  const totalKobo = dueOf(lines, indigene);
  const paidKobo = account?.paidKobo ?? 0;
  const percent = rule?.firstInstalmentPercent ?? 100;
  return {
    ...empty,
    lines,
    totalKobo,
    totalIndigeneKobo: lines.reduce((s, l) => s + l.indigeneAmountKobo, 0),
    totalNonIndigeneKobo: lines.reduce((s, l) => s + l.nonIndigeneAmountKobo, 0),
    paidKobo,
    balanceKobo: Math.max(totalKobo - paidKobo, 0),
    allowInstalments: (rule?.allowInstalments ?? false) && percent < 100,
    firstInstalmentPercent: percent,
    // Whole naira, rounded up: never below the share.
    minimumFirstKobo: Math.ceil((totalKobo * percent) / 100 / 100) * 100,
  };
}

const schoolFees: PaymentPurpose = {
  categoryId: SCHOOL_FEES_CATEGORY_ID,
  payerKind: 'Student',
  payeeTypeId: STUDENT_PAYEE_TYPE_ID,
  referenceCode: 'SCH',
  returnPath: '/portal/student/payment',
  loadPayer: loadStudentPayer,
  async plan(db, payer, request) {
    const due = await studentDue(db, payer);
    if (!due.sessionId || due.lines.length === 0 || due.totalKobo <= 0)
      throw new AppError(409, SCHOOL_FEES_MESSAGES.noFees, STATUS.invalid);
    if (due.balanceKobo <= 0) throw new AppError(409, SCHOOL_FEES_MESSAGES.alreadyPaid, STATUS.invalid);
    const methodId = request.MethodId ?? FULL_PAYMENT_METHOD_ID;
    const base = {
      sessionId: due.sessionId,
      itemIds: due.lines.map((l) => l.itemId),
      description: due.lines.map((l) => l.name).join(', '),
      accountDueKobo: due.totalKobo,
    };
    if (methodId === FULL_PAYMENT_METHOD_ID) {
      if (due.paidKobo > 0) throw new AppError(409, SCHOOL_FEES_MESSAGES.fullAfterInstalment, STATUS.invalid);
      return { ...base, methodId, amountKobo: due.totalKobo };
    }
    if (!due.allowInstalments)
      throw new AppError(400, SCHOOL_FEES_MESSAGES.instalmentsNotAllowed, STATUS.invalid);
    // Instalments: the balance once something is credited, else a first instalment.
    if (due.paidKobo > 0) return { ...base, methodId: INSTALMENT_METHOD_ID, amountKobo: due.balanceKobo };
    const asked =
      request.InstalmentAmount == null ? due.minimumFirstKobo : Math.round(request.InstalmentAmount * 100);
    if (asked < due.minimumFirstKobo)
      throw new AppError(400, SCHOOL_FEES_MESSAGES.instalmentTooSmall(due.minimumFirstKobo), STATUS.invalid);
    if (asked >= due.totalKobo)
      throw new AppError(400, SCHOOL_FEES_MESSAGES.instalmentTooLarge, STATUS.invalid);
    return { ...base, methodId: INSTALMENT_METHOD_ID, amountKobo: asked };
  },
  async onPaid(tx, payment) {
    if (!payment.studentId || payment.sessionId === null) return;
    const key = {
      studentId: payment.studentId,
      sessionId: payment.sessionId,
      categoryId: payment.categoryId,
    };
    // The account is opened when the attempt starts; the CHECK refuses a credit beyond what is due.
    if (!(await repo.creditFeeAccount(tx, key, payment.amountKobo))) {
      await repo.openFeeAccount(tx, key, payment.amountKobo);
      await repo.creditFeeAccount(tx, key, payment.amountKobo);
    }
  },
  async onMovedSession(tx, payment, fromSessionId, toSessionId) {
    if (!payment.studentId) return;
    const scope = { studentId: payment.studentId, categoryId: payment.categoryId };
    if (fromSessionId !== null)
      await repo.creditFeeAccount(tx, { ...scope, sessionId: fromSessionId }, -payment.amountKobo);
    const payer = await loadStudentPayer(tx, payment.studentId);
    const due = payer ? await studentDue(tx, payer, payment.categoryId, toSessionId) : null;
    await repo.openFeeAccount(tx, { ...scope, sessionId: toSessionId }, due?.totalKobo ?? 0);
    // The CHECK (paid ≤ due) refuses a move beyond what the other session still owes.
    await repo.creditFeeAccount(tx, { ...scope, sessionId: toSessionId }, payment.amountKobo);
  },
  refusedBy: [WITHIN_DUE_CHECK],
  duplicateFlag: (amountKobo) =>
    `duplicate: the school fees were already covered by other payments; refund ${amountKobo} kobo`,
  duplicateMessage: SCHOOL_FEES_MESSAGES.duplicate,
};

const registered = new Map<number, PaymentPurpose>([acceptanceFee, schoolFees].map((p) => [p.categoryId, p]));

/** Every purpose, by category id. */
export const PURPOSES: ReadonlyMap<number, PaymentPurpose> = registered;

/**
 * A purpose another module owns (late course registration; hostel and transcript fees), registered
 * once as the application starts: the payment paths then serve it like the payments module's own.
 */
export function registerPurpose(purpose: PaymentPurpose): void {
  const existing = registered.get(purpose.categoryId);
  if (existing && existing.referenceCode !== purpose.referenceCode)
    throw new Error(
      `Payment category ${purpose.categoryId} already has a purpose (${existing.referenceCode}).`,
    );
  registered.set(purpose.categoryId, purpose);
}

export { loadStudentPayer };

export const purposeOf = (categoryId: number) => PURPOSES.get(categoryId) ?? null;
