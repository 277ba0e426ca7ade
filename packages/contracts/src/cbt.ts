import { z } from 'zod';
import { scoreItemsResponse } from './assignments.js';
import { pageQuery, searchText } from './envelope.js';
import { recordId, recordIdNumber } from './ids.js';
import { countArg, template, textArg } from './messages.js';

/**
 * Computer-based tests (issue 27). Lecturers of a course keep its question bank (topics, questions of
 * four kinds; imported and exported as Aiken, GIFT or the spreadsheet template) and set exams for an
 * offering (a course in a session): a window, a duration, sections drawing N questions at random from
 * chosen topics, shuffling, a pass mark, the score item it feeds, halls and invigilators. The students
 * registered for the course sit them: the SERVER holds the clock, every answer is acknowledged by its
 * sequence number and kept in an append-only log, one machine at a time, and the server submits by
 * itself when the time is up. Submission marks the paper, proposes the score to the score sheet and
 * gives a receipt whose public id opens a verification page.
 *
 * The clock: `EndsAt = min(StartedAt + Duration, ClosesAt) + extensions`; every answer of the sitting
 * carries `ServerNow`, so the page computes the time left as `EndsAt − ServerNow` (plus the local time
 * elapsed since that answer), never from the device's clock.
 */

/** The admin page (`/admin/cbt`, exact) guarding every staff route. */
export const CBT_PAGE = 'cbt';
/** The student's page, which notifications (type 7, `exams`) open. */
export const CBT_STUDENT_PAGE = '/student/exams';
/** The public page a receipt's QR code opens: `/portal/ExamReceipt?id=<public id>`. */
export const CBT_RECEIPT_PAGE = '/ExamReceipt';
/** The request header carrying the machine id on every student call (see CBT_LIMITS.machineId). */
export const CBT_MACHINE_HEADER = 'x-machine-id';

export const QUESTION_KINDS = ['single', 'multiple', 'truefalse', 'numeric'] as const;
export type QuestionKind = (typeof QUESTION_KINDS)[number];

export const BANK_FORMATS = ['aiken', 'gift', 'xlsx'] as const;
export type BankFormat = (typeof BANK_FORMATS)[number];

/** What a student sees of an exam. */
export const EXAM_STUDENT_STATES = ['upcoming', 'open', 'inProgress', 'submitted', 'closed'] as const;
export type ExamStudentState = (typeof EXAM_STUDENT_STATES)[number];

/** An exam as its staff see it: `draft` (editable), `published` (editable until the first attempt), `sat` (someone started). */
export const EXAM_STAFF_STATES = ['draft', 'published', 'sat'] as const;
export type ExamStaffState = (typeof EXAM_STAFF_STATES)[number];

/** A candidate in the invigilation view. `offline`: in progress and not seen for CBT_LIMITS.offlineSeconds. */
export const CANDIDATE_STATES = ['notStarted', 'inProgress', 'submitted'] as const;
export type CandidateState = (typeof CANDIDATE_STATES)[number];

/** How an attempt was submitted: by the candidate, by the server at the end (`timeUp`), by an invigilator (`ended`). */
export const SUBMIT_REASONS = ['candidate', 'timeUp', 'ended'] as const;
export type SubmitReason = (typeof SUBMIT_REASONS)[number];

export const CBT_LIMITS = {
  topicName: 100,
  questionText: 5000,
  optionText: 1000,
  /** Options of a single/multiple question: 2 … 10. */
  minOptions: 2,
  maxOptions: 10,
  /** Marks of one question (default 1). */
  maxMarks: 100,
  title: 200,
  instructions: 5000,
  minDuration: 1,
  maxDuration: 600,
  sections: 20,
  /** Questions one section draws at most (and an exam's paper at most). */
  sectionCount: 500,
  paperQuestions: 500,
  halls: 50,
  hallName: 100,
  invigilators: 50,
  reason: 500,
  /** A machine id: 8 … 64 of [A-Za-z0-9_-] (random, kept by the browser in localStorage). */
  machineIdMin: 8,
  machineIdMax: 64,
  /** Answers in one batch. */
  batch: 200,
  /** An answer arriving after EndsAt is still taken (if given before EndsAt) for this many seconds. */
  graceSeconds: 30,
  /** The server submits an open attempt within this many seconds of EndsAt + grace (a job per attempt + a sweep). */
  submitWithinSeconds: 60,
  /** A candidate in progress not heard from for this long is shown offline to invigilators. */
  offlineSeconds: 60,
  /** The page should call `answers` (an empty batch does) at least this often: last seen, and learning it was superseded. */
  heartbeatSeconds: 20,
  /** A GivenAt later than the server's now by more than this is clamped to now (device clocks drift). */
  clockSkewSeconds: 5,
  /** Extension minutes per action: 1 … 600. */
  maxExtension: 600,
  /** Bank import file. */
  importBytes: 5 * 1024 * 1024,
  /** Questions in one import. */
  importQuestions: 2000,
  /** A question's image (PNG or JPEG). */
  imageBytes: 2 * 1024 * 1024,
  /** Discrimination index groups: the top and bottom 27 % by total score. */
  discriminationGroup: 0.27,
} as const;

