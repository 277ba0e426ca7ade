import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { admins, students } from './accounts.js';
import { applicants } from './applicants.js';
import { academicSessions } from './reference.js';

/**
 * The registry's clearance of an admitted applicant's documents (matriculation): who cleared them
 * and when. One row per applicant; matriculation requires it.
 */
export const applicantClearances = pgTable('applicant_clearances', {
  applicantId: integer('applicant_id')
    .primaryKey()
    .references(() => applicants.id, { onDelete: 'cascade' }),
  clearedByAdminId: integer('cleared_by_admin_id').references(() => admins.id),
  clearedByEmail: text('cleared_by_email').notNull(),
  clearedAt: timestamp('cleared_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The last serial handed out for one matric number pattern with its year, department and
 * programme filled in (the `scope`, e.g. 'DIT/2024/{NNNN}'). Incremented by an upsert in the
 * transaction that inserts the student, so a rollback gives the number back: no gap, no repeat.
 */
export const matricCounters = pgTable('matric_counters', {
  scope: text('scope').primaryKey(),
  lastSerial: integer('last_serial').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The registry's verification of an O'level result (WAECVerify) for an applicant or a student.
 * The scratch card's PIN and serial are kept encrypted (AES-256-GCM), never in the clear.
 */
export const olevelVerifications = pgTable(
  'olevel_verifications',
  {
    id: serial('id').primaryKey(),
    applicantId: integer('applicant_id').references(() => applicants.id, { onDelete: 'cascade' }),
    studentId: integer('student_id').references(() => students.id, { onDelete: 'cascade' }),
    examType: text('exam_type').notNull(),
    examNumber: text('exam_number').notNull(),
    examYear: integer('exam_year').notNull(),
    pinCipher: text('pin_cipher').notNull(),
    serialCipher: text('serial_cipher').notNull(),
    /** 'verified' | 'not_verified' */
    outcome: text('outcome').notNull(),
    note: text('note').notNull().default(''),
    verifiedByAdminId: integer('verified_by_admin_id').references(() => admins.id),
    verifiedByEmail: text('verified_by_email').notNull(),
    verifiedAt: timestamp('verified_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('olevel_verifications_holder', sql`num_nonnulls(${t.applicantId}, ${t.studentId}) = 1`),
    index('olevel_verifications_applicant').on(t.applicantId),
    index('olevel_verifications_student').on(t.studentId),
  ],
);

/** A SIWES placement letter issued to a student: one per student and academic session. */
export const siwesLetters = pgTable(
  'siwes_letters',
  {
    id: serial('id').primaryKey(),
    studentId: integer('student_id')
      .notNull()
      .references(() => students.id, { onDelete: 'cascade' }),
    academicSessionId: integer('academic_session_id').references(() => academicSessions.id),
    reference: text('reference').notNull(),
    months: integer('months').notNull(),
    issuedByAdminId: integer('issued_by_admin_id').references(() => admins.id),
    issuedByEmail: text('issued_by_email').notNull(),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('siwes_letters_student_session').on(t.studentId, t.academicSessionId),
    index('siwes_letters_issued').on(t.issuedAt),
  ],
);

/**
 * A file of existing students being imported (addnew), run in the background by the process that
 * received it; the page polls it for progress. A job still 'running' whose heartbeat is old lost its
 * process: it is reported failed (its applied rows are kept; importing the file again is harmless).
 */
export const studentImportJobs = pgTable(
  'student_import_jobs',
  {
    id: serial('id').primaryKey(),
    /** running → done | failed */
    status: text('status').notNull().default('running'),
    fileName: text('file_name').notNull(),
    format: text('format').notNull(),
    totalRows: integer('total_rows').notNull().default(0),
    processedRows: integer('processed_rows').notNull().default(0),
    createdCount: integer('created_count').notNull().default(0),
    updatedCount: integer('updated_count').notNull().default(0),
    unchangedCount: integer('unchanged_count').notNull().default(0),
    invalidCount: integer('invalid_count').notNull().default(0),
    /** The first problems found, each naming its row. */
    errors: jsonb('errors').$type<string[]>().notNull().default([]),
    message: text('message'),
    actorAdminId: integer('actor_admin_id').references(() => admins.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Renewed as batches are applied: a running job without a recent beat has lost its process. */
    heartbeatAt: timestamp('heartbeat_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    /** The file's SHA-256: one file runs once at a time, whichever process received it. */
    fileSha256: text('file_sha256'),
  },
  (t) => [
    index('student_import_jobs_created').on(t.createdAt),
    uniqueIndex('student_import_jobs_one_running_per_file')
      .on(t.fileSha256)
      .where(sql`status = 'running'`),
  ],
);
