import { z } from 'zod';
import { pagedEnvelope, pageQuery, searchText } from './envelope.js';
import { recordId } from './ids.js';

/**
 * /app/LearnersManagement (issue 28): who takes each course offering — the approved course
 * registrations and the students enrolled by hand to audit it, read through the offerings module —
 * and each learner's activity in it: lessons opened and completed, assignments submitted, live
 * classes attended.
 */
export const LEARNERS_PAGE = 'LearnersManagement';
export const LEARNERS_API = {
  /** GET ?courseId&sessionId&page&pageSize&search → the offering's learners, paged (registered first). */
  roster: '/api/admin/learners/roster',
  /**
   * POST AuditorInput → a student enrolled by hand to audit the offering; DELETE
   * ?courseId&sessionId&matricNo → that enrolment removed. Both audited.
   */
  auditors: '/api/admin/learners/auditors',
} as const;

/** The roster's page: searched by matric number or name (≤ 100 characters). */
export const learnersRosterQuery = pageQuery.extend({
  courseId: recordId,
  sessionId: recordId,
  search: searchText.optional(),
});
export type LearnersRosterQuery = z.input<typeof learnersRosterQuery>;

/** How a learner takes the offering: through course registration, or enrolled by hand to audit it. */
export const LEARNER_ENROLMENTS = ['registered', 'auditing'] as const;
export type LearnerEnrolment = (typeof LEARNER_ENROLMENTS)[number];

export const learner = z.object({
  StudentId: z.number(),
  MatricNo: z.string().nullable(),
  Name: z.string(),
  Enrolment: z.enum(LEARNER_ENROLMENTS),
  /** An auditor: why the school enrolled them, and when (null for the registered). */
  Reason: z.string().nullable(),
  AddedAt: z.string().nullable(),
  LessonsOpened: z.number().int(),
  LessonsCompleted: z.number().int(),
  Submissions: z.number().int(),
  LateSubmissions: z.number().int(),
  ClassesAttended: z.number().int(),
  /** The offering's computer-based exams the learner sat (submitted). */
  ExamsSat: z.number().int(),
  /** The learner's latest lesson opened, submission, class joined or exam submitted in the offering. */
  LastActiveAt: z.string().nullable(),
});
export type Learner = z.infer<typeof learner>;

/** The offering the roster is of, with how many take it each way (the whole roster, not the search). */
export const learnersOffering = z.object({
  CourseId: z.number(),
  SessionId: z.number(),
  Code: z.string(),
  Title: z.string(),
  Session: z.string(),
  Registered: z.number().int(),
  Auditing: z.number().int(),
});
export type LearnersOffering = z.infer<typeof learnersOffering>;

/** The list envelope (Data, Page, PageSize, Total of the search) with the offering beside it. */
export const learnersRosterResponse = pagedEnvelope(learner).extend({ Offering: learnersOffering });
export type LearnersRosterResponse = z.infer<typeof learnersRosterResponse>;
