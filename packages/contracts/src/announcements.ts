import { z } from 'zod';
import { pageQuery, pagedEnvelope } from './envelope.js';
import { recordIdNumber } from './ids.js';

/**
 * Announcements and broadcasts (issue 25). An announcement is a title and a body (sanitised HTML)
 * for an audience, shown on its dashboards from its publish time until its expiry, and notified
 * (type 6) when it is published. A broadcast sends an e-mail and/or an in-app message (an
 * announcement) to chosen groups at once, the e-mails through the mail outbox.
 */

/** The admin page of announcements, and the /app page of broadcasts. */
export const ANNOUNCEMENT_PAGE = 'announcement';
export const BROADCAST_PAGE = 'SendBroadcast';

/** Who an announcement or a broadcast is for; students may be narrowed to a faculty, department, level. */
export const ANNOUNCEMENT_AUDIENCES = ['everyone', 'students', 'applicants', 'staff'] as const;
export type AnnouncementAudience = (typeof ANNOUNCEMENT_AUDIENCES)[number];

export const ANNOUNCEMENT_LIMITS = { title: 200, body: 20_000, subject: 200 } as const;

export const ANNOUNCEMENT_MESSAGES = {
  titleRequired: 'Enter a title.',
  titleTooLong: 'The title is too long (at most 200 characters).',
  bodyRequired: 'Enter the text of the announcement.',
  bodyTooLong: 'The text is too long (at most 20,000 characters).',
  bodyEmpty: 'The text is empty once scripts and unsafe markup are removed.',
  audience: 'Choose who it is for: everyone, students, applicants or staff.',
  narrowingForStudents: 'Faculty, department and level narrow an audience of students only.',
  dateTime: 'Use a date and time.',
  expiryBeforePublish: 'The expiry must be after the publish time.',
  expiryPassed: 'The expiry has already passed.',
  notFound: 'Announcement not found.',
  withdrawn: 'This announcement has been withdrawn.',
} as const;

export const BROADCAST_MESSAGES = {
  subjectRequired: 'Enter a subject.',
  subjectTooLong: 'The subject is too long (at most 200 characters).',
  bodyRequired: 'Enter the message.',
  bodyTooLong: 'The message is too long (at most 20,000 characters).',
  channelRequired: 'Choose e-mail, in-app or both.',
  noRecipients: 'Nobody is in the chosen group.',
  notFound: 'Broadcast not found.',
} as const;

export const ANNOUNCEMENTS_API = {
  /** GET ?page&pageSize (admin list) · POST (create). */
  admin: '/api/admin/announcements',
  /** PUT (edit). */
  one: (id: number | string) => `/api/admin/announcements/${id}`,
  /** POST: withdraw (hidden from dashboards, its notification removed). */
  withdraw: (id: number | string) => `/api/admin/announcements/${id}/withdraw`,
  /** GET: the current announcements for the signed-in user's dashboard. */
  current: '/api/announcements/current',
} as const;

export const BROADCASTS_API = {
  /** GET ?page&pageSize (the past broadcasts with their counts) · POST (send). */
  list: '/api/app/broadcasts',
  /** GET: one broadcast's counts (the progress while it goes out). */
  one: (id: number | string) => `/api/app/broadcasts/${id}`,
} as const;

const M = ANNOUNCEMENT_MESSAGES;
const dateTime = z.iso.datetime({ offset: true, error: M.dateTime });

/** The audience fields shared by announcements and broadcasts. */
const audienceFields = {
  Audience: z.enum(ANNOUNCEMENT_AUDIENCES, { error: M.audience }),
  FacultyId: recordIdNumber.nullable().optional(),
  DepartmentId: recordIdNumber.nullable().optional(),
  LevelId: recordIdNumber.nullable().optional(),
};

function studentsOnly(
  value: {
    Audience: AnnouncementAudience;
    FacultyId?: number | null;
    DepartmentId?: number | null;
    LevelId?: number | null;
  },
  ctx: z.RefinementCtx,
) {
  if (value.Audience !== 'students' && (value.FacultyId || value.DepartmentId || value.LevelId))
    ctx.addIssue({ code: 'custom', path: ['Audience'], message: M.narrowingForStudents });
}

