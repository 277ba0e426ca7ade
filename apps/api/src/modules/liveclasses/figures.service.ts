import type { Exec } from '../../platform/db.js';
import * as offerings from '../offerings/offerings.service.js';
import * as repo from './figures.repository.js';

/**
 * Live classes' figures for the /app dashboard (issue 28): the classes held since `since`, the students
 * who attended them and the attendances their rosters could have made, per day.
 */
export async function liveClassFigures(db: Exec, since: Date) {
  const held = await repo.heldSince(db, since);
  const rosterSize = new Map<string, number>();
  let expected = 0;
  const days = new Map<string, { held: number; attended: number }>();
  for (const c of held) {
    const key = `${c.courseId}:${c.sessionId}`;
    if (!rosterSize.has(key)) {
      const facts = await offerings.offering(db, c.courseId, c.sessionId);
      rosterSize.set(key, facts ? (await offerings.rosterIds(db, facts)).length : 0);
    }
    expected += rosterSize.get(key)!;
    const d = days.get(c.date) ?? { held: 0, attended: 0 };
    d.held += 1;
    d.attended += c.attended;
    days.set(c.date, d);
  }
  return {
    held: held.length,
    attendances: held.reduce((s, c) => s + c.attended, 0),
    expected,
    days,
  };
}

/** Each learner's attendance of an offering's classes (the learners' page). */
export const attendanceInOffering = (
  db: Exec,
  courseId: number,
  sessionId: number,
  studentIds: readonly number[],
) => repo.attendanceInOffering(db, courseId, sessionId, studentIds);

/** Classes held per lecturer (the instructors' page). */
export const heldBy = (db: Exec, adminIds: readonly number[]) => repo.heldBy(db, adminIds);
