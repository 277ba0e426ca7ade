import { z } from 'zod';
import { pageQuery, pagedEnvelope } from './envelope.js';
import { recordId } from './ids.js';

/**
 * /app/LearnersManagement (issue 28): who is enrolled in each course offering — the approved course
 * registrations, read through the offerings module — and each learner's activity in it: lessons
 * opened and completed, assignments submitted, live classes attended.
 */
export const LEARNERS_PAGE = 'LearnersManagement';
export const LEARNERS_API = {
  offerings: '/api/admin/learners/offerings',
  roster: '/api/admin/learners/roster',
} as const;

/** The longest search the lists take. */
export const SEARCH_MAX = 100;
export const SEARCH_TOO_LONG = `A search is at most ${SEARCH_MAX} characters.`;

export const learnersOfferingsQuery = pageQuery.extend({
  search: z.string().trim().max(SEARCH_MAX, SEARCH_TOO_LONG).optional(),
  sessionId: recordId.optional(),
});

export const learnersOffering = z.object({
  CourseId: z.number(),
  SessionId: z.number(),
  Code: z.string(),
  Title: z.string(),
  Session: z.string(),
  Semester: z.string().nullable(),
  Lecturers: z.array(z.string()),
  Enrolled: z.number().int(),
});
export type LearnersOffering = z.infer<typeof learnersOffering>;
export const learnersOfferingsResponse = pagedEnvelope(learnersOffering);

export const learnersRosterQuery = z.object({ courseId: recordId, sessionId: recordId });

export const learner = z.object({
  StudentId: z.number(),
  MatricNo: z.string().nullable(),
  Name: z.string(),
  LessonsOpened: z.number().int(),
  LessonsCompleted: z.number().int(),
  Submissions: z.number().int(),
  LateSubmissions: z.number().int(),
  ClassesAttended: z.number().int(),
  /** The learner's latest lesson opened, submission or class joined in the offering. */
  LastActiveAt: z.string().nullable(),
});
export type Learner = z.infer<typeof learner>;

export const learnersRoster = z.object({
  CourseId: z.number(),
  SessionId: z.number(),
  Code: z.string(),
  Title: z.string(),
  Session: z.string(),
  Learners: z.array(learner),
});
export type LearnersRoster = z.infer<typeof learnersRoster>;
export const learnersRosterResponse = z.object({ Status: z.string(), Data: learnersRoster });
