import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  foreignKey,
  index,
  integer,
  pgTable,
  primaryKey,
  real,
  serial,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import { admins, students } from './accounts.js';
import { offeringColumns } from './columns.js';

/**
 * Course content (issue 24): an offering (a course in a session) has ordered sections, each with
 * ordered items. The content module owns these tables.
 */
export const contentSections = pgTable(
  'content_sections',
  {
    id: serial('id').primaryKey(),
    ...offeringColumns(),
    title: text('title').notNull(),
    position: integer('position').notNull(),
    published: boolean('published').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('content_sections_offering').on(t.courseId, t.sessionId, t.position),
    // What an item's offering columns refer to (content_items_section_offering).
    unique('content_sections_id_offering').on(t.id, t.courseId, t.sessionId),
  ],
);

export const contentItems = pgTable(
  'content_items',
  {
    id: serial('id').primaryKey(),
    sectionId: integer('section_id')
      .notNull()
      .references(() => contentSections.id),
    /**
     * The section's offering, repeated so an item's checks and counts need no join; the database keeps
     * it the section's (content_items_section_offering).
     */
    ...offeringColumns(),
    position: integer('position').notNull(),
    kind: text('kind').notNull(),
    title: text('title').notNull(),
    state: text('state').notNull().default('draft'),
    /** link items and video links */
    url: text('url'),
    /** text items: sanitised HTML */
    html: text('html'),
    /** The claimed upload (uploads' id) and the stored file. */
    uploadId: uuid('upload_id'),
    fileKey: text('file_key'),
    fileName: text('file_name'),
    fileMime: text('file_mime'),
    fileSize: bigint('file_size', { mode: 'number' }),
    fileKind: text('file_kind'),
    reviewComment: text('review_comment'),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    submittedBy: integer('submitted_by').references(() => admins.id),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    reviewedBy: integer('reviewed_by').references(() => admins.id),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    createdBy: integer('created_by').references(() => admins.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    foreignKey({
      name: 'content_items_section_offering',
      columns: [t.sectionId, t.courseId, t.sessionId],
      foreignColumns: [contentSections.id, contentSections.courseId, contentSections.sessionId],
    }),
    index('content_items_section').on(t.sectionId, t.position),
    index('content_items_offering').on(t.courseId, t.sessionId),
    index('content_items_pending')
      .on(t.submittedAt)
      .where(sql`${t.state} = 'pending_review'`),
    check('content_items_kind', sql`${t.kind} in ('document', 'video', 'text', 'link')`),
    check('content_items_state', sql`${t.state} in ('draft', 'pending_review', 'published', 'returned')`),
  ],
);

/** A student's progress on an item: opened, completed, where the player stopped. */
export const contentProgress = pgTable(
  'content_progress',
  {
    studentId: integer('student_id')
      .notNull()
      .references(() => students.id),
    itemId: integer('item_id')
      .notNull()
      .references(() => contentItems.id, { onDelete: 'cascade' }),
    openedAt: timestamp('opened_at', { withTimezone: true }),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    positionSeconds: real('position_seconds'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.studentId, t.itemId] }), index('content_progress_item').on(t.itemId)],
);

/** A student's visits of an offering: what is new is what was published since the previous one. */
export const contentVisits = pgTable(
  'content_visits',
  {
    studentId: integer('student_id')
      .notNull()
      .references(() => students.id),
    ...offeringColumns(),
    lastVisitedAt: timestamp('last_visited_at', { withTimezone: true }).notNull(),
    previousVisitedAt: timestamp('previous_visited_at', { withTimezone: true }),
    /** videosCompleted (spec §4): the last lesson of the offering ended. */
    videosCompletedAt: timestamp('videos_completed_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.studentId, t.courseId, t.sessionId] })],
);
