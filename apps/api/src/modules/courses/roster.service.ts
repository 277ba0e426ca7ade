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
  const rows = await repo.approvedRosterSizes(db, [semesterId]);
  return new Map(rows.map((r) => [r.courseId, r.n]));
}

/**
 * The same count for several (course, semester) pairs at once, in one grouped query: by
 * `courseId:semesterId`; a pair nobody holds is absent.
 */
export async function approvedRosterSizesOf(
  db: Exec,
  pairs: readonly { courseId: number; semesterId: number }[],
): Promise<Map<string, number>> {
  const rows = await repo.approvedRosterSizes(
    db,
    [...new Set(pairs.map((p) => p.semesterId))],
    [...new Set(pairs.map((p) => p.courseId))],
  );
  return new Map(rows.map((r) => [`${r.courseId}:${r.semesterId}`, r.n]));
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

/**
 * A page of the approved roster (by matric number), searched by matric number or name, with the
 * search's count (the learners' page).
 */
export const approvedRosterPage = (
  db: Exec,
  q: { courseId: number; semesterId: number; search?: string; limit: number; offset: number },
) => repo.approvedRosterPage(db, q);

/**
 * Of these (student, course, semester) triples, those the student's approved registration holds, as
 * `studentId:courseId:semesterId` keys: one query however many (an auditor who has since registered
 * is counted once, as registered).
 */
export async function approvedHoldings(
  db: Exec,
  triples: readonly { studentId: number; courseId: number; semesterId: number }[],
): Promise<Set<string>> {
  const rows = await repo.approvedHoldings(db, triples);
  return new Set(rows.map((r) => `${r.studentId}:${r.courseId}:${r.semesterId}`));
}

/** Whether the student's registration for the semester lists the course, approved or awaiting approval. */
export const registrationListsCourse = (db: Exec, studentId: number, courseId: number, semesterId: number) =>
  repo.listsCourse(db, studentId, courseId, semesterId);