export const CBT_MESSAGES = {
  // bank
  topicNotFound: 'Topic not found.',
  topicExists: 'This course already has a topic of that name.',
  topicInUse: 'This topic still has questions or is drawn by an exam: it cannot be deleted.',
  topicSaved: 'Topic saved.',
  topicDeleted: 'Topic deleted.',
  topicRequired: 'Choose a topic.',
  topicOtherCourse: 'That topic belongs to another course.',
  questionNotFound: 'Question not found.',
  questionSaved: 'Question saved.',
  questionDeleted: 'Question deleted.',
  questionRetired:
    'This question is in a paper already sat: it was retired (kept for those papers, never drawn again).',
  questionInUse:
    'This question is in a paper already sat and cannot be changed: retire it and add a corrected one.',
  questionTextRequired: 'Write the question.',
  optionsCount: `A question with options has from ${CBT_LIMITS.minOptions} to ${CBT_LIMITS.maxOptions} options.`,
  optionTextRequired: 'Every option needs its text.',
  singleNeedsOne: 'A single-answer question has exactly one correct option.',
  multipleNeedsOne: 'A multiple-answer question has at least one correct option.',
  trueFalseNeedsAnswer: 'Say whether the statement is true or false.',
  numericNeedsAnswer: 'Give the numeric answer and its tolerance (0 or more).',
  imageSaved: 'Image saved.',
  imageRemoved: 'Image removed.',
  imageNotFound: 'This question has no image.',
  imported: template('{n, plural, one {# question imported} other {# questions imported}}.', countArg('n')),
  importProblems: template(
    'Nothing was imported: {n, plural, one {# problem} other {# problems}} in the file (each by its line or row).',
    countArg('n'),
  ),
  importEmpty: 'The file holds no question.',
  importTooMany: `An import holds at most ${CBT_LIMITS.importQuestions} questions.`,
  importFormat: 'Choose the format: aiken, gift or xlsx.',
  importFileRequired: 'Attach the file to import.',
  importNotText: 'The file is not text (UTF-8). Save it as plain text and try again.',
  importNotSpreadsheet: 'The file is not an .xlsx spreadsheet. Use the template.',
  importTopicNeeded: 'Choose the topic the questions go into (this format names none).',
  // parser problems (one line or row each)
  lineNoAnswer: 'The question has no ANSWER: line.',
  lineBadAnswer: template('ANSWER: {answer} names no option of the question.', textArg('answer')),
  lineNoOptions: 'The question has fewer than two options.',
  lineTooManyOptions: `A question has at most ${CBT_LIMITS.maxOptions} options.`,
  lineUnexpected: template('Unexpected line: {text}', textArg('text')),
  lineOptionOrder: template('Option {letter} is out of order.', textArg('letter')),
  lineUnclosed: 'The answer block is not closed: a closing brace is missing.',
  lineUnsupported:
    'This kind of GIFT question (essay, matching, short answer or missing word) is not supported.',
  lineNoCorrect: 'No option is marked correct (= or a positive %).',
  lineBadNumber: 'The numeric answer is not a number (write #3.14:0.01 between the braces).',
  lineBadWeight: 'An option weight must be a percentage such as %50%.',
  rowHeader:
    'The first row must be the template’s headings: Topic, Kind, Question, A … J, Answer, Tolerance, Marks.',
  rowKind: 'Kind must be single, multiple, truefalse or numeric.',
  rowAnswer: 'The Answer column does not fit the kind (letters such as A or A,C; TRUE/FALSE; a number).',
  rowTopic: 'Give the topic.',
  rowMarks: `Marks must be a whole number from 1 to ${CBT_LIMITS.maxMarks}.`,
  rowTooLong: 'A text is too long.',
  // exams
  examNotFound: 'Exam not found.',
  examSaved: 'Exam saved.',
  examDeleted: 'Exam deleted.',
  examPublished: 'Exam published: the students of the course are notified.',
  examReleased: 'Results released: the candidates are notified.',
  alreadyPublished: 'This exam is already published.',
  notPublished: 'Publish the exam first.',
  examHasAttempts: 'A candidate has started this exam: it can no longer be changed or deleted.',
  closesAfterOpens: 'The closing time must be after the opening time.',
  durationInvalid: `Give the duration in whole minutes, from ${CBT_LIMITS.minDuration} to ${CBT_LIMITS.maxDuration}.`,
  sectionsRequired: 'Add at least one section (topics and how many questions to draw).',
  sectionTooFew: template(
    'A section draws {count} questions but its topics hold only {available} usable ones.',
    countArg('count'),
    countArg('available'),
  ),
  sectionsOverlap: 'Two sections draw from the same topic: put the topic in one section only.',
  scoreItemUnknown: 'That score item is not one of the school’s score items.',
  invigilatorUnknown: 'An invigilator is not a staff account of the portal.',
  passMarkInvalid: 'The pass mark is a percentage from 0 to 100.',
  publishedTitle: template('New exam in {code}: {title}', textArg('code'), textArg('title')),
  releasedTitle: template('Exam results released in {code}: {title}', textArg('code'), textArg('title')),
  // sitting
  machineRequired: `This page could not identify the computer (machine id missing or malformed). Reload the page.`,
  notYetOpen: 'This exam has not opened yet.',
  windowClosed: 'This exam has closed.',
  notYourAttempt: 'This is not your exam attempt.',
  attemptNotFound: 'Exam attempt not found.',
  superseded:
    'This exam was opened on another computer, which has taken it over. Answers from this computer are no longer accepted: continue on the other computer, or open the exam here again to take it back.',
  outOfOrder: template(
    'Answer {seq} is out of order (the server holds answers up to {last}). Nothing in this batch was saved.',
    countArg('seq'),
    countArg('last'),
  ),
  seqsNotIncreasing: 'The answers of a batch must have strictly increasing sequence numbers.',
  notInPaper: template(
    'Question {question} is not in your paper. Nothing in this batch was saved.',
    countArg('question'),
  ),
  answerShape: template(
    'Answer {seq} does not fit its question (choose one option, at least one option, true or false, or a number). Nothing in this batch was saved.',
    countArg('seq'),
  ),
  givenAfterEnd: template(
    'Answer {seq} was given after your time ended; it and the rest of this batch were not saved.',
    countArg('seq'),
  ),
  timeUp: 'Your time is up: the exam has been submitted.',
  alreadySubmitted: 'This exam has been submitted: no more answers are accepted.',
  submitted: 'Exam submitted.',
  restarted: 'This attempt was cancelled by the invigilator so that you may start again.',
  receiptNotFound: 'No exam receipt has this id.',
  reviewNotAvailable:
    'Answers can be reviewed only after the results are released, where the exam allows it.',
  // invigilation
  notInvigilator:
    'Only the lecturers of this course, the exam’s invigilators or an admin with the cbt page who lectures no course can do this.',
  extended: template(
    '{n, plural, one {# candidate given} other {# candidates given}} {minutes} more minutes.',
    countArg('n'),
    countArg('minutes'),
  ),
  extensionInvalid: `Give the extra time in whole minutes, from 1 to ${CBT_LIMITS.maxExtension}.`,
  reasonRequired: 'Give the reason.',
  attemptEnded: 'The attempt was ended and submitted.',
  attemptNotOpen: 'This attempt is not in progress.',
  restartAllowed: 'The candidate may start again: the attempt is kept, cancelled, in the record.',
  // analysis
  questionWithdrawn: template(
    'Question withdrawn from the exam: {n, plural, one {# attempt} other {# attempts}} re-marked.',
    countArg('n'),
  ),
  notInExam: 'That question is not drawn by this exam.',
  alreadyWithdrawn: 'That question is already withdrawn from this exam.',
} as const;

