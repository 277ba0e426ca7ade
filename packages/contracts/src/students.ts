import { z } from 'zod';
import { NIGERIAN_PHONE_PATTERN } from './constants.js';
import { type ResourceMeta } from './admin.js';
import { PHONE_MESSAGE } from './applicant.js';
import { recordIdNumber } from './ids.js';
import { REGISTRATION_STATES, WINDOW_STATES } from './courses.js';
import { ALLOCATION_STATES, HOSTEL_WINDOW_STATES } from './hostel-constants.js';

/**
 * The signed-in student's own area (spec §2 'Student area', §3 'Login result', §4): the pages a
 * student may open (RoleData), the profile, the dashboard, the documents issued to the student,
 * the clearance uploads and the matriculation form; and the registry's `studentforms` page.
 */

export const STUDENT_MESSAGES = {
  deactivated: 'Your student account has been disabled. Please contact the registry.',
  notFound: 'Student not found.',
  profileSaved: 'Your contact details have been saved.',
  notMatriculated: 'You have no matriculation record yet.',
  pageNotAllowed: 'This page is not open to you.',
  documentUploaded: 'Document uploaded successfully.',
  formNotFound: 'No such form for your level.',
  matriculationNotFound: 'No matriculation form was found for this id.',
} as const;

/**
 * The student area's pages, as the sign-in answer's RoleData lists them (Menu_Id 1, 'Student').
 * `Matriculation` is in a student's RoleData only once the student has a matriculation record.
 */
export const STUDENT_PAGES = [
  { Page: 'dashboard', Menu_Icon: 'dashboard' },
  { Page: 'profile', Menu_Icon: 'person' },
  { Page: 'payment', Menu_Icon: 'payments' },
  { Page: 'paymenthistory', Menu_Icon: 'receipt_long' },
  { Page: 'courseregistration', Menu_Icon: 'menu_book' },
  { Page: 'Result', Menu_Icon: 'grading' },
  { Page: 'ReportCard', Menu_Icon: 'summarize' },
  { Page: 'applyforhostel', Menu_Icon: 'hotel' },
  { Page: 'documentdownload', Menu_Icon: 'download' },
  { Page: 'documentupload', Menu_Icon: 'upload' },
  { Page: 'liveclasses', Menu_Icon: 'videocam' },
  { Page: 'exams', Menu_Icon: 'quiz' },
  { Page: 'lecturenote', Menu_Icon: 'library_books' },
  { Page: 'discussion', Menu_Icon: 'forum' },
  { Page: 'assignment', Menu_Icon: 'assignment' },
  { Page: 'Matriculation', Menu_Icon: 'badge' },
  { Page: 'changepassword', Menu_Icon: 'lock' },
] as const;
export type StudentPage = (typeof STUDENT_PAGES)[number]['Page'];

/** The student's own reads, for the web client. */
export const STUDENT_API = {
  dashboard: '/api/student/dashboard',
  pages: '/api/student/pages',
  schoolFees: '/api/student/school-fees',
  results: '/api/student/results',
  courseRegistration: '/api/student/course-registration',
  /** GET → the student's record; PUT → their phone number and address. */
  profile: '/api/student/profile',
  /** GET → matric number, date and the form's links. */
  matriculation: '/api/student/matriculation',
  /** GET → the student's transcript requests, newest first; POST → a new one. */
  transcripts: '/api/student/transcripts',
  /** GET → documents issued to the student and the school's forms for their level. */
  documents: '/api/student/documents',
  /** GET → the clearance documents with what has been uploaded; POST `${uploads}/:kind` → upload one. */
  uploads: '/api/student/uploads',
} as const;
export const STUDENT_MENU = { Menu_Id: 1, Menu_Name: 'Student' } as const;

/** GET /api/student/pages: the signed-in student's RoleData as it stands now. */
export const studentPagesResponse = z.object({
  Status: z.string(),
  Data: z.array(
    z.object({ Menu_Id: z.number().int(), Menu_Name: z.string(), Menu_Icon: z.string(), Page: z.string() }),
  ),
});

/** What a student may change about themselves; the rest of the record is the registry's. */
export const studentContactInput = z.object({
  PhoneNumber: z
    .string({ error: 'Phone number is required.' })
    .trim()
    .transform((v) => v.replace(/[\s-]/g, ''))
    .pipe(z.string().regex(NIGERIAN_PHONE_PATTERN, PHONE_MESSAGE)),
  Address: z
    .string({ error: 'Address is required.' })
    .trim()
    .min(5, 'Address must be at least 5 characters.')
    .max(300, 'Address must be at most 300 characters.'),
});
export type StudentContactInput = z.infer<typeof studentContactInput>;

