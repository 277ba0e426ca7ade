import { sql } from 'drizzle-orm';
import { bigserial, index, integer, pgTable, smallint, text, timestamp } from 'drizzle-orm/pg-core';

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