type Id = number | string;

/**
 * The API's paths. Staff routes need the `cbt` page and are the lecturers' of the course / offering
 * (or the page's administrator who lectures nothing); invigilation routes also admit the exam's
 * invigilators. Student routes need mode Student and registration for the offering (403 otherwise,
 * whatever the id). Every student call sends the machine id in the `X-Machine-Id` header.
 */
export const CBT_API = {
  // ── staff: offerings, score items, staff to invigilate ──
  /** GET → the active scheme's score items an exam may feed ({ Id, Name, Max }). */
  scoreItems: '/api/admin/cbt/score-items',
  /** GET ?search → staff accounts that may be named invigilators ({ Id, Name, Email }), at most 50. */
  staff: '/api/admin/cbt/staff',
  // ── staff: the bank, per course ──
  /** GET → the course's topics with their question counts; POST { Name } → a new topic. */
  topics: (courseId: Id) => `/api/admin/cbt/courses/${courseId}/topics`,
  /** PUT { Name } → rename; DELETE → delete (only when it has no question and no exam draws it). */
  topic: (id: Id) => `/api/admin/cbt/topics/${id}`,
  /** GET ?page&pageSize&topicId&search&retired → questions (with answer keys); POST QuestionInput → add. */
  questions: (courseId: Id) => `/api/admin/cbt/courses/${courseId}/questions`,
  /** GET → one question; PUT QuestionInput → change (409 once in a sat paper); DELETE → delete, or retire once sat. */
  question: (id: Id) => `/api/admin/cbt/questions/${id}`,
  /** GET → the image; POST multipart `file` (PNG/JPEG ≤ 2 MB, checked by content) → set; DELETE → remove. */
  questionImage: (id: Id) => `/api/admin/cbt/questions/${id}/image`,
  /** POST multipart: `format` (aiken|gift|xlsx), `topicId` (needed for aiken; the default for gift/xlsx), `file`. All or nothing. */
  import: (courseId: Id) => `/api/admin/cbt/courses/${courseId}/import`,
  /** GET ?format=aiken|gift|xlsx&topicId → the bank (or a topic) as a file. */
  export: (courseId: Id) => `/api/admin/cbt/courses/${courseId}/export`,
  /** GET → the spreadsheet template (.xlsx) with an example row per kind. */
  template: '/api/admin/cbt/import-template.xlsx',
  // ── staff: exams ──
  /** GET → the offering's exams; POST ExamInput → a new (draft) exam. */
  offering: (courseId: Id, sessionId: Id) => `/api/admin/cbt/offerings/${courseId}/${sessionId}`,
  /** GET → the exam; PUT ExamInput → change (until the first attempt); DELETE → delete (likewise). */
  exam: (id: Id) => `/api/admin/cbt/exams/${id}`,
  /** POST → publish (type 7 to the roster, in the same transaction). */
  publish: (id: Id) => `/api/admin/cbt/exams/${id}/publish`,
  /** POST → release the results (candidates see their score, and their answers if ReviewAfterRelease; type 7). */
  release: (id: Id) => `/api/admin/cbt/exams/${id}/release`,
  // ── staff: invigilation ──
  /** GET ?hall (index into Halls) → every candidate of the roster with their attempt's state. */
  candidates: (id: Id) => `/api/admin/cbt/exams/${id}/candidates`,
  /** POST ExtendInput → more time for one attempt (AttemptId) or every open attempt (AttemptId null). */
  extend: (id: Id) => `/api/admin/cbt/exams/${id}/extend`,
  /** GET → an attempt's answer log, machine changes and marks (for the exam's staff). */
  attempt: (attemptId: Id) => `/api/admin/cbt/attempts/${attemptId}`,
  /** POST { Reason } → end an attempt now (it is submitted and marked). */
  end: (attemptId: Id) => `/api/admin/cbt/attempts/${attemptId}/end`,
  /** POST { Reason } → cancel the attempt (kept in the record) so the candidate may start again. */
  restart: (attemptId: Id) => `/api/admin/cbt/attempts/${attemptId}/restart`,
  // ── staff: analysis ──
  /** GET → item analysis of the submitted attempts: facility, discrimination, option counts. */
  analysis: (id: Id) => `/api/admin/cbt/exams/${id}/analysis`,
  /** POST { QuestionId, Reason } → withdraw a question after the fact: every attempt re-marked, proposals updated. */
  withdraw: (id: Id) => `/api/admin/cbt/exams/${id}/withdraw`,
  // ── students ──
  /** GET → the student's exams (this semester's offerings) with ServerNow. */
  student: '/api/student/exams',
  /** POST (header X-Machine-Id) → start inside the window, or resume; another machine takes the attempt over. */
  open: (examId: Id) => `/api/student/exams/${examId}/open`,
  /** GET (header X-Machine-Id) → the attempt as `open` answers it, without taking over (`Superseded` says whether this machine still holds it). */
  sitting: (attemptId: Id) => `/api/student/exams/attempts/${attemptId}`,
  /** POST AnswersInput (header X-Machine-Id) → the ack. An empty batch saves the position and is the heartbeat. */
  answers: (attemptId: Id) => `/api/student/exams/attempts/${attemptId}/answers`,
  /** POST (header X-Machine-Id) → submit; answers the receipt. */
  submit: (attemptId: Id) => `/api/student/exams/attempts/${attemptId}/submit`,
  /** GET → the receipt as a PDF (QR code to the verification page). */
  receiptPdf: (attemptId: Id) => `/api/student/exams/attempts/${attemptId}/receipt.pdf`,
  /** GET → the candidate's paper with their answers, the keys and marks (after release, where allowed). */
  review: (attemptId: Id) => `/api/student/exams/attempts/${attemptId}/review`,
  /** GET → a question's image, for a question in the caller's paper. */
  image: (attemptId: Id, questionId: Id) => `/api/student/exams/attempts/${attemptId}/images/${questionId}`,
  // ── public ──
  /** GET ?id=<receipt public id> → what the receipt certifies (the page `/portal/ExamReceipt?id=`). */
  verify: '/api/exam-receipts/verify',
} as const;