export const studentProfile = z.object({
  StudId: z.number().int(),
  MatricNo: z.string(),
  FirstName: z.string(),
  LastName: z.string(),
  OtherName: z.string().nullable(),
  Email: z.string(),
  Gender: z.string().nullable(),
  DateOfBirth: z.string().nullable(),
  StateName: z.string().nullable(),
  LgaName: z.string().nullable(),
  PhoneNumber: z.string().nullable(),
  Address: z.string().nullable(),
  Programme: z.string().nullable(),
  CourseOfStudy: z.string().nullable(),
  DepartmentName: z.string().nullable(),
  FacultyName: z.string().nullable(),
  LevelName: z.string().nullable(),
  EntryMode: z.string().nullable(),
  AdmittedSession: z.string().nullable(),
  MatriculatedAt: z.string().nullable(),
  /** A signed, expiring link to the passport photograph, or null (initials are shown). */
  Passport: z.string().nullable(),
});
export type StudentProfile = z.infer<typeof studentProfile>;
export const studentProfileResponse = z.object({
  Status: z.string(),
  Message: z.string().optional(),
  Data: studentProfile,
});

/** A document issued to the student (letter, receipt, form), newest first. */
export const issuedDocument = z.object({
  Key: z.string(),
  Kind: z.enum(['admissionLetter', 'siwesLetter', 'receipt', 'matriculationForm', 'form']),
  Name: z.string(),
  Description: z.string(),
  IssuedAt: z.string().nullable(),
  /** The download (a PDF or the form's file), fetched with the student's token or public. */
  DownloadUrl: z.string(),
  FileName: z.string(),
  /** A public page that shows the document (letters and receipts), when there is one. */
  ViewUrl: z.string().nullable(),
  /** A school form the student must fill in and return (studentforms). */
  MustSubmit: z.boolean().optional(),
});
export type IssuedDocument = z.infer<typeof issuedDocument>;
export const studentDocumentsResponse = z.object({
  Status: z.string(),
  Message: z.string().optional(),
  Data: z.object({
    /** Letters, receipts and the matriculation form. */
    Issued: z.array(issuedDocument),
    /** The school's forms for the student's level (and department), from `studentforms`. */
    Forms: z.array(issuedDocument),
  }),
});

/**
 * The dashboard: each card is what its page says (the same services), condensed; never a rule of its
 * own. Server-made texts (`Reason`) are the pages' own.
 */
export const studentDashboard = z.object({
  CurrentSession: z.string().nullable(),
  /** The course registration page's semester, window, refusal and registration. */
  CourseRegistration: z.object({
    /** Whether the window takes registrations now (open or in its late days). */
    Open: z.boolean(),
    State: z.enum(WINDOW_STATES),
    Semester: z.string().nullable(),
    Session: z.string().nullable(),
    OpensOn: z.string().nullable(),
    ClosesOn: z.string().nullable(),
    LateClosesOn: z.string().nullable(),
    /** Why the student may not submit now, as the page says it (null: they may). */
    Reason: z.string().nullable(),
    /** The student's registration of that semester and where it stands with the adviser. */
    Registration: z
      .object({ State: z.enum(REGISTRATION_STATES), TotalUnits: z.number().int(), IsLate: z.boolean() })
      .nullable(),
  }),
  /** The hostel page's round, eligibility, application, waiting place and allocation. */
  Hostel: z.object({
    /** Whether the round's window takes applications now. */
    Open: z.boolean(),
    /** Whether this student may apply now. */
    CanApply: z.boolean(),
    /** The round's window (null: no round published). */
    Window: z.enum(HOSTEL_WINDOW_STATES).nullable(),
    OpensAt: z.string().nullable(),
    ClosesAt: z.string().nullable(),
    /** The page's first reason against applying. */
    Reason: z.string().nullable(),
    Applied: z.boolean(),
    WaitingPosition: z.number().int().nullable(),
    Allocation: z
      .object({
        State: z.enum(ALLOCATION_STATES),
        BedSpace: z.string(),
        /** naira */
        Fee: z.number(),
        PayBy: z.string().nullable(),
      })
      .nullable(),
  }),
  /** The latest published semesters' GPAs (the results page's). */
  Results: z.array(z.object({ Session: z.string(), Semester: z.string(), Gpa: z.number() })),
  /** Documents issued in the last 30 days. */
  NewDocuments: z.array(issuedDocument),
  /** Clearance documents still to upload. */
  UploadsMissing: z.number().int(),
});
export type StudentDashboard = z.infer<typeof studentDashboard>;
export const studentDashboardResponse = z.object({
  Status: z.string(),
  Message: z.string().optional(),
  Data: studentDashboard,
});

// ───────────────────────────── clearance uploads ─────────────────────────────

