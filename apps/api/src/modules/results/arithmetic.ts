/**
 * The arithmetic of results, exact and in one place: a total score to a grade by the school's
 * scale, GPA per semester, CGPA over every semester with retaken courses counted by the school's
 * rule, and the class of degree. Grade points are held in hundredths (integers) so no sum drifts;
 * averages are rounded half up to two decimals, as the school states them.
 */

export type { GradeBand } from '@portal/contracts';

/** A course's result in one semester. */
export interface Attempt {
  courseId: number;
  /** Ordered semesters: a later attempt has a larger value (e.g. the semester's start date as a number). */
  semester: number;
  units: number;
  /** Grade point in the scale's units (not hundredths). */
  point: number;
}

/** How a retaken course counts in the CGPA: only the latest attempt (default), or every attempt. */
export type RetakeRule = 'latest' | 'all';

export interface DegreeBand {
  name: string;
  minCgpa: number;
  maxCgpa: number;
}

const hundredths = (value: number) => Math.round(value * 100);

// One rule for the server and the score sheet page.
export { gradeOf, wholeScore } from '@portal/contracts';

/** Σ(units × point) / Σ(units), in hundredths, rounded half up; 0 without units. */
function averageHundredths(attempts: readonly Attempt[]): number {
  let units = 0;
  let quality = 0;
  for (const a of attempts) {
    units += a.units;
    quality += a.units * hundredths(a.point);
  }
  if (units === 0) return 0;
  // Half up on integers: floor((2q + u) / 2u).
  return Math.floor((2 * quality + units) / (2 * units));
}

/** The GPA of one semester's attempts, to two decimals. */
export const gpa = (attempts: readonly Attempt[]) => averageHundredths(attempts) / 100;

/** The attempts that count in the CGPA under a retake rule. */
export function countedAttempts(attempts: readonly Attempt[], rule: RetakeRule = 'latest'): Attempt[] {
  if (rule === 'all') return [...attempts];
  const latest = new Map<number, Attempt>();
  for (const a of attempts) {
    const seen = latest.get(a.courseId);
    if (!seen || a.semester > seen.semester) latest.set(a.courseId, a);
  }
  return [...latest.values()];
}

/** The CGPA over every semester so far, to two decimals. */
export const cgpa = (attempts: readonly Attempt[], rule: RetakeRule = 'latest') =>
  averageHundredths(countedAttempts(attempts, rule)) / 100;

/** The class of degree whose band holds the CGPA (bands in hundredths, both ends included), or null. */
export function degreeClassOf(value: number, bands: readonly DegreeBand[]): DegreeBand | null {
  const v = hundredths(value);
  return bands.find((b) => v >= hundredths(b.minCgpa) && v <= hundredths(b.maxCgpa)) ?? null;
}
