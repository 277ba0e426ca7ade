import { z } from 'zod';
import { template, textArg } from './messages.js';
import { MIN_OLEVEL_SUBJECTS, NIGERIAN_PHONE_PATTERN } from './constants.js';
import { MAX_RECORD_ID, RECORD_ID_MESSAGE, recordId } from './ids.js';

/**
 * The applicant's journey: biodata, guardian, O'level results, documents, registration,
 * admission documents and the acceptance-fee history. Field names follow the specification
 * (sections 3 and 7) where it names them; the rest use the same PascalCase style.
 */

// ---------------------------------------------------------------------------------------------
// Messages, word for word where the specification gives them.

export const OLEVEL_MESSAGES = {
  examTypeRequired: 'Examination Type is required.',
  examYearRequired: 'Examination Year is required.',
  examNumberRequired: 'Examination Number is required.',
  subjectRequired: 'Subject is required.',
  gradeRequired: 'Grade is required.',
  subjectAddedAlready: 'Subject added already.',
  tooFewSubjects: `Subject can not be less than ${MIN_OLEVEL_SUBJECTS}.`,
  examNumberInvalid: 'Examination Number may only contain letters, digits, / and -, 4 to 20 characters.',
  examTypeUnknown: 'Examination Type is not valid.',
  subjectUnknown: 'Subject is not valid.',
  gradeUnknown: 'Grade is not valid.',
  tooManySubjects: 'You can not send more than 45 subjects.',
  emptyList: 'Subject can not be less than 8.',
  // success toasts (section 8)
  resultAdded: 'Result Added.',
  subjectAdded: 'Subject added successfully.',
  subjectDeleted: 'Subject deleted successfully.',
  batchSaved: 'Congratulations, Olevel added successfully.',
  noResults: "No O'level result has been saved yet.",
} as const;

/** 'Examination Year must be between 1990 and 2020.' (the range comes from school settings). */
export function examYearRangeMessage(min: number, max: number): string {
  return `Examination Year must be between ${min} and ${max}.`;
}

export const APPLICANT_MESSAGES = {
  notFound: 'Record not found.',
  locked: 'Your registration is complete, so your details can no longer be changed.',
  biodataSaved: 'Biodata saved successfully.',
  guardianSaved: 'Guardian details saved successfully.',
  registrationDone: 'Registration completed successfully.',
  registrationAlreadyDone: 'Your registration is already complete.',
  /** Followed by the list of what is missing. */
  registrationIncomplete: 'Complete these before you submit your registration:',
  slipNotReady: 'Your application slip is available once your registration is complete.',
  formsNotYet: 'Admission documents become available once you have been admitted.',
  emailTaken: 'This e-mail address is already used by another applicant.',
  lgaNotInState: 'The LGA does not belong to the selected state.',
  stateRequired: 'State of origin is required for Nigerian applicants.',
  lgaRequired: 'LGA of origin is required for Nigerian applicants.',
  stateNotInCountry: 'The state does not belong to the selected country.',
  courseNotInDepartment: 'The course of study does not belong to the selected department.',
  unknownCountry: 'Country is not valid.',
  unknownDepartment: 'Department is not valid.',
  documentUploaded: 'Document uploaded successfully.',
  documentDeleted: 'Document removed.',
  fileMissing: 'Choose a file to upload.',
  fileTooLarge: template('The file is too large. The limit is {limit}.', textArg('limit')),
  fileWrongType: template(
    'The file must be a {allowed}. Its content was checked, not its name.',
    textArg('allowed'),
  ),
  linkExpired: 'This link has expired. Reload the page to get a new one.',
} as const;

// ---------------------------------------------------------------------------------------------
// Documents an applicant uploads.

export const PASSPORT_MAX_BYTES = 300 * 1024;
export const DOCUMENT_MAX_BYTES = 2 * 1024 * 1024;

export const DOCUMENT_KIND_IDS = [
  'passport',
  'olevel_result',
  'jamb_result',
  'birth_certificate',
  'lga_certificate',
] as const;
export const documentKindSchema = z.enum(DOCUMENT_KIND_IDS);
export type DocumentKind = z.infer<typeof documentKindSchema>;

export interface DocumentKindInfo {
  kind: DocumentKind;
  label: string;
  description: string;
  /** Needed before registration can be submitted. */
  required: boolean;
  /** Content types accepted, decided by the file's content (magic bytes), never its name. */
  accept: readonly ('application/pdf' | 'image/jpeg' | 'image/png')[];
  maxBytes: number;
}

