import { z } from 'zod';
import { registrationHistoryEntry, registrationSummary } from './courses.js';
import { adminPageQuery, adminPaged, okMessage } from './admin.js';
import { EMAIL_PATTERN } from './constants.js';
import { recordId, recordIdNumber } from './ids.js';

/**
 * The registry's student pages: matriculation, adding and importing students, sign-in access,
 * enquiry, O'level verification (WAECVerify) and SIWES placement letters.
 */
export const RECORDS_PAGES = {
  matriculation: 'matriculation',
  addNew: 'addnew',
  studentAccess: 'studentAccess',
  studentEnquiry: 'studentenquiry',
  waecVerify: 'WAECVerify',
  siwes: 'siwes',
} as const;

export const RECORDS_MESSAGES = {
  notFound: 'Student not found.',
  applicantNotFound: 'Applicant not found.',
  notEligible: 'Only an admitted applicant who has paid the acceptance fee can be cleared or matriculated.',
  notCleared: "The applicant's documents must be cleared before matriculation.",
  alreadyCleared: "The applicant's documents were already cleared.",
  cleared: 'Documents cleared.',
  alreadyMatriculated: 'This applicant has already been matriculated.',
  noCourse: 'The applicant has no course of study.',
  noFormat:
    "No active matric number format is set for the programme of this course of study. Set one in 'Matric number format'.",
  noSession: 'The applicant has no admission session.',
  matriculated: 'Student matriculated.',
  matricTaken: 'A student with this matric number already exists.',
  emailTaken: 'A student with this e-mail address already exists.',
  added: 'Student added. A link to set a password was e-mailed.',
  enabled: 'Sign-in enabled.',
  disabled: 'Sign-in disabled; the student was signed out everywhere.',
  resetSent: 'A password-reset link was e-mailed to the student.',
  verificationSaved: "O'level verification recorded.",
  holderNotFound: 'No applicant or student has this JAMB or matric number.',
  siwesNotEligible: 'This student is not eligible for SIWES.',
  siwesIssued: 'SIWES placement letter issued.',
  siwesAlready: 'A SIWES letter was already issued to this student for the current session.',
} as const;

const trimmed = (max: number) => z.string().trim().max(max);
const name = trimmed(60).min(1, 'is required');
const optional = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .optional()
    .nullable()
    .transform((v) => (v ? v : null));
const optionalId = recordIdNumber.optional().nullable();

// ───────────────────────────── matriculation ─────────────────────────────

export const MATRICULATION_STATES = ['awaiting', 'cleared', 'matriculated'] as const;
export const matriculationQuery = adminPageQuery.extend({
  search: trimmed(100).optional(),
  state: z.enum(MATRICULATION_STATES).optional(),
});

export const recordDocument = z.object({
  kind: z.string(),
  label: z.string(),
  fileName: z.string(),
  url: z.string(),
});
export type RecordDocument = z.infer<typeof recordDocument>;

export const matriculationItem = z.object({
  applicantId: z.number().int(),
  jambRegNo: z.string(),
  name: z.string(),
  email: z.string(),
  department: z.string().nullable(),
  courseOfStudy: z.string().nullable(),
  acceptancePaidAt: z.string().nullable(),
  documents: z.array(recordDocument),
  clearedAt: z.string().nullable(),
  clearedBy: z.string().nullable(),
  matricNo: z.string().nullable(),
  matriculatedAt: z.string().nullable(),
});
export type MatriculationItem = z.infer<typeof matriculationItem>;
export const matriculationResponse = adminPaged(matriculationItem);

export const matriculateResponse = z.object({
  Status: z.string(),
  Message: z.string(),
  Data: z.object({ studentId: z.number().int(), matricNo: z.string() }),
});

// ───────────────────────────── students ─────────────────────────────

export const studentsQuery = adminPageQuery.extend({
  /** Matric number, name, e-mail or JAMB number (any part, without case). */
  search: trimmed(100).optional(),
  isActive: z.enum(['true', 'false']).optional(),
});

