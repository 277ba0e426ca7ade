import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BroadsheetRow } from '@portal/contracts';
import {
  courses,
  departments,
  levels,
  resultEntries,
  resultSheets,
  semesters,
  storedBroadsheets,
  students,
} from '../../db/schema/index.js';
import { login, startTestApp, statementsDuring, type TestApp } from '../../../test/helpers.js';

/**
 * The broadsheet is computed once per publication: stored, read back while nothing it is computed
 * from changes, and stored anew when a publication changes it. The seeded 2023/2024 first semester
 * (Computer Science, 100 level: DIT/2023/0003, who failed CHM 101) is the sheet.
 */

describe('the broadsheet, once per publication', () => {
  let t: TestApp;
  let admin: Record<string, string>;
  let key: { semesterId: number; departmentId: number; levelId: number };
  let url: string;
  const db = () => t.database.db;
  const computes = (statements: string[]) => statements.some((q) => q.includes('result_entries'));
  const page = async () => {
    const response = await t.app.inject({ method: 'GET', url, headers: admin });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as { Data: BroadsheetRow[] };
  };

  beforeAll(async () => {
    t = await startTestApp({}, { jobs: false });
    admin = (await login(t.app, 'Admin', 'admin@demo.edu.ng')).auth;
    const [semester] = await db()
      .select()
      .from(semesters)
      .where(eq(semesters.name, '2023/2024 First Semester'));
    const [level] = await db().select().from(levels).where(eq(levels.name, '100 Level'));
    const [department] = await db().select().from(departments).where(eq(departments.code, 'CSC'));
    key = { semesterId: semester!.id, departmentId: department!.id, levelId: level!.id };
    url = `/api/admin/results/broadsheet?semesterId=${key.semesterId}&departmentId=${key.departmentId}&levelId=${key.levelId}`;
  }, 180_000);
  afterAll(() => t?.close(), 60_000);

  const stored = async () =>
    (
      await db()
        .select()
        .from(storedBroadsheets)
        .where(
          and(
            eq(storedBroadsheets.semesterId, key.semesterId),
            eq(storedBroadsheets.departmentId, key.departmentId),
            eq(storedBroadsheets.levelId, key.levelId),
          ),
        )
    )[0];

  it('computes it on the first request, stores it, and reads it back without computing', async () => {
    let first!: { Data: BroadsheetRow[] };
    expect(computes(await statementsDuring(db(), async () => void (first = await page())))).toBe(true);
    expect(first.Data[0]).toMatchObject({ MatricNo: 'DIT/2023/0003', Remark: 'Carry-over: CHM 101' });
    expect(await stored()).toBeDefined();

    let again!: { Data: BroadsheetRow[] };
    const statements = await statementsDuring(db(), async () => void (again = await page()));
    expect(computes(statements)).toBe(false);
    expect(again).toEqual(first);
    // XLSX and PDF read the same stored sheet.
    const xlsx = await statementsDuring(db(), async () => {
      const file = await t.app.inject({
        method: 'GET',
        url: url.replace('broadsheet?', 'broadsheet.xlsx?'),
        headers: admin,
      });
      expect(file.statusCode).toBe(200);
    });
    expect(computes(xlsx)).toBe(false);
  });

  it('is stored anew when a publication changes it (an amendment of CHM 101 published)', async () => {
    const [chm] = await db().select().from(courses).where(eq(courses.code, 'CHM 101'));
    const [student] = await db().select().from(students).where(eq(students.matricNo, 'DIT/2023/0003'));
    const [published] = await db()
      .select()
      .from(resultSheets)
      .where(and(eq(resultSheets.courseId, chm!.id), eq(resultSheets.semesterId, key.semesterId)));
    expect(published).toMatchObject({ state: 'published' });
    // The amendment as the review chain leaves it: the next revision, approved, the score re-marked.
    const [amendment] = await db()
      .insert(resultSheets)
      .values({
        courseId: chm!.id,
        semesterId: key.semesterId,
        revision: published!.revision + 1,
        schemeId: published!.schemeId,
        scaleId: published!.scaleId,
        state: 'approved',
        amendmentReason: 'Exam script re-marked.',
        approvedAt: new Date(),
      })
      .returning();
    const entries = await db().select().from(resultEntries).where(eq(resultEntries.sheetId, published!.id));
    await db()
      .insert(resultEntries)
      .values(
        entries.map((e) =>
          e.studentId === student!.id
            ? { ...e, sheetId: amendment!.id, total: 70, grade: 'A', gradePoint: 5, passed: true }
            : { ...e, sheetId: amendment!.id },
        ),
      );
    const before = await stored();

    const published2 = await t.app.inject({
      method: 'POST',
      url: '/api/admin/results/publish',
      headers: admin,
      payload: { SemesterId: key.semesterId },
    });
    expect(published2.statusCode, published2.body).toBe(200);
    // Stored at publication: a new stamp and the re-marked score, before anyone asks for it.
    const after = await stored();
    expect(after!.stamp).not.toBe(before!.stamp);
    const row = (after!.sheet as { rows: BroadsheetRow[] }).rows.find((r) => r.MatricNo === 'DIT/2023/0003')!;
    expect(row.Courses['CHM 101']).toEqual({ Score: 70, Grade: 'A' });
    expect(row.Remark).not.toContain('CHM 101');

    let answer!: { Data: BroadsheetRow[] };
    expect(computes(await statementsDuring(db(), async () => void (answer = await page())))).toBe(false);
    expect(answer.Data.find((r) => r.MatricNo === 'DIT/2023/0003')!.Courses['CHM 101']).toEqual({
      Score: 70,
      Grade: 'A',
    });
  });
});
