import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { optionalOfferingColumns } from './columns.js';
import { discussionTypes } from './institution.js';
import { departments, levels } from './reference.js';

/**
 * Discussions (issue 25): threads on three kinds of board — the learning discussion of an offering
 * (a course in a session), the student discussion of a department and level, the general discussion.
 * A thread's opening text is its first post, so edits, hiding and reports treat every post alike.
 * The discussions module owns these tables.
 */
export const discussionThreads = pgTable(
  'discussion_threads',
  {
    id: serial('id').primaryKey(),
    /** 'learning' | 'student' | 'general' (DISCUSSION_KINDS). */
    kind: text('kind').notNull(),
    ...optionalOfferingColumns(),
    departmentId: integer('department_id').references(() => departments.id),
    levelId: integer('level_id').references(() => levels.id),
    typeId: integer('type_id')
      .notNull()
      .references(() => discussionTypes.id),
    title: text('title').notNull(),
    authorKind: text('author_kind').notNull(),
    authorId: integer('author_id').notNull(),
    pinned: boolean('pinned').notNull().default(false),
    locked: boolean('locked').notNull().default(false),
    /** The reply a lecturer marked as the answer. */
    answerPostId: integer('answer_post_id'),
    replyCount: integer('reply_count').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastActivityAt: timestamp('last_activity_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // A board's columns are exactly those of its kind.
    check(
      'discussion_threads_board',
      sql`(${t.kind} = 'learning' and ${t.courseId} is not null and ${t.sessionId} is not null and ${t.departmentId} is null and ${t.levelId} is null)
        or (${t.kind} = 'student' and ${t.departmentId} is not null and ${t.levelId} is not null and ${t.courseId} is null and ${t.sessionId} is null)
        or (${t.kind} = 'general' and ${t.courseId} is null and ${t.sessionId} is null and ${t.departmentId} is null and ${t.levelId} is null)`,
    ),
    check('discussion_threads_author_kind', sql`${t.authorKind} in ('Student', 'Admin')`),
    check('discussion_threads_title', sql`length(${t.title}) between 1 and 200`),
    // A board's page: pinned first, newest activity first.
    index('discussion_threads_learning')
      .on(t.courseId, t.sessionId, t.pinned.desc(), t.lastActivityAt.desc(), t.id.desc())
      .where(sql`${t.kind} = 'learning'`),
    index('discussion_threads_student')
      .on(t.departmentId, t.levelId, t.pinned.desc(), t.lastActivityAt.desc(), t.id.desc())
      .where(sql`${t.kind} = 'student'`),
    index('discussion_threads_general')
      .on(t.pinned.desc(), t.lastActivityAt.desc(), t.id.desc())
      .where(sql`${t.kind} = 'general'`),
  ],
);

export const discussionPosts = pgTable(
  'discussion_posts',
  {
    id: serial('id').primaryKey(),
    threadId: integer('thread_id')
      .notNull()
      .references(() => discussionThreads.id, { onDelete: 'cascade' }),
    /** The thread's opening text (one per thread). */
    opening: boolean('opening').notNull().default(false),
    /** Sanitised HTML. */
    body: text('body').notNull(),
    authorKind: text('author_kind').notNull(),
    authorId: integer('author_id').notNull(),
    hidden: boolean('hidden').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    editedAt: timestamp('edited_at', { withTimezone: true }),
  },
  (t) => [
    check('discussion_posts_author_kind', sql`${t.authorKind} in ('Student', 'Admin')`),
    // Sanitised HTML: escaping and the links' added attributes make it longer than the 20,000 characters typed.
    check('discussion_posts_body', sql`length(${t.body}) between 1 and 150000`),
    uniqueIndex('discussion_posts_one_opening')
      .on(t.threadId)
      .where(sql`${t.opening}`),
    index('discussion_posts_thread').on(t.threadId, t.createdAt, t.id),
  ],
);

/** A report of a post, once per user per post. */
export const discussionReports = pgTable(
  'discussion_reports',
  {
    id: serial('id').primaryKey(),
    postId: integer('post_id')
      .notNull()
      .references(() => discussionPosts.id, { onDelete: 'cascade' }),
    reporterKind: text('reporter_kind').notNull(),
    reporterId: integer('reporter_id').notNull(),
    reason: text('reason').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('discussion_reports_once').on(t.postId, t.reporterKind, t.reporterId),
    check('discussion_reports_reason', sql`length(${t.reason}) between 1 and 500`),
  ],
);
