import type { ResultSemester, StudentResults } from '@portal/contracts';
import type { Exec } from '../../platform/db.js';
import { cgpa, degreeClassOf, gpa, type Attempt, type RetakeRule } from './arithmetic.js';
import * as repo from './results.repository.js';

/**
 * Where a student stands: published results per semester with GPA and the running CGPA, the overall
 * CGPA (a retake counted as the school's settings say: the latest attempt by default), the class of degree and the carry-overs. Read by the
 * results pages and documents, and by the student's dashboard (the students module).
 */

const attemptsOf = (rows: readonly repo.PublishedRow[]): Attempt[] =>
  rows.map((r) => ({
    courseId: r.courseId,
    semester: Date.parse(r.startDate),
    units: r.units,
    point: r.gradePoint,
  }));

/** The semesters of a set of published rows, with GPA and running CGPA. */
export function semestersOf(
  rows: readonly repo.PublishedRow[],
  rule: RetakeRule = 'latest',
): ResultSemester[] {
  const attempts = attemptsOf(rows);
  const semesters: ResultSemester[] = [];
  for (const semesterId of [...new Set(rows.map((r) => r.semesterId))]) {
    const inTerm = rows.filter((r) => r.semesterId === semesterId);
    const start = Date.parse(inTerm[0]!.startDate);
    semesters.push({
      SemesterId: semesterId,
      Semester: inTerm[0]!.semester,
      Session: inTerm[0]!.session,
      Courses: inTerm.map((r) => ({
        ResultId: r.resultId,
        Code: r.code,
        Title: r.title,
        Units: r.units,
        Score: r.score,
        Grade: r.grade,
        GradePoint: r.gradePoint,
        Passed: r.passed,
      })),
      Units: inTerm.reduce((sum, r) => sum + r.units, 0),
      Gpa: gpa(attempts.filter((a) => a.semester === start)),
      Cgpa: cgpa(
        attempts.filter((a) => a.semester <= start),
        rule,
      ),
    });
  }
  return semesters;
}

/** A student's published results as the pages and documents show them. */
export async function resultsOf(db: Exec, studentId: number): Promise<StudentResults> {
  const [rows, classes, rule] = await Promise.all([
    repo.publishedResults(db, studentId),
    repo.defaultDegreeClasses(db),
    repo.retakeRule(db),
  ]);
  return standingOf(rows, classes, rule);
}

/** Where a student stands, from their published rows and the school's classes and retake rule. */
export function standingOf(
  rows: readonly repo.PublishedRow[],
  classes: Awaited<ReturnType<typeof repo.defaultDegreeClasses>>,
  rule: RetakeRule,
): StudentResults {
  const overall = cgpa(attemptsOf(rows), rule);
  const passed = new Set(rows.filter((r) => r.passed).map((r) => r.courseId));
  return {
    Semesters: semestersOf(rows, rule),
    Cgpa: overall,
    DegreeClass: rows.length ? (degreeClassOf(overall, classes)?.name ?? null) : null,
    CarryOvers: [...new Set(rows.filter((r) => !r.passed && !passed.has(r.courseId)).map((r) => r.code))],
  };
}
