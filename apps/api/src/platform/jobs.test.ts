import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/helpers.js';
import { JobQueue } from './jobs.js';

// The job queue as two processes would use it: two queues on one database (on PGlite, one
// connection shared), each declaring the same jobs, as every process of a deployment does.

const until = async (what: string, check: () => boolean, timeoutMs = 30_000) => {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
};

describe('job queue', () => {
  let t: TestApp;
  const queues: JobQueue[] = [];
  const queue = () => {
    const q = new JobQueue(t.database, t.app.log, true);
    queues.push(q);
    return q;
  };

  beforeAll(async () => {
    t = await startTestApp({}, { jobs: false });
  });
  afterEach(async () => {
    await Promise.all(queues.splice(0).map((q) => q.stop()));
  });
  afterAll(() => t.close());

  it('retries a failing job with growing delays until it succeeds, once', async () => {
    const tries: number[] = [];
    const q = queue();
    const job = q.define<{ n: number }>({
      name: 'test.flaky',
      handler: async ({ n }) => {
        tries.push(Date.now());
        expect(n).toBe(7);
        if (tries.length < 3) throw new Error('not yet');
      },
      expireInSeconds: 30,
      retry: { limit: 3, delaySeconds: 1 },
    });
    await q.install();
    q.start();
    await job.send({ n: 7 });
    await until('three tries', () => tries.length === 3);
    // Back-off: the first retry after 1–2 s, the second after 2–4 s.
    const [first, second] = [tries[1]! - tries[0]!, tries[2]! - tries[1]!];
    expect(first).toBeGreaterThanOrEqual(900);
    expect(second).toBeGreaterThanOrEqual(1900);
    await new Promise((r) => setTimeout(r, 2500));
    expect(tries).toHaveLength(3);
  });

  it("installs a job's queue once, and gives it the settings a later start declares", async () => {
    const settings = async () =>
      (
        await t.database.runSql(
          'select expire_seconds, retry_limit, retry_delay, updated_on from pgboss.queue where name = $1',
          ['test.settings'],
        )
      ).rows[0] as { expire_seconds: number; retry_limit: number; retry_delay: number; updated_on: Date };
    const declare = async (expireInSeconds: number, retry: { limit: number; delaySeconds: number }) => {
      const q = queue();
      q.define({ name: 'test.settings', handler: async () => undefined, expireInSeconds, retry });
      await q.install();
    };
    await declare(30, { limit: 3, delaySeconds: 10 });
    expect(await settings()).toMatchObject({ expire_seconds: 30, retry_limit: 3, retry_delay: 10 });
    // A later version of the job (a deployment): its queue takes the new settings.
    await declare(90, { limit: 1, delaySeconds: 5 });
    const changed = await settings();
    expect(changed).toMatchObject({ expire_seconds: 90, retry_limit: 1, retry_delay: 5 });
    // Another start with the same declaration changes nothing.
    await declare(90, { limit: 1, delaySeconds: 5 });
    expect((await settings()).updated_on).toEqual(changed.updated_on);
  });

  it('claims a job of higher priority before older ones of lower priority', async () => {
    const seen: string[] = [];
    const q = queue();
    const job = q.define<{ word: string }>({
      name: 'test.priority',
      handler: async ({ word }) => void seen.push(word),
      expireInSeconds: 30,
    });
    await q.install();
    // Queued before the queue works: an import's letters first, then one urgent message.
    await job.sendAll(
      Array.from({ length: 5 }, (_, i) => ({ word: `bulk ${i}` })),
      { priority: 0 },
    );
    await job.send({ word: 'urgent' }, { priority: 1 });
    q.start();
    await until('every job', () => seen.length === 6);
    expect(seen[0]).toBe('urgent');
  });

  it('queues a job with the transaction it belongs to: none if it rolls back', async () => {
    const seen: string[] = [];
    const q = queue();
    const job = q.define<{ word: string }>({
      name: 'test.transactional',
      handler: async ({ word }) => void seen.push(word),
      expireInSeconds: 30,
    });
    await q.install();
    q.start();
    await t.database.db
      .transaction(async (tx) => {
        await job.send({ word: 'rolled back' }, { db: tx });
        throw new Error('roll back');
      })
      .catch(() => undefined);
    await t.database.db.transaction(async (tx) => job.send({ word: 'committed' }, { db: tx }));
    job.wake();
    await until('the committed job', () => seen.length > 0);
    await new Promise((r) => setTimeout(r, 2500));
    expect(seen).toEqual(['committed']);
  });

  it('runs a periodic job once per period however many processes offer it', async () => {
    const runs: { at: number; by: string }[] = [];
    for (const by of ['first', 'second']) {
      const q = queue();
      q.define({
        name: 'test.tick',
        handler: async () => void runs.push({ at: Date.now(), by }),
        everySeconds: 2,
        expireInSeconds: 10,
      });
      await q.install();
      q.start();
      q.startPeriodic();
    }
    const started = Date.now();
    await new Promise((r) => setTimeout(r, 7000));
    await Promise.all(queues.splice(0).map((q) => q.stop()));
    // The queue's own record of the slots: one job per two-second slot, each run once. (When a run
    // starts is no measure: on a busy machine a slot's run can start in the next slot.)
    const { rows } = (await t.database.runSql(
      `select singleton_on as slot, state from pgboss.job where name = 'test.tick'`,
    )) as { rows: { slot: Date | string | null; state: string }[] };
    const slots = rows.map((row) => String(row.slot));
    expect(rows.every((row) => row.slot !== null)).toBe(true);
    expect(new Set(slots).size).toBe(slots.length);
    expect(runs.length).toBe(rows.filter((row) => row.state !== 'created').length);
    expect(runs.length).toBeGreaterThanOrEqual(3);
    expect(rows.length).toBeLessThanOrEqual(Math.ceil((Date.now() - started) / 2000) + 1);
  });

  it('gives a job whose process stopped answering to another process once its claim expires', async () => {
    const done: string[] = [];
    let stuckStarted = false;
    const stuck = queue();
    const job = stuck.define<{ id: string }>({
      name: 'test.claimed',
      // The first process hangs, as one that died would: its claim expires after 2 s.
      handler: () => {
        stuckStarted = true;
        return new Promise(() => undefined);
      },
      expireInSeconds: 2,
      retry: { limit: 1, delaySeconds: 1 },
    });
    await stuck.install();
    stuck.start();
    await job.send({ id: 'x' });
    await until('the first process to claim it', () => stuckStarted);
    await stuck.stop();

    const other = queue();
    other.define<{ id: string }>({
      name: 'test.claimed',
      handler: async ({ id }) => void done.push(id),
      expireInSeconds: 2,
      retry: { limit: 1, delaySeconds: 1 },
    });
    await other.install();
    other.start();
    await until('the other process to do it', () => done.length > 0, 20_000);
    expect(done).toEqual(['x']);
  });
});
