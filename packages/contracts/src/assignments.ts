import { z } from 'zod';
import { recordIdNumber } from './ids.js';
import { countArg, template, textArg } from './messages.js';

/**
 * Assignments (issue 25): the lecturers of an offering (a course in a session) set assignments —
 * instructions, attachments, opening and due times, a late policy, a maximum score and the score
 * item of the course's sheet the grade feeds — and the students registered for the course submit
 * files and/or text, get a receipt (server time and the SHA-256 of what was received), and see the
 * grade and comment once the lecturer returns them. Returned grades are proposed to the score sheet.
 */

/** The admin page lecturers use (an admin holding it who lectures nothing administers every offering). */
export const ASSIGNMENT_PAGE = 'assignment';

/** `refuse`: nothing is accepted after the due time; `accept`: accepted until the late limit, with a penalty. */
export const LATE_POLICIES = ['refuse', 'accept'] as const;
export type LatePolicy = (typeof LATE_POLICIES)[number];

export const ASSIGNMENT_LIMITS = {
  title: 200,
  instructions: 20_000,
  text: 20_000,
  comment: 2000,
  maxScore: 1000,
  /** Bytes of one attachment or submitted file. */
  fileBytes: 20 * 1024 * 1024,
  /** Attachments of one assignment. */
  files: 10,
} as const;

/** What a student sees of an assignment: where it stands for them. */
export const ASSIGNMENT_STUDENT_STATES = [
  'upcoming',
  'open',
  'dueSoon',
  'submitted',
  'late',
  'closed',
  'graded',
] as const;
export type AssignmentStudentState = (typeof ASSIGNMENT_STUDENT_STATES)[number];

/** Due within this many hours: "due soon". */
export const DUE_SOON_HOURS = 48;

export const ASSIGNMENT_MESSAGES = {
  notFound: 'Assignment not found.',
  fileNotFound: 'File not found.',
  submissionNotFound: 'Submission not found.',
  saved: 'Assignment saved.',
  deleted: 'Assignment deleted.',
  published: 'Assignment published: the students of the course are notified.',
  alreadyPublished: 'This assignment is already published.',
  dueAfterOpen: 'The due time must be after the opening time.',
  lateLimitAfterDue: 'The late limit must be after the due time.',
  lateLimitRequired: 'Give the late limit and the penalty when late work is accepted.',
  scoreItemUnknown: 'That score item is not one of the school’s score items.',
  tooManyFiles: `An assignment has at most ${ASSIGNMENT_LIMITS.files} attachments.`,
  notOpen: 'This assignment is not open for submissions yet.',
  refusedAfterDue: 'The due time has passed: this assignment accepts no late submissions. Nothing was saved.',
  refusedAfterLateLimit: 'The late limit has passed: submissions are closed. Nothing was saved.',
  replaceAfterDue: 'The due time has passed: your submission can no longer be replaced.',
  emptySubmission: 'Attach a file or write your answer.',
  textTooLong: `An answer has at most ${ASSIGNMENT_LIMITS.text} characters.`,
  submitted: 'Submission received.',
  submittedLate: template('Submission received late: a penalty of {penalty}% applies.', countArg('penalty')),
  gradeAboveMax: template('A grade is at most the maximum score, {max}.', countArg('max')),
  graded: 'Grade saved.',
  returned: template(
    '{n, plural, one {# graded submission returned} other {# graded submissions returned}}.',
    countArg('n'),
  ),
  nothingToReturn: 'No graded submission is waiting to be returned.',
  notPublished: 'Publish the assignment first.',
  publishedTitle: template('New assignment in {code}: {title}', textArg('code'), textArg('title')),
  returnedTitle: template('Assignment graded in {code}: {title}', textArg('code'), textArg('title')),
} as const;

type Id = number | string;

