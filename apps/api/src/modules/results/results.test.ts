import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readPdfText } from '../../platform/pdf-text.js';
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

  it('prints on the report card the class of degree the page shows and the level of its semester', async () => {
    const { auth } = await login(t.app, 'Student', 'DIT/2023/0003');
    const page = (await t.app.inject({ method: 'GET', url: '/api/student/results', headers: auth })).json()
      .Data;
    const card = async (semesterId?: number) => {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/student/results/report-card.pdf${semesterId ? `?semesterId=${semesterId}` : ''}`,
        headers: auth,
      });
      expect(res.statusCode, res.body).toBe(200);
      return readPdfText(res.rawPayload).split('\n');
    };
    // The value printed after a label (a label and its value are drawn as lines one after the other).
    const after = (lines: string[], label: string) => lines[lines.indexOf(`${label}:`) + 1];
    // The latest semester (the default): the page's class of degree and CGPA; DIT/2023/0003 is now in
    // 200 level, but these results are of 100 level.
    const latest = await card();
    expect(latest).toContain('2023/2024 Second Semester');
    expect(after(latest, 'Class of degree')).toBe(page.DegreeClass);
    expect(after(latest, 'CGPA')).toBe('3.38');
    expect(after(latest, 'Level')).toBe('100 Level');
    expect(latest).not.toContain('200 Level');
    // An earlier semester: its own CGPA so far and the class of degree of that CGPA.
    const first = await card(page.Semesters[0].SemesterId);
    expect(after(first, 'CGPA')).toBe('3.14');
    expect(after(first, 'Class of degree')).toBe('Second Class Lower');
    expect(after(first, 'Level')).toBe('100 Level');
  });
});
