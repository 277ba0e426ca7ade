import { z } from 'zod';
import { pageQuery, pagedEnvelope, searchText } from './envelope.js';
import { recordId } from './ids.js';

/**
 * /app/instructorManagement ('Manage Audits', issue 28): the lecturers of a session and their
 * offerings (the registry's CourseLecturers), their teaching activity, and the audit trail of their
 * teaching actions.
 */
export const INSTRUCTORS_PAGE = 'instructorManagement';
export const INSTRUCTORS_API = {
  list: '/api/admin/instructors',
  audit: '/api/admin/instructors/audit',
} as const;

/** The pages through which teaching is done: their audited actions are a lecturer's teaching trail. */
export const TEACHING_PAGES = ['managecontent', 'assignment', 'LiveClassroom', 'resultupload'] as const;
export const UNKNOWN_TEACHING_PAGE = `Choose a page among ${TEACHING_PAGES.join(', ')}.`;

export const instructorsQuery = pageQuery.extend({
  search: searchText.optional(),
  sessionId: recordId.optional(),
});

export const instructor = z.object({
  StaffId: z.number(),
  /** The lecturer's admin account (same e-mail); null when they have none, and so no activity. */
  AdminId: z.number().nullable(),
  Name: z.string(),
  Email: z.string(),
  Session: z.string(),
  Offerings: z.array(z.object({ CourseId: z.number(), Code: z.string() })),
  ContentPublished: z.number().int(),
  AssignmentsSet: z.number().int(),
  SubmissionsGraded: z.number().int(),
  ClassesHeld: z.number().int(),
  ScoreSheetsSubmitted: z.number().int(),
});
export type Instructor = z.infer<typeof instructor>;
export const instructorsResponse = pagedEnvelope(instructor);

export const instructorAuditQuery = pageQuery.extend({
  adminId: recordId,
  pageName: z.enum(TEACHING_PAGES, { error: UNKNOWN_TEACHING_PAGE }).optional(),
});

export const teachingAction = z.object({
  Id: z.number(),
  At: z.string(),
  Page: z.string(),
  Action: z.string(),
  Entity: z.string(),
  EntityId: z.string().nullable(),
});
export type TeachingAction = z.infer<typeof teachingAction>;
export const instructorAuditResponse = pagedEnvelope(teachingAction);
