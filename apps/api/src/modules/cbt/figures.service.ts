import type { Exec } from '../../platform/db.js';
import * as repo from './figures.repository.js';

/**
 * The CBT's figures for the /app dashboard (issue 28): attempts submitted since `since` and their
 * average score in percent (null when none was sat), rounded to one decimal.
 */
export async function examFigures(db: Exec, since: Date) {
  const { sat, average } = await repo.submittedSince(db, since);
  return { Sat: sat, AverageScore: average === null ? null : Math.round(average * 10) / 10 };
}

/** Exams of an offering each learner sat, and when last (the LearnersManagement roster's page). */
export const satInOffering = (db: Exec, courseId: number, sessionId: number, studentIds: readonly number[]) =>
  repo.satInOffering(db, courseId, sessionId, studentIds);
