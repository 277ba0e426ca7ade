import { z } from 'zod';
import { countArg, template, textArg } from './messages.js';
import { pageQuery, pagedEnvelope } from './envelope.js';
import { recordId, recordIdNumber } from './ids.js';

/** A student's published results (spec §2 student `Result`), per semester with GPA and CGPA. */

export const resultQuery = z.object({
  Reason: z.string(),
  Answer: z.string().nullable(),
  CreatedAt: z.string(),
  AnsweredAt: z.string().nullable(),
});

export const resultCourse = z.object({
  /** The published result's id (a query on it names it). */
  ResultId: z.number().int(),
  Code: z.string(),
  Title: z.string(),
  Units: z.number().int(),
  Score: z.number(),
  Grade: z.string(),
  GradePoint: z.number(),
  Passed: z.boolean(),
  /** The student's latest query on this result, if any (only on the student's own page). */
  Query: resultQuery.nullable().optional(),
});

export const resultSemester = z.object({
  SemesterId: z.number().int(),
  Semester: z.string(),
  Session: z.string(),
  Courses: z.array(resultCourse),
  Units: z.number().int(),
  Gpa: z.number(),
  /** Over this semester and every one before it, retakes counted by the latest attempt. */
  Cgpa: z.number(),
});
export type ResultSemester = z.infer<typeof resultSemester>;

export const studentResults = z.object({
  Semesters: z.array(resultSemester),
  Cgpa: z.number(),
  /** The class of degree the CGPA falls in on the school's default scale, or null. */
  DegreeClass: z.string().nullable(),
  /** Courses failed and not yet passed. */
  CarryOvers: z.array(z.string()),
});
export type StudentResults = z.infer<typeof studentResults>;
export const studentResultsResponse = z.object({ Status: z.string(), Data: studentResults });

// ───────────────────────────── score sheets, review and publication (admin) ─────────────────────────────

/**
 * Score entry (`resultupload`, `marksheet`), the review chain (`ReviewResult`, stages set on
 * `ReviewSetup`), publication, the registry's views (`viewResult`, `resultSheet`, `Transcript`),
 * report cards, result queries and transcript requests (issue 14).
 */

export const RESULT_SHEET_STATES = ['draft', 'returned', 'in_review', 'approved', 'published'] as const;
export type ResultSheetState = (typeof RESULT_SHEET_STATES)[number];

export const REVIEW_SCOPES = ['Department', 'Faculty', 'School'] as const;

/** The fee items of a transcript sent within Nigeria and abroad. */
export const TRANSCRIPT_FEE_ITEM_IDS = { Nigeria: 11, Abroad: 12 } as const;
export const TRANSCRIPT_DESTINATIONS = ['Nigeria', 'Abroad'] as const;
export const TRANSCRIPT_STATES = ['awaiting_payment', 'paid', 'processing', 'sent'] as const;
export type TranscriptState = (typeof TRANSCRIPT_STATES)[number];

