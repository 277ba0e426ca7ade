import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { feeSchedule, paymentItems, students } from '../db/schema/index.js';
import { login, startTestApp, type TestApp } from '../../test/helpers.js';

// The reference data the student pages read is kept per process (REFERENCE_CACHE_MS): a change made
// behind the process's back (another process, or SQL) shows once the time is up, an admin's change
// through this process at once.
describe('reference data kept per process', () => {
  let t: TestApp;
  let admin: { authorization: string };
  let student: { authorization: string };
  beforeAll(async () => {
    t = await startTestApp({ REFERENCE_CACHE_MS: '60000' });
    admin = (await login(t.app, 'Admin', 'admin@demo.edu.ng')).auth;
    student = (await login(t.app, 'Student', 'DIT/2024/0002')).auth;
  }, 120_000);
  afterAll(() => t?.close(), 60_000);

  const statement = async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/student/school-fees', headers: student });
    expect(response.statusCode).toBe(200);
    return response.json().Data as {
      SessionId: number;
      Total: number;
      Lines: { PaymentName: string; Amount: number }[];
    };
  };

  it('serves the fee schedule it read until an admin changes it through the portal', async () => {
    const before = await statement();
    const sports = before.Lines.find((l) => l.PaymentName === 'Sports')!;
    const [level] = await t.database.db
      .select({ levelId: students.levelId })
      .from(students)
      .where(eq(students.matricNo, 'DIT/2024/0002'));
    // The line the student is charged: the session's Sports line for any programme, the student's level.
    const [line] = await t.database.db
      .select()
      .from(feeSchedule)
      .innerJoin(paymentItems, eq(paymentItems.id, feeSchedule.itemId))
      .where(
        and(
          eq(paymentItems.name, 'Sports'),
          eq(feeSchedule.sessionId, before.SessionId),
          eq(feeSchedule.levelId, level!.levelId!),
          isNull(feeSchedule.programmeId),
        ),
      );
    expect(line).toBeDefined();
    const row = line!.fee_schedule;

    // Behind the process's back: still the kept schedule.
    await t.database.db
      .update(feeSchedule)
      .set({ nonIndigeneAmountKobo: row.nonIndigeneAmountKobo + 100_000 })
      .where(eq(feeSchedule.id, row.id));
    expect((await statement()).Total).toBe(before.Total);

    // Through the portal: at once.
    const { id: _id, ...fields } = row;
    const put = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/fee-items/${row.id}`,
      headers: admin,
      payload: {
        sessionId: fields.sessionId,
        itemId: fields.itemId,
        programmeId: fields.programmeId,
        levelId: fields.levelId,
        entryModeId: fields.entryModeId,
        indigeneAmountKobo: fields.indigeneAmountKobo,
        nonIndigeneAmountKobo: row.nonIndigeneAmountKobo + 200_000,
      },
    });
    expect(put.statusCode).toBe(200);
    const after = await statement();
    expect(after.Total).toBe(before.Total + 2_000);
    expect(after.Lines.find((l) => l.PaymentName === 'Sports')!.Amount).toBe(sports.Amount + 2_000);
  });

  it('refuses a student the registry disabled on the next request, with the reason, without a query of the route', async () => {
    const [row] = await t.database.db.select().from(students).where(eq(students.matricNo, 'DIT/2024/0002'));
    await t.database.db.update(students).set({ isActive: false }).where(eq(students.id, row!.id));
    try {
      for (const url of [
        '/api/student/results',
        '/api/student/course-registration',
        '/api/student/school-fees',
      ]) {
        const response = await t.app.inject({ method: 'GET', url, headers: student });
        expect(response.statusCode).toBe(403);
        expect(response.json().Message).toBe(
          'Your student account has been disabled. Please contact the registry.',
        );
      }
    } finally {
      await t.database.db.update(students).set({ isActive: true }).where(eq(students.id, row!.id));
    }
  });

  it('answers the student dashboard and course registration in a few round trips once reference data is kept', async () => {
    // Counts the statements the app's own handle sends (the job queue's polls are not the pages').
    const client = (t.database.db as unknown as { $client: { query: (...args: unknown[]) => unknown } })
      .$client;
    const query = client.query;
    const seen: string[] = [];
    client.query = function (this: unknown, ...args: unknown[]) {
      const text = typeof args[0] === 'string' ? args[0] : String((args[0] as { text?: string })?.text);
      if (!/pgboss/i.test(text)) seen.push(text);
      return query.apply(this, args);
    };
    const statements = async (url: string) => {
      seen.length = 0;
      const response = await t.app.inject({ method: 'GET', url, headers: student });
      expect(response.statusCode).toBe(200);
      return seen.length;
    };
    try {
      await statements('/api/student/dashboard'); // reads the reference data once
      // The session check, then one read each of: the student's row with the uploads, the
      // registration, the fee account with the receipts, the hostel round with where the student
      // stands in it, the results.
      const dashboard = await statements('/api/student/dashboard');
      expect(dashboard).toBeGreaterThan(0);
      expect(dashboard).toBeLessThanOrEqual(6);
      await statements('/api/student/course-registration');
      // The session check, the student's facts, results and registration with its courses and
      // history, the fee account.
      expect(await statements('/api/student/course-registration')).toBeLessThanOrEqual(3);
    } finally {
      client.query = query;
    }
  });
});