export const CLEARANCE_MAX_BYTES = 2 * 1024 * 1024;
export const CLEARANCE_KIND_IDS = ['medical_report', 'guarantor_form', 'jamb_admission_letter'] as const;
export const clearanceKindSchema = z.enum(CLEARANCE_KIND_IDS);
export type ClearanceKind = z.infer<typeof clearanceKindSchema>;
export const CLEARANCE_KINDS: readonly {
  kind: ClearanceKind;
  label: string;
  description: string;
  accept: readonly ('application/pdf' | 'image/jpeg' | 'image/png')[];
  maxBytes: number;
}[] = [
  {
    kind: 'medical_report',
    label: 'Medical Fitness Report',
    description: 'Medical report from a government hospital (PDF, JPEG or PNG, at most 2 MB).',
    accept: ['application/pdf', 'image/jpeg', 'image/png'],
    maxBytes: CLEARANCE_MAX_BYTES,
  },
  {
    kind: 'guarantor_form',
    label: "Guarantor's Form",
    description: 'The completed and signed guarantor’s form (PDF, JPEG or PNG, at most 2 MB).',
    accept: ['application/pdf', 'image/jpeg', 'image/png'],
    maxBytes: CLEARANCE_MAX_BYTES,
  },
  {
    kind: 'jamb_admission_letter',
    label: 'JAMB Admission Letter',
    description: 'The admission letter printed from JAMB CAPS (PDF, JPEG or PNG, at most 2 MB).',
    accept: ['application/pdf', 'image/jpeg', 'image/png'],
    maxBytes: CLEARANCE_MAX_BYTES,
  },
];
export const clearanceKindParams = z.object({ kind: clearanceKindSchema });

export const clearanceEntry = z.object({
  Kind: clearanceKindSchema,
  Label: z.string(),
  Description: z.string(),
  Accept: z.array(z.string()),
  MaxBytes: z.number().int(),
  Uploaded: z
    .object({
      FileName: z.string(),
      ContentType: z.string(),
      Size: z.number().int(),
      UploadedAt: z.string(),
      DownloadUrl: z.string(),
    })
    .nullable(),
});
export type ClearanceEntry = z.infer<typeof clearanceEntry>;
export const clearanceListResponse = z.object({
  Status: z.string(),
  Message: z.string().optional(),
  Data: z.array(clearanceEntry),
});
export const clearanceUploadResponse = z.object({
  Status: z.string(),
  Message: z.string(),
  Data: clearanceEntry,
});

// ───────────────────────────── matriculation ─────────────────────────────

export const studentMatriculation = z.object({
  MatricNo: z.string(),
  MatriculatedAt: z.string(),
  FullName: z.string(),
  CourseOfStudy: z.string().nullable(),
  DepartmentName: z.string().nullable(),
  LevelName: z.string().nullable(),
  AdmittedSession: z.string().nullable(),
  PdfUrl: z.string(),
  VerifyUrl: z.string(),
});
export type StudentMatriculation = z.infer<typeof studentMatriculation>;
export const studentMatriculationResponse = z.object({
  Status: z.string(),
  Message: z.string().optional(),
  Data: studentMatriculation,
});

// ───────────────────────────── studentforms (admin) ─────────────────────────────

export const STUDENT_FORMS_PAGE = 'studentforms';

/** A form students of some levels (and departments) must download or fill in and submit. */
export const studentFormInput = z.object({
  name: z.string().trim().min(2, 'Form name must have at least 2 characters.').max(200),
  description: z.string().trim().max(1000).default(''),
  /** Empty means every level / department. */
  levelIds: z.array(recordIdNumber).max(50).default([]),
  departmentIds: z.array(recordIdNumber).max(500).default([]),
  /** The student must return it completed (a clearance form), not only keep it. */
  mustSubmit: z.boolean().default(false),
  isActive: z.boolean().default(true),
});
export const studentFormItem = studentFormInput.extend({
  id: z.number().int(),
  fileExt: z.string(),
  contentType: z.string(),
  createdAt: z.string(),
  fileUrl: z.string(),
});

export const STUDENT_RESOURCES = {
  studentForms: {
    name: 'student-forms',
    label: 'Student form',
    page: STUDENT_FORMS_PAGE,
    path: '/api/admin/student-forms',
    columns: [
      { key: 'name', label: 'Form' },
      { key: 'description', label: 'Description' },
      { key: 'fileExt', label: 'Type' },
      { key: 'mustSubmit', label: 'Must submit' },
      { key: 'isActive', label: 'Active' },
    ],
    filters: [
      { key: 'mustSubmit', label: 'Must submit', type: 'boolean' },
      { key: 'isActive', label: 'Active', type: 'boolean' },
    ],
    sortable: ['name', 'createdAt', 'id'],
    defaultSort: 'name',
    searchable: true,
    // Created (with its file) by POST <path> as multipart; the file is replaced by PUT <path>/:id/file.
    operations: { create: false, update: true, delete: true },
    actions: [{ name: 'active', label: 'Activate or deactivate', field: 'isActive' }],
    input: studentFormInput,
    item: studentFormItem,
    file: {
      kinds: ['pdf', 'docx', 'doc', 'png', 'jpg'],
      maxBytes: 10 * 1024 * 1024,
      folder: 'student-forms',
      noun: 'form',
    },
  },
} as const satisfies Record<string, ResourceMeta>;
