import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CBT_API as API, CBT_LIMITS } from '@portal/contracts';
import { cbtAttemptEvents, cbtAttempts, cbtExams } from '../../db/schema/index.js';
import { login, startTestApp, type TestApp } from '../../../test/helpers.js';

// Time up across two processes: two instances of the application on one PostgreSQL database, each
// with its own pool and job queue working jobs, as two servers behind a load balancer. An attempt past
// its end, with its time-up job queued three times over and the sweep running in both, is submitted
// once. PostgreSQL only: on PGlite a database is one process's.

const until = async (what: string, check: () => Promise<boolean>, timeoutMs = 60_000) => {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 250));
  }
};

describe.skipIf(process.env.TEST_DB_DRIVER !== 'pg')('cbt time up across two processes', () => {
  let a: TestApp;
  let b: TestApp;

  beforeAll(async () => {
    a = await startTestApp();
    b = await startTestApp({}, { sameDatabaseAs: a, jobs: true });
  }, 180_000);
  afterAll(async () => {
    await b?.close();
    await a?.close();
  }, 60_000);

  it('submits an overdue attempt once, within a minute, however many jobs and sweeps run', async () => {
    const db = a.database.db;
    const s5 = (await login(a.app, 'Student', 'DIT/2024/0005')).auth;
    const [exam] = await db.select().from(cbtExams).where(eq(cbtExams.title, 'CSC 101 Test 1'));
    const opened = await a.app.inject({
      method: 'POST',
      url: API.open(exam!.id),
      headers: { ...s5, 'x-machine-id': 'process-test-machine' },
    });
    expect(opened.statusCode, opened.body).toBe(200);
    const attemptId = opened.json().Data.AttemptId as number;
    // Its end passed (beyond the grace) while the candidate was away: the jobs of both processes race.
    const ended = new Date(Date.now() - (CBT_LIMITS.graceSeconds + 1) * 1000);
    await db.update(cbtAttempts).set({ endsAt: ended }).where(eq(cbtAttempts.id, attemptId));
    for (let i = 0; i < 3; i++)
      await db.execute(
        sql`insert into pgboss.job (name, data) values ('cbt.time-up', ${JSON.stringify({ attemptId })}::jsonb)`,
      );
    await until('the attempt to be submitted', async () => {
      const [row] = await db.select().from(cbtAttempts).where(eq(cbtAttempts.id, attemptId));
      return row!.submittedAt !== null;
    });
    // Every job done, then count the submissions.
    await until('the time-up jobs to finish', async () => {
      const { rows } = (await db.execute(
        sql`select count(*)::int as n from pgboss.job where name = 'cbt.time-up' and (data->>'attemptId')::int = ${attemptId} and state in ('created', 'retry', 'active') and start_after <= now()`,
      )) as unknown as { rows: { n: number }[] };
      return Number(rows[0]!.n) === 0;
    });
    const [row] = await db.select().from(cbtAttempts).where(eq(cbtAttempts.id, attemptId));
    expect(row!.submitReason).toBe('timeUp');
    expect(row!.submittedAt!.getTime() - (ended.getTime() + CBT_LIMITS.graceSeconds * 1000)).toBeLessThan(
      CBT_LIMITS.submitWithinSeconds * 1000,
    );
    const submits = await db
      .select()
      .from(cbtAttemptEvents)
      .where(and(eq(cbtAttemptEvents.attemptId, attemptId), eq(cbtAttemptEvents.kind, 'submit')));
    expect(submits).toHaveLength(1);
    // The other process answers the same submitted attempt.
    const seen = await b.app.inject({
      method: 'GET',
      url: API.sitting(attemptId),
      headers: {
        ...(await login(b.app, 'Student', 'DIT/2024/0005')).auth,
        'x-machine-id': 'process-test-machine',
      },
    });
    expect(seen.json().Data).toMatchObject({ State: 'submitted', Receipt: { SubmitReason: 'timeUp' } });
  });
});
