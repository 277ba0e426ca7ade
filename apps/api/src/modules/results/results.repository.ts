import { and, asc, eq, isNotNull } from 'drizzle-orm';
import {
  academicSessions,
  courseResults,
  courses,
  degreeClasses,
  gradeScales,
  semesters,
} from '../../db/schema/index.js';
import type { Exec } from '../../platform/db.js';

/** A student's published results, oldest semester first. */
export async function publishedResults(db: Exec, studentId: number) {
  return db
    .select({
      courseId: courseResults.courseId,
      code: courses.code,
      title: courses.title,
      units: courseResults.units,
      score: courseResults.score,
      grade: courseResults.grade,
      gradePoint: courseResults.gradePoint,
      passed: courseResults.passed,
      semesterId: semesters.id,
      semester: semesters.name,
      startDate: semesters.startDate,
      session: academicSessions.name,
    })
    .from(courseResults)
    .innerJoin(courses, eq(courses.id, courseResults.courseId))
    .innerJoin(semesters, eq(semesters.id, courseResults.semesterId))
    .innerJoin(academicSessions, eq(academicSessions.id, semesters.sessionId))
    .where(and(eq(courseResults.studentId, studentId), isNotNull(courseResults.publishedAt)))
    .orderBy(asc(semesters.startDate), asc(courses.code));
}

/** The classes of degree of the school's default grade scale. */
export async function defaultDegreeClasses(db: Exec) {
  return db
    .select({ name: degreeClasses.name, minCgpa: degreeClasses.minCgpa, maxCgpa: degreeClasses.maxCgpa })
    .from(degreeClasses)
    .innerJoin(gradeScales, eq(gradeScales.id, degreeClasses.scaleId))
    .where(eq(gradeScales.isDefault, true));
}
