import { integer } from 'drizzle-orm/pg-core';
import { courses } from './institution.js';
import { academicSessions } from './reference.js';

/**
 * Columns several schema files declare alike. Not exported from `index.ts`: it holds no table, and
 * a module reads tables, never these helpers.
 */

/**
 * The offering a classroom row belongs to (a course in an academic session: content, assignments,
 * live classes, a learning discussion's threads), as `course_id` and `session_id` referencing the
 * course and the session. Spread into the table's columns: `...offeringColumns()`.
 */
export const offeringColumns = () => {
  const { courseId, sessionId } = optionalOfferingColumns();
  return { courseId: courseId.notNull(), sessionId: sessionId.notNull() };
};

/** The same, nullable: for a table whose rows may belong to no offering (the discussion boards that are not a course's). */
export const optionalOfferingColumns = () => ({
  courseId: integer('course_id').references(() => courses.id),
  sessionId: integer('session_id').references(() => academicSessions.id),
});
