import { checkCourseChoice, type CourseRegistrationPage, type RegistrationCourse } from '@portal/contracts';

/**
 * What the course registration page starts with ticked: the courses of the student's registration
 * when there is one (as last submitted), otherwise the carry-overs and the compulsory courses; the
 * courses the student must register are ticked either way.
 */
export function initialSelection(page: CourseRegistrationPage): Set<number> {
  const required = page.Courses.filter((c) => c.Required).map((c) => c.CourseId);
  const registration = page.Registration;
  if (registration)
    return new Set([...registration.Courses.filter((c) => c.Requested).map((c) => c.CourseId), ...required]);
  return new Set(required);
}

/** A course's box is locked when it must be registered (a carry-over, a compulsory course) or cannot be taken. */
export const locked = (course: RegistrationCourse) => course.Required || course.Blocked !== null;

/**
 * The ticked courses checked by the rules the server applies on submission (`checkCourseChoice`):
 * the running unit total, whether it is within the programme's limits, and whether it may be sent.
 */
export function choiceState(page: CourseRegistrationPage, chosen: ReadonlySet<number>) {
  const { total, problems } = checkCourseChoice(page.Courses, page.Limits, chosen);
  return {
    total,
    problems,
    tooFew: problems.some((p) => p.Kind === 'tooFew'),
    tooMany: problems.some((p) => p.Kind === 'tooMany'),
  };
}

/** Whether the ticked set differs from the registration as last submitted. */
export function changed(page: CourseRegistrationPage, chosen: ReadonlySet<number>): boolean {
  const before = page.Registration?.Courses.filter((c) => c.Requested).map((c) => c.CourseId) ?? [];
  return before.length !== chosen.size || before.some((id) => !chosen.has(id));
}
