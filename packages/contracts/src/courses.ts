import { z } from 'zod';
import { countArg, dayArg, moneyArg, template, textArg } from './messages.js';
import { pageQuery, pagedEnvelope } from './envelope.js';
import { recordId, recordIdNumber } from './ids.js';

/**
 * Semester course registration (issue 13): the student's page (`/student/courseregistration`), the
 * advisers' approval (`courseRegistration`), the registry's view of registrations (`RegisteredCourse`),
 * the lists for lecturers (`studentcourselist`) and the public page a course form's QR code opens.
 */

export const REGISTRATION_STATES = ['submitted', 'approved', 'returned'] as const;
export type RegistrationState = (typeof REGISTRATION_STATES)[number];

export const REGISTRATION_EVENT_KINDS = [
  'submitted',
  'resubmitted',
  'course_added',
  'course_dropped',
  'approved',
  'returned',
] as const;
export type RegistrationEventKind = (typeof REGISTRATION_EVENT_KINDS)[number];

/** Where the semester's registration window stands today. */
export const WINDOW_STATES = ['open', 'late', 'addDrop', 'upcoming', 'closed', 'none'] as const;
export type WindowState = (typeof WINDOW_STATES)[number];

export const COURSE_REGISTRATION_MESSAGES = {
  noSemester: 'No semester is open for course registration.',
  notOpenYet: template('Course registration opens on {date}.', dayArg('date')),
  closed: template('Course registration closed on {date}.', dayArg('date')),
  addDropClosed: template('Adding and dropping courses closed on {date}.', dayArg('date')),
  feesOwed: template(
    'Pay your school fees before registering: {amount} is outstanding for this session.',
    moneyArg('amount'),
  ),
  feesMinimum: template(
    'Pay your school fees before registering: {amount} is outstanding for this session (a first instalment of at least {minimum} is enough to register).',
    moneyArg('amount'),
    moneyArg('minimum'),
  ),
  lateFeeUnpaid: template('Late registration costs {amount}. Pay it before registering.', moneyArg('amount')),
  noCourses: 'Choose at least one course.',
  notOffered: template('{code} is not offered to your level this semester.', textArg('code')),
  carryOverRequired: template('{code} is a carry-over and must be registered.', textArg('code')),
  compulsoryRequired: template('{code} is compulsory and must be registered.', textArg('code')),
  prerequisite: template(
    '{code} needs {prerequisite}, which you have not passed.',
    textArg('code'),
    textArg('prerequisite'),
  ),
  alreadyPassed: template('You have already passed {code}.', textArg('code')),
  tooFewUnits: template(
    'Register at least {min} units; your choice comes to {total}.',
    countArg('min'),
    countArg('total'),
  ),
  tooManyUnits: template(
    'Register at most {max} units; your choice comes to {total}.',
    countArg('max'),
    countArg('total'),
  ),
  unchanged: 'Your choice is the same as the registration you have already submitted.',
  stale: 'Your registration changed in another window. Reload the page and try again.',
  submitted: 'Your course registration has been submitted for approval.',
  resubmitted: 'Your changes have been submitted for approval.',
  approved: template(
    '{n, plural, one {Registration approved.} other {# registrations approved.}}',
    countArg('n'),
  ),
  returned: template(
    '{n, plural, one {Registration returned.} other {# registrations returned.}}',
    countArg('n'),
  ),
  notAwaiting: 'This registration is not awaiting approval.',
  changedSinceOpened: 'This registration changed since you opened it. Reload it and decide again.',
  commentRequired: 'Say why the registration is returned.',
  notInScope: 'This registration is outside the departments and levels you advise.',
  notFound: 'Course registration not found.',
  formNotFound: 'No course form was found for this id.',
  noRegistration: 'You have not registered courses for this semester.',
  lateNotOpen: 'Late registration is not open now.',
  lateNotDue: 'You have registered for this semester: no late fee is due.',
  lateFeePaid: 'You have paid the late registration fee for this semester.',
  lateFeeNone: 'The school charges no late registration fee.',
  lateFeeDuplicate:
    'The late registration fee for this semester was already paid by another payment. This payment will be refunded.',
  /** The school's late-registration switch (setup-config) refused at an unsafe point. */
  lateSwitchBusy: template(
    'Late registration cannot be turned off now: {semester} is in its late registration days until {date}, and students may be paying the late fee. Turn it off after that day.',
    textArg('semester'),
    dayArg('date'),
  ),
} as const;

