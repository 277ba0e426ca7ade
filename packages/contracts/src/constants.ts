/**
 * Business constants from the specification, section 9, and the plain checks both sides share.
 * This module imports nothing, so the web's sign-in pages can use it without pulling in zod.
 */

/** The status strings the specification's calls use, exactly as written. */
export const STATUS = {
  ok: 'Ok',
  OK: 'OK',
  notFound: 'NotFound',
  invalid: 'Invalid',
  error: 'Error',
} as const;
export type Status = (typeof STATUS)[keyof typeof STATUS];

export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;

/** Nigerian mobile numbers: 080…, 070…, 090…, 081…, 091…, or the same with +234 / 234. */
export const NIGERIAN_PHONE_PATTERN = /^(?:\+?234|0)[789][01]\d{8}$/;

export const SCHOOL_ID = 1;
/**
 * The spec's indigene state: only the seed's and the database's default. The fees read the school's own
 * setting (School Management's indigene state), never this constant.
 */
export const INDIGENE_STATE_ID = 2656;
export const BASE_PATH = '/portal';

export const USER_MODES = ['Applicant', 'Admin', 'Student'] as const;
export type UserMode = (typeof USER_MODES)[number];

export const ACCEPTANCE_FEE_KOBO = 500_000;
export const ACCEPTANCE_PAYMENT_CATEGORY_ID = 10;

// The other purposes' categories: here, without zod, so a page that starts a payment does not load
// the schemas of the modules that own them.
/** payType / PaymentCategoryId of the late course registration fee (the payments registry's category 4). */
export const LATE_REGISTRATION_CATEGORY_ID = 4;
/** payType / PaymentCategoryId of the hostel fee (the payments registry's category 2). */
export const HOSTEL_FEE_CATEGORY_ID = 2;
/** payType / PaymentCategoryId of the transcript fee (the payments registry's category 3). */
export const TRANSCRIPT_FEE_CATEGORY_ID = 3;

/** The Tuition payment item (school fees): what the department tuition page prices per department and level. */
export const TUITION_PAYMENT_ITEM_ID = 1;

export const APPLICANT_PAYEE_TYPE_ID = 1;
export const ACCEPTANCE_PAYMENT_ITEM_IDS = [2] as const;

export const MIN_OLEVEL_SUBJECTS = 8;
export const OLEVEL_PAGE_SIZE = 15;
export const DOCUMENTS_PAGE_SIZE = 5;
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;

export const TRANSACTIONS_DEFAULT_PAGE = 1;
export const TRANSACTIONS_DEFAULT_PAGE_SIZE = 5;

export const DESKTOP_MIN_WIDTH = 768;
export const FIXED_DRAWER_BREAKPOINT = 1200;
export const SIDEBAR_WIDTH = 260;

// NOTIFICATION_TYPES: declared in notifications.ts (with each type's sidebar path).

/** Entry modes: 1 UTME, 2 Direct Entry, 3 UTME (a second UTME route). */
export const ENTRY_MODE_DIRECT_ENTRY = 2;

/** Admission levels: 3 admitted with acceptance fee pending, 4 acceptance fee paid. */
export const ADMISSION_LEVEL_ADMITTED = 3;
export const ADMISSION_LEVEL_ACCEPTED = 4;

/** Naira from kobo, for display at the edges only. */
export function koboToNaira(kobo: number): number {
  return kobo / 100;
}

/** The server's length rule for passwords (it also refuses common passwords). */
export function passwordLengthOk(password: string): boolean {
  return password.length >= PASSWORD_MIN_LENGTH && password.length <= PASSWORD_MAX_LENGTH;
}

/** Columns a candidates file may carry (header names are matched loosely: case, spaces and punctuation are ignored). */
export const CANDIDATE_COLUMNS = [
  'JAMB Number',
  'First Name',
  'Last Name',
  'Other Name',
  'E-mail',
  'Phone',
  'State',
  'LGA',
  'Course',
  'UTME Score',
  'CAPS Status',
] as const;

/** The receipt's non-item lines, word for word on the page (English) and in the PDF. */
export const RECEIPT_LINE_LABELS = {
  charge: 'Bank / Interswitch service charge',
  excess: 'Paid above the fee (to be refunded)',
  total: 'Total Paid',
} as const;

/**
 * Why a receipt's service charge differs from the gateway charges the bursary sees: said on the
 * receipt (page and PDF); the bursary's pages say the same from their side.
 */
export const RECEIPT_CHARGE_NOTE =
  'The service charge is what the payer paid above the fee. The payment gateway’s own fee is deducted from what the school receives and is not charged to the payer.';

/** GET, public: the school's particulars the shell shows (School Management's: names, contacts, logo, colours). */
export const INSTITUTION_API = '/api/institution';
