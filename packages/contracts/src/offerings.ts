import { z } from 'zod';
import { pageQuery, searchText } from './envelope.js';
import { recordId } from './ids.js';

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
} as const;

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
  /** Students registered (approved) for the course that session. */
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
