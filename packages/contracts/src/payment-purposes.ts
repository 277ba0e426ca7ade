import {
  ACCEPTANCE_PAYMENT_CATEGORY_ID,
  HOSTEL_FEE_CATEGORY_ID,
  LATE_REGISTRATION_CATEGORY_ID,
  TRANSCRIPT_FEE_CATEGORY_ID,
} from './constants.js';

// Zod-free, like constants.ts: a page that starts a payment reads these without the schemas.

/** The gateways, in the order the payment buttons show them. */
export const PAYMENT_BUTTON_ORDER = ['monnify', 'remita', 'nomba'] as const;
type Provider = (typeof PAYMENT_BUTTON_ORDER)[number];

/** The spec's start calls (section 7), one per gateway: POST …?payType=<the purpose's category>. */
export const PAYMENT_START_PATHS: Readonly<Record<Provider, string>> = {
  monnify: '/api/AddPayeePaymentMonnify',
  nomba: '/api/AddPayeePaymentNomba',
  remita: '/api/AddPayeePayment',
};

/** The status checks of a payment the gateway sent the browser back with (Remita's is ours). */
export const PAYMENT_CHECK_PATHS: Readonly<Record<Provider, string>> = {
  monnify: '/api/CheckPayeePaymentMonnify',
  nomba: '/api/CheckPayeePaymentNomba',
  remita: '/api/CheckPayeePaymentRemita',
};

/** payType / PaymentCategoryId of school fees. */
export const SCHOOL_FEES_CATEGORY_ID = 1;
/** PayeeTypeId of a student (1 is an applicant). */
export const STUDENT_PAYEE_TYPE_ID = 2;

/**
 * What the web needs to know of one payment purpose, so a new purpose is a declaration here plus
 * its strings in the payments catalogue (`payments.<messages>.title`, `.intro`, `.payWith`,
 * `.duplicate` and `.next.paid|pending|failed|error`):
 * - `payType`: the category the start call sends (and the server prices);
 * - `payee`: who pays (the start call's area and PayeeTypeId);
 * - `fee`: how the fee is offered — a `card` on its page while due, a `dialog` opened from a row's
 *   Pay button, or `none` (the purpose has a page of its own: acceptance, school fees);
 * - `recordId`: the payment is for one record of the purpose (sent as RecordId), e.g. a
 *   transcript request or a bed space;
 * - `receiptPage`: where a paid attempt's receipt opens (`?transactionId=`).
 */
export interface PaymentPurposeFacts {
  readonly payType: number;
  readonly payee: 'applicant' | 'student';
  readonly messages: string;
  readonly fee: 'card' | 'dialog' | 'none';
  readonly recordId: boolean;
  readonly receiptPage: '/QrCode' | '/paymentreceipt';
}

export const PAYMENT_PURPOSES = {
  acceptance: {
    payType: ACCEPTANCE_PAYMENT_CATEGORY_ID,
    payee: 'applicant',
    messages: 'status',
    fee: 'none',
    recordId: false,
    receiptPage: '/QrCode',
  },
  schoolFees: {
    payType: SCHOOL_FEES_CATEGORY_ID,
    payee: 'student',
    messages: 'schoolFees',
    fee: 'none',
    recordId: false,
    receiptPage: '/paymentreceipt',
  },
  hostelFee: {
    payType: HOSTEL_FEE_CATEGORY_ID,
    payee: 'student',
    messages: 'hostelFee',
    fee: 'card',
    recordId: true,
    receiptPage: '/paymentreceipt',
  },
  transcript: {
    payType: TRANSCRIPT_FEE_CATEGORY_ID,
    payee: 'student',
    messages: 'transcript',
    fee: 'dialog',
    recordId: true,
    receiptPage: '/paymentreceipt',
  },
  lateRegistration: {
    payType: LATE_REGISTRATION_CATEGORY_ID,
    payee: 'student',
    messages: 'lateFee',
    fee: 'card',
    recordId: false,
    receiptPage: '/paymentreceipt',
  },
} as const satisfies Record<string, PaymentPurposeFacts>;

export type PaymentPurpose = keyof typeof PAYMENT_PURPOSES;
/** The purposes whose fee is offered on another feature's page (a card or a dialog). */
export type FeePurpose = {
  [P in PaymentPurpose]: (typeof PAYMENT_PURPOSES)[P]['fee'] extends 'none' ? never : P;
}[PaymentPurpose];

/** The purpose of a payment category (payType), for a history row; acceptance when none matches. */
export function purposeOfCategory(categoryId: number | null | undefined): PaymentPurpose {
  const names = Object.keys(PAYMENT_PURPOSES) as PaymentPurpose[];
  return names.find((name) => PAYMENT_PURPOSES[name].payType === categoryId) ?? 'acceptance';
}
