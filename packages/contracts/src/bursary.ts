import { z } from 'zod';
import { countArg, template, textArg } from './messages.js';
import { adminPageQuery, adminPaged } from './admin.js';
import { recordId, recordIdNumber } from './ids.js';

/**
 * The bursary's pages (issue 12 §6): every payment with its filters, totals and export
 * (`studentpayments`), one student's payments (`PaymentHistory`), paid totals by category,
 * department and day (`revenue`), a session's summary by category and provider
 * (`SummaryofPayments`) and moving a paid payment to another session (`UpdatePaymentSession`).
 * Money is in kobo; the `…Naira` twins are for display.
 */

export const BURSARY_PAGES = {
  studentPayments: 'studentpayments',
  paymentHistory: 'PaymentHistory',
  revenue: 'revenue',
  summary: 'SummaryofPayments',
  updateSession: 'UpdatePaymentSession',
} as const;

export const BURSARY_MESSAGES = {
  paymentNotFound: 'Payment not found.',
  studentNotFound: 'Student not found.',
  sessionNotFound: 'Academic session not found.',
  notPaid: 'Only a paid payment can be moved to another session.',
  sameSession: 'The payment is already in this session.',
  movedMeanwhile:
    'This payment was moved by someone else in the meantime. Reload it and try again if it still needs moving.',
  moveClash: 'The payment cannot be moved: the student already has this payment in that session.',
  moved: template('The payment was moved to {session}.', textArg('session')),
  tooManyRows: template('More than {max} rows: narrow the filters or export as CSV.', countArg('max')),
  rangeTooLong: template('Choose a date range of at most {days} days.', countArg('days')),
} as const;

/** The payment states a list may show; `all` shows every one. */
export const BURSARY_PAYMENT_STATES = ['paid', 'pending', 'failed', 'expired', 'all'] as const;
/** What a flag on a payment says, by its first word. */
export const PAYMENT_FLAG_KINDS = ['underpaid', 'overpaid', 'duplicate', 'other'] as const;
export type PaymentFlagKind = (typeof PAYMENT_FLAG_KINDS)[number];
export const PAYER_KINDS = ['student', 'applicant'] as const;

const isoDate = z.iso.date('Use a date in the form YYYY-MM-DD.');
const optionalId = recordId.optional();

/** The filters of the payments list, its totals and its export. */
export const bursaryPaymentFilters = z.object({
  state: z.enum(BURSARY_PAYMENT_STATES).default('paid'),
  sessionId: optionalId,
  categoryId: optionalId,
  itemId: optionalId,
  departmentId: optionalId,
  levelId: optionalId,
  /** The payer's state of origin. */
  payerStateId: optionalId,
  payerKind: z.enum(PAYER_KINDS).optional(),
  provider: z.string().trim().max(30).optional(),
  flag: z.enum([...PAYMENT_FLAG_KINDS, 'any', 'none']).optional(),
  /** Inclusive days (West Africa Time) of the payment date (paid, else started). */
  from: isoDate.optional(),
  to: isoDate.optional(),
  /** A matric or JAMB number (or its start), a reference, or a payer's names. */
  search: z.string().trim().max(100).optional(),
});
export type BursaryPaymentFilters = z.output<typeof bursaryPaymentFilters>;

export const bursaryPaymentsQuery = adminPageQuery.extend(bursaryPaymentFilters.shape).extend({
  sort: z.enum(['date', 'amount', 'reference']).default('date'),
  order: z.enum(['asc', 'desc']).default('desc'),
});

export const bursaryExportQuery = bursaryPaymentFilters.extend({ format: z.enum(['csv', 'xlsx']) });

export const bursaryPaymentItem = z.object({
  id: z.number().int(),
  /** The receipt's public id (the receipt page opens /paymentreceipt?transactionId=). */
  transactionId: z.string(),
  reference: z.string(),
  provider: z.string(),
  state: z.string(),
  flag: z.string().nullable(),
  flagKind: z.enum(PAYMENT_FLAG_KINDS).nullable(),
  payerKind: z.enum(PAYER_KINDS).nullable(),
  payerId: z.number().int().nullable(),
  payerName: z.string(),
  /** Matric number of a student, JAMB number of an applicant. */
  regNo: z.string().nullable(),
  departmentName: z.string().nullable(),
  levelName: z.string().nullable(),
  payerStateName: z.string().nullable(),
  sessionId: z.number().int().nullable(),
  sessionName: z.string().nullable(),
  categoryId: z.number().int(),
  categoryName: z.string(),
  items: z.array(z.string()),
  methodId: z.number().int(),
  amountKobo: z.number().int(),
  amountPaidKobo: z.number().int().nullable(),
  chargesKobo: z.number().int(),
  /** What the payer paid (or owes, unpaid), in naira. */
  amount: z.number(),
  createdAt: z.string(),
  paidAt: z.string().nullable(),
});
export type BursaryPaymentItem = z.infer<typeof bursaryPaymentItem>;

export const bursaryTotals = z.object({
  count: z.number().int(),
  /** Sum of the amounts due. */
  amountKobo: z.number().int(),
  /** Sum of what the gateways reported received. */
  amountPaidKobo: z.number().int(),
  chargesKobo: z.number().int(),
  amountNaira: z.number(),
  amountPaidNaira: z.number(),
  chargesNaira: z.number(),
});
export type BursaryTotals = z.infer<typeof bursaryTotals>;

export const bursaryPaymentsResponse = adminPaged(bursaryPaymentItem).extend({ Totals: bursaryTotals });
export type BursaryPaymentsResponse = z.infer<typeof bursaryPaymentsResponse>;

