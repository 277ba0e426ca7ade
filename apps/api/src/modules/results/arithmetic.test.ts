import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  cgpa,
  countedAttempts,
  degreeClassOf,
  gpa,
  gradeOf,
  type Attempt,
  type DegreeBand,
  type GradeBand,
  type RetakeRule,
} from './arithmetic.js';

// The results arithmetic against a reference written here independently: exact fractions with
// BigInt (a grade point as numerator/denominator), rounding half up by comparing remainders, and
// retakes resolved by sorting. Thousands of random transcripts on the university's 5-point scale
// and the polytechnic's 4-point scale (AB, BC, CD steps).

const band = (grade: string, minScore: number, maxScore: number, point: number): GradeBand => ({
  grade,
  minScore,
  maxScore,
  point,
  isPass: point > 0,
});

const FIVE_POINT: GradeBand[] = [
  band('A', 70, 100, 5),
  band('B', 60, 69, 4),
  band('C', 50, 59, 3),
  band('D', 45, 49, 2),
  band('E', 40, 44, 1),
  band('F', 0, 39, 0),
];
const FOUR_POINT: GradeBand[] = [
  band('A', 75, 100, 4),
  band('AB', 70, 74, 3.5),
  band('B', 65, 69, 3.25),
  band('BC', 60, 64, 3),
  band('C', 55, 59, 2.75),
  band('CD', 50, 54, 2.5),
  band('D', 45, 49, 2.25),
  band('E', 40, 44, 2),
  band('F', 0, 39, 0),
];
const UNIVERSITY_CLASSES: DegreeBand[] = [
  { name: 'First Class', minCgpa: 4.5, maxCgpa: 5 },
  { name: 'Second Class Upper', minCgpa: 3.5, maxCgpa: 4.49 },
  { name: 'Second Class Lower', minCgpa: 2.4, maxCgpa: 3.49 },
  { name: 'Third Class', minCgpa: 1.5, maxCgpa: 2.39 },
  { name: 'Pass', minCgpa: 1, maxCgpa: 1.49 },
];
const POLYTECHNIC_CLASSES: DegreeBand[] = [
  { name: 'Distinction', minCgpa: 3.5, maxCgpa: 4 },
  { name: 'Upper Credit', minCgpa: 3, maxCgpa: 3.49 },
  { name: 'Lower Credit', minCgpa: 2.5, maxCgpa: 2.99 },
  { name: 'Pass', minCgpa: 2, maxCgpa: 2.49 },
];

// ── the reference ──

/** A decimal with at most two places as an exact fraction [numerator, denominator]. */
function fraction(value: number): [bigint, bigint] {
  const [whole, part = ''] = value.toFixed(2).split('.');
  return [BigInt(whole! + part.padEnd(2, '0')), 100n];
}

/** Σ units × point / Σ units, rounded half up to hundredths, as a string like '3.67'. */
function referenceAverage(attempts: { units: number; point: number }[]): string {
  let numerator = 0n;
  let denominator = 1n;
  let units = 0n;
  for (const a of attempts) {
    const [n, d] = fraction(a.point);
    // numerator/denominator + units×n/d
    numerator = numerator * d + BigInt(a.units) * n * denominator;
    denominator *= d;
    units += BigInt(a.units);
  }
  if (units === 0n) return '0.00';
  // value = numerator / (denominator × units); in hundredths, half up.
  const scaled = numerator * 100n;
  const divisor = denominator * units;
  let hundredths = scaled / divisor;
  if ((scaled % divisor) * 2n >= divisor) hundredths += 1n;
  const text = hundredths.toString().padStart(3, '0');
  return `${text.slice(0, -2)}.${text.slice(-2)}`;
}

function referenceGrade(score: number, scale: GradeBand[]): string | null {
  // Half up: 69.5 counts as 70; look at the bands from the best down.
  const whole = Math.round(score * 2) % 2 === 1 ? Math.ceil(score) : Math.round(score);
  for (const b of [...scale].sort((x, y) => y.minScore - x.minScore))
    if (whole >= b.minScore && whole <= b.maxScore) return b.grade;
  return null;
}

function referenceCounted(attempts: Attempt[], rule: RetakeRule): Attempt[] {
  if (rule === 'all') return attempts;
  const byCourse = new Map<number, Attempt[]>();
  for (const a of attempts) byCourse.set(a.courseId, [...(byCourse.get(a.courseId) ?? []), a]);
  return [...byCourse.values()].map((list) => list.sort((x, y) => x.semester - y.semester).at(-1)!);
}

