import { z } from 'zod';
import { moneyArg, template } from './messages.js';
import { recordId } from './ids.js';
import { PAYMENT_CHECK_PATHS, PAYMENT_START_PATHS } from './payment-purposes.js';

/**
 * Money and documents: the acceptance-fee payment at three gateways, receipts, the provisional
 * admission letter and the SIWES letter. Field names follow the specification (sections 3 and 7)
 * where it names them. Amounts in responses are naira (the edge); the server computes in kobo.
 */

export const PAYMENT_PROVIDERS = ['monnify', 'nomba', 'remita'] as const;
export type PaymentProvider = (typeof PAYMENT_PROVIDERS)[number];

/** Dialog and toast strings, word for word where the specification gives them. */
export const PAYMENT_MESSAGES = {
  success: 'Payment successful! Thank you.',
  failed: 'Payment failed or not completed. Please try again.',
  checkError: 'An error occurred while checking payment status.',
  initError: 'An Error Occurred3',
  refGenerated: 'Transaction Ref generated successfully',
  copied: 'Transaction Ref copied successfully',
  pending:
    'Your payment has not been confirmed by the gateway yet. It will reflect automatically once it is confirmed.',
  underpaid:
    'The amount received is less than the fee, so it has not been credited. The bursary has been notified; please contact them.',
  duplicate:
    'Your acceptance fee had already been paid, so this payment was not applied. The bursary has been notified to refund it.',
  notAdmitted: 'Only admitted applicants can pay the acceptance fee.',
  alreadyPaid: 'You have already paid the acceptance fee.',
  wrongPayType: 'This payment type is not offered here.',
  unavailable: 'This payment method is not available at the moment. Please use another one.',
  gatewayDown: 'The payment gateway could not be reached. Please try again shortly.',
  noFee: 'The acceptance fee for your session has not been set. Please contact the admissions office.',
  unknownReference: 'No payment with this reference was found.',
  moveBeyondDue:
    'This payment is more than the other session still owes for it, so it cannot be moved there.',
} as const;

/** payType of the AddPayeePayment calls: 10 is the acceptance fee (the only one offered to applicants). */
export const payTypeQuery = z.object({ payType: recordId });

const idLike = z.union([z.number(), z.string()]).nullable().optional();
const text = z.string().max(300).nullable().optional();

/**
 * The payment request of section 3, as the dashboard sends it. The server reads none of these
 * values to decide who pays what: it builds the real request from the signed-in applicant's own
 * record and the fee schedule. Unknown fields (an `Amount`, say) are dropped.
 */
export const paymentRequest = z.object({
  /** School fees: 1 full payment, any other value an instalment (the first, then the balance). */
  MethodId: z.coerce.number().int().min(1).max(9).nullable().optional(),
  /** School fees, first instalment only: naira, at least the school's minimum share (default: that share). */
  InstalmentAmount: z.coerce.number().positive().max(100_000_000).nullable().optional(),
  /** The purpose's own record the payment is for (a transcript request's id). */
  RecordId: recordId.nullable().optional(),
  SessionID: idLike,
  SchoolID: idLike,
  FirstName: text,
  OtherName: text,
  LastName: text,
  DepartmentName: text,
  Email: text,
  PhoneNumber: text,
  Gender: text,
  DeptID: idLike,
  LevelID: idLike,
  AdmModeId: idLike,
  PayeeTypeId: idLike,
  PaymentCategoryId: idLike,
  PayeeId: idLike,
  ApplicantID: idLike,
  JambRegNo: text,
  PayeeName: text,
  PaymentItemId: z
    .array(z.union([z.number(), z.string()]))
    .max(20)
    .nullable()
    .optional(),
  PayeeEmail: text,
});
export type PaymentRequest = z.infer<typeof paymentRequest>;

