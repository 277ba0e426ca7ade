import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  numeric,
  pgTable,
  serial,
  text,
  timestamp,
  unique,
} from 'drizzle-orm/pg-core';
import { admins, students } from './accounts.js';
import { scoreItems } from './institution.js';
import { offeringColumns } from './columns.js';

/**
 * Assignments (issue 25): set by the lecturers of an offering (a course in a session), submitted by
 * its registered students, graded and returned. The assignments module owns these tables.
 */
export const assignments = pgTable(
  'assignments',
  {
    id: serial('id').primaryKey(),
    ...offeringColumns(),
    title: text('title').notNull(),
    /** Plain text, shown with its line breaks. */
    instructions: text('instructions').notNull().default(''),
    opensAt: timestamp('opens_at', { withTimezone: true }).notNull(),
    dueAt: timestamp('due_at', { withTimezone: true }).notNull(),
    /** `refuse`: nothing after the due time; `accept`: until late_until, with late_penalty percent off. */
    latePolicy: text('late_policy').notNull(),
    lateUntil: timestamp('late_until', { withTimezone: true }),
    latePenalty: integer('late_penalty'),
    maxScore: integer('max_score').notNull(),
    /** The score item of the course's sheet a returned grade is proposed for. */
    scoreItemId: integer('score_item_id').references(() => scoreItems.id),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    createdBy: integer('created_by').references(() => admins.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('assignments_offering').on(t.courseId, t.sessionId, t.dueAt),
    check('assignments_due_after_open', sql`${t.dueAt} > ${t.opensAt}`),
    check('assignments_late_policy', sql`${t.latePolicy} in ('refuse', 'accept')`),
    check(
      'assignments_late_terms',
      sql`(${t.latePolicy} = 'refuse' and ${t.lateUntil} is null and ${t.latePenalty} is null) or (${t.latePolicy} = 'accept' and ${t.lateUntil} > ${t.dueAt} and ${t.latePenalty} between 0 and 100)`,
    ),
    check('assignments_max_score', sql`${t.maxScore} between 1 and 1000`),
  ],
);

/** The lecturer's attachments of an assignment. */
export const assignmentFiles = pgTable(
  'assignment_files',
  {
    id: serial('id').primaryKey(),
    assignmentId: integer('assignment_id')
      .notNull()
      .references(() => assignments.id, { onDelete: 'cascade' }),
    fileKey: text('file_key').notNull(),
    fileName: text('file_name').notNull(),
    fileMime: text('file_mime').notNull(),
    fileSize: bigint('file_size', { mode: 'number' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('assignment_files_assignment').on(t.assignmentId)],
);

/** A student's submission: one per assignment and student (replacing it rewrites the row). */
export const assignmentSubmissions = pgTable(
  'assignment_submissions',
  {
    id: serial('id').primaryKey(),
    assignmentId: integer('assignment_id')
      .notNull()
      .references(() => assignments.id, { onDelete: 'cascade' }),
    studentId: integer('student_id')
      .notNull()
      .references(() => students.id),
    text: text('text').notNull().default(''),
    fileKey: text('file_key'),
    fileName: text('file_name'),
    fileMime: text('file_mime'),
    fileSize: bigint('file_size', { mode: 'number' }),
    /** SHA-256 (hex) of the text's UTF-8 bytes followed by the file's bytes: the receipt's hash. */
    sha256: text('sha256').notNull(),
    submittedAt: timestamp('submitted_at', { withTimezone: true }).notNull().defaultNow(),
    late: boolean('late').notNull().default(false),
    penalty: integer('penalty').notNull().default(0),
    score: numeric('score', { precision: 6, scale: 2, mode: 'number' }),
    comment: text('comment'),
    gradedAt: timestamp('graded_at', { withTimezone: true }),
    gradedBy: integer('graded_by').references(() => admins.id),
    returnedAt: timestamp('returned_at', { withTimezone: true }),
  },
  (t) => [
    unique('assignment_submissions_once').on(t.assignmentId, t.studentId),
    index('assignment_submissions_student').on(t.studentId),
    check('assignment_submissions_penalty', sql`${t.penalty} between 0 and 100`),
    check('assignment_submissions_score', sql`${t.score} is null or ${t.score} >= 0`),
  ],
);
