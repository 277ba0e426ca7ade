import type { CourseRegistrationPage, RegistrationCourse } from '@portal/contracts';

/**
 * What the course registration page starts with ticked: the courses of the student's registration
 * when there is one (as last submitted), otherwise the carry-overs and the compulsory courses.
 */
export function initialSelection(page: CourseRegistrationPage): Set<number> {
  const registration = page.Registration;
  if (registration) return new Set(registration.Courses.filter((c) => c.Requested).map((c) => c.CourseId));
  return new Set(
    page.Courses.filter((c) => !c.Blocked && (c.Required || c.Type === 'Compulsory')).map((c) => c.CourseId),
  );
}

/** A course's box is locked when it is required (a carry-over) or cannot be taken (blocked). */
export const locked = (course: RegistrationCourse) => course.Required || course.Blocked !== null;

/** The running total of the ticked courses' units, and whether it is within the programme's limits. */
export function unitTotal(
  courses: readonly RegistrationCourse[],
  chosen: ReadonlySet<number>,
  limits: CourseRegistrationPage['Limits'],
) {
  const total = courses.filter((c) => chosen.has(c.CourseId)).reduce((sum, c) => sum + c.Units, 0);
  return { total, tooFew: total < limits.MinUnits, tooMany: total > limits.MaxUnits };
}

/** Whether the ticked set differs from the registration as last submitted. */
export function changed(page: CourseRegistrationPage, chosen: ReadonlySet<number>): boolean {
  const before = page.Registration?.Courses.filter((c) => c.Requested).map((c) => c.CourseId) ?? [];
  return before.length !== chosen.size || before.some((id) => !chosen.has(id));
}