/** Data of a started payment: send the browser to checkOutUrl (or POST `form` for Remita). */
export const paymentStarted = z.object({
  checkOutUrl: z.string(),
  /** Our reference of this attempt (Monnify paymentReference, Nomba orderReference, Remita orderId). */
  TransactionRef: z.string(),
  Provider: z.enum(PAYMENT_PROVIDERS),
  /** Remita's RRR; Monnify's transactionReference; null for Nomba until paid. */
  ProviderRef: z.string().nullable(),
  /** naira */
  Amount: z.number(),
  /** Remita: a form the browser may POST to the pay page instead of following checkOutUrl. */
  form: z.object({ action: z.string(), fields: z.record(z.string(), z.string()) }).optional(),
  /** True when the built-in sandbox gateway stands in for the provider. */
  Sandbox: z.boolean(),
});
export const paymentStartedResponse = z.object({
  Status: z.string(),
  Message: z.string(),
  Data: paymentStarted,
});
export type PaymentStartedResponse = z.infer<typeof paymentStartedResponse>;

/** CheckPayeePaymentMonnify / Nomba / Remita: the reference the browser brought back. */
export const checkPaymentQuery = z.object({
  paymentReference: z.string().trim().min(1).max(200),
});

/** PAID and PENDING/FAILED/EXPIRED are the attempt's state after the server asked the gateway. */
export const PAYMENT_STATUSES = ['PAID', 'PENDING', 'FAILED', 'EXPIRED'] as const;

export const paymentStatus = z.object({
  status: z.enum(PAYMENT_STATUSES),
  paid: z.boolean(),
  TransactionRef: z.string(),
  ProviderRef: z.string().nullable(),
  Provider: z.enum(PAYMENT_PROVIDERS),
  /** naira: what is due, and what the gateway reported as paid (null until it has). */
  Amount: z.number(),
  AmountPaid: z.number().nullable(),
  /** Set for the bursary when the amount did not match (underpaid, overpaid, duplicate). */
  Flag: z.string().nullable(),
  /** The receipt's public id (for /portal/QrCode?transactionId=…) once paid. */
  ReceiptId: z.string().nullable(),
});
export const paymentStatusResponse = z.object({
  Status: z.string(),
  Message: z.string(),
  Data: paymentStatus,
});
export type PaymentStatusResponse = z.infer<typeof paymentStatusResponse>;

// ---------------------------------------------------------------------------------------------
// Receipts

export const receiptQuery = z.object({ transactionId: z.string().trim().min(1).max(200) });
export const schoolFeesReceiptQuery = z.object({ RRR: z.string().trim().min(1).max(200) });

/**
 * One line of a receipt's amounts, as the page and the PDF both print it: the fee's items, the
 * service charge the payer bore, money paid above the fee (to be refunded), then the total.
 * Items + charge + excess = total, in kobo.
 */
export const receiptLine = z.object({
  kind: z.enum(['item', 'charge', 'excess', 'total']),
  /** The item's name; for the other kinds the English label (RECEIPT_LINE_LABELS). */
  label: z.string(),
  amountKobo: z.number().int(),
  /** naira */
  amount: z.number(),
});
export type ReceiptLine = z.infer<typeof receiptLine>;

/** The payment receipt of section 3. Public: only what verification needs (no e-mail, no phone). */
export const paymentReceipt = z.object({
  /** The institution that issued the receipt (the page's heading). */
  institutionName: z.string(),
  /** Its short name (School Management's), shown beside the name. */
  institutionShortName: z.string().optional(),
  name: z.string(),
  matricNo: z.string().nullable(),
  jambRegNo: z.string().nullable(),
  level: z.string().nullable(),
  department: z.string().nullable(),
  /** The payee's number: matric number for a student, JAMB number for an applicant. */
  payeeNo: z.string().nullable(),
  /** Not the internal id (never public): the payee type, 1 applicant, 2 student. */
  payeeId: z.number().int().nullable(),
  stateId: z.number().int().nullable(),
  /** Whether the payer is of the school's indigene state (School Management's): the indigene amounts apply. */
  indigene: z.boolean(),
  /** The gateway's reference (Remita RRR, Monnify transaction reference, Nomba order id). */
  RRR: z.string().nullable(),
  /** Our reference of the payment attempt. */
  transactionRef: z.string(),
  /** The receipt's public id, as in the link. */
  transactionId: z.string(),
  provider: z.string(),
  paymentDate: z.string(),
  generatedDate: z.string(),
  paymentName: z.string(),
  session: z.string().nullable(),
  /** naira: the fee due (the items' sum) */
  amount: z.number(),
  /** naira: the service charge the payer bore (the receipt's charge line) */
  charges: z.number(),
  /** naira, as the gateway reported it: the receipt's total */
  amountPaid: z.number(),
  /** The amounts table, computed once for the page and the PDF. */
  lines: z.array(receiptLine),
  /** The passport photograph as a data URL, or null. */
  passport: z.string().nullable(),
  /** A PNG data URL of the verification link. */
  QRcode: z.string(),
  verifyUrl: z.string(),
  pdfUrl: z.string(),
  /** Only for school fees (then the page shows the school-fees receipt). */
  paymentCategoryId: z.number().int().nullable(),
  admittedSession: z.string().nullable(),
  program: z.string().nullable(),
  courseOfStudy: z.string().nullable(),
});
export type PaymentReceipt = z.infer<typeof paymentReceipt>;
export const paymentReceiptResponse = z.object({
  Status: z.string(),
  Message: z.string().optional(),
  Data: paymentReceipt,
});

