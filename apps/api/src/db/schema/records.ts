import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
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