// ───────────────────────────── the student's page ─────────────────────────────

export const registrationCourse = z.object({
  CourseId: z.number().int(),
  Code: z.string(),
  Title: z.string(),
  Units: z.number().int(),
  Type: z.enum(['Compulsory', 'Elective']),
  /** Failed earlier: listed first and required. */
  CarryOver: z.boolean(),
  /** Must be registered: a carry-over or a compulsory course that can be taken (`mustRegister`). */
  Required: z.boolean(),
  /** Why the course cannot be chosen (a prerequisite not passed), or null. */
  Blocked: z.string().nullable(),
  Prerequisites: z.array(z.object({ Code: z.string(), Passed: z.boolean() })),
});
export type RegistrationCourse = z.infer<typeof registrationCourse>;

export const registrationHistoryEntry = z.object({
  At: z.string(),
  Kind: z.enum(REGISTRATION_EVENT_KINDS),
  Version: z.number().int(),
  By: z.string(),
  ByKind: z.enum(['Student', 'Admin']),
  Course: z.string().nullable(),
  Comment: z.string().nullable(),
});
export type RegistrationHistoryEntry = z.infer<typeof registrationHistoryEntry>;

export const registeredCourse = z.object({
  CourseId: z.number().int(),
  Code: z.string(),
  Title: z.string(),
  Units: z.number().int(),
  CarryOver: z.boolean(),
  /** In the latest submission (false: an add/drop request drops it). */
  Requested: z.boolean(),
  /** In the set last approved. */
  Approved: z.boolean(),
});
export type RegisteredCourse = z.infer<typeof registeredCourse>;

/** A registration as its student, the adviser and the verification page see it. */
export const registrationSummary = z.object({
  Id: z.number().int(),
  PublicId: z.string(),
  State: z.enum(REGISTRATION_STATES),
  Version: z.number().int(),
  TotalUnits: z.number().int(),
  Comment: z.string().nullable(),
  IsLate: z.boolean(),
  SubmittedAt: z.string(),
  DecidedAt: z.string().nullable(),
  DecidedBy: z.string().nullable(),
  ApprovedAt: z.string().nullable(),
  Courses: z.array(registeredCourse),
});
export type RegistrationSummary = z.infer<typeof registrationSummary>;

export const courseRegistrationPage = z.object({
  Semester: z
    .object({ Id: z.number().int(), Name: z.string(), Term: z.string(), Session: z.string() })
    .nullable(),
  Window: z.object({
    State: z.enum(WINDOW_STATES),
    OpensOn: z.string().nullable(),
    ClosesOn: z.string().nullable(),
    LateClosesOn: z.string().nullable(),
    AddDropClosesOn: z.string().nullable(),
    /** Naira; 0 when the school charges nothing for late registration. */
    LateFee: z.number(),
    LateFeePaid: z.boolean(),
  }),
  Fees: z.object({
    Cleared: z.boolean(),
    Total: z.number(),
    Paid: z.number(),
    Outstanding: z.number(),
    MinimumFirstInstalment: z.number(),
  }),
  Limits: z.object({ MinUnits: z.number().int(), MaxUnits: z.number().int() }),
  Courses: z.array(registrationCourse),
  Registration: registrationSummary.nullable(),
  History: z.array(registrationHistoryEntry),
  /** Whether the student may submit (or change) now; otherwise why not. */
  CanSubmit: z.boolean(),
  Reason: z.string().nullable(),
  /** The course form's PDF, once there is a registration. */
  FormUrl: z.string().nullable(),
});
export type CourseRegistrationPage = z.infer<typeof courseRegistrationPage>;

