import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { admins, students } from './accounts.js';
import { courses, gradeScales, scoreItems, scoreSchemes, semesters, staff } from './institution.js';
import { payments } from './payments.js';
import { departments, faculties, levels } from './reference.js';
import { courseResults } from './registrations.js';

/**
 * Results (issue 14): the score sheet of a course in a semester, its scores per registered student,
 * its climb through the school's review stages (an append-only history the database refuses to
 * change, migration 0018), amendments of a locked sheet as later revisions, the students' queries
 * on published results, the verifiable documents issued from results, and transcript requests.
 */

/** The review stages after the lecturer's submission (ReviewSetup), in order. */
export const reviewStages = pgTable('review_stages', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
  // Stages in order (ties by id).
  position: integer('position').notNull(),
  /** Whose sheets a holder of the stage reviews: the course's department, its faculty, or the school's. */
  scope: text('scope').notNull(),
});

/** Who holds a stage (through the admin account with the staff member's e-mail), for a department or a faculty. */
export const reviewStageHolders = pgTable(
  'review_stage_holders',
  {
    id: serial('id').primaryKey(),
    stageId: integer('stage_id')
      .notNull()
      .references(() => reviewStages.id),
    staffId: integer('staff_id')
      .notNull()
      .references(() => staff.id),
    departmentId: integer('department_id').references(() => departments.id),
    facultyId: integer('faculty_id').references(() => faculties.id),
  },
  (t) => [
    unique('review_stage_holders_once')
      .on(t.stageId, t.staffId, t.departmentId, t.facultyId)
      .nullsNotDistinct(),
  ],
);

export const RESULT_SHEET_STATES = ['draft', 'returned', 'in_review', 'approved', 'published'] as const;

/**
 * A course's score sheet for a semester. Revision 1 is the first; an amendment of a locked sheet is
 * the next revision, which climbs the stages again while the earlier one stays as it was. At most
 * one open revision per course and semester (a partial unique index).
 */
export const resultSheets = pgTable(
  'result_sheets',
  {
    id: serial('id').primaryKey(),
    courseId: integer('course_id')
      .notNull()
      .references(() => courses.id),
    semesterId: integer('semester_id')
      .notNull()
      .references(() => semesters.id),
    revision: integer('revision').notNull().default(1),
    schemeId: integer('scheme_id')
      .notNull()
      .references(() => scoreSchemes.id),
    scaleId: integer('scale_id')
      .notNull()
      .references(() => gradeScales.id),
    state: text('state').notNull().default('draft'),
    /** The review stage the sheet awaits (state in_review). */
    stageId: integer('stage_id').references(() => reviewStages.id),
    /** Bumped by every change: a decision or a save is conditional on the version seen. */
    version: integer('version').notNull().default(1),
    amendmentReason: text('amendment_reason'),
    createdBy: integer('created_by').references(() => admins.id),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    approvedAt: timestamp('approved_at', { withTimezone: true }),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('result_sheets_revision').on(t.courseId, t.semesterId, t.revision),
    uniqueIndex('result_sheets_one_open')
      .on(t.courseId, t.semesterId)
      .where(sql`${t.state} in ('draft', 'returned', 'in_review')`),
    index('result_sheets_queue').on(t.semesterId, t.state),
    check(
      'result_sheets_state',
      sql`${t.state} in ('draft', 'returned', 'in_review', 'approved', 'published')`,
    ),
  ],
);

/** One registered student's scores on a sheet (per score item id), with the total and grade the server computed. */
export const resultEntries = pgTable(
  'result_entries',
  {
    sheetId: integer('sheet_id')
      .notNull()
      .references(() => resultSheets.id, { onDelete: 'cascade' }),
    studentId: integer('student_id')
      .notNull()
      .references(() => students.id),
    /** The student's level in that semester (their registration's): the broadsheet's level. */
    levelId: integer('level_id').references(() => levels.id),
    /** { "<score item id>": score } */
    scores: jsonb('scores').$type<Record<string, number>>().notNull().default({}),
    total: numeric('total', { precision: 5, scale: 2, mode: 'number' }),
    grade: text('grade'),
    gradePoint: numeric('grade_point', { precision: 4, scale: 2, mode: 'number' }),
    passed: boolean('passed'),
  },
  (t) => [primaryKey({ columns: [t.sheetId, t.studentId] })],
);

/** What happened to a sheet (created, saved, uploaded, submitted, approved, returned, amended, published): append-only. */
export const resultSheetEvents = pgTable(
  'result_sheet_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    sheetId: integer('sheet_id')
      .notNull()
      .references(() => resultSheets.id),
    action: text('action').notNull(),
    stage: text('stage'),
    actorId: integer('actor_id').references(() => admins.id),
    comment: text('comment'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('result_sheet_events_sheet').on(t.sheetId, t.id)],
);