export const DOCUMENT_KINDS: readonly DocumentKindInfo[] = [
  {
    kind: 'passport',
    label: 'Passport Photograph',
    description: 'A recent passport photograph on a plain background (JPEG or PNG, at most 300 KB).',
    required: true,
    accept: ['image/jpeg', 'image/png'],
    maxBytes: PASSPORT_MAX_BYTES,
  },
  {
    kind: 'olevel_result',
    label: "O'level Certificate / Result",
    description:
      'WAEC, NECO, NABTEB or GCE certificate or statement of result (PDF, JPEG or PNG, at most 2 MB).',
    required: true,
    accept: ['application/pdf', 'image/jpeg', 'image/png'],
    maxBytes: DOCUMENT_MAX_BYTES,
  },
  {
    kind: 'jamb_result',
    label: 'JAMB Result Slip',
    description: 'UTME result slip printed from the JAMB portal (PDF, JPEG or PNG, at most 2 MB).',
    required: true,
    accept: ['application/pdf', 'image/jpeg', 'image/png'],
    maxBytes: DOCUMENT_MAX_BYTES,
  },
  {
    kind: 'birth_certificate',
    label: 'Birth Certificate or Age Declaration',
    description: 'Birth certificate or sworn declaration of age (PDF, JPEG or PNG, at most 2 MB).',
    required: true,
    accept: ['application/pdf', 'image/jpeg', 'image/png'],
    maxBytes: DOCUMENT_MAX_BYTES,
  },
  {
    kind: 'lga_certificate',
    label: 'LGA Certificate of Origin',
    description: 'Certificate of origin from your local government area (PDF, JPEG or PNG, at most 2 MB).',
    required: true,
    accept: ['application/pdf', 'image/jpeg', 'image/png'],
    maxBytes: DOCUMENT_MAX_BYTES,
  },
];

export const REQUIRED_DOCUMENT_KINDS: readonly DocumentKind[] = DOCUMENT_KINDS.filter((d) => d.required).map(
  (d) => d.kind,
);

export function documentKindInfo(kind: DocumentKind): DocumentKindInfo {
  return DOCUMENT_KINDS.find((d) => d.kind === kind)!;
}

// ---------------------------------------------------------------------------------------------
// Admission level: derived on the server from stored facts, never set by the client.

/**
 * 0 registration not yet submitted; 1 registration submitted, awaiting the admissions team
 * (also kept by a rejected application, whose AdmissionState says 'rejected'); 2 screened or
 * verified by the admissions team, decision pending; 3 admitted, acceptance fee pending;
 * 4 acceptance fee paid, admission documents available.
 */
export const ADMISSION_LEVELS = {
  notSubmitted: 0,
  submitted: 1,
  underReview: 2,
  admitted: 3,
  accepted: 4,
} as const;

export const ADMISSION_STATES = ['none', 'screened', 'verified', 'admitted', 'rejected'] as const;
export type AdmissionState = (typeof ADMISSION_STATES)[number];

export const GENDERS = ['Male', 'Female'] as const;
export const MARITAL_STATUSES = ['Single', 'Married', 'Divorced', 'Widowed', 'Separated'] as const;
export const GUARDIAN_RELATIONSHIPS = [
  'Father',
  'Mother',
  'Brother',
  'Sister',
  'Uncle',
  'Aunt',
  'Grandparent',
  'Spouse',
  'Guardian',
  'Sponsor',
] as const;

export const PHONE_MESSAGE = 'Phone number must be a Nigerian mobile number such as 08031234567.';

// ---------------------------------------------------------------------------------------------
// O'level (section 3 and 7).

/** GET api/Subjects/GetSubjects */
export const olevelSubject = z.object({ OLevelSubjectID: z.number().int(), OLevelSubjectName: z.string() });
/** GET api/Olevel/GetGrades */
export const olevelGrade = z.object({ OLevelGradeID: z.number().int(), GradeName: z.string() });
/** GET api/OLevelType/LoadExams */
export const olevelType = z.object({ OLevelTypeID: z.number().int(), OLevelTypeName: z.string() });
export type OlevelSubject = z.infer<typeof olevelSubject>;
export type OlevelGrade = z.infer<typeof olevelGrade>;
export type OlevelType = z.infer<typeof olevelType>;

const idLike = z.union([z.number(), z.string().max(20)]).nullish();