export const courseRegistrationQuery = z.object({ semesterId: recordId.optional() });

export const courseRegistrationInput = z.object({
  SemesterId: recordIdNumber,
  CourseIds: z
    .array(recordIdNumber, { error: 'Choose the courses to register.' })
    .min(1, COURSE_REGISTRATION_MESSAGES.noCourses)
    .max(40, 'Choose at most 40 courses.'),
  /** One per press of Submit: a double-clicked submit is one submission. */
  IdempotencyKey: z.uuid({ error: 'IdempotencyKey must be a UUID.' }),
  /** The registration's version the page showed (absent for a first registration). */
  ExpectedVersion: z.number().int().min(0).optional(),
});
export type CourseRegistrationInput = z.infer<typeof courseRegistrationInput>;

export const courseRegistrationResponse = z.object({
  Status: z.string(),
  Message: z.string().optional(),
  Data: courseRegistrationPage,
});

// ───────────────────────────── the public verification page ─────────────────────────────

export const courseFormVerification = z.object({
  Institution: z.string(),
  Name: z.string(),
  MatricNo: z.string(),
  Programme: z.string().nullable(),
  Department: z.string().nullable(),
  Level: z.string().nullable(),
  Session: z.string(),
  Semester: z.string(),
  PassportUrl: z.string().nullable(),
  Registration: registrationSummary,
  /** The version printed on the form that was scanned (null: the page was opened without one). */
  FormVersion: z.number().int().nullable(),
  /** True when the registration changed after the form was printed. */
  Outdated: z.boolean(),
  ChangedAt: z.string().nullable(),
});
export type CourseFormVerification = z.infer<typeof courseFormVerification>;

export const courseFormQuery = z.object({
  id: z.string().regex(/^[0-9a-f]{32}$/, COURSE_REGISTRATION_MESSAGES.formNotFound),
  v: z.coerce.number().int().min(1).max(1_000_000).optional(),
});

export const courseFormVerificationResponse = z.object({
  Status: z.string(),
  Data: courseFormVerification,
});

// ───────────────────────────── approval and the registry ─────────────────────────────

export const registrationListQuery = pageQuery.extend({
  semesterId: recordId.optional(),
  departmentId: recordId.optional(),
  levelId: recordId.optional(),
  state: z.enum(REGISTRATION_STATES).optional(),
  search: z.string().trim().max(80).optional(),
});
export type RegistrationListQuery = z.infer<typeof registrationListQuery>;

export const registrationRow = z.object({
  Id: z.number().int(),
  Version: z.number().int(),
  MatricNo: z.string(),
  Name: z.string(),
  Department: z.string().nullable(),
  Level: z.string().nullable(),
  Semester: z.string(),
  State: z.enum(REGISTRATION_STATES),
  /** An approved registration with an add/drop request awaiting approval. */
  AddDrop: z.boolean(),
  TotalUnits: z.number().int(),
  Courses: z.number().int(),
  IsLate: z.boolean(),
  SubmittedAt: z.string(),
});
export type RegistrationRow = z.infer<typeof registrationRow>;
export const registrationListResponse = pagedEnvelope(registrationRow);

export const registrationDetail = z.object({
  Student: z.object({
    Id: z.number().int(),
    MatricNo: z.string(),
    Name: z.string(),
    Department: z.string().nullable(),
    Level: z.string().nullable(),
    Programme: z.string().nullable(),
  }),
  Semester: z.string(),
  Session: z.string(),
  Registration: registrationSummary,
  History: z.array(registrationHistoryEntry),
  Limits: z.object({ MinUnits: z.number().int(), MaxUnits: z.number().int() }).nullable(),
});
export type RegistrationDetail = z.infer<typeof registrationDetail>;
export const registrationDetailResponse = z.object({ Status: z.string(), Data: registrationDetail });