/** A student's query on a published result (a remark request), answered by the course's HOD. */
export const resultQueries = pgTable(
  'result_queries',
  {
    id: serial('id').primaryKey(),
    studentId: integer('student_id')
      .notNull()
      .references(() => students.id),
    resultId: integer('result_id')
      .notNull()
      .references(() => courseResults.id),
    reason: text('reason').notNull(),
    answer: text('answer'),
    answeredBy: integer('answered_by').references(() => admins.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
  },
  (t) => [
    // One open query per result: a second press is the same query.
    uniqueIndex('result_queries_one_open')
      .on(t.resultId)
      .where(sql`${t.answeredAt} is null`),
  ],
);

/**
 * A document issued from results (a report card, a transcript): its QR code opens it by `publicId`;
 * `digest` is the hash of the results it showed, so the page can say whether it is still current.
 */
export const resultDocuments = pgTable('result_documents', {
  id: serial('id').primaryKey(),
  publicId: text('public_id').notNull().unique(),
  studentId: integer('student_id')
    .notNull()
    .references(() => students.id),
  kind: text('kind').notNull(),
  semesterId: integer('semester_id').references(() => semesters.id),
  digest: text('digest').notNull(),
  issuedAt: timestamp('issued_at', { withTimezone: true }).notNull().defaultNow(),
});

/** An official transcript sent to an institution or employer: paid once, then processed and sent. */
export const transcriptRequests = pgTable(
  'transcript_requests',
  {
    id: serial('id').primaryKey(),
    studentId: integer('student_id')
      .notNull()
      .references(() => students.id),
    recipientName: text('recipient_name').notNull(),
    recipientEmail: text('recipient_email').notNull(),
    postalAddress: text('postal_address'),
    destination: text('destination').notNull(),
    state: text('state').notNull().default('awaiting_payment'),
    documentId: integer('document_id').references(() => resultDocuments.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    openedAt: timestamp('opened_at', { withTimezone: true }),
  },
  (t) => [
    index('transcript_requests_student').on(t.studentId),
    check('transcript_requests_state', sql`${t.state} in ('awaiting_payment', 'paid', 'processing', 'sent')`),
  ],
);

/** The fee paid for a transcript request: one per request (a second paid at the gateway is refunded). */
export const transcriptFees = pgTable('transcript_fees', {
  id: serial('id').primaryKey(),
  requestId: integer('request_id')
    .notNull()
    .unique('transcript_fees_once')
    .references(() => transcriptRequests.id),
  paymentId: integer('payment_id')
    .notNull()
    .unique()
    .references(() => payments.id),
  paidAt: timestamp('paid_at', { withTimezone: true }).notNull(),
});

/**
 * A broadsheet as computed (results/broadsheet.ts), kept so that requests read it rather than
 * compute it. `stamp` names the locked sheets and settings it was computed from: when a
 * publication changes (a sheet approved, published or amended, anywhere, or the retake rule), the
 * stamp no longer matches and the next request computes and stores it again.
 */
export const storedBroadsheets = pgTable(
  'stored_broadsheets',
  {
    semesterId: integer('semester_id')
      .notNull()
      .references(() => semesters.id, { onDelete: 'cascade' }),
    departmentId: integer('department_id')
      .notNull()
      .references(() => departments.id, { onDelete: 'cascade' }),
    levelId: integer('level_id')
      .notNull()
      .references(() => levels.id, { onDelete: 'cascade' }),
    stamp: text('stamp').notNull(),
    sheet: jsonb('sheet').notNull(),
    computedAt: timestamp('computed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.semesterId, t.departmentId, t.levelId] })],
);

/**
 * A score another module proposes for a student's score item on a course's sheet of a semester (an
 * assignment's grade; later an exam's), one per source and student. The lecturer accepts it on the
 * sheet: it fills only an empty mark (`accepted`); an entered mark stays (`kept`).
 */
export const scoreProposals = pgTable(
  'score_proposals',
  {
    id: serial('id').primaryKey(),
    courseId: integer('course_id')
      .notNull()
      .references(() => courses.id),
    semesterId: integer('semester_id')
      .notNull()
      .references(() => semesters.id),
    scoreItemId: integer('score_item_id')
      .notNull()
      .references(() => scoreItems.id),
    studentId: integer('student_id')
      .notNull()
      .references(() => students.id),
    score: numeric('score', { precision: 5, scale: 2, mode: 'number' }).notNull(),
    /** What proposes it ('assignment', 'exam') and which one. */
    sourceKind: text('source_kind').notNull(),
    sourceId: integer('source_id').notNull(),
    /** How the source is named to the lecturer (e.g. the assignment's title). */
    sourceLabel: text('source_label').notNull(),
    state: text('state').notNull().default('pending'),
    decidedBy: integer('decided_by').references(() => admins.id),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('score_proposals_once').on(t.sourceKind, t.sourceId, t.studentId),
    index('score_proposals_sheet').on(t.courseId, t.semesterId, t.state),
    check('score_proposals_state', sql`${t.state} in ('pending', 'accepted', 'kept')`),
    check('score_proposals_score', sql`${t.score} >= 0`),
  ],
);