export const RESULT_MESSAGES = {
  notLecturer: 'Only a lecturer of this course this session may enter its scores.',
  noScheme: 'The school has no active assessment scheme. Set one up under Score Items.',
  noScale: 'The school has no default grade scale. Set one up under School Grades.',
  notRegistered: template(
    '{matricNo} is not registered for {code} this semester.',
    textArg('matricNo'),
    textArg('code'),
  ),
  unknownItem: template("{name} is not a score item of this course's assessment scheme.", textArg('name')),
  outOfRange: template('{item} must be a score from 0 to {max}.', textArg('item'), countArg('max')),
  notANumber: template('{item} must be a number.', textArg('item')),
  duplicateRow: template('{matricNo} appears more than once.', textArg('matricNo')),
  noMatric: 'The matric number is missing.',
  noRows: 'The file has no scores.',
  notEditable: 'This score sheet is with the reviewers or locked: it cannot be changed now.',
  locked: 'This score sheet is locked. Open an amendment to correct it.',
  stale: 'This score sheet was changed meanwhile. Reload it and try again.',
  incomplete: template(
    '{n, plural, one {One student has no score for every item. Enter every score before submitting (0 for an absent student).} other {# students have no score for every item. Enter every score before submitting (0 for an absent student).}}',
    countArg('n'),
  ),
  noStudents: 'No student is registered for this course this semester.',
  saved: 'Scores saved.',
  uploaded: template(
    '{n, plural, one {Scores of # student saved.} other {Scores of # students saved.}}',
    countArg('n'),
  ),
  submitted: 'Score sheet submitted for review.',
  approved: template('Approved at {stage}.', textArg('stage')),
  lockedAtLast: 'Approved at the last stage: the result is locked.',
  returned: 'Score sheet returned to the lecturer.',
  commentRequired: 'Say why the sheet is returned.',
  notAwaitingYou: 'This score sheet is not awaiting a stage you hold.',
  notLocked: 'Only a locked (approved or published) sheet can be amended.',
  amendmentOpen: 'An amendment of this sheet is already open.',
  amendmentReason: 'Say why the locked result is amended.',
  amendmentOpened: 'Amendment opened: correct the scores and submit it for review.',
  noStages: 'No review stage is set up. Add them under Review Setup.',
  published: template(
    '{n, plural, one {Results of # course published.} other {Results of # courses published.}}',
    countArg('n'),
  ),
  nothingToPublish: 'No approved results await publication for this semester.',
  sheetNotFound: 'Score sheet not found.',
  studentNotFound: 'No student has this matric number.',
  noResults: 'No published results yet.',
  queryRaised: 'Your query has been sent to the head of department.',
  queryOpen: 'You already have an open query on this result.',
  queryNotFound: 'Result query not found.',
  queryAnswered: 'Answer sent to the student.',
  resultNotFound: 'Result not found.',
  documentNotFound: 'No result document was found for this id.',
  transcriptRequested: 'Transcript request saved. Pay the transcript fee to send it.',
  transcriptNotFound: 'Transcript request not found.',
  transcriptPaid: 'The fee for this transcript request has been paid.',
  transcriptNotDue: 'Choose a transcript request to pay for.',
  transcriptDuplicate:
    'The fee for this transcript request was already paid by another payment. This payment will be refunded.',
  transcriptNotPaid: 'This transcript request has not been paid for.',
  transcriptProcessing: 'Transcript request marked as processing.',
  transcriptSent: template('Transcript sent to {email}.', textArg('email')),
  transcriptAlreadySent: 'This transcript has already been sent.',
  transcriptNoResults: 'This student has no published results to put on a transcript.',
  // Score proposals (grades of assignments, later exams, offered to the sheet).
  proposalNotFound: 'Score proposal not found.',
  proposalAccepted: 'Proposed score entered on the sheet.',
  proposalKept: 'A mark is already entered for this student and item: it stays, the proposal is set aside.',
  proposalDecided: 'This proposal has already been decided.',
} as const;

/** One band of a grade scale: whole scores from `minScore` to `maxScore` earn `grade` and `point`. */
export const gradeBand = z.object({
  grade: z.string(),
  minScore: z.number(),
  maxScore: z.number(),
  /** The grade point (5-point: 5, 4, …; 4-point: 4, 3.5, 3.25 …). */
  point: z.number(),
  isPass: z.boolean(),
});
export type GradeBand = z.infer<typeof gradeBand>;

/** A total score as the scale reads it: rounded half up to a whole number (69.5 is 70). */
export const wholeScore = (score: number) => Math.floor(score + 0.5);

/** The band a total score falls in, or null when the scale has a gap there. */
export function gradeOf(score: number, scale: readonly GradeBand[]): GradeBand | null {
  const whole = wholeScore(score);
  return scale.find((band) => whole >= band.minScore && whole <= band.maxScore) ?? null;
}

/**
 * The total, grade and point of one student's scores, null while an item has no score: the rule
 * the server stores and the score sheet page shows as marks are typed. Sums in hundredths, so no
 * sum of halves drifts.
 */
export function sheetEntry(
  scores: Readonly<Record<string, number | null | undefined>>,
  items: readonly { Id: number }[],
  scale: readonly GradeBand[],
) {
  let hundredths = 0;
  for (const item of items) {
    const score = scores[String(item.Id)];
    if (score === null || score === undefined)
      return { total: null, grade: null, gradePoint: null, passed: null };
    hundredths += Math.round(score * 100);
  }
  const total = hundredths / 100;
  const band = gradeOf(total, scale);
  return {
    total,
    grade: band?.grade ?? null,
    gradePoint: band?.point ?? null,
    passed: band ? band.isPass && band.point > 0 : null,
  };
}

