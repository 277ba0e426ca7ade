import type { Exec } from '../../platform/db.js';
import * as offerings from '../offerings/offerings.service.js';
import * as repo from './figures.repository.js';

/**
 * Assignments' figures for the /app dashboard (issue 28): of the assignments due between `since` and
 * `until`, the submissions their rosters owe (each offering's approved registrations and auditors) and those made
 * on time and late.
 */
export async function assignmentFigures(db: Exec, since: Date, until: Date) {
  const due = await repo.dueWithSubmissions(db, since, until);
  const rosterSize = new Map<string, number>();
  let expected = 0;
  for (const a of due) {
    const key = `${a.courseId}:${a.sessionId}`;
    if (!rosterSize.has(key)) {
      const facts = await offerings.offering(db, a.courseId, a.sessionId);
      rosterSize.set(key, facts ? (await offerings.rosterIds(db, facts, { auditors: true })).length : 0);
    }
    expected += rosterSize.get(key)!;
  }
  return {
    due: due.length,
    expected,
    onTime: due.reduce((s, a) => s + a.onTime, 0),
    late: due.reduce((s, a) => s + a.late, 0),
  };
}

/** Each learner's submissions to an offering's assignments (the learners' page). */
export const submissionsInOffering = (
  db: Exec,
  courseId: number,
  sessionId: number,
  studentIds: readonly number[],
) => repo.submissionsInOffering(db, courseId, sessionId, studentIds);

/** Assignments set and submissions graded per lecturer (the instructors' page). */
export async function setAndGradedBy(db: Exec, adminIds: readonly number[]) {
  const [set, graded] = await Promise.all([repo.setBy(db, adminIds), repo.gradedBy(db, adminIds)]);
  return { set, graded };
}
