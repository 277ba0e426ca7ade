import { z } from 'zod';
import { ADMIN_PAGES } from './admin.js';
import { envelope } from './envelope.js';
import { RESULT_SHEET_STATES } from './results.js';

/**
 * The staff home page (`/admin/dashboard`): what is waiting for the signed-in admin, by the roles
 * they hold. `GET /api/admin/my-work` answers any signed-in admin; each part is null when the
 * caller's roles do not reach its page.
 */

/** Pages whose holders see the admissions dashboard's figures (`GET /api/admin/dashboard`). */
export const ADMISSIONS_DASHBOARD_PAGES = [
  ADMIN_PAGES.allApplications,
  ADMIN_PAGES.screeningReport,
  ADMIN_PAGES.admissionPayments,
  ADMIN_PAGES.admissionList,
] as const;

/** The page each part of the caller's work belongs to (and links to). */
export const MY_WORK_PAGES = {
  registrations: 'courseRegistration',
  scoreSheets: 'resultupload',
  reviews: 'ReviewResult',
} as const;

const count = z.number().int().min(0);

export const myWork = z.object({
  /** Course registrations awaiting the caller's approval (the departments and levels advised). */
  Registrations: z
    .object({
      Awaiting: count,
      BySemester: z.array(z.object({ SemesterId: z.number().int(), Semester: z.string(), Count: count })),
    })
    .nullable(),
  /** The score sheets of the courses the caller lectures in the current session. */
  ScoreSheets: z
    .object({
      /** Sheets with registered students not yet submitted (none started, or a draft). */
      ToFill: count,
      /** Sheets a reviewer sent back. */
      Returned: count,
      Sheets: z.array(
        z.object({
          SemesterId: z.number().int(),
          Semester: z.string(),
          CourseId: z.number().int(),
          Code: z.string(),
          Title: z.string(),
          Students: count,
          State: z.enum(RESULT_SHEET_STATES).nullable(),
        }),
      ),
    })
    .nullable(),
  /** Score sheets waiting at a review stage the caller acts at (the first few). */
  Reviews: z
    .object({
      Awaiting: count,
      Sheets: z.array(
        z.object({
          SheetId: z.number().int(),
          CourseId: z.number().int(),
          SemesterId: z.number().int(),
          Code: z.string(),
          Title: z.string(),
          Semester: z.string(),
          Stage: z.string(),
        }),
      ),
    })
    .nullable(),
});
export type MyWork = z.infer<typeof myWork>;
export const myWorkResponse = envelope(myWork);
