import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigserial,
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import {
  academicSessions,
  coursesOfStudy,
  departments,
  entryModes,
  levels,
  lgas,
  states,
} from './reference.js';
import { applicants } from './applicants.js';

/** Pages are the unit of admin permission; `menuId` groups them in the sidebar. */
export const pages = pgTable('pages', {
  id: serial('id').primaryKey(),
  menuId: integer('menu_id').notNull(),
  menuName: text('menu_name').notNull(),
  menuIcon: text('menu_icon').notNull(),
  page: text('page').notNull().unique(),
});

export const roles = pgTable('roles', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
  description: text('description').notNull().default(''),
});

export const rolePages = pgTable(
  'role_pages',
  {
    roleId: integer('role_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
    pageId: integer('page_id')
      .notNull()
      .references(() => pages.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.roleId, t.pageId] })],
);

export const admins = pgTable('admins', {
  id: serial('id').primaryKey(),
  email: text('email').notNull().unique(),
  firstName: text('first_name').notNull(),
  lastName: text('last_name').notNull(),
  passwordHash: text('password_hash').notNull(),
  isActive: boolean('is_active').notNull().default(true),
  isFirstLogin: boolean('is_first_login').notNull().default(true),
  /** The support account sees no Profile entry in the header menu. */
  isSupport: boolean('is_support').notNull().default(false),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const adminRoles = pgTable(
  'admin_roles',
  {
    adminId: integer('admin_id')
      .notNull()
      .references(() => admins.id, { onDelete: 'cascade' }),
    roleId: integer('role_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.adminId, t.roleId] })],
);

/**
 * A student's name as lists show and search it (last, first, other): the expression of the trigram
 * index `students_search_name`, which a query must repeat exactly (under lower()) to use it.
 */
export function studentSearchName(c: {
  firstName: AnyPgColumn;
  lastName: AnyPgColumn;
  otherName: AnyPgColumn;
}) {
  return sql<string>`trim(coalesce(${c.lastName}, '') || ' ' || coalesce(${c.firstName}, '') || ' ' || coalesce(${c.otherName}, ''))`;
}

export const students = pgTable(
  'students',
  {
    id: serial('id').primaryKey(),
    /** Unguessable id used in public links (SIWES letter). */
    publicId: text('public_id').notNull().unique(),
    matricNo: text('matric_no').notNull().unique(),
    email: text('email').notNull().unique(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    otherName: text('other_name'),
    gender: text('gender'),
    phone: text('phone'),
    stateId: integer('state_id').references(() => states.id),
    lgaId: integer('lga_id').references(() => lgas.id),
    departmentId: integer('department_id').references(() => departments.id),
    courseOfStudyId: integer('course_of_study_id').references(() => coursesOfStudy.id),
    levelId: integer('level_id').references(() => levels.id),
    entryModeId: integer('entry_mode_id').references(() => entryModes.id),
    admittedSessionId: integer('admitted_session_id').references(() => academicSessions.id),
    passportKey: text('passport_key'),
    passwordHash: text('password_hash').notNull(),
    /** The applicant record this student was matriculated from (null for a returning student added by hand). */
    applicantId: integer('applicant_id')
      .unique()
      .references(() => applicants.id),
    address: text('address'),
    dateOfBirth: date('date_of_birth', { mode: 'string' }),
    /** Sign-in switched off by the registry (studentAccess). */
    isActive: boolean('is_active').notNull().default(true),
    matriculatedAt: timestamp('matriculated_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // Trigram indexes for the records search ('%text%' anywhere in a matric number, e-mail or name).
    index('students_search_name').using('gin', sql`lower(${studentSearchName(t)}) gin_trgm_ops`),
    index('students_search_matric').using('gin', sql`${t.matricNo} gin_trgm_ops`),
    index('students_search_email').using('gin', sql`${t.email} gin_trgm_ops`),
  ],
);

/** A signed-in session. Every token names one; logout or a reset revokes it at once. */
export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    userKind: text('user_kind').notNull(),
    userId: integer('user_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    ip: text('ip'),
  },
  (t) => [
    // The /app dashboard counts the students signed in over the last 7 and 30 days.
    index('sessions_created_at').on(t.createdAt),
  ],
);

/**
 * Attempts counted per key (an account, an address, both) in fixed windows, shared by every
 * process and kept across restarts. Rows whose window has ended are swept by a job.
 */
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: text('key').primaryKey(),
    count: integer('count').notNull(),
    resetAt: timestamp('reset_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('rate_limits_reset_at_idx').on(t.resetAt)],
);

export const passwordResets = pgTable('password_resets', {
  id: serial('id').primaryKey(),
  userKind: text('user_kind').notNull(),
  userId: integer('user_id').notNull(),
  codeHash: text('code_hash').notNull().unique(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Mail waits here until the SMTP server takes it; a job retries until it is delivered. */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: serial('id').primaryKey(),
    to: text('to_address').notNull(),
    subject: text('subject').notNull(),
    text: text('body_text').notNull(),
    html: text('body_html'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    /** Messages queued together (a broadcast: 'broadcast:<id>'), counted sent and failed by it. */
    batch: text('batch'),
  },
  (t) => [
    index('mail_outbox_batch')
      .on(t.batch)
      .where(sql`${t.batch} is not null`),
  ],
);

/** Who changed what, when, with the values before and after. */
export const auditLog = pgTable('audit_log', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  actorAdminId: integer('actor_admin_id').references(() => admins.id),
  actorEmail: text('actor_email').notNull(),
  page: text('page').notNull(),
  action: text('action').notNull(),
  entity: text('entity').notNull(),
  entityId: text('entity_id'),
  before: jsonb('before'),
  after: jsonb('after'),
  at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
});