/** The API's paths, for the web client. Offerings are `courseId/sessionId`. */
export const ASSIGNMENTS_API = {
  // The list of the caller's offerings: OFFERINGS_API.staff(ASSIGNMENT_PAGE).
  /** GET → the offering's assignments; POST → a new (draft) assignment. */
  offering: (courseId: Id, sessionId: Id) => `/api/admin/assignments/offerings/${courseId}/${sessionId}`,
  /** GET → the school's score items (of the active scheme) an assignment may feed. */
  scoreItems: '/api/admin/assignments/score-items',
  /** GET → the assignment with its submissions; PUT → change it; DELETE → delete it. */
  assignment: (id: Id) => `/api/admin/assignments/${id}`,
  /** POST → publish (the roster is notified). */
  publish: (id: Id) => `/api/admin/assignments/${id}/publish`,
  /** POST multipart `file` → add an attachment. */
  files: (id: Id) => `/api/admin/assignments/${id}/files`,
  /** GET → an attachment; DELETE → remove it. */
  file: (id: Id) => `/api/admin/assignments/files/${id}`,
  /** GET → every submission as a zip (streamed). */
  zip: (id: Id) => `/api/admin/assignments/${id}/submissions.zip`,
  /** GET → a submission's file. */
  submissionFile: (id: Id) => `/api/admin/assignments/submissions/${id}/file`,
  /** PUT { Score, Comment } → grade a submission. */
  grade: (id: Id) => `/api/admin/assignments/submissions/${id}/grade`,
  /** POST → return the graded submissions (students notified; grades proposed to the score sheet). */
  return: (id: Id) => `/api/admin/assignments/${id}/return`,
  // students
  /** GET → the student's assignments across their current offerings. */
  student: '/api/student/assignments',
  /** POST multipart (`Text`, `file`) → submit or replace. */
  submit: (id: Id) => `/api/student/assignments/${id}/submission`,
  /** GET → the student's own submitted file. */
  ownFile: (id: Id) => `/api/student/assignments/${id}/submission/file`,
  /** GET → an attachment of an assignment the student may see. */
  studentFile: (id: Id) => `/api/student/assignments/files/${id}`,
} as const;

// ───────────────────────────── inputs ─────────────────────────────

const isoDateTime = z.iso.datetime({ offset: true, error: 'Give a date and time.' });

export const assignmentInput = z
  .object({
    Title: z.string().trim().min(1, 'Give a title.').max(ASSIGNMENT_LIMITS.title),
    Instructions: z.string().max(ASSIGNMENT_LIMITS.instructions).default(''),
    OpensAt: isoDateTime,
    DueAt: isoDateTime,
    LatePolicy: z.enum(LATE_POLICIES),
    LateUntil: isoDateTime.nullable().default(null),
    LatePenalty: z.number().int().min(0).max(100).nullable().default(null),
    MaxScore: z.number().int().min(1).max(ASSIGNMENT_LIMITS.maxScore),
    ScoreItemId: recordIdNumber.nullable().default(null),
  })
  .superRefine((v, ctx) => {
    if (Date.parse(v.DueAt) <= Date.parse(v.OpensAt))
      ctx.addIssue({ code: 'custom', path: ['DueAt'], message: ASSIGNMENT_MESSAGES.dueAfterOpen });
    if (v.LatePolicy === 'accept') {
      if (!v.LateUntil || v.LatePenalty === null)
        ctx.addIssue({ code: 'custom', path: ['LateUntil'], message: ASSIGNMENT_MESSAGES.lateLimitRequired });
      else if (Date.parse(v.LateUntil) <= Date.parse(v.DueAt))
        ctx.addIssue({ code: 'custom', path: ['LateUntil'], message: ASSIGNMENT_MESSAGES.lateLimitAfterDue });
    }
  });
export type AssignmentInput = z.input<typeof assignmentInput>;

export const gradeInput = z.object({
  Score: z.number().min(0).max(ASSIGNMENT_LIMITS.maxScore),
  Comment: z.string().trim().max(ASSIGNMENT_LIMITS.comment).default(''),
});
export type GradeInput = z.input<typeof gradeInput>;

// ───────────────────────────── answers ─────────────────────────────

