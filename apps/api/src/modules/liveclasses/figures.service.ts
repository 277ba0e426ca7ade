import type { Exec } from '../../platform/db.js';
import * as offerings from '../offerings/offerings.service.js';
import * as repo from './figures.repository.js';

/**
 * Live classes' figures for the /app dashboard (issue 28): the classes held since `since`, the students
 * who attended them and the attendances their rosters could have made, per day.
 */
export async function liveClassFigures(db: Exec, since: Date) {
  const held = await repo.heldSince(db, since);
  // The offerings' facts are cached reference data; their roster sizes come in one grouped query.
  const keys = [...new Map(held.map((c) => [`${c.courseId}:${c.sessionId}`, c])).values()];
  const facts = await Promise.all(keys.map((c) => offerings.offering(db, c.courseId, c.sessionId)));
  // Auditors attend the classroom's classes, so they count among those who could have attended.
  const rosterSize = await offerings.rosterSizes(
    db,
    facts.filter((f): f is NonNullable<typeof f> => f !== null),
    { auditors: true },
  );
  let expected = 0;
  const days = new Map<string, { held: number; attended: number }>();
  for (const c of held) {
    expected += rosterSize.get(`${c.courseId}:${c.sessionId}`) ?? 0;
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