/**
 * One result as the form sends it. Every field may be missing so the server can answer with
 * the specification's own message ('Subject is required.'), in the order the form shows them.
 */
export const olevelResultInput = z.object({
  OLevelTypeID: idLike,
  ExamYear: idLike,
  ExamNumber: z.string().max(100).nullish(),
  OLevelSubjectID: idLike,
  OLevelGradeID: idLike,
  ApplicantId: idLike,
});
export type OlevelResultInput = z.infer<typeof olevelResultInput>;

/** POST api/OResults/PostOResult: the whole list, at least 8 subjects. */
export const olevelBatchInput = z.array(olevelResultInput).max(45, OLEVEL_MESSAGES.tooManySubjects);

/** A saved result (section 3: O-level result (saved)). `hasOlevelResult` returns these. */
export const olevelSavedResult = z.object({
  OLevelResultID: z.number().int(),
  OLevelSubjectID: z.number().int(),
  OLevelTypeID: z.number().int(),
  OLevelGradeID: z.number().int(),
  ApplicantId: z.number().int(),
  ExamYear: z.number().int(),
  ExamNumber: z.string(),
});
export type OlevelSavedResult = z.infer<typeof olevelSavedResult>;

/** A row of the 'My Results' table (section 3: O-level row (display)), with its ids. */
export const olevelDisplayRow = olevelSavedResult.extend({
  OLevelTypeName: z.string(),
  OLevelSubjectName: z.string(),
  GradeName: z.string(),
});
export type OlevelDisplayRow = z.infer<typeof olevelDisplayRow>;

export const olevelListResponse = z.object({
  Status: z.string(),
  Message: z.string(),
  Data: z.array(olevelDisplayRow),
});

export const olevelPostEachResponse = z.object({
  Status: z.string(),
  Message: z.string(),
  Data: olevelDisplayRow,
});
export const olevelPostBatchResponse = z.object({
  Status: z.string(),
  Message: z.string(),
  Data: z.array(olevelDisplayRow),
});
export const olevelDeleteResponse = z.object({ Status: z.string(), Message: z.string() });

export const applicantIdQuery = z.object({ applicantId: recordId });
export const olevelDeleteQuery = z.object({ olevelresultId: recordId });

// ---------------------------------------------------------------------------------------------
// The applicant record (GetApplicantRecordById) and the application slip.

export const slipApplicant = z.object({
  CategoryName: z.string().nullable(),
  DepartmentName: z.string().nullable(),
  MaritalStatusName: z.string().nullable(),
  CountryName: z.string().nullable(),
  StateName: z.string().nullable(),
  LGAName: z.string().nullable(),
});

/** Section 3: Applicant slip. Passport is a short-lived signed URL an <img> can load. */
export const applicantSlipFields = z.object({
  DateRegistered: z.string().nullable(),
  JambRegNo: z.string(),
  FirstName: z.string().nullable(),
  OtherName: z.string().nullable(),
  LastName: z.string().nullable(),
  Email: z.string(),
  /** yyyy-mm-dd */
  DateOfBirth: z.string().nullable(),
  Gender: z.string().nullable(),
  PhoneNumber: z.string().nullable(),
  Address: z.string().nullable(),
  Passport: z.string().nullable(),
  Applicant: slipApplicant,
});

export const applicantRecord = applicantSlipFields.extend({
  ApplicantID: z.number().int(),
  IsOlevelSaved: z.boolean(),
  IsBiodataSaved: z.boolean(),
  RegComplete: z.boolean(),
  /** null until the default password is changed, then true (section 4). */
  IsPasswdChgd: z.literal(true).nullable(),
  /** true once admission has been granted. */
  AdmissionStatus: z.boolean(),
  /** The admissions team's state: none, screened, verified, admitted or rejected. */
  AdmissionState: z.enum(ADMISSION_STATES),
  /** The admissions team's reason when AdmissionState is 'rejected', else null. */
  RejectionReason: z.string().nullable(),
  IsUploadDocument: z.boolean(),
  /** See ADMISSION_LEVELS. */
  AdmissionLevel: z.number().int().min(0).max(4),
  CourseofStudy: z.string().nullable(),
  EntryModeId: z.number().int().nullable(),
  EntryModeName: z.string().nullable(),
  DeptID: z.number().int().nullable(),
  LevelID: z.number().int().nullable(),
  LevelName: z.string().nullable(),
  StateID: z.number().int().nullable(),
  SessionName: z.string().nullable(),
  /** A registration number on the admissions office's list (sees the documents table). */
  IsListed: z.boolean(),
  OlevelCount: z.number().int(),
  /** Required document kinds not yet uploaded. */
  MissingDocuments: z.array(documentKindSchema),
  /** What SubmitReg still needs, in words ([] when it can be submitted or already was). */
  RegistrationMissing: z.array(z.string()),
  AdmittedAt: z.string().nullable(),
  AcceptancePaidAt: z.string().nullable(),
});
export type ApplicantRecord = z.infer<typeof applicantRecord>;

