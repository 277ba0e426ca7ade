import { z } from 'zod';
import { pageQuery } from './envelope.js';
import { recordId } from './ids.js';

/**
 * Notifications (issue 24 builds the core, issue 25 adds announcements and broadcasts on top): one
 * item per event and recipient, counted unread per type. Every module publishes through the
 * notifications module's `publish` — never writes the table itself.
 */

/**
 * The spec's notification types (§9) by the names of §3, each with the student sidebar path whose
 * menu item shows its count and resets it to 0 when opened (§4). Declared once.
 */
export const NOTIFICATION_TYPES = {
  lectureNotes: { type: 2, path: '/student/lecturenote' },
  assignments: { type: 3, path: '/student/assignment' },
  liveClassRoom: { type: 4, path: '/student/liveclasses' },
  learningDiscussion: { type: 5, path: '/student/discussion' },
  announcements: { type: 6, path: '/student/dashboard' },
  exams: { type: 7, path: '/student/exams' },
} as const;

export type NotificationTypeName = keyof typeof NOTIFICATION_TYPES;
export type NotificationTypeId = (typeof NOTIFICATION_TYPES)[NotificationTypeName]['type'];
export const NOTIFICATION_TYPE_NAMES = Object.keys(NOTIFICATION_TYPES) as [
  NotificationTypeName,
  ...NotificationTypeName[],
];
export const NOTIFICATION_TYPE_IDS = NOTIFICATION_TYPE_NAMES.map(
  (name) => NOTIFICATION_TYPES[name].type,
) as NotificationTypeId[];

/** The name of a type number (2 → 'lectureNotes'); undefined for a number that is no type. */
export function notificationTypeName(type: number): NotificationTypeName | undefined {
  return NOTIFICATION_TYPE_NAMES.find((name) => NOTIFICATION_TYPES[name].type === type);
}

/** `GetUnReadNotifications` answers at most this many items (the newest); Data's length is the count up to it. */
export const UNREAD_NOTIFICATIONS_LIMIT = 500;

export const NOTIFICATION_MESSAGES = {
  notYours: 'You can only read your own notifications.',
  unknownType: 'notificationType must be one of 2, 3, 4, 5, 6 or 7.',
} as const;

/** The newest items the header's bell lists (a page of the list, read as the shell opens). */
export const NOTIFICATIONS_LATEST = 6;

/** The API's paths, for the web client (the last two are the spec's §7 calls). */
export const NOTIFICATIONS_API = {
  /** GET → one unread count per type name. */
  counts: '/api/notifications/counts',
  /** GET ?type=<name>&page&pageSize&unread=true → the caller's items, newest first. */
  list: '/api/notifications',
  /** POST { type } → marks the caller's items of that type read. */
  read: '/api/notifications/read',
  /** GET ?staffId=&notificationType= → { Status: true, Data: unread items }. */
  unread: '/api/GetUnReadNotifications',
  /** POST ?staffId=&notificationType= → { Status }. */
  markRead: '/api/MarkNotificationsAsRead',
} as const;

const typeName = z.enum(NOTIFICATION_TYPE_NAMES, {
  error: `type must be one of ${NOTIFICATION_TYPE_NAMES.join(', ')}.`,
});

export const notificationItem = z.object({
  Id: z.number().int(),
  Type: z.number().int(),
  TypeName: typeName,
  Title: z.string(),
  /** A path inside the portal (e.g. /student/lecturenote/12/3), opened when the item is clicked. */
  Link: z.string(),
  CreatedAt: z.string(),
  ReadAt: z.string().nullable(),
});
export type NotificationItem = z.infer<typeof notificationItem>;

export const notificationCounts = z.object(
  Object.fromEntries(NOTIFICATION_TYPE_NAMES.map((name) => [name, z.number().int().min(0)])) as Record<
    NotificationTypeName,
    z.ZodNumber
  >,
);
export type NotificationCounts = Record<NotificationTypeName, number>;
export const notificationCountsResponse = z.object({
  Status: z.string(),
  Data: notificationCounts,
  /** The sum of the counts. */
  Total: z.number().int(),
});
export type NotificationCountsResponse = z.infer<typeof notificationCountsResponse>;

export const notificationListQuery = pageQuery.extend({
  type: typeName.optional(),
  unread: z
    .enum(['true', 'false'])
    .optional()
    .transform((v) => v === 'true'),
});
export type NotificationListQuery = z.input<typeof notificationListQuery>;

export const notificationListResponse = z.object({
  Status: z.string(),
  Data: z.array(notificationItem),
  Page: z.number().int(),
  PageSize: z.number().int(),
  Total: z.number().int(),
});
export type NotificationListResponse = z.infer<typeof notificationListResponse>;

export const markNotificationsReadRequest = z.object({ type: typeName });
export type MarkNotificationsReadRequest = z.infer<typeof markNotificationsReadRequest>;
export const markNotificationsReadResponse = z.object({
  Status: z.string(),
  /** How many items became read. */
  Data: z.object({ Marked: z.number().int() }),
});

const notificationTypeNumber = z.coerce
  .number({ error: NOTIFICATION_MESSAGES.unknownType })
  .int(NOTIFICATION_MESSAGES.unknownType)
  .refine((n) => notificationTypeName(n) !== undefined, NOTIFICATION_MESSAGES.unknownType);

/**
 * The spec's query (§7): `staffId` is the caller's own id — a student's StudID, an admin's UserId,
 * an applicant's ApplicantID — anything else is refused (403).
 */
export const specNotificationQuery = z.object({
  staffId: recordId,
  notificationType: notificationTypeNumber,
});
export type SpecNotificationQuery = z.input<typeof specNotificationQuery>;

export const specUnreadResponse = z.object({ Status: z.boolean(), Data: z.array(notificationItem) });
export type SpecUnreadResponse = z.infer<typeof specUnreadResponse>;
export const specMarkReadResponse = z.object({ Status: z.boolean() });
export type SpecMarkReadResponse = z.infer<typeof specMarkReadResponse>;