export const schoolFeesReceiptDetail = z.object({
  PaymentName: z.string(),
  /** naira */
  IndigeneAmount: z.number(),
  /** naira */
  NonIndigeneAmount: z.number(),
});
export const schoolFeesReceipt = z.object({
  details: z.array(schoolFeesReceiptDetail),
  /** [{ total }] — the non-indigene total (naira). */
  totals0: z.array(z.object({ total: z.number() })),
  /** [{ total }] — the indigene total (naira). */
  totals1: z.array(z.object({ total: z.number() })),
  /** 1 full payment; any other value instalments. */
  MethodId: z.number().int(),
  /** naira */
  amountPaid: z.number(),
  Level: z.string().nullable(),
});
export type SchoolFeesReceipt = z.infer<typeof schoolFeesReceipt>;
export const schoolFeesReceiptResponse = z.object({
  Status: z.string(),
  Message: z.string().optional(),
  Data: schoolFeesReceipt,
});

// ---------------------------------------------------------------------------------------------
// Letters

export const admissionLetterQuery = z.object({ applicantId: z.string().trim().min(1).max(200) });
export const siwesLetterQuery = z.object({ StudId: z.string().trim().min(1).max(200) });

export const letterFeeRow = z.object({
  PaymentName: z.string(),
  /** naira, by the indigene rule */
  Amount: z.number(),
});

/** The provisional admission letter of section 3, plus letter 00's fields. */
export const admissionLetter = z.object({
  admissionDate: z.string(),
  lastName: z.string().nullable(),
  firstName: z.string().nullable(),
  otherName: z.string().nullable(),
  jambRegNo: z.string(),
  EntryModeId: z.number().int().nullable(),
  session: z.string(),
  courseOfStudy: z.string().nullable(),
  faculty: z.string().nullable(),
  QRcode: z.string(),
  // letter 00
  FileUrl: z.string().nullable(),
  FullName: z.string(),
  YearsToGraduate: z.number().int().nullable(),
  ModeType: z.string().nullable(),
  DepartmentName: z.string().nullable(),
  /** HTML table rows (escaped text): S/N, item, amount (₦), with the service-charge line and a total. */
  feeRows: z.string(),
  fees: z.array(letterFeeRow),
  // the letter's wording, chosen on the server
  heading: z.string(),
  subHeading: z.string(),
  institutionName: z.string(),
  institutionAddress: z.string(),
  /** naira */
  acceptanceFee: z.number(),
  acceptanceDays: z.number().int(),
  resumptionDate: z.string(),
  registrationClosesOn: z.string(),
  /** whole weeks from resumption to the deadline; null when the deadline is not a whole number of weeks */
  registrationWeeks: z.number().int().nullable(),
  /** naira */
  lateRegistrationFee: z.number(),
  paragraphs: z.array(z.string()),
  verifyUrl: z.string(),
  pdfUrl: z.string(),
});
export type AdmissionLetter = z.infer<typeof admissionLetter>;
export const admissionLetterResponse = z.object({
  Status: z.string(),
  Message: z.string().optional(),
  Data: admissionLetter,
});