function referenceClass(value: string, bands: DegreeBand[]): string | null {
  const v = Number(value.replace('.', ''));
  for (const b of bands) {
    const lo = Number(b.minCgpa.toFixed(2).replace('.', ''));
    const hi = Number(b.maxCgpa.toFixed(2).replace('.', ''));
    if (v >= lo && v <= hi) return b.name;
  }
  return null;
}

// ── the generators ──

const score = fc.integer({ min: 0, max: 200 }).map((n) => n / 2); // 0, 0.5, … 100
const scales = [
  ['5-point', FIVE_POINT, UNIVERSITY_CLASSES],
  ['4-point', FOUR_POINT, POLYTECHNIC_CLASSES],
] as const;

/** Semesters of courses (ids from a small pool, so failed courses come back as retakes). */
const transcript = (scale: GradeBand[]) =>
  fc
    .array(
      fc.array(
        fc.record({
          courseId: fc.integer({ min: 1, max: 30 }),
          units: fc.integer({ min: 1, max: 6 }),
          score,
        }),
        {
          minLength: 1,
          maxLength: 12,
        },
      ),
      { minLength: 1, maxLength: 10 },
    )
    .map((semesters) =>
      semesters.flatMap((courses, semester) => {
        // One attempt per course per semester.
        const seen = new Set<number>();
        return courses
          .filter((c) => !seen.has(c.courseId) && seen.add(c.courseId))
          .map((c) => ({
            courseId: c.courseId,
            semester,
            units: c.units,
            point: gradeOf(c.score, scale)!.point,
          }));
      }),
    );

const RUNS = { numRuns: 2000 };

describe('results arithmetic (property-based, against an independent reference)', () => {
  for (const [name, scale, classes] of scales) {
    describe(`${name} scale`, () => {
      it('grades every score, halves rounded up, as the reference does', () => {
        fc.assert(
          fc.property(score, (s) => {
            expect(gradeOf(s, scale)?.grade ?? null).toBe(referenceGrade(s, scale));
          }),
          RUNS,
        );
      });

      it('computes every semester’s GPA exactly, to two decimals rounded half up', () => {
        fc.assert(
          fc.property(transcript(scale), (attempts) => {
            const semesters = new Set(attempts.map((a) => a.semester));
            for (const s of semesters) {
              const term = attempts.filter((a) => a.semester === s);
              expect(gpa(term).toFixed(2)).toBe(referenceAverage(term));
            }
          }),
          RUNS,
        );
      });

      it('computes the CGPA with a retaken course counted by the latest attempt, or by every attempt', () => {
        fc.assert(
          fc.property(transcript(scale), fc.constantFrom<RetakeRule>('latest', 'all'), (attempts, rule) => {
            const expected = referenceAverage(referenceCounted(attempts, rule));
            expect(cgpa(attempts, rule).toFixed(2)).toBe(expected);
            expect(countedAttempts(attempts, rule)).toHaveLength(referenceCounted(attempts, rule).length);
            expect(degreeClassOf(cgpa(attempts, rule), classes)?.name ?? null).toBe(
              referenceClass(expected, classes),
            );
          }),
          RUNS,
        );
      });
    });
  }

  it('examples: a retake replaces the failed grade in the CGPA; thirds round half up', () => {
    const attempts: Attempt[] = [
      { courseId: 1, semester: 1, units: 3, point: 5 },
      { courseId: 2, semester: 1, units: 3, point: 0 },
      { courseId: 2, semester: 2, units: 3, point: 3 },
    ];
    expect(gpa(attempts.filter((a) => a.semester === 1))).toBe(2.5);
    expect(cgpa(attempts)).toBe(4);
    expect(cgpa(attempts, 'all')).toBe(2.67);
    expect(
      gpa([
        { courseId: 1, semester: 1, units: 3, point: 2 },
        { courseId: 2, semester: 1, units: 0, point: 0 },
      ]),
    ).toBe(2);
    expect(gpa([])).toBe(0);
    expect(gradeOf(69.5, FIVE_POINT)?.grade).toBe('A');
    expect(gradeOf(69.4, FIVE_POINT)?.grade).toBe('B');
    expect(degreeClassOf(4.495, UNIVERSITY_CLASSES)?.name).toBe('First Class');
    expect(degreeClassOf(3.49, UNIVERSITY_CLASSES)?.name).toBe('Second Class Lower');
  });
});
