import type { Exec } from '../../platform/db.js';
import * as repo from './figures.repository.js';

/**
 * Course content's figures for the /app dashboard and the learners' page (issue 28): items published,
 * opened and completed per day, and one student's reading.
 */
export async function contentFigures(db: Exec, since: Date) {
  const [published, opened, completed] = await Promise.all([
    repo.publishedItems(db),
    repo.progressByDay(db, 'openedAt', since),
    repo.progressByDay(db, 'completedAt', since),
  ]);
  return { published, opened, completed };
}

/** Each learner's reading of an offering's lessons (the learners' page). */
export const readingInOffering = (
  db: Exec,
  courseId: number,
  sessionId: number,
  studentIds: readonly number[],
) => repo.progressInOffering(db, courseId, sessionId, studentIds);

/** Lessons published per author (the instructors' page). */
export const publishedBy = (db: Exec, adminIds: readonly number[]) => repo.publishedBy(db, adminIds);
