import { z } from 'zod';
import { pageQuery, searchText } from './envelope.js';
import { recordId, recordIdNumber } from './ids.js';
import { template, textArg } from './messages.js';

/**
 * A course offering (a course in an academic session) is where the classroom lives: its content,
 * assignments, discussion, live classes and exams. Who may act on one is decided once, by the
 * offerings module: its lecturers (CourseLecturers) and an admin holding the page of the feature who
 * lectures nothing; students whose approved registration holds the course.
 */
export const OFFERING_MESSAGES = {
  offeringNotFound: 'This course has no offering in that session.',
  notLecturer:
    'Only the lecturers of this course in this session (or an admin with this page who lectures no course) can do this.',
  notEnrolled: 'You are not registered for this course in this session.',
  unknownPage: 'There is no list of course offerings for that page.',
  lecturerNotFound: 'No lecturer has that id.',
  // Auditors: students enrolled by hand in an offering they do not register for.
  auditStudentNotFound: 'No active student has this matric number.',
  auditNoSemester: 'This course has no semester set up in that session, so nobody can be enrolled in it yet.',
  auditAlreadyRegistered: template(
    '{matricNo} is registered for {code} this semester: they take it through course registration, not as an auditor.',
    textArg('matricNo'),
    textArg('code'),
  ),
  auditAlreadyAuditing: template(
    '{matricNo} is already auditing {code}.',
    textArg('matricNo'),
    textArg('code'),
  ),
  auditNotAuditing: template('{matricNo} is not auditing {code}.', textArg('matricNo'), textArg('code')),
  auditReasonRequired: 'Say why the student audits the course (at least 3 characters).',
  auditReasonTooLong: 'A reason is at most 300 characters.',
  auditMatricRequired: 'Give the student’s matric number.',
  auditorAdded: template('{matricNo} now audits {code}.', textArg('matricNo'), textArg('code')),
  auditorRemoved: template('{matricNo} no longer audits {code}.', textArg('matricNo'), textArg('code')),
} as const;

/** The longest reason an audit enrolment keeps. */
export const AUDIT_REASON_MAX = 300;

const auditMatricNo = z
  .string({ error: OFFERING_MESSAGES.auditMatricRequired })
  .trim()
  .min(3, OFFERING_MESSAGES.auditMatricRequired)
  .max(40, OFFERING_MESSAGES.auditMatricRequired);

/**
 * A student enrolled by hand to audit an offering (where the school allows it): they take part in
 * its classroom but sit no exam for it and get no result. The reason is required.
 */
export const auditorInput = z.object({
  CourseId: recordIdNumber,
  SessionId: recordIdNumber,
  MatricNo: auditMatricNo,
  Reason: z
    .string({ error: OFFERING_MESSAGES.auditReasonRequired })
    .trim()
    .min(3, OFFERING_MESSAGES.auditReasonRequired)
    .max(AUDIT_REASON_MAX, OFFERING_MESSAGES.auditReasonTooLong),
});
export type AuditorInput = z.infer<typeof auditorInput>;

/** Which auditor to remove: the offering and the student's matric number. */
export const auditorRemoveQuery = z.object({
  courseId: recordId,
  sessionId: recordId,
  matricNo: auditMatricNo,
});
export type AuditorRemoveQuery = z.infer<typeof auditorRemoveQuery>;

/**
 * The admin pages whose first screen lists the caller's offerings (a lecturer's own; the page's
 * administrator: every offering of a session): content (CONTENT_PAGES.manage), assignments
 * (ASSIGNMENT_PAGE), live classes (LIVE_CLASS_PAGES.manage), learning discussion
 * (DISCUSSION_PAGES.learning). Named here, not imported: those features' contracts build on this
 * file's `offeringSummary` (the API's offerings test holds the two to each other).
 */
export const OFFERING_PAGES = [
  'managecontent',
  'assignment',
  'LiveClassroom',
  'learningdiscussion',
  'LearnersManagement',
  'cbt',
] as const;
export type OfferingPage = (typeof OFFERING_PAGES)[number];

export const OFFERINGS_API = {
  /** GET ?page&pageSize&search&sessionId → the offerings the caller works on through an admin page. */
  staff: (page: OfferingPage) => `/api/admin/offerings/${page}`,
} as const;

export const staffOfferingsParams = z.object({
  page: z.enum(OFFERING_PAGES, { error: OFFERING_MESSAGES.unknownPage }),
});

export const staffOfferingsQuery = pageQuery.extend({
  search: searchText.optional(),
  /** The page's administrator: an offering of another session (default: the current session). */
  sessionId: recordId.optional(),
});
export type StaffOfferingsQuery = z.input<typeof staffOfferingsQuery>;

/** An offering as the classroom's staff pages show it: the course, the session, who lectures it, who takes it. */
export const offeringSummary = z.object({
  CourseId: z.number().int(),
  SessionId: z.number().int(),
  Code: z.string(),
  Title: z.string(),
  /** The course's term: First, Second. */
  Semester: z.string(),
  Session: z.string(),
  Lecturers: z.array(z.string()),
  /**
   * Students taking part in the offering's classroom: registered (approved) for the course that
   * session, and those auditing it.
   */
  Enrolled: z.number().int(),
});

/** An offering in a staff list, as every classroom page lists it. */
export const staffOffering = offeringSummary.extend({
  /**
   * What the page's feature counts in the offering, by name (content: Items, Published,
   * PendingReview, Returned); empty for a feature that counts nothing here.
   */
  Counts: z.record(z.string(), z.number().int()),
});
export type StaffOffering = z.infer<typeof staffOffering>;

export const staffOfferingsResponse = z.object({
  Status: z.string(),
  Data: z.array(staffOffering),
  Page: z.number().int(),
  PageSize: z.number().int(),
  Total: z.number().int(),
});
export type StaffOfferingsResponse = z.infer<typeof staffOfferingsResponse>;
