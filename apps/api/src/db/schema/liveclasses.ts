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
  uuid,
} from 'drizzle-orm/pg-core';
import { admins } from './accounts.js';
import { offeringColumns } from './columns.js';

/**
 * Live classes (issue 26): a class of an offering on the meeting engine, and who attended it. The
 * liveclasses module owns these tables.
 */
export const liveClasses = pgTable(
  'live_classes',
  {
    id: serial('id').primaryKey(),
    ...offeringColumns(),
    /** The lecturer who scheduled it and moderates it (two classes of theirs never overlap). */
    lecturerId: integer('lecturer_id')
      .notNull()
      .references(() => admins.id),
    title: text('title').notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    durationMinutes: integer('duration_minutes').notNull(),
    record: boolean('record').notNull().default(false),
    /** Classes scheduled together by "repeat weekly" share it. */
    seriesId: uuid('series_id'),
    /** The engine's meetingID: random, so a meeting cannot be guessed from a class id. */
    meetingId: text('meeting_id').notNull(),
    /** 'scheduled' or 'cancelled'. */
    state: text('state').notNull().default('scheduled'),
    startedAt: timestamp('started_at', { withTimezone: true }),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    /** Set once, by the conditional update of the 15-minute reminder. */
    remindedAt: timestamp('reminded_at', { withTimezone: true }),
    recordingId: text('recording_id'),
    recordingUrl: text('recording_url'),
    /** A file the engine gives (a podcast or video format), for watching later on a slow link. */
    recordingFileUrl: text('recording_file_url'),
    recordingReadyAt: timestamp('recording_ready_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('live_classes_meeting_id').on(t.meetingId),
    index('live_classes_offering').on(t.courseId, t.sessionId, t.startsAt),
    index('live_classes_lecturer').on(t.lecturerId, t.startsAt),
    index('live_classes_due_reminder')
      .on(t.startsAt)
      .where(sql`reminded_at is null and state = 'scheduled'`),
    check('live_classes_state', sql`${t.state} in ('scheduled', 'cancelled')`),
    check('live_classes_duration', sql`${t.durationMinutes} between 1 and 1440`),
    check('live_classes_ended_after_start', sql`${t.endedAt} is null or ${t.startedAt} is not null`),
  ],
);

/**
 * One stretch of a user's presence in a class: opened when they join (through the portal, or seen
 * by getMeetingInfo), closed when getMeetingInfo no longer lists them or the meeting ends. At most
 * one open stretch per user and class, so a join is counted once however often it is asked for.
 */
export const liveClassAttendance = pgTable(
  'live_class_attendance',
  {
    id: serial('id').primaryKey(),
    classId: integer('class_id')
      .notNull()
      .references(() => liveClasses.id, { onDelete: 'cascade' }),
    /** 'Student' or 'Admin'. */
    userKind: text('user_kind').notNull(),
    userId: integer('user_id').notNull(),
    fullName: text('full_name').notNull(),
    joinedAt: timestamp('joined_at', { withTimezone: true }).notNull(),
    leftAt: timestamp('left_at', { withTimezone: true }),
    /** When getMeetingInfo last listed them. */
    seenAt: timestamp('seen_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('live_class_attendance_open')
      .on(t.classId, t.userKind, t.userId)
      .where(sql`left_at is null`),
    index('live_class_attendance_class').on(t.classId, t.userKind, t.userId),
    check('live_class_attendance_kind', sql`${t.userKind} in ('Student', 'Admin')`),
    check('live_class_attendance_order', sql`${t.leftAt} is null or ${t.leftAt} >= ${t.joinedAt}`),
  ],
);
