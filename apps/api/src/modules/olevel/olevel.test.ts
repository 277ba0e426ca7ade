import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OLEVEL_MESSAGES } from '@portal/contracts';
import { olevelResults } from '../../db/schema/index.js';
import { login, startTestApp, type TestApp } from '../../../test/helpers.js';
import { resultRow } from '../applicants/test-support.js';

type Auth = Record<string, string>;

describe("O'level results", () => {
  let t: TestApp;
  let subjectIds: number[];
  // applicant 2 has biodata only; 3 has saved results; 5 has completed registration
  let a2: { id: number; auth: Auth };
  let a3: { id: number; auth: Auth };
  let a5: { id: number; auth: Auth };

  const as = async (jamb: string) => {
    const session = await login(t.app, 'Applicant', jamb);
    return { id: session.body.Data.ApplicantID as number, auth: session.auth };
  };
  const get = (url: string, auth?: Auth) => t.app.inject({ method: 'GET', url, headers: auth });
  const post = (url: string, payload: unknown, auth?: Auth) =>
    t.app.inject({ method: 'POST', url, headers: auth, payload: payload as object });
  const countFor = async (applicantId: number) =>
    (await t.database.db.select().from(olevelResults).where(eq(olevelResults.applicantId, applicantId)))
      .length;

  beforeAll(async () => {
    t = await startTestApp({}, { jobs: false });
    const subjects = (await get('/api/Subjects/GetSubjects')).json() as { OLevelSubjectID: number }[];
    subjectIds = subjects.map((s) => s.OLevelSubjectID);
    a2 = await as('202410000002AB');
    a3 = await as('202410000003AC');
    a5 = await as('202410000005AE');
  });
  afterAll(() => t.close());

  it('serves subjects, grades and exam types as public JSON arrays', async () => {
    const subjects = await get('/api/Subjects/GetSubjects');
    expect(subjects.statusCode).toBe(200);
    expect(subjects.json()).toEqual(
      expect.arrayContaining([
        { OLevelSubjectID: expect.any(Number), OLevelSubjectName: 'English Language' },
      ]),
    );
    const grades = (await get('/api/Olevel/GetGrades')).json() as { GradeName: string }[];
    expect(grades.map((g) => g.GradeName)).toEqual(['A1', 'B2', 'B3', 'C4', 'C5', 'C6', 'D7', 'E8', 'F9']);
    const exams = (await get('/api/OLevelType/LoadExams')).json() as { OLevelTypeName: string }[];
    expect(exams.map((e) => e.OLevelTypeName)).toEqual(['WAEC', 'NECO', 'NABTEB', 'GCE']);
  });

  it('starts with no saved results: NewhasOlevelResult is Ok with an empty list, hasOlevelResult []', async () => {
    const list = await get(`/api/OResults/NewhasOlevelResult?applicantId=${a2.id}`, a2.auth);
    expect(list.statusCode).toBe(200);
    expect(list.json()).toMatchObject({ Status: 'Ok', Data: [], Message: OLEVEL_MESSAGES.noResults });
    expect((await get(`/api/OResults/hasOlevelResult?applicantId=${a2.id}`, a2.auth)).json()).toEqual([]);
  });

  it('refuses a batch of 7 subjects and stores nothing', async () => {
    const rows = subjectIds.slice(0, 7).map((s) => resultRow(a2.id, s));
    const response = await post('/api/OResults/PostOResult', rows, a2.auth);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ Status: 'Invalid', Message: 'Subject can not be less than 8.' });
    expect(await countFor(a2.id)).toBe(0);
  });

  it('refuses a batch that names a subject twice', async () => {
    const rows = [...subjectIds.slice(0, 8), subjectIds[0]!].map((s) => resultRow(a2.id, s));
    const response = await post('/api/OResults/PostOResult', rows, a2.auth);
    expect(response.json()).toMatchObject({ Status: 'Invalid', Message: 'Subject added already.' });
    expect(await countFor(a2.id)).toBe(0);
  });

  // The school's latest year (seeded 2020) gives way to the current year in West Africa Time.
  const currentYear = Number(new Date(Date.now() + 60 * 60_000).toISOString().slice(0, 4));
  const outOfRange = `Examination Year must be between 1990 and ${currentYear}.`;

  it('refuses an exam year before 1990 or after the current year (school settings)', async () => {
    for (const year of [1989, currentYear + 1, 'abcd']) {
      const rows = subjectIds
        .slice(0, 8)
        .map((s, i) => resultRow(a2.id, s, i === 3 ? { ExamYear: year } : {}));
      const response = await post('/api/OResults/PostOResult', rows, a2.auth);
      expect(response.statusCode).toBe(400);
      expect(response.json().Message).toBe(outOfRange);
    }
    for (const year of [1989, currentYear + 1]) {
      const edge = await post(
        '/api/OResults/PostEachOResult',
        resultRow(a2.id, subjectIds[0]!, { ExamYear: year }),
        a2.auth,
      );
      expect(edge.statusCode).toBe(400);
      expect(edge.json().Message).toBe(outOfRange);
    }
    expect(await countFor(a2.id)).toBe(0);
  });

  it("accepts an exam year of the current year (this year's WAEC candidates)", async () => {
    const rows = subjectIds
      .slice(0, 8)
      .map((s, i) => resultRow(a2.id, s, i === 3 ? { ExamYear: currentYear } : {}));
    const response = await post('/api/OResults/PostOResult', rows, a2.auth);
    expect(response.statusCode).toBe(200);
    expect(response.json().Status).toBe('Success');
    const saved = await t.database.db
      .select()
      .from(olevelResults)
      .where(eq(olevelResults.applicantId, a2.id));
    expect(saved).toHaveLength(8);
    expect(saved.filter((r) => r.examYear === currentYear)).toHaveLength(1);
    // Back to no results, as the tests below expect.
    await t.database.db.delete(olevelResults).where(eq(olevelResults.applicantId, a2.id));
  });

  it('refuses each missing field with its own message, in the form’s order', async () => {
    const cases: [string, string][] = [
      ['OLevelTypeID', 'Examination Type is required.'],
      ['ExamYear', 'Examination Year is required.'],
      ['ExamNumber', 'Examination Number is required.'],
      ['OLevelSubjectID', 'Subject is required.'],
      ['OLevelGradeID', 'Grade is required.'],
    ];
    for (const [field, message] of cases) {
      for (const missing of [undefined, null, '', '0']) {
        const row = resultRow(a2.id, subjectIds[0]!);
        if (missing === undefined) delete row[field];
        else row[field] = missing;
        const one = await post('/api/OResults/PostEachOResult', row, a2.auth);
        expect(one.statusCode, `${field}=${String(missing)}`).toBe(400);
        expect(one.json()).toEqual({ Status: 'Invalid', Message: message });
      }
      // in a batch too
      const rows = subjectIds.slice(0, 8).map((s) => resultRow(a2.id, s));
      delete rows[5]![field];
      expect((await post('/api/OResults/PostOResult', rows, a2.auth)).json().Message).toBe(message);
    }
    // the first missing field is named first
    const empty = await post('/api/OResults/PostEachOResult', { ApplicantId: a2.id }, a2.auth);
    expect(empty.json().Message).toBe('Examination Type is required.');
    expect(await countFor(a2.id)).toBe(0);
  });

  it('refuses unknown ids and malformed exam numbers', async () => {
    const bad: [Record<string, unknown>, string][] = [
      [{ OLevelSubjectID: 99999 }, OLEVEL_MESSAGES.subjectUnknown],
      [{ OLevelGradeID: 99999 }, OLEVEL_MESSAGES.gradeUnknown],
      [{ OLevelTypeID: 99999 }, OLEVEL_MESSAGES.examTypeUnknown],
      [{ ExamNumber: '<script>' }, OLEVEL_MESSAGES.examNumberInvalid],
      [{ ExamNumber: '12' }, OLEVEL_MESSAGES.examNumberInvalid],
    ];
    for (const [override, message] of bad) {
      const response = await post(
        '/api/OResults/PostEachOResult',
        resultRow(a2.id, subjectIds[0]!, override),
        a2.auth,
      );
      expect(response.statusCode).toBe(400);
      expect(response.json().Message).toBe(message);
    }
    expect(await countFor(a2.id)).toBe(0);
  });

  it('accepts a batch of 8 subjects, then lists them with names', async () => {
    const rows = subjectIds
      .slice(0, 8)
      .map((s, i) =>
        resultRow(a2.id, String(s) as never, { OLevelGradeID: String((i % 6) + 1), ExamYear: '2018' }),
      );
    const response = await post('/api/OResults/PostOResult', rows, a2.auth);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      Status: 'Success',
      Message: 'Congratulations, Olevel added successfully.',
    });
    expect(response.json().Data).toHaveLength(8);

    const list = (await get(`/api/OResults/NewhasOlevelResult?applicantId=${a2.id}`, a2.auth)).json();
    expect(list.Status).toBe('Ok');
    expect(list.Data).toHaveLength(8);
    expect(list.Data[0]).toEqual({
      OLevelResultID: expect.any(Number),
      OLevelSubjectID: subjectIds[0],
      OLevelTypeID: 1,
      OLevelGradeID: 1,
      ApplicantId: a2.id,
      ExamYear: 2018,
      ExamNumber: '4250123456',
      OLevelTypeName: 'WAEC',
      OLevelSubjectName: expect.any(String),
      GradeName: 'A1',
    });
    const saved = (await get(`/api/OResults/hasOlevelResult?applicantId=${a2.id}`, a2.auth)).json();
    expect(saved).toHaveLength(8);
    expect(Object.keys(saved[0]).sort()).toEqual(
      [
        'ApplicantId',
        'ExamNumber',
        'ExamYear',
        'OLevelGradeID',
        'OLevelResultID',
        'OLevelSubjectID',
        'OLevelTypeID',
      ].sort(),
    );
    const record = (await get(`/api/Applicants/GetApplicantRecordById?ApplicantID=${a2.id}`, a2.auth)).json();
    expect(record.Data).toMatchObject({ IsOlevelSaved: true, OlevelCount: 8 });
  });

  it('refuses a batch or a single result for a subject already saved', async () => {
    const again = await post('/api/OResults/PostEachOResult', resultRow(a2.id, subjectIds[2]!), a2.auth);
    expect(again.json()).toEqual({ Status: 'Invalid', Message: 'Subject added already.' });
    const batch = await post(
      '/api/OResults/PostOResult',
      subjectIds.slice(7, 15).map((s) => resultRow(a2.id, s)),
      a2.auth,
    );
    expect(batch.json().Message).toBe('Subject added already.');
    expect(await countFor(a2.id)).toBe(8);
  });

  it('adds one subject with PostEachOResult and deletes one with DeleteOResult', async () => {
    const added = await post(
      '/api/OResults/PostEachOResult',
      resultRow(a2.id, subjectIds[10]!, { OLevelGradeID: 3 }),
      a2.auth,
    );
    expect(added.statusCode).toBe(200);
    expect(added.json()).toMatchObject({
      Status: 'Ok',
      Message: 'Subject added successfully.',
      Data: { GradeName: 'B3' },
    });
    expect(await countFor(a2.id)).toBe(9);
    const id = added.json().Data.OLevelResultID;
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/api/OResults/DeleteOResult/?olevelresultId=${id}`,
      headers: a2.auth,
    });
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toEqual({ Status: 'Deleted', Message: 'Subject deleted successfully.' });
    expect(await countFor(a2.id)).toBe(8);
    const twice = await t.app.inject({
      method: 'DELETE',
      url: `/api/OResults/DeleteOResult?olevelresultId=${id}`,
      headers: a2.auth,
    });
    expect(twice.statusCode).toBe(404);
    // Without ApplicantId the row belongs to the caller.
    const { ApplicantId: _omit, ...noOwner } = resultRow(a2.id, subjectIds[11]!);
    expect((await post('/api/OResults/PostEachOResult', noOwner, a2.auth)).json().Status).toBe('Ok');
    expect(await countFor(a2.id)).toBe(9);
  });

  it("answers 404 to another applicant's results, and reads, adds or deletes nothing", async () => {
    const before3 = await countFor(a3.id);
    const before2 = await countFor(a2.id);
    for (const url of [
      `/api/OResults/NewhasOlevelResult?applicantId=${a3.id}`,
      `/api/OResults/hasOlevelResult?applicantId=${a3.id}`,
    ]) {
      const response = await get(url, a2.auth);
      expect(response.statusCode, url).toBe(404);
      expect(response.json()).toEqual({ Status: 'NotFound', Message: 'Record not found.' });
    }
    const each = await post('/api/OResults/PostEachOResult', resultRow(a3.id, subjectIds[20]!), a2.auth);
    expect(each.statusCode).toBe(404);
    const batch = await post(
      '/api/OResults/PostOResult',
      subjectIds.slice(20, 28).map((s) => resultRow(a3.id, s)),
      a2.auth,
    );
    expect(batch.statusCode).toBe(404);
    const mixed = await post(
      '/api/OResults/PostOResult',
      subjectIds.slice(20, 28).map((s, i) => resultRow(i === 7 ? a3.id : a2.id, s)),
      a2.auth,
    );
    expect(mixed.statusCode).toBe(404);
    const theirs = (await get(`/api/OResults/hasOlevelResult?applicantId=${a3.id}`, a3.auth)).json();
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/api/OResults/DeleteOResult?olevelresultId=${theirs[0].OLevelResultID}`,
      headers: a2.auth,
    });
    expect(deleted.statusCode).toBe(404);
    // A registered applicant gets the same 404 for someone else's result.
    const fromRegistered = await t.app.inject({
      method: 'DELETE',
      url: `/api/OResults/DeleteOResult?olevelresultId=${theirs[0].OLevelResultID}`,
      headers: a5.auth,
    });
    expect(fromRegistered.statusCode).toBe(404);
    expect(await countFor(a3.id)).toBe(before3);
    expect(await countFor(a2.id)).toBe(before2);
  });

  it('refuses every change once registration is complete', async () => {
    const before = await countFor(a5.id);
    const locked = 'Your registration is complete, so your details can no longer be changed.';
    const each = await post('/api/OResults/PostEachOResult', resultRow(a5.id, subjectIds[30]!), a5.auth);
    expect(each.statusCode).toBe(409);
    expect(each.json()).toEqual({ Status: 'Invalid', Message: locked });
    const batch = await post(
      '/api/OResults/PostOResult',
      subjectIds.slice(30, 38).map((s) => resultRow(a5.id, s)),
      a5.auth,
    );
    expect(batch.json().Message).toBe(locked);
    const own = (await get(`/api/OResults/hasOlevelResult?applicantId=${a5.id}`, a5.auth)).json();
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/api/OResults/DeleteOResult?olevelresultId=${own[0].OLevelResultID}`,
      headers: a5.auth,
    });
    expect(deleted.statusCode).toBe(409);
    expect(await countFor(a5.id)).toBe(before);
  });

  it('needs an applicant session', async () => {
    expect((await get(`/api/OResults/NewhasOlevelResult?applicantId=${a2.id}`)).statusCode).toBe(401);
    const student = await login(t.app, 'Student', 'DIT/2024/0001');
    expect(
      (await get(`/api/OResults/NewhasOlevelResult?applicantId=${a2.id}`, student.auth)).statusCode,
    ).toBe(403);
    const admin = await login(t.app, 'Admin', 'admin@demo.edu.ng');
    expect(
      (await post('/api/OResults/PostEachOResult', resultRow(a2.id, subjectIds[40]!), admin.auth)).statusCode,
    ).toBe(403);
    expect((await get(`/api/OResults/NewhasOlevelResult?applicantId=abc`, a2.auth)).statusCode).toBe(400);
  });
});