export const siwesLetter = z.object({
  SIWESFormRef: z.string(),
  Name: z.string(),
  MatricNumber: z.string(),
  levelId: z.number().int().nullable(),
  Level: z.string().nullable(),
  CourseOfStudy: z.string().nullable(),
  GraduatingLevel: z.string().nullable(),
  DurationMonths: z.number().int(),
  Department: z.string().nullable(),
  Faculty: z.string().nullable(),
  Session: z.string().nullable(),
  institutionName: z.string(),
  paragraphs: z.array(z.string()),
  QRcode: z.string(),
  verifyUrl: z.string(),
  pdfUrl: z.string(),
});
export type SiwesLetter = z.infer<typeof siwesLetter>;
export const siwesLetterResponse = z.object({
  Status: z.string(),
  Message: z.string().optional(),
  Data: siwesLetter,
});

/** The four documents of the applicant's 'Admission letter' dialog (section 2), 1-based. */
export const ADMISSION_DOCUMENTS = [
  {
    number: 1,
    name: 'Provisional Admission Letter',
    file: 'ProvisionalAdmissionLetter.pdf',
    needsAcceptance: false,
  },
  {
    number: 2,
    name: 'Acceptance Fee Payment Information',
    file: 'AcceptanceFeePaymentInformation.pdf',
    needsAcceptance: true,
  },
  { number: 3, name: 'Medical Examination Form', file: 'MedicalExaminationForm.pdf', needsAcceptance: true },
  { number: 4, name: 'Undertaking and Attestation Form', file: 'UndertakingForm.pdf', needsAcceptance: true },
] as const;

/** What the signed-in user's dashboard links to. Ids are the public, unguessable ones. */
export const documentLinks = z.object({
  /** applicants.publicId once admitted: /portal/AdmissionLetter?applicantId=… */
  AdmissionLetterId: z.string().nullable(),
  /** The paid acceptance-fee payment's public id: /portal/QrCode?transactionId=… */
  AcceptanceReceiptId: z.string().nullable(),
  AdmissionLevel: z.number().int(),
  Documents: z.array(
    z.object({ Number: z.number().int(), Name: z.string(), Available: z.boolean(), PdfUrl: z.string() }),
  ),
  ReceiptPdfUrl: z.string().nullable(),
  AdmissionLetterPdfUrl: z.string().nullable(),
});
export type DocumentLinks = z.infer<typeof documentLinks>;
export const documentLinksResponse = z.object({ Status: z.string(), Data: documentLinks });

export const studentDocumentLinks = z.object({
  /** students.publicId: /portal/SiwesLetter?StudId=… */
  SiwesLetterId: z.string(),
  SiwesLetterPdfUrl: z.string(),
});
export const studentDocumentLinksResponse = z.object({ Status: z.string(), Data: studentDocumentLinks });

/** The API's paths, for the web client. */
export const PAYMENTS_API = {
  startMonnify: PAYMENT_START_PATHS.monnify,
  startNomba: PAYMENT_START_PATHS.nomba,
  startRemita: PAYMENT_START_PATHS.remita,
  checkMonnify: PAYMENT_CHECK_PATHS.monnify,
  checkNomba: PAYMENT_CHECK_PATHS.nomba,
  checkRemita: PAYMENT_CHECK_PATHS.remita,
  receipt: '/api/PaymentReceiptByRRR',
  schoolFeesReceipt: '/api/SchoolFeesReceipt0',
  receiptPdf: (transactionId: string) => `/api/receipts/${encodeURIComponent(transactionId)}.pdf`,
  admissionLetter: '/api/ProvisionalAdmissionLetter',
  admissionLetterPdf: (applicantId: string) =>
    `/api/letters/admission/${encodeURIComponent(applicantId)}.pdf`,
  siwesLetter: '/api/SIWESLETTER',
  siwesLetterPdf: (studId: string) => `/api/letters/siwes/${encodeURIComponent(studId)}.pdf`,
  applicantDocumentLinks: '/api/applicant/document-links',
  applicantAdmissionDocumentPdf: (n: number) => `/api/applicant/admission-documents/${n}.pdf`,
  studentDocumentLinks: '/api/student/document-links',
} as const;

// ---------------------------------------------------------------------------------------------
// School fees (students)

/** MethodId: 1 full payment; any other value instalments (spec section 4). */
export const FULL_PAYMENT_METHOD_ID = 1;
export const INSTALMENT_METHOD_ID = 2;

