import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  LEARNERS_API,
  LEARNERS_PAGE,
  OFFERINGS_API,
  RECORD_ID_MESSAGE,
  SEARCH_TOO_LONG,
  type StaffOffering,
  type LearnersRoster,
} from '@portal/contracts';
import { login, startTestApp, type TestApp } from '../../../test/helpers.js';
import { makeAdmin } from '../admin/test-support.js';

type Auth = Record<string, string>;

/**
 * /app/LearnersManagement's routes on the demo data: the offerings with their enrolment, an
 * offering's learners with what each did in it, who may read them, and the bad input refused.
 */
describe("the learners' page", () => {
  let t: TestApp;
  let admin: Auth;
  const get = (url: string, headers: Auth = admin) => t.app.inject({ method: 'GET', url, headers });
  let csc101: StaffOffering;

  beforeAll(async () => {
    t = await startTestApp();
    admin = (await login(t.app, 'Admin', 'admin@demo.edu.ng')).auth;
  }, 120_000);
  afterAll(() => t?.close(), 60_000);

  it('lists the offerings of the current session with their lecturers and enrolment', async () => {
    const res = await get(`${OFFERINGS_API.staff(LEARNERS_PAGE)}?search=CSC%20101`);
    expect(res.statusCode, res.body).toBe(200);
    const rows: StaffOffering[] = res.json().Data;
    csc101 = rows.find((r) => r.Code === 'CSC 101')!;
    expect(csc101).toBeDefined();
    expect(csc101.Enrolled).toBeGreaterThan(0);
    expect(csc101.Lecturers.length).toBeGreaterThan(0);
  });

  it("gives an offering's learners with their lessons, submissions and classes", async () => {
    const res = await get(`${LEARNERS_API.roster}?courseId=${csc101.CourseId}&sessionId=${csc101.SessionId}`);
    expect(res.statusCode, res.body).toBe(200);
    const data: LearnersRoster = res.json().Data;
    expect(data.Code).toBe('CSC 101');
    expect(data.Learners).toHaveLength(csc101.Enrolled);
    // The demo's student 5 handed in Assignment 1 on time and attended the recorded class.
    const five = data.Learners.find((l) => l.MatricNo === 'DIT/2024/0005')!;
    expect(five).toMatchObject({ Submissions: 1, LateSubmissions: 0 });
    expect(five.ClassesAttended).toBeGreaterThanOrEqual(1);
    expect(five.LastActiveAt).not.toBeNull();
  });

  it('answers the holders of the page only', async () => {
    expect((await get(OFFERINGS_API.staff(LEARNERS_PAGE), {})).statusCode).toBe(401);
    const { auth: student } = await login(t.app, 'Student', 'DIT/2024/0001');
    expect((await get(OFFERINGS_API.staff(LEARNERS_PAGE), student)).statusCode).toBe(403);
    const plain = (await makeAdmin(t.app, t.database.db, 'plain', ['roles'])).headers;
    expect((await get(OFFERINGS_API.staff(LEARNERS_PAGE), plain)).statusCode).toBe(403);
    const granted = (await makeAdmin(t.app, t.database.db, 'learners', ['LearnersManagement'])).headers;
    expect((await get(OFFERINGS_API.staff(LEARNERS_PAGE), granted)).statusCode).toBe(200);
  });

  it('refuses ids past 2^31, over-long searches and an offering that does not exist', async () => {
    const big = await get(`${LEARNERS_API.roster}?courseId=2147483648&sessionId=1`);
    expect(big.statusCode).toBe(400);
    expect(big.json().Message).toContain(RECORD_ID_MESSAGE);
    const long = await get(`${OFFERINGS_API.staff(LEARNERS_PAGE)}?search=${'x'.repeat(101)}`);
    expect(long.statusCode).toBe(400);
    expect(long.json().Message).toContain(SEARCH_TOO_LONG);
    const missing = await get(`${LEARNERS_API.roster}?courseId=999999&sessionId=${csc101.SessionId}`);
    expect(missing.statusCode).toBe(404);
  });
});
