import { z } from 'zod';

/**
 * /app/dashboard: the learning platform at a glance (issue 28). Each part is read through its own
 * module's service; a part the portal does not run yet is null ("not in use yet"), never zeros that
 * look real.
 */
export const PLATFORM_DASHBOARD_PAGE = 'dashboard';
export const PLATFORM_FIGURES_API = '/api/admin/platform-figures';

/** A day's count (YYYY-MM-DD in the institution's time). */
const day = z.object({ Date: z.string(), Count: z.number().int() });

export const platformFigures = z.object({
  /** The institution's today, the last day of every series (YYYY-MM-DD). */
  Today: z.string(),
  /** Students who signed in: in the last 7 and 30 days, and of all active students. */
  ActiveStudents: z.object({
    Last7Days: z.number().int(),
    Last30Days: z.number().int(),
    Total: z.number().int(),
  }),
  /** Lesson items opened and completed, per day over the last 30 days. */
  Content: z
    .object({
      Published: z.number().int(),
      Opened: z.array(day),
      Completed: z.array(day),
    })
    .nullable(),
  /** Assignments due in the last 30 days: the submissions their rosters owe, made on time and late. */
  Assignments: z
    .object({
      Due: z.number().int(),
      Expected: z.number().int(),
      OnTime: z.number().int(),
      Late: z.number().int(),
    })
    .nullable(),
  /** Live classes held in the last 30 days, with the students who attended them, per day. */
  LiveClasses: z
    .object({
      Held: z.number().int(),
      Attendances: z.number().int(),
      Expected: z.number().int(),
      Days: z.array(z.object({ Date: z.string(), Held: z.number().int(), Attended: z.number().int() })),
    })
    .nullable(),
  /** Exams sat and their average score (percent); null until the CBT is in use. */
  Exams: z.object({ Sat: z.number().int(), AverageScore: z.number().nullable() }).nullable(),
  /** Payments made today (institution's time), by the hour they were paid. */
  PaymentsToday: z
    .object({
      Count: z.number().int(),
      AmountNaira: z.number(),
      ByHour: z.array(z.object({ Hour: z.number().int(), Count: z.number().int(), AmountNaira: z.number() })),
    })
    .nullable(),
});
export type PlatformFigures = z.infer<typeof platformFigures>;
export const platformFiguresResponse = z.object({ Status: z.string(), Data: platformFigures });
