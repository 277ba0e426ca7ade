import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  INSTRUCTORS_API,
  RECORD_ID_MESSAGE,
  SEARCH_TOO_LONG,
  UNKNOWN_TEACHING_PAGE,
  type Instructor,
  type TeachingAction,
} from '@portal/contracts';
import { admins } from '../../db/schema/index.js';
import { audit } from '../../platform/audit.js';
import { login, startTestApp, type TestApp } from '../../../test/helpers.js';
import { makeAdmin } from '../admin/test-support.js';

type Auth = Record<string, string>;

/**
 * /app/instructorManagement's routes on the demo data: the lecturers with their offerings and
 * teaching, a lecturer's teaching trail, who may read them, and the bad input refused.
 */
describe("the instructors' page ('Manage Audits')", () => {
  let t: TestApp;
  let admin: Auth;
  let lecturerId: number;
  const get = (url: string, headers: Auth = admin) => t.app.inject({ method: 'GET', url, headers });

  beforeAll(async () => {
    t = await startTestApp();
    admin = (await login(t.app, 'Admin', 'admin@demo.edu.ng')).auth;
    const [row] = await t.database.db.select().from(admins).where(eq(admins.email, 'lecturer@demo.edu.ng'));
    lecturerId = row!.id;
  }, 120_000);
  afterAll(() => t?.close(), 60_000);

  it('lists the lecturers of the session with their offerings and what they taught', async () => {
    const res = await get(`${INSTRUCTORS_API.list}?search=lecturer@demo`);
    expect(res.statusCode, res.body).toBe(200);
    const rows: Instructor[] = res.json().Data;
    const lecturer = rows.find((r) => r.AdminId === lecturerId)!;
    expect(lecturer.Offerings.map((o) => o.Code)).toContain('CSC 101');
    // The demo lecturer set two assignments, graded one submission and held the recorded class.
    expect(lecturer.AssignmentsSet).toBe(2);
    expect(lecturer.SubmissionsGraded).toBe(1);
    expect(lecturer.ClassesHeld).toBeGreaterThanOrEqual(1);
  });

  it("gives a lecturer's teaching trail, filtered by page, and nobody else's", async () => {
    const actor = { adminId: lecturerId, email: 'lecturer@demo.edu.ng' };
    await audit(t.database.db, [
      { actor, page: 'LiveClassroom', action: 'end', entity: 'live_class', entityId: '1' },
      { actor, page: 'assignment', action: 'grade', entity: 'assignment_submission', entityId: '1' },
      // Not teaching: left out.
      { actor, page: 'roles', action: 'update', entity: 'role', entityId: '1' },
    ]);
    const all = await get(`${INSTRUCTORS_API.audit}?adminId=${lecturerId}`);
    expect(all.statusCode, all.body).toBe(200);
    const pages = (all.json().Data as TeachingAction[]).map((a) => a.Page);
    expect(pages).toEqual(expect.arrayContaining(['LiveClassroom', 'assignment']));
    expect(pages).not.toContain('roles');
    const live = await get(`${INSTRUCTORS_API.audit}?adminId=${lecturerId}&pageName=LiveClassroom`);
    expect((live.json().Data as TeachingAction[]).every((a) => a.Page === 'LiveClassroom')).toBe(true);
    // The super admin lectures nothing.
    const [super_] = await t.database.db.select().from(admins).where(eq(admins.email, 'admin@demo.edu.ng'));
    expect((await get(`${INSTRUCTORS_API.audit}?adminId=${super_!.id}`)).statusCode).toBe(404);
  });

  it('answers the holders of the page only', async () => {
    expect((await get(INSTRUCTORS_API.list, {})).statusCode).toBe(401);
    const { auth: student } = await login(t.app, 'Student', 'DIT/2024/0001');
    expect((await get(INSTRUCTORS_API.list, student)).statusCode).toBe(403);
    const plain = (await makeAdmin(t.app, t.database.db, 'plain', ['roles'])).headers;
    expect((await get(INSTRUCTORS_API.list, plain)).statusCode).toBe(403);
    const granted = (await makeAdmin(t.app, t.database.db, 'audits', ['instructorManagement'])).headers;
    expect((await get(INSTRUCTORS_API.list, granted)).statusCode).toBe(200);
  });

  it('refuses unknown filter values, ids past 2^31 and over-long searches with their message', async () => {
    const unknown = await get(`${INSTRUCTORS_API.audit}?adminId=${lecturerId}&pageName=roles`);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().Message).toContain(UNKNOWN_TEACHING_PAGE);
    const big = await get(`${INSTRUCTORS_API.audit}?adminId=2147483648`);
    expect(big.statusCode).toBe(400);
    expect(big.json().Message).toContain(RECORD_ID_MESSAGE);
    const long = await get(`${INSTRUCTORS_API.list}?search=${'x'.repeat(101)}`);
    expect(long.statusCode).toBe(400);
    expect(long.json().Message).toContain(SEARCH_TOO_LONG);
  });
});