export const SCHOOL_FEES_MESSAGES = {
  notStudent: 'Only students can pay school fees.',
  noFees:
    'The school fees for your programme and level in this session have not been set. Please contact the bursary.',
  alreadyPaid: 'Your school fees for this session have been paid in full.',
  fullAfterInstalment: 'You have paid part of your school fees already: pay the balance instead.',
  instalmentsNotAllowed: 'School fees for this session must be paid in full.',
  instalmentTooSmall: template('The first instalment must be at least {minimum}.', moneyArg('minimum')),
  instalmentTooLarge: 'The first instalment must be less than the full amount: choose full payment instead.',
  duplicate:
    'Your school fees were already covered by another payment, so this payment was not applied. The bursary has been notified to refund it.',
} as const;

export const schoolFeeLine = z.object({
  PaymentItemId: z.number().int(),
  PaymentName: z.string(),
  /** naira */
  IndigeneAmount: z.number(),
  /** naira */
  NonIndigeneAmount: z.number(),
  /** naira: the amount this student pays (indigene rule) */
  Amount: z.number(),
});
export type SchoolFeeLine = z.infer<typeof schoolFeeLine>;

export const schoolFeeAttempt = z.object({
  PaymentId: z.string(),
  Provider: z.string(),
  Reference: z.string(),
  ProviderReference: z.string().nullable(),
  MethodId: z.number().int(),
  /** naira */
  Amount: z.number(),
  AmountPaid: z.number().nullable(),
  State: z.string(),
  Flag: z.string().nullable(),
  Date: z.string(),
  PaidAt: z.string().nullable(),
});
export type SchoolFeeAttempt = z.infer<typeof schoolFeeAttempt>;

/** GET api/student/school-fees: what the student owes this session and what may be paid next. */
export const schoolFeesStatement = z.object({
  SessionId: z.number().int().nullable(),
  Session: z.string().nullable(),
  Level: z.string().nullable(),
  /** True when the student's state is the school's indigene state (School Management's): the indigene amounts apply. */
  Indigene: z.boolean(),
  Lines: z.array(schoolFeeLine),
  /** naira */
  TotalIndigene: z.number(),
  TotalNonIndigene: z.number(),
  /** naira: what this student owes in all (indigene rule), what is credited, and what is left */
  Total: z.number(),
  Paid: z.number(),
  Balance: z.number(),
  AllowInstalments: z.boolean(),
  FirstInstalmentPercent: z.number().int(),
  /** naira: the smallest first instalment */
  MinimumFirstInstalment: z.number(),
  /** What may be started now: full payment, a first instalment, the balance. */
  CanPayFull: z.boolean(),
  CanPayFirstInstalment: z.boolean(),
  CanPayBalance: z.boolean(),
  Attempts: z.array(schoolFeeAttempt),
});
export type SchoolFeesStatement = z.infer<typeof schoolFeesStatement>;
export const schoolFeesStatementResponse = z.object({
  Status: z.string(),
  Message: z.string().optional(),
  Data: schoolFeesStatement,
});
export type SchoolFeesStatementResponse = z.infer<typeof schoolFeesStatementResponse>;

/** GET api/student/payment-history: every attempt of the signed-in student (the applicant's row shape). */
export const studentPaymentHistoryQuery = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(10),
});

// ---------------------------------------------------------------------------------------------
// Debtors list (admin)

export const debtorsQuery = z.object({
  sessionId: recordId.optional(),
  departmentId: recordId.optional(),
  levelId: recordId.optional(),
  search: z.string().trim().max(100).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});
export type DebtorsQuery = z.infer<typeof debtorsQuery>;
export const debtorsExportQuery = debtorsQuery
  .omit({ page: true, pageSize: true })
  .extend({ format: z.enum(['csv', 'xlsx']).default('csv') });

export const debtorRow = z.object({
  StudentId: z.string(),
  MatricNo: z.string(),
  Name: z.string(),
  Department: z.string().nullable(),
  Level: z.string().nullable(),
  Indigene: z.boolean(),
  /** naira */
  Due: z.number(),
  Paid: z.number(),
  Balance: z.number(),
});
export type DebtorRow = z.infer<typeof debtorRow>;
export const debtorsResponse = z.object({
  Status: z.string(),
  Message: z.string().optional(),
  Data: z.array(debtorRow),
  Session: z.string().nullable(),
  Page: z.number().int(),
  PageSize: z.number().int(),
  Total: z.number().int(),
});
export type DebtorsResponse = z.infer<typeof debtorsResponse>;