export const scoreItemColumn = z.object({ Id: z.number().int(), Name: z.string(), Max: z.number().int() });
export type ScoreItemColumn = z.infer<typeof scoreItemColumn>;

export const sheetRow = z.object({
  StudentId: z.number().int(),
  MatricNo: z.string(),
  Name: z.string(),
  /** Score per item id; null where none is entered yet. */
  Scores: z.record(z.string(), z.number().nullable()),
  Total: z.number().nullable(),
  Grade: z.string().nullable(),
  GradePoint: z.number().nullable(),
  Passed: z.boolean().nullable(),
});
export type SheetRow = z.infer<typeof sheetRow>;

export const sheetEvent = z.object({
  Action: z.string(),
  Stage: z.string().nullable(),
  By: z.string().nullable(),
  Comment: z.string().nullable(),
  At: z.string(),
});

export const resultSheet = z.object({
  /** Null until the first save. */
  Id: z.number().int().nullable(),
  CourseId: z.number().int(),
  SemesterId: z.number().int(),
  Code: z.string(),
  Title: z.string(),
  Units: z.number().int(),
  Department: z.string(),
  Semester: z.string(),
  Revision: z.number().int(),
  State: z.enum(RESULT_SHEET_STATES),
  /** The stage the sheet awaits (in review). */
  Stage: z.string().nullable(),
  /** The chain: the lecturer, then the stages set on ReviewSetup. */
  Stages: z.array(z.string()),
  /** 0 before the first save. */
  Version: z.number().int(),
  AmendmentReason: z.string().nullable(),
  Items: z.array(scoreItemColumn),
  /** The grade scale the sheet is graded by (for totals and grades shown as marks are typed). */
  Scale: z.array(gradeBand),
  Rows: z.array(sheetRow),
  /** Every revision of this course's sheet in the semester (the original stays visible). */
  Revisions: z.array(z.object({ Revision: z.number().int(), State: z.enum(RESULT_SHEET_STATES) })),
  History: z.array(sheetEvent),
  CanEdit: z.boolean(),
  CanDecide: z.boolean(),
  CanAmend: z.boolean(),
});
export type ResultSheet = z.infer<typeof resultSheet>;
export const resultSheetResponse = z.object({
  Status: z.string(),
  Message: z.string().optional(),
  Data: resultSheet,
});

export const resultSheetQuery = z.object({
  courseId: recordId,
  semesterId: recordId,
  revision: z.coerce.number().int().min(1).max(1000).optional(),
});

const score = z.number({ error: 'A score must be a number.' }).min(0).max(100).nullable();

export const saveScoresInput = z.object({
  CourseId: recordIdNumber,
  SemesterId: recordIdNumber,
  /** The sheet's version when it was opened (0: no sheet yet). */
  ExpectedVersion: z.number().int().min(0),
  Rows: z
    .array(z.object({ MatricNo: z.string().trim().min(1).max(40), Scores: z.record(z.string(), score) }))
    .min(1, RESULT_MESSAGES.noRows)
    .max(5000),
});
export type SaveScoresInput = z.infer<typeof saveScoresInput>;

export const uploadScoresQuery = z.object({
  courseId: recordId,
  semesterId: recordId,
  expectedVersion: z.coerce.number().int().min(0),
});

export const rowProblem = z.object({
  Row: z.number().int(),
  MatricNo: z.string().nullable(),
  Message: z.string(),
});
export const uploadScoresResponse = z.object({
  Status: z.string(),
  Message: z.string(),
  Data: z.object({ Saved: z.number().int(), Problems: z.array(rowProblem), Version: z.number().int() }),
});

export const sheetAction = z.object({ ExpectedVersion: z.number().int().min(1) });
export const sheetDecisionInput = z.object({
  Decision: z.enum(['approve', 'return']),
  Comment: z.string().trim().max(1000).default(''),
  ExpectedVersion: z.number().int().min(1),
});
export type SheetDecisionInput = z.infer<typeof sheetDecisionInput>;
export const amendSheetInput = z.object({
  Reason: z.string().trim().min(5, RESULT_MESSAGES.amendmentReason).max(1000),
});

