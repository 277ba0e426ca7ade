import { z } from 'zod';
import { countArg, template, textArg } from './messages.js';
import { offeringSummary } from './offerings.js';

/**
 * Live classes (issue 26): a lecturer schedules a class for an offering (a course in a session) on
 * the meeting engine (BigBlueButton, or the portal's sandbox engine); registered students join from
 * 10 minutes before the start until it ends, through a join link made for them; attendance and
 * recordings come back from the engine.
 */

/** The admin page (`/admin/LiveClassroom`) and the /app review page guarding the staff routes. */
export const LIVE_CLASS_PAGES = { manage: 'LiveClassroom', review: 'classroomReview' } as const;

export const LIVE_CLASS_LIMITS = {
  title: 200,
  /** The shortest class, minutes (the longest is the LIVE_CLASS_MAX_MINUTES setting). */
  minMinutes: 15,
  /** Classes one "repeat weekly" makes at most. */
  repeatWeeks: 16,
  /** Students may join this many minutes before the start. */
  joinEarlyMinutes: 10,
  /** The lecturer may start this many minutes before the start. */
  startEarlyMinutes: 15,
  /** Students are reminded this many minutes before the start. */
  reminderMinutes: 15,
  /** Seconds a join link stays valid. */
  joinLinkSeconds: 120,
} as const;

export const LIVE_CLASS_MESSAGES = {
  classNotFound: 'Live class not found.',
  titleRequired: 'Give the class a title.',
  titleTooLong: `A title has at most ${LIVE_CLASS_LIMITS.title} characters.`,
  startInvalid: 'Give the start date and time.',
  durationInvalid: `Give the duration in whole minutes, at least ${LIVE_CLASS_LIMITS.minMinutes}.`,
  repeatInvalid: `Repeat weekly from 1 to ${LIVE_CLASS_LIMITS.repeatWeeks} times.`,
  inPast: 'A class cannot start in the past. Choose a later time.',
  tooLong: template('A class lasts at most {max} minutes (the school’s setting).', countArg('max')),
  overlap: template(
    'This overlaps your class “{title}” on {time} (Lagos time). Choose another time.',
    textArg('title'),
    textArg('time'),
  ),
  scheduled: template(
    '{n, plural, one {Class scheduled} other {# classes scheduled}}: the students of the course are told.',
    countArg('n'),
  ),
  updated: 'Class changed: the students of the course are told.',
  cancelled: 'Class cancelled: the students of the course are told.',
  isCancelled: 'This class was cancelled.',
  hasStarted: 'A class that has started cannot be changed or cancelled.',
  hasEnded: 'This class has ended.',
  startTooEarly: `A class can be started from ${LIVE_CLASS_LIMITS.startEarlyMinutes} minutes before its start time.`,
  joinTooEarly: `Join opens ${LIVE_CLASS_LIMITS.joinEarlyMinutes} minutes before the class starts.`,
  notStarted: 'The lecturer has not started the class yet. Try again in a moment.',
  ended: 'The class has ended.',
  engineDown: 'The live-class server is not answering, so nothing was changed. Try again in a minute.',
  engineRefused:
    'The live-class server refused the request. Try again; tell the ICT unit if it keeps happening.',
  linkInvalid: 'This join link is not valid or has expired. Join again from the portal.',
} as const;

type Id = number | string;

/** The student's page, which notifications open. */
export const LIVE_CLASS_STUDENT_PAGE = '/student/liveclasses';

