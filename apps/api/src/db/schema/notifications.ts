import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { departments, faculties, levels } from './reference.js';

/**
 * One notification per event and recipient (issue 24's core; issue 25 adds audiences on top).
 * Written only by the notifications module's `publish` (one INSERT … SELECT for any number of
 * recipients). The recipient is an account of the sessions table: its kind ('Student', 'Admin',
 * 'Applicant') and id.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    recipientKind: text('recipient_kind').notNull(),
    recipientId: integer('recipient_id').notNull(),
    /** NOTIFICATION_TYPES: 2 lecture notes … 7 exams. */
    type: smallint('type').notNull(),
    title: text('title').notNull(),
    link: text('link').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    readAt: timestamp('read_at', { withTimezone: true }),
  },
  (t) => [
    // Unread counts per type: an index-only count of the recipient's unread rows.
    index('notifications_unread')
      .on(t.recipientKind, t.recipientId, t.type)
      .where(sql`${t.readAt} is null`),
    // The list, newest first.
    index('notifications_recipient_recent').on(
      t.recipientKind,
      t.recipientId,
      t.createdAt.desc(),
      t.id.desc(),
    ),
  ],
);

/**
 * One item for a whole audience (issue 25): everyone of a kind (or every kind), narrowed for
 * students to a faculty, a department and/or a level. An announcement to 20,000 students is one
 * row: whether it is unread for a user follows from their read marker of its type
 * (`notification_reads`). Ids come from the `notifications` sequence, so an item's id is unique
 * across both tables (the list merges them). Visible from `visible_at` (a scheduled announcement)
 * until `expires_at`.
 */
export const notificationAudiences = pgTable(
  'notification_audiences',
  {
    id: bigint('id', { mode: 'number' })
      .primaryKey()
      .default(sql`nextval('notifications_id_seq')`),
    type: smallint('type').notNull(),
    /** 'Student', 'Admin', 'Applicant'; null: every signed-in user. */
    recipientKind: text('recipient_kind'),
    facultyId: integer('faculty_id').references(() => faculties.id),
    departmentId: integer('department_id').references(() => departments.id),
    levelId: integer('level_id').references(() => levels.id),
    title: text('title').notNull(),
    link: text('link').notNull(),
    visibleAt: timestamp('visible_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
  },
  (t) => [
    index('notification_audiences_visible').on(t.visibleAt.desc()),
    // Faculty, department and level narrow a students' audience only.
    check(
      'notification_audiences_narrowing_is_for_students',
      sql`(${t.facultyId} is null and ${t.departmentId} is null and ${t.levelId} is null) or ${t.recipientKind} = 'Student'`,
    ),
    check(
      'notification_audiences_expiry_after_visibility',
      sql`${t.expiresAt} is null or ${t.expiresAt} > ${t.visibleAt}`,
    ),
  ],
);

/**
 * A user's read marker per type: audience items of the type visible at or before `read_until` are
 * read. One row per user and type, moved forward when the user opens the type's menu item.
 */
export const notificationReads = pgTable(
  'notification_reads',
  {
    recipientKind: text('recipient_kind').notNull(),
    recipientId: integer('recipient_id').notNull(),
    type: smallint('type').notNull(),
    readUntil: timestamp('read_until', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.recipientKind, t.recipientId, t.type] })],
);