export const announcementInput = z
  .object({
    Title: z.string().trim().min(1, M.titleRequired).max(ANNOUNCEMENT_LIMITS.title, M.titleTooLong),
    /** HTML or plain text; sanitised on the server (scripts, event handlers, javascript: links removed). */
    Body: z.string().trim().min(1, M.bodyRequired).max(ANNOUNCEMENT_LIMITS.body, M.bodyTooLong),
    ...audienceFields,
    /** When it appears (a scheduled announcement); null or absent: now. */
    PublishAt: dateTime.nullable().optional(),
    /** When it stops being shown; null or absent: never. */
    ExpiresAt: dateTime.nullable().optional(),
  })
  .superRefine((value, ctx) => {
    studentsOnly(value, ctx);
    const publish = value.PublishAt ? Date.parse(value.PublishAt) : Date.now();
    if (value.ExpiresAt && Date.parse(value.ExpiresAt) <= publish)
      ctx.addIssue({ code: 'custom', path: ['ExpiresAt'], message: M.expiryBeforePublish });
  });
export type AnnouncementInput = z.input<typeof announcementInput>;

export const ANNOUNCEMENT_STATES = ['scheduled', 'current', 'expired', 'withdrawn'] as const;

export const announcementItem = z.object({
  Id: z.number().int(),
  Title: z.string(),
  Body: z.string(),
  Audience: z.enum(ANNOUNCEMENT_AUDIENCES),
  FacultyId: z.number().int().nullable(),
  DepartmentId: z.number().int().nullable(),
  LevelId: z.number().int().nullable(),
  /** The narrowing in words (e.g. "Computer Science · 100 Level"), empty when none. */
  AudienceDetail: z.string(),
  PublishAt: z.string(),
  ExpiresAt: z.string().nullable(),
  State: z.enum(ANNOUNCEMENT_STATES),
});
export type AnnouncementItem = z.infer<typeof announcementItem>;

export const announcementListResponse = pagedEnvelope(announcementItem);
export type AnnouncementListResponse = z.infer<typeof announcementListResponse>;
export const announcementResponse = z.object({
  Status: z.string(),
  Message: z.string().optional(),
  Data: announcementItem,
});
export type AnnouncementResponse = z.infer<typeof announcementResponse>;
export const announcementListQuery = pageQuery;

/** The dashboard's announcements: title, body (sanitised HTML), when. */
export const currentAnnouncement = z.object({
  Id: z.number().int(),
  Title: z.string(),
  Body: z.string(),
  PublishAt: z.string(),
  ExpiresAt: z.string().nullable(),
});
export type CurrentAnnouncement = z.infer<typeof currentAnnouncement>;
export const currentAnnouncementsResponse = z.object({
  Status: z.string(),
  Data: z.array(currentAnnouncement),
});
export type CurrentAnnouncementsResponse = z.infer<typeof currentAnnouncementsResponse>;

const B = BROADCAST_MESSAGES;
export const broadcastInput = z
  .object({
    Subject: z.string().trim().min(1, B.subjectRequired).max(ANNOUNCEMENT_LIMITS.subject, B.subjectTooLong),
    Body: z.string().trim().min(1, B.bodyRequired).max(ANNOUNCEMENT_LIMITS.body, B.bodyTooLong),
    Email: z.boolean(),
    InApp: z.boolean(),
    ...audienceFields,
  })
  .superRefine((value, ctx) => {
    studentsOnly(value, ctx);
    if (!value.Email && !value.InApp)
      ctx.addIssue({ code: 'custom', path: ['Email'], message: B.channelRequired });
  });
export type BroadcastInput = z.input<typeof broadcastInput>;

export const broadcastItem = z.object({
  Id: z.number().int(),
  Subject: z.string(),
  Email: z.boolean(),
  InApp: z.boolean(),
  Audience: z.enum(ANNOUNCEMENT_AUDIENCES),
  AudienceDetail: z.string(),
  /** E-mails queued, delivered, and failed so far (a failed one is retried until its limit). */
  Queued: z.number().int(),
  Sent: z.number().int(),
  Failed: z.number().int(),
  CreatedAt: z.string(),
});
export type BroadcastItem = z.infer<typeof broadcastItem>;
export const broadcastListResponse = pagedEnvelope(broadcastItem);
export type BroadcastListResponse = z.infer<typeof broadcastListResponse>;
export const broadcastResponse = z.object({
  Status: z.string(),
  Message: z.string().optional(),
  Data: broadcastItem,
});
export type BroadcastResponse = z.infer<typeof broadcastResponse>;
export const broadcastListQuery = pageQuery;