export const LIVE_CLASS_API = {
  // staff (lecturers of the offering; admins with LiveClassroom who lecture nothing)
  // The list of the caller's offerings: OFFERINGS_API.staff(LIVE_CLASS_PAGES.manage).
  /** GET → the offering's classes; POST LiveClassInput → schedule (weekly repeats). */
  offering: (courseId: Id, sessionId: Id) => `/api/admin/liveclasses/offerings/${courseId}/${sessionId}`,
  /** GET → attendance per student over the offering's classes. */
  offeringAttendance: (courseId: Id, sessionId: Id) =>
    `/api/admin/liveclasses/offerings/${courseId}/${sessionId}/attendance`,
  /** PUT LiveClassUpdate → change. */
  liveClass: (id: Id) => `/api/admin/liveclasses/${id}`,
  /** POST → cancel (students told). */
  cancel: (id: Id) => `/api/admin/liveclasses/${id}/cancel`,
  /** POST → the moderator's join link (creates the meeting on the engine). */
  start: (id: Id) => `/api/admin/liveclasses/${id}/start`,
  /** POST → ends the meeting. */
  end: (id: Id) => `/api/admin/liveclasses/${id}/end`,
  /** GET → who joined, when, for how long. */
  attendance: (id: Id) => `/api/admin/liveclasses/${id}/attendance`,
  /** GET → the same as CSV. */
  attendanceCsv: (id: Id) => `/api/admin/liveclasses/${id}/attendance.csv`,
  /** GET ?page&pageSize → every class with attendance rate, duration, recording (/app/classroomReview). */
  review: '/api/admin/liveclasses/review',
  // students
  /** GET → upcoming and past classes of the caller's offerings. */
  student: '/api/student/liveclasses',
  /** POST → a join link made for the caller. */
  studentJoin: (id: Id) => `/api/student/liveclasses/${id}/join`,
  // links and the engine's callbacks (public; each checks its own signature)
  /** GET ?u&exp&sig → records the join and forwards to the engine's room. */
  go: (id: Id) => `/api/liveclasses/${id}/go`,
  /** GET: the meeting's logout URL; who is in the room is read again, then the browser goes to the portal. */
  left: (id: Id) => `/api/liveclasses/${id}/left`,
  /** GET (the engine's meta_endCallbackUrl). */
  endedCallback: '/api/liveclasses/callbacks/ended',
  /** POST signed_parameters (the engine's meta_bbb-recording-ready-url). */
  recordingCallback: '/api/liveclasses/callbacks/recording-ready',
} as const;

// ───────────────────────────── inputs ─────────────────────────────

const title = z
  .string({ error: LIVE_CLASS_MESSAGES.titleRequired })
  .trim()
  .min(1, LIVE_CLASS_MESSAGES.titleRequired)
  .max(LIVE_CLASS_LIMITS.title, LIVE_CLASS_MESSAGES.titleTooLong);

/** An ISO date-time with its offset (the web sends Lagos time as +01:00, or UTC). */
const startsAt = z.iso.datetime({ offset: true, error: LIVE_CLASS_MESSAGES.startInvalid });

const duration = z
  .number({ error: LIVE_CLASS_MESSAGES.durationInvalid })
  .int(LIVE_CLASS_MESSAGES.durationInvalid)
  .min(LIVE_CLASS_LIMITS.minMinutes, LIVE_CLASS_MESSAGES.durationInvalid)
  .max(100_000, LIVE_CLASS_MESSAGES.durationInvalid);

export const liveClassUpdate = z.object({
  Title: title,
  StartsAt: startsAt,
  DurationMinutes: duration,
  Record: z.boolean().default(false),
});
export type LiveClassUpdate = z.input<typeof liveClassUpdate>;

export const liveClassInput = liveClassUpdate.extend({
  /** How many weekly classes to make (1: this one only). */
  RepeatWeeks: z
    .number({ error: LIVE_CLASS_MESSAGES.repeatInvalid })
    .int(LIVE_CLASS_MESSAGES.repeatInvalid)
    .min(1, LIVE_CLASS_MESSAGES.repeatInvalid)
    .max(LIVE_CLASS_LIMITS.repeatWeeks, LIVE_CLASS_MESSAGES.repeatInvalid)
    .default(1),
});
export type LiveClassInput = z.input<typeof liveClassInput>;

export const liveClassGoQuery = z.object({
  u: z.string().max(40),
  exp: z.coerce.number().int().min(0).max(99_999_999_999),
  sig: z.string().max(100),
});

// ───────────────────────────── answers ─────────────────────────────

/**
 * A class's state as people see it: `scheduled` (not started), `live` (running), `ended`,
 * `cancelled`, or `missed` (its time passed and it never started).
 */
export const LIVE_CLASS_STATES = ['scheduled', 'live', 'ended', 'cancelled', 'missed'] as const;
export type LiveClassState = (typeof LIVE_CLASS_STATES)[number];

