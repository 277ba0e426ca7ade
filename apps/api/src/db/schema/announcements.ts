import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { admins } from './accounts.js';
import { departments, faculties, levels } from './reference.js';

/** Who an announcement or a broadcast is for (ANNOUNCEMENT_AUDIENCES in contracts). */
const AUDIENCE_CHECK = `in ('everyone', 'students', 'applicants', 'staff')`;

/**
 * Announcements (issue 25): a title and a sanitised body for an audience, visible on its
 * dashboards from `publish_at` until `expires_at`, unless withdrawn. Its notification (type 6) is
 * one audience item of the notifications module, `notification_id`.
 */
export const announcements = pgTable(
  'announcements',
  {
    id: serial('id').primaryKey(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    audience: text('audience').notNull(),
    facultyId: integer('faculty_id').references(() => faculties.id),
    departmentId: integer('department_id').references(() => departments.id),
    levelId: integer('level_id').references(() => levels.id),
    publishAt: timestamp('publish_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    withdrawnAt: timestamp('withdrawn_at', { withTimezone: true }),
    notificationId: bigint('notification_id', { mode: 'number' }),
    createdBy: integer('created_by').references(() => admins.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('announcements_current')
      .on(t.publishAt.desc())
      .where(sql`${t.withdrawnAt} is null`),
    check('announcements_audience', sql.raw(`audience ${AUDIENCE_CHECK}`)),
    check(
      'announcements_narrowing_is_for_students',
      sql`(${t.facultyId} is null and ${t.departmentId} is null and ${t.levelId} is null) or ${t.audience} = 'students'`,
    ),
    check(
      'announcements_expiry_after_publish',
      sql`${t.expiresAt} is null or ${t.expiresAt} > ${t.publishAt}`,
    ),
  ],
);

/**
 * Broadcasts (issue 25): an e-mail and/or an in-app message to chosen groups. The e-mails are rows
 * of the mail outbox tagged `broadcast:<id>` (their sent and failed counts are read there); the
 * in-app message is an announcement (`announcement_id`).
 */
export const broadcasts = pgTable(
  'broadcasts',
  {
    id: serial('id').primaryKey(),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    byEmail: boolean('by_email').notNull(),
    inApp: boolean('in_app').notNull(),
    audience: text('audience').notNull(),
    facultyId: integer('faculty_id').references(() => faculties.id),
    departmentId: integer('department_id').references(() => departments.id),
    levelId: integer('level_id').references(() => levels.id),
    /** E-mails queued. */
    queued: integer('queued').notNull().default(0),
    announcementId: integer('announcement_id').references(() => announcements.id),
    createdBy: integer('created_by').references(() => admins.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('broadcasts_audience', sql.raw(`audience ${AUDIENCE_CHECK}`)),
    check('broadcasts_some_channel', sql`${t.byEmail} or ${t.inApp}`),
    check(
      'broadcasts_narrowing_is_for_students',
      sql`(${t.facultyId} is null and ${t.departmentId} is null and ${t.levelId} is null) or ${t.audience} = 'students'`,
    ),
  ],
);