/** The choices of the bursary's filters, in one call (an admin may hold a bursary page alone). */
const choice = z.object({ id: z.number().int(), name: z.string() });
export const bursaryOptionsResponse = z.object({
  Status: z.string(),
  Data: z.object({
    sessions: z.array(choice.extend({ isCurrent: z.boolean() })),
    categories: z.array(choice),
    items: z.array(choice.extend({ categoryId: z.number().int() })),
    departments: z.array(choice),
    levels: z.array(choice),
    states: z.array(choice),
    providers: z.array(z.string()),
  }),
});
export type BursaryOptions = z.infer<typeof bursaryOptionsResponse>['Data'];

// ─────────────── PaymentHistory: one student's payments ───────────────

export const bursaryStudentSearchQuery = adminPageQuery.extend({
  search: z.string().trim().min(1, 'Enter a matric number or a name.').max(100),
});
export const bursaryStudent = z.object({
  id: z.number().int(),
  matricNo: z.string(),
  name: z.string(),
  email: z.string(),
  departmentName: z.string().nullable(),
  levelName: z.string().nullable(),
  stateName: z.string().nullable(),
});
export type BursaryStudent = z.infer<typeof bursaryStudent>;
export const bursaryStudentsResponse = adminPaged(bursaryStudent);

export const bursaryStudentPaymentsQuery = adminPageQuery;
export const bursaryStudentPaymentsResponse = adminPaged(bursaryPaymentItem).extend({
  Student: bursaryStudent,
  /** Paid totals of this student, all sessions. */
  Totals: bursaryTotals,
});
export type BursaryStudentPaymentsResponse = z.infer<typeof bursaryStudentPaymentsResponse>;

// ─────────────── revenue ───────────────

/** At most this many days in one revenue report (its by-day series has one point a day). */
export const REVENUE_MAX_DAYS = 366;

export const revenueQuery = z.object({
  from: isoDate,
  to: isoDate,
  sessionId: optionalId,
  categoryId: optionalId,
});
const revenueLine = z.object({
  count: z.number().int(),
  amountKobo: z.number().int(),
  amountNaira: z.number(),
});
export const revenueResponse = z.object({
  Status: z.string(),
  Data: z.object({
    from: z.string(),
    to: z.string(),
    total: revenueLine,
    byCategory: z.array(revenueLine.extend({ categoryId: z.number().int(), categoryName: z.string() })),
    byDepartment: z.array(
      revenueLine.extend({
        departmentId: z.number().int().nullable(),
        departmentName: z.string().nullable(),
      }),
    ),
    /** Every day of the range, days without payments at zero. */
    byDay: z.array(revenueLine.extend({ day: z.string() })),
  }),
});
export type RevenueReport = z.infer<typeof revenueResponse>['Data'];

// ─────────────── SummaryofPayments ───────────────

export const summaryQuery = z.object({ sessionId: optionalId });
export const summaryExportQuery = summaryQuery.extend({ format: z.enum(['csv', 'xlsx']) });

export const summaryLine = z.object({
  /** Every attempt, whatever its state. */
  attempts: z.number().int(),
  paidCount: z.number().int(),
  /** Credited: the amounts due of the paid payments. */
  paidKobo: z.number().int(),
  /** What the gateways reported received for the paid payments (overpayments included). */
  receivedKobo: z.number().int(),
  chargesKobo: z.number().int(),
  pendingCount: z.number().int(),
  failedCount: z.number().int(),
  expiredCount: z.number().int(),
  flaggedCount: z.number().int(),
  underpaidCount: z.number().int(),
  /** Money received short and not credited (to refund or complete). */
  underpaidKobo: z.number().int(),
  overpaidCount: z.number().int(),
  /** The excess over the amount due (to refund). */
  overpaidExcessKobo: z.number().int(),
  duplicateCount: z.number().int(),
  duplicateKobo: z.number().int(),
  otherFlaggedCount: z.number().int(),
});
export type SummaryLine = z.infer<typeof summaryLine>;

export const summaryResponse = z.object({
  Status: z.string(),
  Data: z.object({
    sessionId: z.number().int(),
    sessionName: z.string(),
    rows: z.array(summaryLine.extend({ categoryName: z.string(), provider: z.string() })),
    byCategory: z.array(summaryLine.extend({ categoryId: z.number().int(), categoryName: z.string() })),
    byProvider: z.array(summaryLine.extend({ provider: z.string() })),
    total: summaryLine,
  }),
});
export type PaymentsSummary = z.infer<typeof summaryResponse>['Data'];

// ─────────────── UpdatePaymentSession ───────────────

export const moveSessionRequest = z.object({
  /** The session the officer saw the payment in: the move happens only if it is still there. */
  fromSessionId: recordIdNumber.nullable(),
  toSessionId: recordIdNumber,
  reason: z
    .string()
    .trim()
    .min(5, 'Give the reason for the move (at least 5 characters).')
    .max(500, 'The reason is at most 500 characters.'),
});
export type MoveSessionRequest = z.infer<typeof moveSessionRequest>;

export const sessionMove = z.object({
  id: z.number().int(),
  paymentId: z.number().int(),
  reference: z.string(),
  payerName: z.string(),
  regNo: z.string().nullable(),
  categoryName: z.string(),
  fromSessionName: z.string().nullable(),
  toSessionName: z.string(),
  reason: z.string(),
  movedBy: z.string(),
  movedAt: z.string(),
});
export type SessionMove = z.infer<typeof sessionMove>;

export const moveSessionResponse = z.object({
  Status: z.string(),
  Message: z.string(),
  Data: z.object({ payment: bursaryPaymentItem, move: sessionMove }),
});

export const sessionMovesQuery = adminPageQuery.extend({
  search: z.string().trim().max(100).optional(),
  paymentId: optionalId,
});
export const sessionMovesResponse = adminPaged(sessionMove);