export const applicantRecordQuery = z.object({ ApplicantID: recordId });
export const applicantRecordResponse = z.object({
  Status: z.string(),
  Message: z.string().optional(),
  Data: applicantRecord,
});
export const submitRegResponse = z.object({ Status: z.string(), Message: z.string(), Data: applicantRecord });

export const applicationSlip = applicantSlipFields.extend({
  ApplicantID: z.number().int(),
  CourseofStudy: z.string().nullable(),
  EntryModeName: z.string().nullable(),
  SessionName: z.string().nullable(),
  OlevelResults: z.array(olevelDisplayRow),
});
export type ApplicationSlip = z.infer<typeof applicationSlip>;
export const applicationSlipResponse = z.object({ Status: z.string(), Data: applicationSlip });

// ---------------------------------------------------------------------------------------------
// Biodata and guardian (unnamed by the specification; under /api/applicant).

const requiredText = (label: string, max: number) =>
  z
    .string({ error: `${label} is required.` })
    .trim()
    .min(1, { error: `${label} is required.`, abort: true })
    .max(max, { error: `${label} must be at most ${max} characters.`, abort: true });
const namePattern = /^[\p{L}][\p{L}\p{M}' .-]*$/u;
const personName = (label: string) =>
  requiredText(label, 60).regex(
    namePattern,
    `${label} may only contain letters, spaces, apostrophes and hyphens.`,
  );
const requiredId = (label: string) =>
  z.coerce
    .number({ error: `${label} is required.` })
    .int(`${label} is required.`)
    .positive(`${label} is required.`)
    .max(MAX_RECORD_ID, RECORD_ID_MESSAGE);
const optionalId = z.preprocess((v) => (v === '' || v === undefined ? null : v), recordId.nullable());

export const BIODATA_MIN_AGE = 14;
export const BIODATA_MAX_AGE = 80;

/** Years between a yyyy-mm-dd date and today (UTC). */
export function ageOn(dateOfBirth: string, today = new Date()): number {
  const [y, m, d] = dateOfBirth.split('-').map(Number) as [number, number, number];
  let age = today.getUTCFullYear() - y;
  if (today.getUTCMonth() + 1 < m || (today.getUTCMonth() + 1 === m && today.getUTCDate() < d)) age -= 1;
  return age;
}

export const biodataInput = z.object({
  FirstName: personName('First name'),
  OtherName: z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? null : v),
    z
      .string()
      .trim()
      .max(60, 'Other name must be at most 60 characters.')
      .regex(namePattern, 'Other name may only contain letters, spaces, apostrophes and hyphens.')
      .nullish(),
  ),
  LastName: personName('Last name'),
  Email: z
    .string({ error: 'Email is required' })
    .trim()
    .toLowerCase()
    .min(1, 'Email is required')
    .max(254, 'Email is invalid')
    .regex(/^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/, 'Email is invalid'),
  DateOfBirth: z
    .string({ error: 'Date of birth is required.' })
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'Date of birth must be written as yyyy-mm-dd.')
    .refine(
      (v) =>
        !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v),
      'Date of birth is not a real date.',
    )
    .refine((v) => {
      const age = ageOn(v);
      return age >= BIODATA_MIN_AGE && age <= BIODATA_MAX_AGE;
    }, `Date of birth must make you between ${BIODATA_MIN_AGE} and ${BIODATA_MAX_AGE} years old.`),
  Gender: z.enum(GENDERS, { error: 'Gender must be Male or Female.' }),
  PhoneNumber: z
    .string({ error: 'Phone number is required.' })
    .trim()
    .transform((v) => v.replace(/[\s-]/g, ''))
    .pipe(z.string().regex(NIGERIAN_PHONE_PATTERN, PHONE_MESSAGE)),
  Address: requiredText('Address', 300).min(5, 'Address must be at least 5 characters.'),
  MaritalStatus: z.enum(MARITAL_STATUSES, {
    error: `Marital status must be one of ${MARITAL_STATUSES.join(', ')}.`,
  }),
  CountryId: requiredId('Country'),
  StateId: optionalId,
  LgaId: optionalId,
  DepartmentId: requiredId('Department'),
  CourseOfStudyId: requiredId('Course of study'),
});
export type BiodataInput = z.infer<typeof biodataInput>;