export const registrationDecisionInput = z
  .object({
    Decision: z.enum(['approve', 'return'], { error: 'Decision must be approve or return.' }),
    Registrations: z
      .array(z.object({ Id: recordIdNumber, Version: z.number().int().min(1) }))
      .min(1, 'Choose at least one registration.')
      .max(500, 'Decide at most 500 registrations at a time.'),
    Comment: z.string().trim().max(500, 'Comment must be at most 500 characters.').optional(),
  })
  .refine((v) => v.Decision !== 'return' || (v.Comment ?? '').length > 0, {
    path: ['Comment'],
    message: COURSE_REGISTRATION_MESSAGES.commentRequired,
  });
export type RegistrationDecisionInput = z.infer<typeof registrationDecisionInput>;

export const registrationDecisionResponse = z.object({
  Status: z.string(),
  Message: z.string(),
  Data: z.object({
    Decided: z.array(z.number().int()),
    Skipped: z.array(z.object({ Id: z.number().int(), Reason: z.string() })),
  }),
});

/** studentcourselist: the students registered for a course in a semester. */
export const courseListQuery = pageQuery.extend({
  semesterId: recordId.optional(),
  courseId: recordId,
  state: z.enum(REGISTRATION_STATES).optional(),
});
export type CourseListQuery = z.infer<typeof courseListQuery>;

export const courseListRow = z.object({
  MatricNo: z.string(),
  Name: z.string(),
  Department: z.string().nullable(),
  Level: z.string().nullable(),
  State: z.enum(REGISTRATION_STATES),
  CarryOver: z.boolean(),
});
export type CourseListRow = z.infer<typeof courseListRow>;
export const courseListResponse = pagedEnvelope(courseListRow);

export const courseListExportQuery = courseListQuery
  .omit({ page: true, pageSize: true })
  .extend({ format: z.enum(['csv', 'xlsx']).default('csv') });

export const registrationCountsQuery = z.object({
  semesterId: recordId.optional(),
  departmentId: recordId.optional(),
});
export const registrationCounts = z.object({
  Semester: z.string().nullable(),
  Courses: z.array(
    z.object({
      CourseId: z.number().int(),
      Code: z.string(),
      Title: z.string(),
      Department: z.string(),
      Registered: z.number().int(),
      Approved: z.number().int(),
    }),
  ),
  Departments: z.array(
    z.object({
      Department: z.string(),
      Students: z.number().int(),
      Registered: z.number().int(),
      Approved: z.number().int(),
      NotRegistered: z.number().int(),
    }),
  ),
});
export type RegistrationCounts = z.infer<typeof registrationCounts>;
export const registrationCountsResponse = z.object({ Status: z.string(), Data: registrationCounts });

export const unregisteredQuery = pageQuery.extend({
  semesterId: recordId.optional(),
  departmentId: recordId.optional(),
  levelId: recordId.optional(),
});
export const unregisteredRow = z.object({
  MatricNo: z.string(),
  Name: z.string(),
  Email: z.string(),
  Department: z.string().nullable(),
  Level: z.string().nullable(),
});
export type UnregisteredRow = z.infer<typeof unregisteredRow>;
export const unregisteredResponse = pagedEnvelope(unregisteredRow);

/** RegisteredCourse: a student's registrations of every semester, with their history. */
export const studentRegistrationsQuery = z.object({ matricNo: z.string().trim().min(3).max(40) });
export const studentRegistrationsResponse = z.object({
  Status: z.string(),
  Data: z.array(registrationDetail),
});

/** The admin pages of course registration. */
export const COURSE_REGISTRATION_PAGES = {
  approval: 'courseRegistration',
  registered: 'RegisteredCourse',
  lists: 'studentcourselist',
} as const;