/** A course the signed-in lecturer teaches in a semester (resultupload), or any course with registered students (marksheet). */
export const sheetCourse = z.object({
  CourseId: z.number().int(),
  Code: z.string(),
  Title: z.string(),
  Units: z.number().int(),
  Department: z.string(),
  Registered: z.number().int(),
  State: z.enum(RESULT_SHEET_STATES).nullable(),
  Revision: z.number().int().nullable(),
  Stage: z.string().nullable(),
});
export const sheetCoursesQuery = pageQuery.extend({
  semesterId: recordId,
  mine: z.enum(['true', 'false']).default('true'),
  search: z.string().trim().max(60).optional(),
});
export const sheetCoursesResponse = pagedEnvelope(sheetCourse);

/** A sheet awaiting a stage the reviewer holds. */
export const reviewQueueRow = z.object({
  SheetId: z.number().int(),
  CourseId: z.number().int(),
  SemesterId: z.number().int(),
  Code: z.string(),
  Title: z.string(),
  Department: z.string(),
  Semester: z.string(),
  Revision: z.number().int(),
  Stage: z.string(),
  Students: z.number().int(),
  SubmittedAt: z.string().nullable(),
});
export const reviewQueueQuery = pageQuery.extend({ semesterId: recordId.optional() });
export const reviewQueueResponse = pagedEnvelope(reviewQueueRow);

export const publicationQuery = z.object({ semesterId: recordId });
export const publicationState = z.object({
  Semester: z.string(),
  /** Courses with registered students. */
  Courses: z.number().int(),
  NoSheet: z.number().int(),
  InProgress: z.number().int(),
  Approved: z.number().int(),
  Published: z.number().int(),
});
export const publicationResponse = z.object({ Status: z.string(), Data: publicationState });
export const publishInput = z.object({ SemesterId: recordIdNumber });

// ───────────────────────────── the registry's views ─────────────────────────────

export const studentResultsView = z.object({
  MatricNo: z.string(),
  Name: z.string(),
  Department: z.string().nullable(),
  Level: z.string().nullable(),
  Results: studentResults,
});
export const studentResultsViewResponse = z.object({ Status: z.string(), Data: studentResultsView });

export const broadsheetQuery = pageQuery.extend({
  semesterId: recordId,
  departmentId: recordId,
  levelId: recordId,
});
export const broadsheetRow = z.object({
  MatricNo: z.string(),
  Name: z.string(),
  /** Per course code: score and grade, or null when the student did not take it. */
  Courses: z.record(z.string(), z.object({ Score: z.number(), Grade: z.string() }).nullable()),
  Units: z.number().int(),
  Gpa: z.number(),
  Cgpa: z.number(),
  /** Pass, Carry-over: CSC 101, CHM 101, or Probation. */
  Remark: z.string(),
});
export type BroadsheetRow = z.infer<typeof broadsheetRow>;
export const broadsheetResponse = z.object({
  Status: z.string(),
  Message: z.string().optional(),
  Courses: z.array(z.object({ Code: z.string(), Units: z.number().int() })),
  Data: z.array(broadsheetRow),
  Page: z.number().int(),
  PageSize: z.number().int(),
  Total: z.number().int(),
});

// ───────────────────────────── queries, documents, transcripts ─────────────────────────────

export const raiseQueryInput = z.object({
  ResultId: recordIdNumber,
  Reason: z.string().trim().min(10, 'Say in a few words why the result should be checked.').max(1000),
});
export const resultQueryRow = z.object({
  Id: z.number().int(),
  ResultId: z.number().int(),
  MatricNo: z.string(),
  Name: z.string(),
  Code: z.string(),
  Semester: z.string(),
  Score: z.number(),
  Grade: z.string(),
  Reason: z.string(),
  Answer: z.string().nullable(),
  CreatedAt: z.string(),
  AnsweredAt: z.string().nullable(),
});
export const resultQueriesQuery = pageQuery.extend({ answered: z.enum(['true', 'false']).default('false') });
export const resultQueriesResponse = pagedEnvelope(resultQueryRow);
export const answerQueryInput = z.object({
  Answer: z.string().trim().min(2, 'Write the answer.').max(2000),
});

export const reportCardQuery = z.object({ semesterId: recordId.optional() });