export const biodata = z.object({
  ApplicantID: z.number().int(),
  JambRegNo: z.string(),
  FirstName: z.string().nullable(),
  OtherName: z.string().nullable(),
  LastName: z.string().nullable(),
  Email: z.string(),
  DateOfBirth: z.string().nullable(),
  Gender: z.string().nullable(),
  PhoneNumber: z.string().nullable(),
  Address: z.string().nullable(),
  MaritalStatus: z.string().nullable(),
  CountryId: z.number().int().nullable(),
  StateId: z.number().int().nullable(),
  LgaId: z.number().int().nullable(),
  DepartmentId: z.number().int().nullable(),
  CourseOfStudyId: z.number().int().nullable(),
  EntryModeId: z.number().int().nullable(),
  LevelId: z.number().int().nullable(),
  SavedAt: z.string().nullable(),
  /** true once registration is complete: the form is read-only. */
  Locked: z.boolean(),
});
export type Biodata = z.infer<typeof biodata>;
export const biodataResponse = z.object({
  Status: z.string(),
  Message: z.string().optional(),
  Data: biodata,
});

export const guardianInput = z.object({
  Name: personName('Guardian name'),
  Relationship: z.enum(GUARDIAN_RELATIONSHIPS, {
    error: `Relationship must be one of ${GUARDIAN_RELATIONSHIPS.join(', ')}.`,
  }),
  PhoneNumber: z
    .string({ error: 'Phone number is required.' })
    .trim()
    .transform((v) => v.replace(/[\s-]/g, ''))
    .pipe(z.string().regex(NIGERIAN_PHONE_PATTERN, PHONE_MESSAGE)),
  Email: z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? null : v),
    z
      .string()
      .trim()
      .toLowerCase()
      .max(254, 'Email is invalid')
      .regex(/^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/, 'Email is invalid')
      .nullish(),
  ),
  Address: requiredText('Address', 300).min(5, 'Address must be at least 5 characters.'),
});
export type GuardianInput = z.infer<typeof guardianInput>;
export const guardian = z.object({
  Name: z.string(),
  Relationship: z.string(),
  PhoneNumber: z.string(),
  Email: z.string().nullable(),
  Address: z.string(),
});
export const guardianResponse = z.object({
  Status: z.string(),
  Message: z.string().optional(),
  /** null until saved */
  Data: guardian.nullable(),
  Locked: z.boolean(),
});

// ---------------------------------------------------------------------------------------------
// Documents.

export const uploadedDocument = z.object({
  DocumentId: z.number().int(),
  FileName: z.string(),
  ContentType: z.string(),
  Size: z.number().int(),
  UploadedAt: z.string(),
  /** Bearer-authenticated download (Content-Disposition: attachment). */
  DownloadUrl: z.string(),
});
export const applicantDocumentEntry = z.object({
  Kind: documentKindSchema,
  Label: z.string(),
  Description: z.string(),
  Required: z.boolean(),
  Accept: z.array(z.string()),
  MaxBytes: z.number().int(),
  Uploaded: uploadedDocument.nullable(),
});
export type ApplicantDocumentEntry = z.infer<typeof applicantDocumentEntry>;
export const applicantDocumentsResponse = z.object({
  Status: z.string(),
  Data: z.object({
    Documents: z.array(applicantDocumentEntry),
    /** Every required document (and the passport) is uploaded. */
    Complete: z.boolean(),
    Locked: z.boolean(),
    /** Signed URL of the passport for an <img>, or null. */
    Passport: z.string().nullable(),
  }),
});
export const documentUploadResponse = z.object({
  Status: z.string(),
  Message: z.string(),
  Data: applicantDocumentEntry,
});
export const documentKindParams = z.object({ kind: documentKindSchema });

