import { describe, expect, it } from 'vitest';
import { checkCourseChoice, choiceProblemMessage, mustRegister, type ChoiceCourse } from '@portal/contracts';

/** The rules of a choice, as the student's page and the server both run them (packages/contracts). */
const course = (id: number, code: string, units: number, more: Partial<ChoiceCourse> = {}): ChoiceCourse => ({
  CourseId: id,
  Code: code,
  Units: units,
  Type: 'Compulsory',
  CarryOver: false,
  Blocked: null,
  ...more,
});

const OFFERED = [
  course(1, 'CHM 101', 3, { CarryOver: true }),
  course(2, 'CSC 201', 3),
  course(3, 'CSC 203', 3),
  course(4, 'STA 201', 3, { Type: 'Elective' }),
  course(5, 'CSC 208', 2, { Type: 'Elective' }),
  course(6, 'CSC 301', 3, { Type: 'Elective', Blocked: 'CSC 301 needs CSC 201, which you have not passed.' }),
  course(7, 'MTH 299', 3, { Blocked: 'You have already passed MTH 299.' }),
];
const LIMITS = { MinUnits: 9, MaxUnits: 12 };
const kinds = (ids: number[]) => checkCourseChoice(OFFERED, LIMITS, ids).problems.map((p) => p.Kind);

describe('course registration rules', () => {
  it('requires carry-overs and compulsory courses, never one that cannot be taken', () => {
    expect(OFFERED.filter(mustRegister).map((c) => c.Code)).toEqual(['CHM 101', 'CSC 201', 'CSC 203']);
  });

  it('accepts the required courses with electives within the limits, counting each course once', () => {
    const check = checkCourseChoice(OFFERED, LIMITS, [1, 2, 3, 4, 4]);
    expect(check.problems).toEqual([]);
    expect(check.total).toBe(12);
    expect(check.chosen.map((c) => c.Code)).toEqual(['CHM 101', 'CSC 201', 'CSC 203', 'STA 201']);
  });

  it('names a missing carry-over or compulsory course', () => {
    const { problems } = checkCourseChoice(OFFERED, LIMITS, [2, 3, 4]);
    expect(problems[0]).toEqual({ Kind: 'carryOver', Code: 'CHM 101' });
    expect(choiceProblemMessage(problems[0]!)).toBe('CHM 101 is a carry-over and must be registered.');
    const second = checkCourseChoice(OFFERED, LIMITS, [1, 3, 4, 5]).problems[0]!;
    expect(choiceProblemMessage(second)).toBe('CSC 201 is compulsory and must be registered.');
  });

  it('refuses a blocked course with its reason, and a course not on offer', () => {
    const blocked = checkCourseChoice(OFFERED, LIMITS, [1, 2, 3, 6]);
    expect(blocked.problems.map(choiceProblemMessage)).toEqual([
      'CSC 301 needs CSC 201, which you have not passed.',
    ]);
    expect(blocked.total).toBe(9);
    expect(kinds([1, 2, 3, 99])).toEqual(['notOffered']);
    expect(kinds([])).toEqual(['noCourses', 'carryOver', 'compulsory', 'compulsory', 'tooFew']);
  });

  it('keeps the total within the limits, both ways', () => {
    const over = checkCourseChoice(OFFERED, LIMITS, [1, 2, 3, 4, 5]);
    expect(over.total).toBe(14);
    expect(over.problems.map(choiceProblemMessage)).toEqual([
      'Register at most 12 units; your choice comes to 14.',
    ]);
    const under = checkCourseChoice(OFFERED, { MinUnits: 10, MaxUnits: 12 }, [1, 2, 3]);
    expect(under.problems.map(choiceProblemMessage)).toEqual([
      'Register at least 10 units; your choice comes to 9.',
    ]);
  });
});