// ───────────────────────────── inputs ─────────────────────────────

const isoDateTime = z.iso.datetime({ offset: true, error: 'Give a date and time.' });
const reason = z
  .string({ error: CBT_MESSAGES.reasonRequired })
  .trim()
  .min(1, CBT_MESSAGES.reasonRequired)
  .max(CBT_LIMITS.reason);

export const topicInput = z.object({
  Name: z.string().trim().min(1, 'Give the topic a name.').max(CBT_LIMITS.topicName),
});
export type TopicInput = z.input<typeof topicInput>;

export const questionOptionInput = z.object({
  Text: z
    .string({ error: CBT_MESSAGES.optionTextRequired })
    .trim()
    .min(1, CBT_MESSAGES.optionTextRequired)
    .max(CBT_LIMITS.optionText),
  Correct: z.boolean().default(false),
});

/**
 * A question. `Text` is plain text (formulas written as text, e.g. `x^2 + 1`). Kinds:
 * - `single`: Options (2–10), exactly one Correct;
 * - `multiple`: Options (2–10), one or more Correct (marked all or nothing: exactly the correct set);
 * - `truefalse`: `Answer` true/false, no options;
 * - `numeric`: `Value` and `Tolerance` (≥ 0): right when |given − Value| ≤ Tolerance.
 */
export const questionInput = z
  .object({
    TopicId: recordIdNumber,
    Kind: z.enum(QUESTION_KINDS),
    Text: z
      .string({ error: CBT_MESSAGES.questionTextRequired })
      .trim()
      .min(1, CBT_MESSAGES.questionTextRequired)
      .max(CBT_LIMITS.questionText),
    Options: z.array(questionOptionInput).max(CBT_LIMITS.maxOptions, CBT_MESSAGES.optionsCount).default([]),
    Answer: z.boolean().nullable().default(null),
    Value: z.number().finite().nullable().default(null),
    Tolerance: z.number().finite().min(0).nullable().default(null),
    Marks: z.number().int().min(1).max(CBT_LIMITS.maxMarks).default(1),
  })
  .superRefine((q, ctx) => {
    const issue = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
    if (q.Kind === 'single' || q.Kind === 'multiple') {
      if (q.Options.length < CBT_LIMITS.minOptions) issue('Options', CBT_MESSAGES.optionsCount);
      const correct = q.Options.filter((o) => o.Correct).length;
      if (q.Kind === 'single' && correct !== 1) issue('Options', CBT_MESSAGES.singleNeedsOne);
      if (q.Kind === 'multiple' && correct < 1) issue('Options', CBT_MESSAGES.multipleNeedsOne);
    }
    if (q.Kind === 'truefalse' && q.Answer === null) issue('Answer', CBT_MESSAGES.trueFalseNeedsAnswer);
    if (q.Kind === 'numeric' && (q.Value === null || q.Tolerance === null))
      issue('Value', CBT_MESSAGES.numericNeedsAnswer);
  });