export const studentItem = z.object({
  id: z.number().int(),
  matricNo: z.string(),
  name: z.string(),
  email: z.string(),
  jambRegNo: z.string().nullable(),
  department: z.string().nullable(),
  courseOfStudy: z.string().nullable(),
  level: z.string().nullable(),
  isActive: z.boolean(),
});
export type StudentItem = z.infer<typeof studentItem>;
export const studentsResponse = adminPaged(studentItem);

export const studentPaymentEntry = z.object({
  reference: z.string(),
  category: z.string(),
  session: z.string().nullable(),
  provider: z.string(),
  amountKobo: z.number().int(),
  state: z.string(),
  flag: z.string().nullable(),
  createdAt: z.string(),
  paidAt: z.string().nullable(),
  receiptUrl: z.string().nullable(),
});
export type StudentPaymentEntry = z.infer<typeof studentPaymentEntry>;

export const olevelVerificationEntry = z.object({
  id: z.number().int(),
  examType: z.string(),
  examNumber: z.string(),
  examYear: z.number().int(),
  /** The PIN and serial, masked: only the last four characters shown. */
  pinMasked: z.string(),
  serialMasked: z.string(),
  outcome: z.enum(['verified', 'not_verified']),
  note: z.string(),
  verifiedBy: z.string(),
  verifiedAt: z.string(),
  holder: z.object({
    kind: z.enum(['applicant', 'student']),
    id: z.number().int(),
    number: z.string(),
    name: z.string(),
  }),
});
export type OlevelVerificationEntry = z.infer<typeof olevelVerificationEntry>;

export const studentRecord = z.object({
  id: z.number().int(),
  matricNo: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  otherName: z.string().nullable(),
  email: z.string(),
  phone: z.string().nullable(),
  gender: z.string().nullable(),
  dateOfBirth: z.string().nullable(),
  address: z.string().nullable(),
  state: z.string().nullable(),
  lga: z.string().nullable(),
  faculty: z.string().nullable(),
  department: z.string().nullable(),
  courseOfStudy: z.string().nullable(),
  programme: z.string().nullable(),
  level: z.string().nullable(),
  entryMode: z.string().nullable(),
  admittedSession: z.string().nullable(),
  jambRegNo: z.string().nullable(),
  applicantId: z.number().int().nullable(),
  isActive: z.boolean(),
  matriculatedAt: z.string().nullable(),
  createdAt: z.string(),
  passportUrl: z.string().nullable(),
  payments: z.array(studentPaymentEntry),
  documents: z.array(recordDocument),
  olevel: z.array(
    z.object({
      examType: z.string(),
      examYear: z.number().int(),
      examNumber: z.string(),
      subject: z.string(),
      grade: z.string(),
    }),
  ),
  verifications: z.array(olevelVerificationEntry),
  siwesLetters: z.array(
    z.object({ reference: z.string(), months: z.number().int(), issuedAt: z.string(), url: z.string() }),
  ),
  /** Every semester's course registration, newest first, with its history. */
  courseRegistrations: z.array(
    z.object({
      Semester: z.string(),
      Registration: registrationSummary,
      History: z.array(registrationHistoryEntry),
    }),
  ),
});
export type StudentRecord = z.infer<typeof studentRecord>;
export const studentRecordResponse = z.object({ Status: z.string(), Data: studentRecord });

// ───────────────────────────── addnew ─────────────────────────────

const dateOfBirth = z.iso
  .date('Use a date in the form YYYY-MM-DD.')
  .optional()
  .nullable()
  .or(z.literal('').transform(() => null));

export const MATRIC_NUMBER_PATTERN = /^[A-Za-z0-9][A-Za-z0-9/-]{2,39}$/;

export const addStudentRequest = z.object({
  matricNo: z
    .string()
    .trim()
    .toUpperCase()
    .regex(MATRIC_NUMBER_PATTERN, 'Use letters, digits, / and - (3 to 40 characters).'),
  firstName: name,
  lastName: name,
  otherName: optional(60),
  email: z.string().trim().toLowerCase().max(254).regex(EMAIL_PATTERN, 'Enter a valid e-mail address.'),
  phone: optional(20),
  gender: z.enum(['Male', 'Female']).optional().nullable(),
  dateOfBirth,
  address: optional(200),
  stateId: optionalId,
  lgaId: optionalId,
  courseOfStudyId: recordIdNumber,
  levelId: recordIdNumber,
  entryModeId: optionalId,
  admittedSessionId: optionalId,
});
export type AddStudentRequest = z.input<typeof addStudentRequest>;

