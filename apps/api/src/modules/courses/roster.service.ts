import type { Exec } from '../../platform/db.js';
import * as repo from './courses.repository.js';

/**
 * Who takes a course, for the modules that work from it (results): the students whose approved
 * registration for the semester holds the course.
 */
export const approvedRoster = (db: Exec, courseId: number, semesterId: number) =>
  repo.approvedRoster(db, courseId, semesterId);

/** Course id → number of students holding it in an approved registration for the semester. */
export async function approvedRosterSizes(db: Exec, semesterId: number): Promise<Map<number, number>> {
  const rows = await repo.approvedRosterSizes(db, semesterId);
  return new Map(rows.map((r) => [r.courseId, r.n]));
}

/**
 * Whether a student takes a course in a semester: their approved registration holds it (course
 * content's enrolment: one indexed lookup).
 */
export const holdsApprovedCourse = (db: Exec, studentId: number, courseId: number, semesterId: number) =>
  repo.holdsApproved(db, studentId, courseId, semesterId);

/** The courses a student's approved registrations hold in these semesters. */
export const approvedCoursesOf = (db: Exec, studentId: number, semesterIds: readonly number[]) =>
  repo.approvedCoursesOf(db, studentId, semesterIds);
