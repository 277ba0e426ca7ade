import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { login, startTestApp, type TestApp } from '../../../test/helpers.js';

/**
 * The calls of the /app pages admins use (/app/Transaction, dashboard, UserManagement,
 * roleManagement): an admin's session answers them whichever sign-in page it came from (/AdminSignin
 * and /signin both sign in as Admin); an applicant's or a student's session never does.
 */
const APP_PAGE_CALLS = [
  '/api/Admin/GetTransactionAsync?initialPage=1&pageSize=5',
  '/api/admin/dashboard',
  '/api/AdminRole/GetUserAsync',
  '/api/AdminRole/GetRolesAsync',
];

describe('the /app pages admins use', { timeout: 60_000 }, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ RATE_LIMIT_LOGIN_PER_ADDRESS: '1000' });
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  }, 60_000);

  const get = (url: string, headers: Record<string, string>) => t.app.inject({ method: 'GET', url, headers });

  it("answer an admin's session", async () => {
    const admin = await login(t.app, 'Admin', 'admin@demo.edu.ng');
    for (const url of APP_PAGE_CALLS) expect((await get(url, admin.auth)).statusCode, url).toBe(200);
    const transactions = (await get(APP_PAGE_CALLS[0]!, admin.auth)).json();
    expect(transactions).toMatchObject({ state: 1, page: 1, pageSize: 5 });
    expect(transactions.data.map((row: { reference: string }) => row.reference)).toContain(
      'DIT-ACC-SEED-202410000007AG',
    );
  });

  it("refuse an applicant's or a student's session, and no session at all", async () => {
    const applicant = await login(t.app, 'Applicant', '202410000002AB');
    const student = await login(t.app, 'Student', 'DIT/2024/0001');
    for (const url of APP_PAGE_CALLS) {
      expect((await get(url, applicant.auth)).statusCode, url).toBe(403);
      expect((await get(url, student.auth)).statusCode, url).toBe(403);
      expect((await get(url, {})).statusCode, url).toBe(401);
    }
  });
});
