import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { admins, students } from './accounts.js';
import { courses, scoreItems } from './institution.js';
import { academicSessions } from './reference.js';

/**
 * Computer-based tests (issue 27): a question bank per course (topics, questions), exams per
 * offering, attempts with a server-held clock, and the append-only answer log. The cbt module owns
 * these tables.
 */
export const cbtTopics = pgTable(
  'cbt_topics',
  {
    id: serial('id').primaryKey(),
    courseId: integer('course_id')
      .notNull()
      .references(() => courses.id),
    name: text('name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('cbt_topics_name').on(t.courseId, sql`lower(${t.name})`)],
);

/** An option of a single/multiple question; its id is its index. */
export interface CbtOption {
  text: string;
  correct: boolean;
}

export const cbtQuestions = pgTable(
  'cbt_questions',
  {
    id: serial('id').primaryKey(),
    courseId: integer('course_id')
      .notNull()
      .references(() => courses.id),
    topicId: integer('topic_id')
      .notNull()
      .references(() => cbtTopics.id),
    /** single | multiple | truefalse | numeric */
    kind: text('kind').notNull(),
    text: text('text').notNull(),
    options: jsonb('options').$type<CbtOption[]>().notNull().default([]),
    /** truefalse: the right answer. */
    answerTrue: boolean('answer_true'),
    /** numeric: the value and the tolerance. */
    value: doublePrecision('value'),
    tolerance: doublePrecision('tolerance'),
    marks: integer('marks').notNull().default(1),
    imageKey: text('image_key'),
    imageMime: text('image_mime'),
    /** Set once in a sat paper: the question can no longer change (retire it instead). */
    usedAt: timestamp('used_at', { withTimezone: true }),
    /** Retired: never drawn again, kept for the papers that hold it. */
    retiredAt: timestamp('retired_at', { withTimezone: true }),
    createdBy: integer('created_by').references(() => admins.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('cbt_questions_topic').on(t.topicId, t.id),
    index('cbt_questions_course').on(t.courseId, t.id),
    check('cbt_questions_kind', sql`${t.kind} in ('single', 'multiple', 'truefalse', 'numeric')`),
    check('cbt_questions_marks', sql`${t.marks} between 1 and 100`),
    check(
      'cbt_questions_key',
      sql`(${t.kind} <> 'truefalse' or ${t.answerTrue} is not null) and (${t.kind} <> 'numeric' or (${t.value} is not null and ${t.tolerance} >= 0))`,
    ),
  ],
);

export interface CbtSection {
  topicIds: number[];
  count: number;
}
export interface CbtHall {
  name: string;
  capacity: number;
  invigilatorIds: number[];
}

export const cbtExams = pgTable(
  'cbt_exams',
  {
    id: serial('id').primaryKey(),
    courseId: integer('course_id')
      .notNull()
      .references(() => courses.id),
    sessionId: integer('session_id')
      .notNull()
      .references(() => academicSessions.id),
    title: text('title').notNull(),
    instructions: text('instructions').notNull().default(''),
    opensAt: timestamp('opens_at', { withTimezone: true }).notNull(),
    closesAt: timestamp('closes_at', { withTimezone: true }).notNull(),
    durationMinutes: integer('duration_minutes').notNull(),
    sections: jsonb('sections').$type<CbtSection[]>().notNull(),
    shuffleQuestions: boolean('shuffle_questions').notNull().default(true),
    shuffleOptions: boolean('shuffle_options').notNull().default(true),
    passMark: doublePrecision('pass_mark').notNull(),
    scoreItemId: integer('score_item_id').references(() => scoreItems.id),
    halls: jsonb('halls').$type<CbtHall[]>().notNull().default([]),
    reviewAfterRelease: boolean('review_after_release').notNull().default(false),
    /** Question ids withdrawn after the fact: marked for no one. */
    withdrawn: jsonb('withdrawn').$type<number[]>().notNull().default([]),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    releasedAt: timestamp('released_at', { withTimezone: true }),
    createdBy: integer('created_by').references(() => admins.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('cbt_exams_offering').on(t.courseId, t.sessionId, t.opensAt),
    check('cbt_exams_window', sql`${t.closesAt} > ${t.opensAt}`),
    check('cbt_exams_duration', sql`${t.durationMinutes} between 1 and 600`),
    check('cbt_exams_pass_mark', sql`${t.passMark} between 0 and 100`),
  ],
);

/** One question of a candidate's paper: the question and its options' order (option ids). */
export interface CbtPaperItem {
  q: number;
  o: number[];
  /** The question's kind, so an answer's shape is checked without reading the bank. */
  k: string;
}

export const cbtAttempts = pgTable(
  'cbt_attempts',
  {
    id: serial('id').primaryKey(),
    examId: integer('exam_id')
      .notNull()
      .references(() => cbtExams.id),
    studentId: integer('student_id')
      .notNull()
      .references(() => students.id),
    /** The random seed the paper was drawn and shuffled from (hex). */
    seed: text('seed').notNull(),
    /** The paper as drawn from the seed (kept so a later change of the bank changes no paper). */
    paper: jsonb('paper').$type<CbtPaperItem[]>().notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    /** min(started + duration, closes) + extra minutes: the server's clock decides. */
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    extraMinutes: integer('extra_minutes').notNull().default(0),
    /** The machine holding the attempt; another one opening it takes it over. */
    machineId: text('machine_id').notNull(),
    machineChanges: integer('machine_changes').notNull().default(0),
    lastSeq: integer('last_seq').notNull().default(0),
    position: integer('position').notNull().default(0),
    answered: integer('answered').notNull().default(0),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull(),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    /** candidate | timeUp | ended */
    submitReason: text('submit_reason'),
    score: doublePrecision('score'),
    maxScore: doublePrecision('max_score'),
    /** Earned marks per question id, as last marked. */
    marks: jsonb('marks').$type<Record<string, number>>(),
    receiptId: text('receipt_id').unique(),
    receiptSha256: text('receipt_sha256'),
    receiptAnswers: integer('receipt_answers'),
    /** Cancelled by an invigilator so the candidate may start again (kept in the record). */
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    cancelReason: text('cancel_reason'),
  },
  (t) => [
    // One live attempt per student and exam: two concurrent starts make one.
    uniqueIndex('cbt_attempts_once')
      .on(t.examId, t.studentId)
      .where(sql`${t.cancelledAt} is null`),
    index('cbt_attempts_student').on(t.studentId),
    // The sweep's search: open attempts by their end.
    index('cbt_attempts_open')
      .on(t.endsAt)
      .where(sql`${t.submittedAt} is null and ${t.cancelledAt} is null`),
    check(
      'cbt_attempts_reason',
      sql`${t.submitReason} is null or ${t.submitReason} in ('candidate', 'timeUp', 'ended')`,
    ),
  ],
);

/**
 * The answer log: every acknowledged answer, in the candidate's order (seq), with when it was given
 * and received and from which machine. Append-only: a trigger refuses UPDATE, DELETE and TRUNCATE.
 */
export const cbtAnswerLog = pgTable(
  'cbt_answer_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    attemptId: integer('attempt_id')
      .notNull()
      .references(() => cbtAttempts.id),
    seq: integer('seq').notNull(),
    questionId: integer('question_id').notNull(),
    /** null (cleared), { Choices }, { True }, { Number } — as the contract's answerValue. */
    answer: jsonb('answer'),
    flagged: boolean('flagged').notNull().default(false),
    givenAt: timestamp('given_at', { withTimezone: true }).notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
    machineId: text('machine_id').notNull(),
  },
  (t) => [
    unique('cbt_answer_log_seq').on(t.attemptId, t.seq),
    index('cbt_answer_log_question').on(t.attemptId, t.questionId, t.seq),
  ],
);

/** What happened to an attempt besides answers: start, takeover, extend, end, restart, submit, remark. */
export const cbtAttemptEvents = pgTable(
  'cbt_attempt_events',
  {
    id: serial('id').primaryKey(),
    attemptId: integer('attempt_id')
      .notNull()
      .references(() => cbtAttempts.id),
    kind: text('kind').notNull(),
    detail: text('detail').notNull().default(''),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('cbt_attempt_events_attempt').on(t.attemptId, t.id)],
);