export const addStudentResponse = z.object({
  Status: z.string(),
  Message: z.string(),
  Data: z.object({ studentId: z.number().int(), matricNo: z.string() }),
});

export const STUDENT_IMPORT_COLUMNS = [
  'Matric Number',
  'First Name',
  'Last Name',
  'Other Name',
  'E-mail',
  'Phone',
  'Gender',
  'State',
  'LGA',
  'Course',
  'Level',
  'Entry Mode',
  'Admitted Session',
  'Date of Birth',
  'Address',
] as const;

export const STUDENT_IMPORT_STATES = ['running', 'done', 'failed'] as const;

/** An import of existing students, polled for progress: rows counted first, then applied in batches. */
export const studentImportJob = z.object({
  id: z.number().int(),
  status: z.enum(STUDENT_IMPORT_STATES),
  fileName: z.string(),
  totalRows: z.number().int(),
  processedRows: z.number().int(),
  created: z.number().int(),
  updated: z.number().int(),
  unchanged: z.number().int(),
  invalid: z.number().int(),
  /** The first problems found (up to 1,000), each naming its row. */
  errors: z.array(z.string()),
  message: z.string().nullable(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type StudentImportJob = z.infer<typeof studentImportJob>;
export const studentImportJobResponse = z.object({
  Status: z.string(),
  Message: z.string().optional(),
  Data: studentImportJob,
});

// ───────────────────────────── studentAccess ─────────────────────────────

export const studentAccessRequest = z.object({ isActive: z.boolean() });
export const studentIdParams = z.object({ id: recordId });
export const recordsOk = okMessage;

// ───────────────────────────── WAECVerify ─────────────────────────────

export const OLEVEL_EXAM_TYPES = ['WAEC', 'NECO', 'NABTEB', 'GCE'] as const;

export const olevelVerificationRequest = z.object({
  /** A JAMB number (an applicant) or a matric number (a student). */
  number: z.string().trim().min(3, 'is required').max(40),
  examType: z.enum(OLEVEL_EXAM_TYPES),
  examNumber: z.string().trim().min(4, 'is required').max(20),
  examYear: z.coerce.number().int().min(1980).max(2100),
  pin: z.string().trim().min(6, 'is required').max(40),
  serial: z.string().trim().min(4, 'is required').max(40),
  outcome: z.enum(['verified', 'not_verified']),
  note: z.string().trim().max(500).default(''),
});
export type OlevelVerificationRequest = z.input<typeof olevelVerificationRequest>;

export const verificationsQuery = adminPageQuery.extend({ search: trimmed(100).optional() });
export const verificationsResponse = adminPaged(olevelVerificationEntry);
export const verificationResponse = z.object({
  Status: z.string(),
  Message: z.string(),
  Data: olevelVerificationEntry,
});

// ───────────────────────────── siwes ─────────────────────────────

/**
 * Eligible for SIWES: an active student at 200 level or above whose course of study runs at
 * least two years and who is not yet in the course's final level (the placement comes before
 * the last year).
 */
export const SIWES_MIN_LEVEL_RANK = 2;

export const siwesQuery = adminPageQuery.extend({
  search: trimmed(100).optional(),
  issued: z.enum(['true', 'false']).optional(),
});
export const siwesItem = z.object({
  studentId: z.number().int(),
  matricNo: z.string(),
  name: z.string(),
  courseOfStudy: z.string().nullable(),
  level: z.string().nullable(),
  months: z.number().int(),
  letter: z
    .object({ reference: z.string(), issuedAt: z.string(), issuedBy: z.string(), url: z.string() })
    .nullable(),
});
export type SiwesItem = z.infer<typeof siwesItem>;
export const siwesResponse = adminPaged(siwesItem);
export const siwesIssueResponse = z.object({
  Status: z.string(),
  Message: z.string(),
  Data: z.object({ reference: z.string(), months: z.number().int(), url: z.string() }),
});
