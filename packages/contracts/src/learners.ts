import { z } from 'zod';
import { recordId } from './ids.js';

/**
 * /app/LearnersManagement (issue 28): who is enrolled in each course offering — the approved course
 * registrations, read through the offerings module — and each learner's activity in it: lessons
 * opened and completed, assignments submitted, live classes attended.
 */
export const LEARNERS_PAGE = 'LearnersManagement';
export const LEARNERS_API = {
  roster: '/api/admin/learners/roster',
} as const;

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