export const liveClassRecording = z.object({
  /** The engine's playback page. */
  Url: z.string(),
  /** A file to download (audio or video) where the engine gives one. */
  FileUrl: z.string().nullable(),
});

export const liveClass = z.object({
  Id: z.number(),
  CourseId: z.number(),
  SessionId: z.number(),
  Code: z.string(),
  CourseTitle: z.string(),
  Title: z.string(),
  StartsAt: z.string(),
  EndsAt: z.string(),
  DurationMinutes: z.number(),
  Record: z.boolean(),
  State: z.enum(LIVE_CLASS_STATES),
  Lecturer: z.string(),
  StartedAt: z.string().nullable(),
  EndedAt: z.string().nullable(),
  Recording: liveClassRecording.nullable(),
  /** Students: whether Join is open now. Staff: whether Start is. */
  CanJoin: z.boolean(),
  /** When Join (students) or Start (staff) opens. */
  JoinOpensAt: z.string(),
  Attended: z.number(),
});
export type LiveClass = z.infer<typeof liveClass>;

export const liveClassOffering = offeringSummary;
export type LiveClassOffering = z.infer<typeof liveClassOffering>;

export const liveClassOfferingResponse = z.object({
  Status: z.string(),
  Data: liveClassOffering.extend({ Classes: z.array(liveClass), MaxMinutes: z.number() }),
});

export const liveClassesResponse = z.object({
  Status: z.string(),
  Message: z.string().optional(),
  Data: z.array(liveClass),
});

export const liveClassResponse = z.object({ Status: z.string(), Message: z.string(), Data: liveClass });

export const liveClassJoinResponse = z.object({
  Status: z.string(),
  Data: z.object({ Url: z.string(), ExpiresAt: z.string() }),
});

export const liveClassOkResponse = z.object({ Status: z.string(), Message: z.string() });

export const studentLiveClassesResponse = z.object({
  Status: z.string(),
  Data: z.object({ Upcoming: z.array(liveClass), Past: z.array(liveClass) }),
});

export const liveClassAttendee = z.object({
  Kind: z.enum(['Student', 'Admin']),
  UserId: z.number(),
  Name: z.string(),
  /** The matric number of a student; null for staff. */
  MatricNo: z.string().nullable(),
  FirstJoinedAt: z.string(),
  LastLeftAt: z.string().nullable(),
  /** Still in the class. */
  Present: z.boolean(),
  Joins: z.number(),
  Minutes: z.number(),
});
export type LiveClassAttendee = z.infer<typeof liveClassAttendee>;

export const liveClassAttendanceResponse = z.object({
  Status: z.string(),
  Data: z.object({
    Class: liveClass,
    Enrolled: z.number(),
    Attendees: z.array(liveClassAttendee),
  }),
});

export const liveClassStudentAttendance = z.object({
  StudentId: z.number(),
  MatricNo: z.string(),
  Name: z.string(),
  ClassesAttended: z.number(),
  Minutes: z.number(),
});

export const liveClassOfferingAttendanceResponse = z.object({
  Status: z.string(),
  Data: z.object({ Classes: z.number(), Students: z.array(liveClassStudentAttendance) }),
});

export const liveClassReviewRow = z.object({
  Id: z.number(),
  Code: z.string(),
  Title: z.string(),
  Lecturer: z.string(),
  StartsAt: z.string(),
  State: z.enum(LIVE_CLASS_STATES),
  DurationMinutes: z.number(),
  /** Minutes it actually ran; null when it never started. */
  RanMinutes: z.number().nullable(),
  Enrolled: z.number(),
  Attended: z.number(),
  /** Attended students over enrolled, 0–100. */
  AttendanceRate: z.number(),
  Recording: z.boolean(),
  NeverStarted: z.boolean(),
});
export type LiveClassReviewRow = z.infer<typeof liveClassReviewRow>;

export const liveClassReviewResponse = z.object({
  Status: z.string(),
  Data: z.array(liveClassReviewRow),
  Page: z.number(),
  PageSize: z.number(),
  Total: z.number(),
});
