import { COURSE_REGISTRATION_MESSAGES as M, type RegistrationCourse } from './courses.js';

/**
 * The rules of a course registration's choice, declared once: the student's page runs them as the
 * student ticks (locked boxes, the unit total, Submit) and the server runs them again inside the
 * submitting transaction, where they decide.
 */

/** What the rules read of a course on offer. */
export type ChoiceCourse = Pick<
  RegistrationCourse,
  'CourseId' | 'Code' | 'Units' | 'Type' | 'CarryOver' | 'Blocked'
>;

export interface UnitLimits {
  MinUnits: number;
  MaxUnits: number;
}

/** Must the student register this course? A carry-over or a compulsory course, unless it cannot be taken. */
export const mustRegister = (course: ChoiceCourse): boolean =>
  course.Blocked === null && (course.CarryOver || course.Type === 'Compulsory');

/** Why a choice cannot be submitted, in the order the server names them. */
export type ChoiceProblem =
  | { Kind: 'noCourses' }
  | { Kind: 'notOffered'; CourseId: number }
  | { Kind: 'blocked'; Code: string; Reason: string }
  | { Kind: 'carryOver'; Code: string }
  | { Kind: 'compulsory'; Code: string }
  | { Kind: 'tooFew'; Min: number; Total: number }
  | { Kind: 'tooMany'; Max: number; Total: number };

export interface ChoiceCheck<C extends ChoiceCourse> {
  /** The chosen courses on offer, each once, in the order chosen. */
  chosen: C[];
  /** Their units. */
  total: number;
  /** Empty when the choice may be submitted. */
  problems: ChoiceProblem[];
}

/** Checks a choice of course ids against the courses on offer and the programme's unit limits. */
export function checkCourseChoice<C extends ChoiceCourse>(
  offered: readonly C[],
  limits: UnitLimits,
  courseIds: Iterable<number>,
): ChoiceCheck<C> {
  const byId = new Map(offered.map((c) => [c.CourseId, c]));
  const ids = [...new Set(courseIds)];
  const problems: ChoiceProblem[] = [];
  const chosen: C[] = [];
  if (ids.length === 0) problems.push({ Kind: 'noCourses' });
  for (const id of ids) {
    const course = byId.get(id);
    if (!course) problems.push({ Kind: 'notOffered', CourseId: id });
    else if (course.Blocked !== null)
      problems.push({ Kind: 'blocked', Code: course.Code, Reason: course.Blocked });
    else chosen.push(course);
  }
  const picked = new Set(ids);
  for (const course of offered)
    if (mustRegister(course) && !picked.has(course.CourseId))
      problems.push({ Kind: course.CarryOver ? 'carryOver' : 'compulsory', Code: course.Code });
  const total = chosen.reduce((sum, c) => sum + c.Units, 0);
  if (total < limits.MinUnits) problems.push({ Kind: 'tooFew', Min: limits.MinUnits, Total: total });
  if (total > limits.MaxUnits) problems.push({ Kind: 'tooMany', Max: limits.MaxUnits, Total: total });
  return { chosen, total, problems };
}

/** The server's words for a problem (the page words them through its catalogues). */
export function choiceProblemMessage(problem: ChoiceProblem): string {
  switch (problem.Kind) {
    case 'noCourses':
      return M.noCourses;
    case 'notOffered':
      return M.notOffered(`Course ${problem.CourseId}`);
    case 'blocked':
      return problem.Reason;
    case 'carryOver':
      return M.carryOverRequired(problem.Code);
    case 'compulsory':
      return M.compulsoryRequired(problem.Code);
    case 'tooFew':
      return M.tooFewUnits(problem.Min, problem.Total);
    case 'tooMany':
      return M.tooManyUnits(problem.Max, problem.Total);
  }
}
