import { STATUS, type ResultSemester, type StudentResults } from '@portal/contracts';
import type { Db } from '../../db/client.js';
import type { AuthContext } from '../../platform/auth.js';
import { ownStudent } from '../students/students.service.js';
import { cgpa, degreeClassOf, gpa, type Attempt } from './arithmetic.js';
import * as repo from './results.repository.js';

/**
 * GET /api/student/results: the signed-in student's published results per semester, each with
 * its GPA and the CGPA so far (a retaken course counted by its latest attempt), the class of
 * degree on the school's default scale, and the carry-overs.
 */
export async function studentResults(db: Db, auth: AuthContext | null) {
  const student = await ownStudent({ db }, auth);
  const [rows, classes] = await Promise.all([
    repo.publishedResults(db, student.id),
    repo.defaultDegreeClasses(db),
  ]);
  const attempts: Attempt[] = rows.map((r) => ({
    courseId: r.courseId,
    semester: Date.parse(r.startDate),
    units: r.units,
    point: r.gradePoint,
  }));
  const semesters: ResultSemester[] = [];
  for (const semesterId of [...new Set(rows.map((r) => r.semesterId))]) {
    const inTerm = rows.filter((r) => r.semesterId === semesterId);
    const start = Date.parse(inTerm[0]!.startDate);
    semesters.push({
      Semester: inTerm[0]!.semester,
      Session: inTerm[0]!.session,
      Courses: inTerm.map((r) => ({
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
      Cgpa: cgpa(attempts.filter((a) => a.semester <= start)),
    });
  }
  const overall = cgpa(attempts);
  const passed = new Set(rows.filter((r) => r.passed).map((r) => r.courseId));
  const data: StudentResults = {
    Semesters: semesters,
    Cgpa: overall,
    DegreeClass: rows.length ? (degreeClassOf(overall, classes)?.name ?? null) : null,
    CarryOvers: [...new Set(rows.filter((r) => !r.passed && !passed.has(r.courseId)).map((r) => r.code))],
  };
  return { Status: STATUS.ok, Data: data };
}
