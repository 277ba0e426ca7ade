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
