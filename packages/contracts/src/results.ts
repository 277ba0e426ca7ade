import { z } from 'zod';

/** A student's published results (spec §2 student `Result`), per semester with GPA and CGPA. */

export const resultCourse = z.object({
  Code: z.string(),
  Title: z.string(),
  Units: z.number().int(),
  Score: z.number(),
  Grade: z.string(),
  GradePoint: z.number(),
  Passed: z.boolean(),
});

export const resultSemester = z.object({
  Semester: z.string(),
  Session: z.string(),
  Courses: z.array(resultCourse),
  Units: z.number().int(),
  Gpa: z.number(),
  /** Over this semester and every one before it, retakes counted by the latest attempt. */
  Cgpa: z.number(),
});
export type ResultSemester = z.infer<typeof resultSemester>;

export const studentResults = z.object({
  Semesters: z.array(resultSemester),
  Cgpa: z.number(),
  /** The class of degree the CGPA falls in on the school's default scale, or null. */
  DegreeClass: z.string().nullable(),
  /** Courses failed and not yet passed. */
  CarryOvers: z.array(z.string()),
});
export type StudentResults = z.infer<typeof studentResults>;
export const studentResultsResponse = z.object({ Status: z.string(), Data: studentResults });
