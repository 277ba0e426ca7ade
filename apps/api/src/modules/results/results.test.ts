import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { login, startTestApp, type TestApp } from '../../../test/helpers.js';

// DIT/2023/0003's published 2023/2024 results (the seed): first semester 69 quality points over
// 22 units (GPA 3.14, CHM 101 failed), second 66 over 18 (3.67); CGPA 135/40 = 3.375 → 3.38,
// Second Class Lower on the default 5-point scale.

describe('the student’s published results', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => t.close());
  const results = async (id: string) => {
    const { auth } = await login(t.app, 'Student', id);
    return t.app.inject({ method: 'GET', url: '/api/student/results', headers: auth });
  };

  it('answers each semester with its GPA and the CGPA so far, the class of degree and the carry-overs', async () => {
    const res = await results('DIT/2023/0003');
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().Data;
    expect(
      data.Semesters.map((s: { Semester: string; Units: number; Gpa: number; Cgpa: number }) => [
        s.Semester,
        s.Units,
        s.Gpa,
        s.Cgpa,
      ]),
    ).toEqual([
      ['2023/2024 First Semester', 22, 3.14, 3.14],
      ['2023/2024 Second Semester', 18, 3.67, 3.38],
    ]);
    expect(data.Semesters[0].Courses.find((c: { Code: string }) => c.Code === 'CHM 101')).toMatchObject({
      Score: 34,
      Grade: 'F',
      GradePoint: 0,
      Passed: false,
    });
    expect(data).toMatchObject({ Cgpa: 3.38, DegreeClass: 'Second Class Lower', CarryOvers: ['CHM 101'] });
  });

  it('answers a student without published results with nothing, and refuses an applicant', async () => {
    const none = await results('DIT/2024/0004');
    expect(none.json().Data).toEqual({ Semesters: [], Cgpa: 0, DegreeClass: null, CarryOvers: [] });
    const { auth } = await login(t.app, 'Applicant', 'applicant2@demo.edu.ng');
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/student/results', headers: auth })).statusCode,
    ).toBe(403);
  });
});