export type QuestionInput = z.input<typeof questionInput>;

export const questionsQuery = pageQuery.extend({
  topicId: recordId.optional(),
  search: searchText.optional(),
  /** true: only retired questions; false (default): only questions in use. */
  retired: z
    .enum(['true', 'false'])
    .optional()
    .transform((v) => v === 'true'),
});

export const bankExportQuery = z.object({
  format: z.enum(BANK_FORMATS, { error: CBT_MESSAGES.importFormat }),
  topicId: recordId.optional(),
});

export const staffSearchQuery = z.object({ search: searchText.optional() });

export const examSectionInput = z.object({
  TopicIds: z.array(recordIdNumber).min(1, CBT_MESSAGES.topicRequired).max(50),
  /** How many questions this section draws at random from its topics. */
  Count: z.number().int().min(1).max(CBT_LIMITS.sectionCount),
});

export const examHallInput = z.object({
  Name: z.string().trim().min(1).max(CBT_LIMITS.hallName),
  /** Seats: candidates (the roster in matric-number order) fill the halls in order; the last hall takes any overflow. */
  Capacity: z.number().int().min(1).max(100_000),
  /** Admin account ids (CBT_API.staff). */
  InvigilatorIds: z.array(recordIdNumber).max(CBT_LIMITS.invigilators).default([]),
});

export const examInput = z
  .object({
    Title: z.string().trim().min(1, 'Give a title.').max(CBT_LIMITS.title),
    Instructions: z.string().max(CBT_LIMITS.instructions).default(''),
    /** ISO with offset; the web sends Lagos time (+01:00). */
    OpensAt: isoDateTime,
    ClosesAt: isoDateTime,
    DurationMinutes: z
      .number({ error: CBT_MESSAGES.durationInvalid })
      .int(CBT_MESSAGES.durationInvalid)
      .min(CBT_LIMITS.minDuration, CBT_MESSAGES.durationInvalid)
      .max(CBT_LIMITS.maxDuration, CBT_MESSAGES.durationInvalid),
    Sections: z.array(examSectionInput).min(1, CBT_MESSAGES.sectionsRequired).max(CBT_LIMITS.sections),
    ShuffleQuestions: z.boolean().default(true),
    ShuffleOptions: z.boolean().default(true),
    /** Percentage of the marks needed to pass. */
    PassMark: z
      .number({ error: CBT_MESSAGES.passMarkInvalid })
      .min(0, CBT_MESSAGES.passMarkInvalid)
      .max(100, CBT_MESSAGES.passMarkInvalid),
    ScoreItemId: recordIdNumber.nullable().default(null),
    Halls: z.array(examHallInput).max(CBT_LIMITS.halls).default([]),
    ReviewAfterRelease: z.boolean().default(false),
  })
  .superRefine((v, ctx) => {
    if (Date.parse(v.ClosesAt) <= Date.parse(v.OpensAt))
      ctx.addIssue({ code: 'custom', path: ['ClosesAt'], message: CBT_MESSAGES.closesAfterOpens });
    const seen = new Set<number>();
    for (const s of v.Sections)
      for (const t of s.TopicIds) {
        if (seen.has(t)) {
          ctx.addIssue({ code: 'custom', path: ['Sections'], message: CBT_MESSAGES.sectionsOverlap });
          return;
        }
        seen.add(t);
      }
  });
export type ExamInput = z.input<typeof examInput>;

export const candidatesQuery = z.object({
  hall: z.coerce.number().int().min(0).max(CBT_LIMITS.halls).optional(),
});

export const extendInput = z.object({
  /** One attempt; null: every attempt of the exam in progress now. */
  AttemptId: recordIdNumber.nullable().default(null),
  Minutes: z
    .number({ error: CBT_MESSAGES.extensionInvalid })
    .int(CBT_MESSAGES.extensionInvalid)
    .min(1, CBT_MESSAGES.extensionInvalid)
    .max(CBT_LIMITS.maxExtension, CBT_MESSAGES.extensionInvalid),
  Reason: reason,
});
export type ExtendInput = z.input<typeof extendInput>;

export const reasonInput = z.object({ Reason: reason });
export type ReasonInput = z.input<typeof reasonInput>;

export const withdrawInput = z.object({ QuestionId: recordIdNumber, Reason: reason });
export type WithdrawInput = z.input<typeof withdrawInput>;

/** The machine id header, checked on every student call. */
export const machineId = z
  .string({ error: CBT_MESSAGES.machineRequired })
  .regex(/^[A-Za-z0-9_-]+$/, CBT_MESSAGES.machineRequired)
  .min(CBT_LIMITS.machineIdMin, CBT_MESSAGES.machineRequired)
  .max(CBT_LIMITS.machineIdMax, CBT_MESSAGES.machineRequired);
export const machineHeaders = z.object({ [CBT_MACHINE_HEADER]: machineId });

/**
 * A candidate's answer: `null` clears it; `{ Choices }` for single (exactly one option id) and
 * multiple (one or more distinct option ids); `{ True }` for true/false; `{ Number }` for numeric.
 * Option ids are the paper's `Options[].Id` (stable; the display order is shuffled).
 */
export const answerValue = z
  .union([
    z
      .object({
        Choices: z
          .array(
            z
              .number()
              .int()
              .min(0)
              .max(CBT_LIMITS.maxOptions - 1),
          )
          .min(1)
          .max(CBT_LIMITS.maxOptions),
      })
      .strict(),
    z.object({ True: z.boolean() }).strict(),
    z.object({ Number: z.number().finite() }).strict(),
  ])
  .nullable();