/** GET api/listofforms?type=2: one downloadable admission document (section 3). */
export const admissionFormEntry = z.object({
  formId: z.number().int(),
  formName: z.string(),
  /** Download with the bearer header; save as formName.fileExt. */
  formUrl: z.string(),
  fileExt: z.string(),
  formDescription: z.string(),
  levelIds: z.array(z.number().int()),
  departmentIds: z.array(z.number().int()),
});
export type AdmissionFormEntry = z.infer<typeof admissionFormEntry>;
export const listOfFormsQuery = z.object({
  type: recordId,
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(50),
});

// ---------------------------------------------------------------------------------------------
// Payments the applicant has attempted, and the fee schedule.

export const acceptancePaymentHistoryQuery = z.object({
  payeeId: recordId,
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});
export const applicantPaymentRow = z.object({
  PaymentId: z.string(),
  Provider: z.string(),
  Reference: z.string(),
  ProviderReference: z.string().nullable(),
  PaymentCategoryId: z.number().int(),
  PaymentName: z.string(),
  /** naira */
  Amount: z.number(),
  /** naira */
  Charges: z.number(),
  /** naira, as the gateway reported it; null until it has */
  AmountPaid: z.number().nullable(),
  Currency: z.string(),
  /** pending, paid, failed or expired */
  State: z.string(),
  Date: z.string(),
  PaidAt: z.string().nullable(),
});
export type ApplicantPaymentRow = z.infer<typeof applicantPaymentRow>;

export const feeScheduleRow = z.object({
  PaymentItemId: z.number().int(),
  PaymentName: z.string(),
  /** naira, by the indigene rule */
  Amount: z.number(),
  IndigeneAmount: z.number(),
  NonIndigeneAmount: z.number(),
});
export type FeeScheduleRow = z.infer<typeof feeScheduleRow>;
export const feeScheduleResponse = z.object({
  Status: z.string(),
  Data: z.object({
    /** An HTML table: S/N, Payment Name, Amount (₦), with a total row. Text is escaped. */
    feeRows: z.string(),
    response: z.array(feeScheduleRow),
    IsIndigene: z.boolean(),
    /** naira */
    Total: z.number(),
    SessionName: z.string().nullable(),
  }),
});

// ---------------------------------------------------------------------------------------------
// Reference lists for the biodata form.

export const countryEntry = z.object({
  CountryId: z.number().int(),
  CountryName: z.string(),
  Code: z.string(),
});
export const stateEntry = z.object({
  StateId: z.number().int(),
  StateName: z.string(),
  CountryId: z.number().int(),
});
export const lgaEntry = z.object({ LgaId: z.number().int(), LgaName: z.string(), StateId: z.number().int() });
export const departmentEntry = z.object({
  DepartmentId: z.number().int(),
  DepartmentName: z.string(),
  CategoryName: z.string(),
  FacultyName: z.string(),
  CoursesOfStudy: z.array(z.object({ CourseOfStudyId: z.number().int(), CourseOfStudyName: z.string() })),
});
export const countriesQuery = z.object({
  q: z.string().trim().max(60).optional(),
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(300).default(300),
});
export const statesQuery = z.object({ countryId: recordId.optional() });
export const lgasQuery = z.object({ stateId: recordId });
export const departmentsQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(200).default(200),
});

/** The applicant API's paths, for the web client. */
export const APPLICANT_API = {
  olevelList: '/api/OResults/NewhasOlevelResult',
  olevelSaved: '/api/OResults/hasOlevelResult',
  subjects: '/api/Subjects/GetSubjects',
  grades: '/api/Olevel/GetGrades',
  examTypes: '/api/OLevelType/LoadExams',
  postEachResult: '/api/OResults/PostEachOResult',
  postResults: '/api/OResults/PostOResult',
  deleteResult: '/api/OResults/DeleteOResult/',
  record: '/api/Applicants/GetApplicantRecordById',
  submitReg: '/api/Applicants/SubmitReg',
  listOfForms: '/api/listofforms',
  acceptancePaymentHistory: '/api/ApplicantAcceptancePaymentHistory',
  feeSchedule: '/api/AdmissionFeeSchedule',
  biodata: '/api/applicant/biodata',
  guardian: '/api/applicant/guardian',
  documents: '/api/applicant/documents',
  slip: '/api/applicant/slip',
  slipPdf: '/api/applicant/slip.pdf',
  formPdf: '/api/applicant/form.pdf',
  countries: '/api/reference/countries',
  states: '/api/reference/states',
  lgas: '/api/reference/lgas',
  departments: '/api/reference/departments',
} as const;