export const assignmentFile = z.object({
  Id: z.number().int(),
  Name: z.string(),
  Mime: z.string(),
  Size: z.number().int(),
});
export type AssignmentFile = z.infer<typeof assignmentFile>;

export const assignmentView = z.object({
  Id: z.number().int(),
  CourseId: z.number().int(),
  SessionId: z.number().int(),
  Code: z.string(),
  CourseTitle: z.string(),
  Title: z.string(),
  Instructions: z.string(),
  OpensAt: z.string(),
  DueAt: z.string(),
  LatePolicy: z.enum(LATE_POLICIES),
  LateUntil: z.string().nullable(),
  LatePenalty: z.number().int().nullable(),
  MaxScore: z.number().int(),
  ScoreItemId: z.number().int().nullable(),
  ScoreItem: z.string().nullable(),
  Published: z.boolean(),
  Files: z.array(assignmentFile),
});
export type AssignmentView = z.infer<typeof assignmentView>;

export const submissionView = z.object({
  Id: z.number().int(),
  StudentId: z.number().int(),
  MatricNo: z.string(),
  Name: z.string(),
  Text: z.string(),
  FileName: z.string().nullable(),
  FileSize: z.number().int().nullable(),
  Sha256: z.string(),
  SubmittedAt: z.string(),
  Late: z.boolean(),
  Penalty: z.number().int(),
  Score: z.number().nullable(),
  Comment: z.string().nullable(),
  ReturnedAt: z.string().nullable(),
});
export type SubmissionView = z.infer<typeof submissionView>;

export const staffAssignment = assignmentView.extend({
  Submitted: z.number().int(),
  Graded: z.number().int(),
  Returned: z.number().int(),
  Enrolled: z.number().int(),
});
export type StaffAssignment = z.infer<typeof staffAssignment>;

const ok = <T extends z.ZodType>(data: T) =>
  z.object({ Status: z.string(), Message: z.string().optional(), Data: data });

export const offeringAssignmentsResponse = ok(z.array(staffAssignment));
export const assignmentDetailResponse = ok(staffAssignment.extend({ Submissions: z.array(submissionView) }));
export type AssignmentDetail = z.infer<typeof assignmentDetailResponse>['Data'];
export const assignmentResponse = ok(assignmentView);
export const assignmentFileResponse = ok(assignmentFile);
export const assignmentOkResponse = z.object({ Status: z.string(), Message: z.string().optional() });
export const scoreItemsResponse = ok(
  z.array(z.object({ Id: z.number().int(), Name: z.string(), Max: z.number() })),
);
export type AssignmentScoreItem = z.infer<typeof scoreItemsResponse>['Data'][number];
export const submissionResponse = ok(submissionView);

export const receipt = z.object({
  SubmissionId: z.number().int(),
  ReceivedAt: z.string(),
  Sha256: z.string(),
  Late: z.boolean(),
  Penalty: z.number().int(),
  FileName: z.string().nullable(),
  FileSize: z.number().int().nullable(),
  TextLength: z.number().int(),
});
export type Receipt = z.infer<typeof receipt>;
export const receiptResponse = ok(receipt);

export const studentAssignment = assignmentView.extend({
  State: z.enum(ASSIGNMENT_STUDENT_STATES),
  /** Whether a submission (or replacement) is accepted now, and whether it would be late. */
  CanSubmit: z.boolean(),
  WouldBeLate: z.boolean(),
  Submission: z
    .object({
      Text: z.string(),
      FileName: z.string().nullable(),
      FileSize: z.number().int().nullable(),
      Receipt: receipt,
      Score: z.number().nullable(),
      Comment: z.string().nullable(),
      ReturnedAt: z.string().nullable(),
    })
    .nullable(),
});
export type StudentAssignment = z.infer<typeof studentAssignment>;
export const studentAssignmentsResponse = ok(
  z.object({ ServerTime: z.string(), Assignments: z.array(studentAssignment) }),
);
export type StudentAssignments = z.infer<typeof studentAssignmentsResponse>['Data'];