export type AnswerValue = z.infer<typeof answerValue>;

export const answerItem = z.object({
  /** The client's queue order: per attempt 1, 2, 3 … with no gap (continue from the attempt's LastSeq). */
  Seq: z.number().int().min(1).max(2_000_000_000),
  QuestionId: recordIdNumber,
  Answer: answerValue,
  /** When the candidate gave it (ISO), on the server's clock as the page knows it (device time + the ServerNow offset). */
  GivenAt: isoDateTime,
  Flagged: z.boolean().default(false),
});
export type AnswerItem = z.input<typeof answerItem>;

export const answersInput = z.object({
  /** Strictly increasing Seqs; may be empty (heartbeat / position only). */
  Answers: z.array(answerItem).max(CBT_LIMITS.batch).default([]),
  /** The question the candidate is on (0-based index into the paper). */
  Position: z.number().int().min(0).max(CBT_LIMITS.paperQuestions).optional(),
});
export type AnswersInput = z.input<typeof answersInput>;

export const examReceiptQuery = z.object({ id: z.string().trim().min(1).max(64) });

/**
 * The canonical text of a candidate's final answers that a receipt's SHA-256 is taken over (UTF-8):
 * one line per answered question (final answer not null), ordered by QuestionId, `QuestionId=JSON`
 * where JSON is `{"Choices":[…ascending]}`, `{"True":true|false}` or `{"Number":n}`; lines joined by
 * "\n" with no final newline. Anyone holding the answers can recompute the hash.
 */
export function canonicalAnswersText(
  answers: readonly { QuestionId: number; Answer: AnswerValue }[],
): string {
  return answers
    .filter((a) => a.Answer !== null)
    .slice()
    .sort((a, b) => a.QuestionId - b.QuestionId)
    .map((a) => {
      const v = a.Answer!;
      const json =
        'Choices' in v
          ? JSON.stringify({ Choices: [...v.Choices].sort((x, y) => x - y) })
          : 'True' in v
            ? JSON.stringify({ True: v.True })
            : JSON.stringify({ Number: v.Number });
      return `${a.QuestionId}=${json}`;
    })
    .join('\n');
}

// ───────────────────────────── answers ─────────────────────────────

const ok = <T extends z.ZodType>(data: T) =>
  z.object({ Status: z.string(), Message: z.string().optional(), Data: data });

export const cbtOkResponse = z.object({ Status: z.string(), Message: z.string().optional() });

/** The active scheme's score items ({ Id, Name, Max }), as assignments answer them. */
export const cbtScoreItemsResponse = scoreItemsResponse;
export const cbtStaffResponse = ok(
  z.array(z.object({ Id: z.number().int(), Name: z.string(), Email: z.string() })),
);

export const topicView = z.object({
  Id: z.number().int(),
  CourseId: z.number().int(),
  Name: z.string(),
  /** Questions in use (not retired). */
  Questions: z.number().int(),
});
export type TopicView = z.infer<typeof topicView>;
export const topicsResponse = ok(z.array(topicView));
export const topicResponse = ok(topicView);

export const questionView = z.object({
  Id: z.number().int(),
  CourseId: z.number().int(),
  TopicId: z.number().int(),
  Topic: z.string(),
  Kind: z.enum(QUESTION_KINDS),
  Text: z.string(),
  /** Option ids are their index (0 …). */
  Options: z.array(z.object({ Id: z.number().int(), Text: z.string(), Correct: z.boolean() })),
  Answer: z.boolean().nullable(),
  Value: z.number().nullable(),
  Tolerance: z.number().nullable(),
  Marks: z.number().int(),
  HasImage: z.boolean(),
  Retired: z.boolean(),
  /** True once in a paper a candidate started: then it cannot be changed (retire it instead). */
  Used: z.boolean(),
});
export type QuestionView = z.infer<typeof questionView>;
export const questionsResponse = z.object({
  Status: z.string(),
  Data: z.array(questionView),
  Page: z.number().int(),
  PageSize: z.number().int(),
  Total: z.number().int(),
});
export const questionResponse = ok(questionView);

/** One problem of an import, by its line (Aiken, GIFT) or row (xlsx; the header is row 1). */
export const importProblem = z.object({ Line: z.number().int(), Message: z.string() });
export type ImportProblem = z.infer<typeof importProblem>;
/**
 * Import: 200 with `{ Imported, TopicsCreated, Problems: [] }` when every question parsed; otherwise
 * 400 in the error envelope, Message `importProblems`, `Errors: [{ path: '<line>', message }]` (the
 * line of the text file, the row of the sheet) — nothing is saved.
 */
export const importResult = z.object({
  Imported: z.number().int(),
  /** Topics created by name ($CATEGORY in GIFT, the Topic column of the sheet). */
  TopicsCreated: z.array(z.string()),
  Problems: z.array(importProblem),
});
export type ImportResult = z.infer<typeof importResult>;
export const importResponse = ok(importResult);

export const examSection = z.object({ TopicIds: z.array(z.number().int()), Count: z.number().int() });
export const examHall = z.object({
  Name: z.string(),
  Capacity: z.number().int(),
  InvigilatorIds: z.array(z.number().int()),
  Invigilators: z.array(z.string()),
});

