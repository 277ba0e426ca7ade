import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  check,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import { admins, students } from './accounts.js';
import { payments } from './payments.js';
import { courses, semesters, staff } from './institution.js';
import { offeringColumns } from './columns.js';
import { departments, levels } from './reference.js';

/**
 * Semester course registration (issue 13). One registration per student and semester (unique), its
 * courses (one row per course: the primary key keeps a course from being counted twice), and an
 * append-only history whose rows the database refuses to update or delete (trigger in migration 0016).
 */
export const courseRegistrations = pgTable(
  'course_registrations',
  {
    id: serial('id').primaryKey(),
    /** 128 random bits: the course form's QR code opens the registration by it. */
    publicId: text('public_id').notNull().unique(),
    studentId: integer('student_id')
      .notNull()
      .references(() => students.id),
    semesterId: integer('semester_id')
      .notNull()
      .references(() => semesters.id),
    /** The student's level and department when they registered (the adviser's scope). */
    levelId: integer('level_id').references(() => levels.id),
    departmentId: integer('department_id').references(() => departments.id),
    state: text('state').notNull(),
    /** Bumped by every event of the history: a course form printed at version v is outdated once it moves. */
    version: integer('version').notNull().default(1),
    totalUnits: integer('total_units').notNull(),
    comment: text('comment'),
    isLate: boolean('is_late').notNull().default(false),
    submittedAt: timestamp('submitted_at', { withTimezone: true }).notNull().defaultNow(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    decidedBy: integer('decided_by').references(() => admins.id),
    /** When a set of courses was first approved: later changes are add/drop requests. */
    approvedAt: timestamp('approved_at', { withTimezone: true }),
  },
  (t) => [
    unique('course_registrations_one_per_semester').on(t.studentId, t.semesterId),
    check('course_registrations_state', sql`${t.state} in ('submitted', 'approved', 'returned')`),
    index('course_registrations_queue').on(t.semesterId, t.departmentId, t.levelId, t.state),
  ],
);

export const courseRegistrationCourses = pgTable(
  'course_registration_courses',
  {
    registrationId: integer('registration_id')
      .notNull()
      .references(() => courseRegistrations.id, { onDelete: 'cascade' }),
    courseId: integer('course_id')
      .notNull()
      .references(() => courses.id),
    units: integer('units').notNull(),
    /** In the latest submission (false: dropped by an add/drop request not yet approved). */
    requested: boolean('requested').notNull().default(true),
    /** In the set last approved. */
    approved: boolean('approved').notNull().default(false),
    carryOver: boolean('carry_over').notNull().default(false),
  },
  (t) => [
    primaryKey({ columns: [t.registrationId, t.courseId] }),
    index('course_registration_courses_course').on(t.courseId),
  ],
);

export const courseRegistrationEvents = pgTable(
  'course_registration_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    registrationId: integer('registration_id')
      .notNull()
      .references(() => courseRegistrations.id),
    /** The registration's version this event made. */
    version: integer('version').notNull(),
    kind: text('kind').notNull(),
    courseId: integer('course_id').references(() => courses.id),
    actorKind: text('actor_kind').notNull(),
    actorId: integer('actor_id').notNull(),
    actorName: text('actor_name').notNull(),
    comment: text('comment'),
    /** The submit's idempotency key: a double-clicked submit is one submission. */
    idempotencyKey: uuid('idempotency_key'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('course_registration_events_idempotency').on(t.registrationId, t.idempotencyKey),
    index('course_registration_events_registration').on(t.registrationId, t.id),
    check(
      'course_registration_events_kind',
      sql`${t.kind} in ('submitted', 'resubmitted', 'course_added', 'course_dropped', 'approved', 'returned')`,
    ),
  ],
);

/**
 * Published outcomes of a course for a student (the results work fills it from score sheets; the
 * seed holds the demo student's 100-level results). Carry-overs and prerequisites read it.
 */
export const courseResults = pgTable(
  'course_results',
  {
    id: serial('id').primaryKey(),
    studentId: integer('student_id')
      .notNull()
      .references(() => students.id),
    courseId: integer('course_id')
      .notNull()
      .references(() => courses.id),
    semesterId: integer('semester_id')
      .notNull()
      .references(() => semesters.id),
    units: integer('units').notNull(),
    score: numeric('score', { precision: 5, scale: 2, mode: 'number' }).notNull(),
    grade: text('grade').notNull(),
    gradePoint: numeric('grade_point', { precision: 4, scale: 2, mode: 'number' }).notNull(),
    passed: boolean('passed').notNull(),
    publishedAt: timestamp('published_at', { withTimezone: true }),
  },
  (t) => [
    unique('course_results_one_per_attempt').on(t.studentId, t.courseId, t.semesterId),
    index('course_results_student').on(t.studentId),
  ],
);

/** Who advises whom: a staff member (the admin account with the staff member's e-mail) for a department, and a level or all. */
export const courseAdvisers = pgTable(
  'course_advisers',
  {
    id: serial('id').primaryKey(),
    staffId: integer('staff_id')
      .notNull()
      .references(() => staff.id),
    departmentId: integer('department_id')
      .notNull()
      .references(() => departments.id),
    levelId: integer('level_id').references(() => levels.id),
    role: text('role').notNull(),
  },
  (t) => [unique('course_advisers_scope').on(t.staffId, t.departmentId, t.levelId).nullsNotDistinct()],
);

/** The late-registration fee a student paid for a semester: at most one (a second is refunded). */
export const lateRegistrationFees = pgTable(
  'late_registration_fees',
  {
    id: serial('id').primaryKey(),
    studentId: integer('student_id')
      .notNull()
      .references(() => students.id),
    semesterId: integer('semester_id')
      .notNull()
      .references(() => semesters.id),
    paymentId: integer('payment_id')
      .notNull()
      .unique()
      .references(() => payments.id),
    paidAt: timestamp('paid_at', { withTimezone: true }).notNull(),
  },
  (t) => [unique('late_registration_fees_once').on(t.studentId, t.semesterId)],
);

/**
 * A student enrolled by hand in a course offering they do not register for (auditing it, where the
 * school allows it): they read its content and take part in its classroom, but sit no exam for it and
 * get no result. One per student and offering; removing it deletes the row (both audited).
 */
export const courseAuditEnrolments = pgTable(
  'course_audit_enrolments',
  {
    id: serial('id').primaryKey(),
    ...offeringColumns(),
    studentId: integer('student_id')
      .notNull()
      .references(() => students.id),
    reason: text('reason').notNull(),
    addedByAdminId: integer('added_by_admin_id')
      .notNull()
      .references(() => admins.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('course_audit_enrolments_once').on(t.courseId, t.sessionId, t.studentId),
    index('course_audit_enrolments_student').on(t.studentId),
  ],
);
