import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PlatformFigures } from '@portal/contracts';
import { contentItems, contentProgress, payments, students } from '../../db/schema/index.js';
import { eq } from 'drizzle-orm';
import { login, startTestApp, type TestApp } from '../../../test/helpers.js';
import { makeAdmin } from '../admin/test-support.js';

type Auth = Record<string, string>;
const URL_ = '/api/admin/platform-figures';

/**
 * /app/dashboard's figures (GET /api/admin/platform-figures) on the demo data: who may read them,
 * and each part moving when its module records something (a sign-in, a lesson opened, a payment).
 */
describe('the learning platform at a glance', () => {
  let t: TestApp;
  let admin: Auth;
  const figures = async (): Promise<PlatformFigures> => {
    const res = await t.app.inject({ method: 'GET', url: URL_, headers: admin });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().Data;
  };

  beforeAll(async () => {
    t = await startTestApp();
    admin = (await login(t.app, 'Admin', 'admin@demo.edu.ng')).auth;
  }, 120_000);
  afterAll(() => t?.close(), 60_000);

  it('answers the holders of the dashboard page only', async () => {
    expect((await t.app.inject({ method: 'GET', url: URL_ })).statusCode).toBe(401);
    const { auth: student } = await login(t.app, 'Student', 'DIT/2024/0001');
    expect((await t.app.inject({ method: 'GET', url: URL_, headers: student })).statusCode).toBe(403);
    const plain = (await makeAdmin(t.app, t.database.db, 'plain', ['roles'])).headers;
    expect((await t.app.inject({ method: 'GET', url: URL_, headers: plain })).statusCode).toBe(403);
    const granted = (await makeAdmin(t.app, t.database.db, 'dash', ['dashboard'])).headers;
    expect((await t.app.inject({ method: 'GET', url: URL_, headers: granted })).statusCode).toBe(200);
  });

  it('reads each part from its module', async () => {
    const data = await figures();
    // The demo's past CSC 101 quiz: five attempts marked three weeks ago.
    expect(data.Exams!.Sat).toBeGreaterThanOrEqual(5);
    expect(data.Exams!.AverageScore).toBeGreaterThan(0);
    expect(data.Exams!.AverageScore).toBeLessThanOrEqual(100);
    expect(data.Content!.Opened).toHaveLength(30);
    expect(data.Content!.Opened.at(-1)!.Date).toBe(data.Today);
    // The demo's "Assignment 1" was due a fortnight ago: its roster owes submissions, one came on time.
    expect(data.Assignments!.Due).toBeGreaterThanOrEqual(1);
    expect(data.Assignments!.Expected).toBeGreaterThanOrEqual(1);
    expect(data.Assignments!.OnTime).toBeGreaterThanOrEqual(1);
    // The demo's recorded class was held and attended by a student.
    expect(data.LiveClasses!.Held).toBeGreaterThanOrEqual(1);
    expect(data.LiveClasses!.Attendances).toBeGreaterThanOrEqual(1);
    expect(data.PaymentsToday!.ByHour).toHaveLength(24);
    expect(data.ActiveStudents.Total).toBeGreaterThan(0);
  });

  it('counts a sign-in, a lesson opened and completed, and a payment made today', async () => {
    const before = await figures();
    const db = t.database.db;
    const [student] = await db.select().from(students).where(eq(students.matricNo, 'DIT/2024/0004'));
    await login(t.app, 'Student', 'student4@demo.edu.ng');
    const [item] = await db.select().from(contentItems).where(eq(contentItems.state, 'published')).limit(1);
    const now = new Date();
    await db
      .insert(contentProgress)
      .values({ studentId: student!.id, itemId: item!.id, openedAt: now, completedAt: now })
      .onConflictDoNothing();
    const [template] = await db.select().from(payments).where(eq(payments.state, 'paid')).limit(1);
    await db.insert(payments).values({
      ...template!,
      id: undefined,
      publicId: randomUUID(),
      reference: `FIG-${randomUUID()}`,
      providerReference: null,
      applicantId: null,
      studentId: student!.id,
      amountKobo: 1_234_500,
      amountPaidKobo: 1_234_500,
      createdAt: now,
      paidAt: now,
    });
    const after = await figures();
    expect(after.ActiveStudents.Last7Days).toBe(before.ActiveStudents.Last7Days + 1);
    expect(after.ActiveStudents.Last30Days).toBe(before.ActiveStudents.Last30Days + 1);
    const today = (series: { Count: number }[]) => series.at(-1)!.Count;
    expect(today(after.Content!.Opened)).toBe(today(before.Content!.Opened) + 1);
    expect(today(after.Content!.Completed)).toBe(today(before.Content!.Completed) + 1);
    expect(after.PaymentsToday!.Count).toBe(before.PaymentsToday!.Count + 1);
    expect(after.PaymentsToday!.AmountNaira).toBeCloseTo(before.PaymentsToday!.AmountNaira + 12_345);
    const hour = (now.getUTCHours() + 1) % 24;
    expect(after.PaymentsToday!.ByHour[hour]!.Count).toBe(before.PaymentsToday!.ByHour[hour]!.Count + 1);
  });
});