export const examView = z.object({
  Id: z.number().int(),
  CourseId: z.number().int(),
  SessionId: z.number().int(),
  Code: z.string(),
  CourseTitle: z.string(),
  Title: z.string(),
  Instructions: z.string(),
  OpensAt: z.string(),
  ClosesAt: z.string(),
  DurationMinutes: z.number().int(),
  Sections: z.array(examSection),
  /** Questions in a paper (the sum of the sections' counts). */
  Questions: z.number().int(),
  ShuffleQuestions: z.boolean(),
  ShuffleOptions: z.boolean(),
  PassMark: z.number(),
  ScoreItemId: z.number().int().nullable(),
  ScoreItem: z.string().nullable(),
  Halls: z.array(examHall),
  ReviewAfterRelease: z.boolean(),
  State: z.enum(EXAM_STAFF_STATES),
  PublishedAt: z.string().nullable(),
  ReleasedAt: z.string().nullable(),
  /** Question ids withdrawn after the fact (marked for no one). */
  Withdrawn: z.array(z.number().int()),
  Enrolled: z.number().int(),
  Started: z.number().int(),
  Submitted: z.number().int(),
});
export type ExamView = z.infer<typeof examView>;
export const examsResponse = ok(z.array(examView));
export const examResponse = ok(examView);

export const candidateView = z.object({
  StudentId: z.number().int(),
  MatricNo: z.string(),
  Name: z.string(),
  /** Index into the exam's Halls (null: the exam has no halls). */
  Hall: z.number().int().nullable(),
  State: z.enum(CANDIDATE_STATES),
  AttemptId: z.number().int().nullable(),
  StartedAt: z.string().nullable(),
  EndsAt: z.string().nullable(),
  ExtraMinutes: z.number().int(),
  Answered: z.number().int(),
  Questions: z.number().int(),
  LastSeenAt: z.string().nullable(),
  /** In progress and not heard from for CBT_LIMITS.offlineSeconds. */
  Offline: z.boolean(),
  /** How many times another machine took the attempt over. */
  MachineChanges: z.number().int(),
  SubmittedAt: z.string().nullable(),
  SubmitReason: z.enum(SUBMIT_REASONS).nullable(),
  /** Percentage (0–100, hundredths) once submitted. */
  Percent: z.number().nullable(),
  /** Cancelled attempts before this one (restarts allowed). */
  Restarts: z.number().int(),
});
export type CandidateView = z.infer<typeof candidateView>;
export const candidatesResponse = ok(
  z.object({ ServerNow: z.string(), Exam: examView, Candidates: z.array(candidateView) }),
);
export type CandidatesData = z.infer<typeof candidatesResponse>['Data'];

export const logEntryView = z.object({
  Seq: z.number().int(),
  QuestionId: z.number().int(),
  Answer: answerValue,
  Flagged: z.boolean(),
  GivenAt: z.string(),
  ReceivedAt: z.string(),
  MachineId: z.string(),
});
export type LogEntryView = z.infer<typeof logEntryView>;

export const attemptEventView = z.object({
  At: z.string(),
  /** `start`, `takeover`, `extend`, `end`, `restart`, `submit`, `remark`. */
  Kind: z.string(),
  Detail: z.string(),
});

export const staffAttemptResponse = ok(
  z.object({
    AttemptId: z.number().int(),
    StudentId: z.number().int(),
    MatricNo: z.string(),
    Name: z.string(),
    StartedAt: z.string(),
    EndsAt: z.string(),
    SubmittedAt: z.string().nullable(),
    SubmitReason: z.enum(SUBMIT_REASONS).nullable(),
    CancelledAt: z.string().nullable(),
    Score: z.number().nullable(),
    MaxScore: z.number().nullable(),
    Log: z.array(logEntryView),
    Events: z.array(attemptEventView),
  }),
);

export const analysisQuestion = z.object({
  QuestionId: z.number().int(),
  Kind: z.enum(QUESTION_KINDS),
  Text: z.string(),
  Topic: z.string(),
  /** Candidates whose paper held it. */
  Candidates: z.number().int(),
  Answered: z.number().int(),
  /** Share right (0–1, 3 decimals): marks earned / marks possible. */
  Facility: z.number().nullable(),
  /** Facility in the top 27 % by total score minus in the bottom 27 % (−1 … 1, 3 decimals). */
  Discrimination: z.number().nullable(),
  /** Point-biserial correlation of the item with the rest of the paper (−1 … 1, 3 decimals). */
  PointBiserial: z.number().nullable(),
  /** Per option id: how many chose it (single/multiple); [true, false] counts for truefalse; [] numeric. */
  Options: z.array(
    z.object({ Id: z.number().int(), Text: z.string(), Correct: z.boolean(), Count: z.number().int() }),
  ),
  Withdrawn: z.boolean(),
});
export type AnalysisQuestion = z.infer<typeof analysisQuestion>;
export const analysisResponse = ok(
  z.object({
    Submitted: z.number().int(),
    MeanPercent: z.number().nullable(),
    Passed: z.number().int(),
    Questions: z.array(analysisQuestion),
  }),
);
export type ExamAnalysis = z.infer<typeof analysisResponse>['Data'];

// ── the sitting ──

export const paperOption = z.object({ Id: z.number().int(), Text: z.string() });
export const paperQuestion = z.object({
  QuestionId: z.number().int(),
  /** 1-based, in the candidate's order. */
  Number: z.number().int(),
  Kind: z.enum(QUESTION_KINDS),
  Text: z.string(),
  /** CBT_API.image(AttemptId, QuestionId) when the question has an image. */
  ImageUrl: z.string().nullable(),
  /** In the candidate's (shuffled) order; empty for truefalse and numeric. */
  Options: z.array(paperOption),
  Marks: z.number().int(),
});
export type PaperQuestion = z.infer<typeof paperQuestion>;