/** The public page a report card's or transcript's QR code opens. */
export const resultDocumentView = z.object({
  Kind: z.enum(['report_card', 'transcript']),
  MatricNo: z.string(),
  Name: z.string(),
  Department: z.string().nullable(),
  Programme: z.string().nullable(),
  IssuedAt: z.string(),
  /** False when a result was published or amended after the document was issued. */
  Current: z.boolean(),
  Results: studentResults,
});
export type ResultDocumentView = z.infer<typeof resultDocumentView>;
export const resultDocumentResponse = z.object({ Status: z.string(), Data: resultDocumentView });
export const resultDocumentQuery = z.object({
  id: z.string().regex(/^[A-Za-z0-9_-]{16,64}$/, RESULT_MESSAGES.documentNotFound),
  /** A transcript request's recipient link: the first visit is recorded as its opening. */
  r: recordId.optional(),
});

export const transcriptRequestInput = z.object({
  RecipientName: z.string().trim().min(3, 'Enter the institution or employer.').max(200),
  RecipientEmail: z.string().trim().toLowerCase().email('Enter a valid e-mail address.').max(200),
  PostalAddress: z.string().trim().max(500).optional(),
  Destination: z.enum(TRANSCRIPT_DESTINATIONS),
});
export type TranscriptRequestInput = z.infer<typeof transcriptRequestInput>;
export const transcriptRequestRow = z.object({
  Id: z.number().int(),
  MatricNo: z.string(),
  Name: z.string(),
  RecipientName: z.string(),
  RecipientEmail: z.string(),
  PostalAddress: z.string().nullable(),
  Destination: z.enum(TRANSCRIPT_DESTINATIONS),
  State: z.enum(TRANSCRIPT_STATES),
  AmountKobo: z.number().int(),
  CreatedAt: z.string(),
  PaidAt: z.string().nullable(),
  SentAt: z.string().nullable(),
  OpenedAt: z.string().nullable(),
});
export type TranscriptRequestRow = z.infer<typeof transcriptRequestRow>;
export const transcriptRequestsResponse = z.object({
  Status: z.string(),
  Data: z.array(transcriptRequestRow),
});
export const adminTranscriptsQuery = pageQuery.extend({ state: z.enum(TRANSCRIPT_STATES).optional() });
export const adminTranscriptsResponse = pagedEnvelope(transcriptRequestRow);

export type SheetCourse = z.infer<typeof sheetCourse>;
export type ReviewQueueRow = z.infer<typeof reviewQueueRow>;
export type ResultQueryRow = z.infer<typeof resultQueryRow>;
export type PublicationState = z.infer<typeof publicationState>;
export type Broadsheet = z.infer<typeof broadsheetResponse>;
export type StudentResultsView = z.infer<typeof studentResultsView>;

// ───────────────────────────── score proposals ─────────────────────────────

/**
 * A score another module proposes for a student's score item on a course's sheet (an assignment's
 * grade; later an exam's). The lecturer accepts it on the sheet: it fills only an empty mark —
 * a mark already entered stays and the proposal is `kept` (set aside).
 */
export const SCORE_PROPOSAL_STATES = ['pending', 'accepted', 'kept'] as const;
export type ScoreProposalState = (typeof SCORE_PROPOSAL_STATES)[number];

export const SCORE_PROPOSALS_API = {
  /** GET ?courseId&semesterId → the sheet's proposals. */
  list: '/api/admin/results/sheet/proposals',
  /** POST → accept one (fills the mark only when it is empty). */
  accept: (id: number | string) => `/api/admin/results/proposals/${id}/accept`,
} as const;

export const scoreProposal = z.object({
  Id: z.number().int(),
  StudentId: z.number().int(),
  MatricNo: z.string(),
  Name: z.string(),
  ScoreItemId: z.number().int(),
  ScoreItem: z.string(),
  Score: z.number(),
  SourceKind: z.string(),
  SourceId: z.number().int(),
  Source: z.string(),
  State: z.enum(SCORE_PROPOSAL_STATES),
  /** The mark on the sheet now for that student and item (null when empty). */
  CurrentMark: z.number().nullable(),
  CreatedAt: z.string(),
});
export type ScoreProposal = z.infer<typeof scoreProposal>;
export const scoreProposalsResponse = z.object({ Status: z.string(), Data: z.array(scoreProposal) });
export const scoreProposalDecisionResponse = z.object({
  Status: z.string(),
  Message: z.string(),
  Data: scoreProposal,
});