/** The current answer to a question: the latest acknowledged log entry for it. */
export const currentAnswer = z.object({
  QuestionId: z.number().int(),
  Answer: answerValue,
  Flagged: z.boolean(),
  Seq: z.number().int(),
  GivenAt: z.string(),
});
export type CurrentAnswer = z.infer<typeof currentAnswer>;

export const examReceipt = z.object({
  /** 128 random bits, hex: the verification page's key. */
  PublicId: z.string(),
  /** Answered questions (the final answer not null). */
  Answers: z.number().int(),
  Questions: z.number().int(),
  /** SHA-256 (hex) of the canonical list of final answers — see the module's README. */
  Sha256: z.string(),
  SubmittedAt: z.string(),
  SubmitReason: z.enum(SUBMIT_REASONS),
  /** `/portal/ExamReceipt?id=…` on the portal's public address. */
  VerifyUrl: z.string(),
});
export type ExamReceipt = z.infer<typeof examReceipt>;

export const attemptView = z.object({
  AttemptId: z.number().int(),
  ExamId: z.number().int(),
  Code: z.string(),
  CourseTitle: z.string(),
  Title: z.string(),
  Instructions: z.string(),
  State: z.enum(['inProgress', 'submitted']),
  StartedAt: z.string(),
  /** min(StartedAt + duration, ClosesAt) + extensions. */
  EndsAt: z.string(),
  /** The server's clock when this answer was made: time left = EndsAt − ServerNow. */
  ServerNow: z.string(),
  ExtraMinutes: z.number().int(),
  /** The last acknowledged Seq (0: none): the client continues from LastSeq + 1. */
  LastSeq: z.number().int(),
  /** The saved current question index (0-based). */
  Position: z.number().int(),
  /** Whether the calling machine no longer holds the attempt (another took it over). */
  Superseded: z.boolean(),
  Paper: z.array(paperQuestion),
  Answers: z.array(currentAnswer),
  Receipt: examReceipt.nullable(),
});
export type AttemptView = z.infer<typeof attemptView>;
export const attemptResponse = ok(attemptView);

export const answersAck = z.object({
  /** The Seqs of this batch now stored (new ones and replays of stored ones). */
  Accepted: z.array(z.number().int()),
  LastSeq: z.number().int(),
  Position: z.number().int(),
  /** Questions with a (non-null) current answer. */
  Answered: z.number().int(),
  EndsAt: z.string(),
  ServerNow: z.string(),
});
export type AnswersAck = z.infer<typeof answersAck>;
export const answersResponse = ok(answersAck);
export const examReceiptResponse = ok(examReceipt);

export const studentExam = z.object({
  ExamId: z.number().int(),
  CourseId: z.number().int(),
  SessionId: z.number().int(),
  Code: z.string(),
  CourseTitle: z.string(),
  Title: z.string(),
  Instructions: z.string(),
  OpensAt: z.string(),
  ClosesAt: z.string(),
  DurationMinutes: z.number().int(),
  Questions: z.number().int(),
  State: z.enum(EXAM_STUDENT_STATES),
  /** The hall the candidate sits in (null: none set). */
  Hall: z.string().nullable(),
  AttemptId: z.number().int().nullable(),
  EndsAt: z.string().nullable(),
  /** While open or in progress: seconds left (of the window before starting, of the attempt once started). */
  SecondsLeft: z.number().int().nullable(),
  Receipt: examReceipt.nullable(),
  Released: z.boolean(),
  /** After release: the score as a percentage and whether it passes. */
  Percent: z.number().nullable(),
  Passed: z.boolean().nullable(),
  CanReview: z.boolean(),
});
export type StudentExam = z.infer<typeof studentExam>;
export const studentExamsResponse = ok(z.object({ ServerNow: z.string(), Exams: z.array(studentExam) }));
export type StudentExams = z.infer<typeof studentExamsResponse>['Data'];

export const reviewResponse = ok(
  z.object({
    AttemptId: z.number().int(),
    Title: z.string(),
    Score: z.number(),
    MaxScore: z.number(),
    Percent: z.number(),
    Passed: z.boolean(),
    Questions: z.array(
      paperQuestion.extend({
        Options: z.array(paperOption.extend({ Correct: z.boolean() })),
        Answer: answerValue,
        /** The right answer for truefalse / numeric. */
        Key: z.object({
          True: z.boolean().nullable(),
          Value: z.number().nullable(),
          Tolerance: z.number().nullable(),
        }),
        Earned: z.number(),
        Withdrawn: z.boolean(),
      }),
    ),
  }),
);
export type ExamReview = z.infer<typeof reviewResponse>['Data'];

export const examReceiptVerification = z.object({
  Institution: z.string(),
  Name: z.string(),
  MatricNo: z.string(),
  Code: z.string(),
  CourseTitle: z.string(),
  Exam: z.string(),
  Session: z.string(),
  StartedAt: z.string(),
  SubmittedAt: z.string(),
  SubmitReason: z.enum(SUBMIT_REASONS),
  Answers: z.number().int(),
  Questions: z.number().int(),
  Sha256: z.string(),
  /** Whether the log, re-read now, still hashes to the receipt's Sha256. */
  Intact: z.boolean(),
});
export type ExamReceiptVerification = z.infer<typeof examReceiptVerification>;
export const examReceiptVerificationResponse = ok(examReceiptVerification);
