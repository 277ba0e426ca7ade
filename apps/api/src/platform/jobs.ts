import { setTimeout as sleep } from 'node:timers/promises';
import { sql, type SQL } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import PgBoss from 'pg-boss';
import type { Database } from '../db/client.js';
import type { Exec } from './db.js';

/**
 * Background work, once across every process on one database: a job queue in PostgreSQL
 * (pg-boss, schema `pgboss`) — see ADR 9. A module declares each job once, with `define`: its
 * name, handler, how long a claim lasts, its retries and, for periodic work, how often it runs.
 *
 * - A job is claimed by one process (`FOR UPDATE SKIP LOCKED`); a claim that outlives its expiry
 *   (the process died mid-job) is failed by the queue's maintenance and retried by another.
 * - A failed job is retried with exponential back-off until its retry limit.
 * - A periodic job is offered by every process on a timer, but the queue takes one job per slot of
 *   its period (a unique index on the slot), and a `stately` queue holds at most one waiting and
 *   one running: it runs once per period however many processes run, and never piles up.
 * - An idle process asks the database one question per poll (which of its queues have work due),
 *   not one claim per queue, and claims only where there is work: the nine queues cost one
 *   statement every two seconds rather than nine.
 * - On PGlite (one connection) the same code runs over the app's own connection.
 */

/** What a handler is given besides its data. */
export interface JobContext {
  /** Aborted when the queue stops (shutdown): a long handler should end early, its job is retried. */
  signal: AbortSignal;
  /** How many times this job has been tried before. */
  retryCount: number;
}

export interface JobDefinition<T extends object> {
  /** Letters, digits, '.', '-': the queue's name in PostgreSQL. */
  name: string;
  handler(data: T, context: JobContext): Promise<unknown>;
  /**
   * How long a claim lasts. A process that dies mid-job leaves the job to another after this
   * (plus the maintenance interval); a handler still running after it is abandoned.
   */
  expireInSeconds: number;
  /** Periodic work: runs once every this many seconds across all processes. */
  everySeconds?: number;
  /** Retries after a failure: delay doubles from `delaySeconds` each time (with jitter). */
  retry?: { limit: number; delaySeconds: number };
  /** Jobs a process claims at once and runs side by side (messages to deliver). Default 1. */
  batchSize?: number;
}

/** Where a job is queued, and how urgent it is: a higher priority is claimed first (default 0). */
export interface SendOptions {
  db?: Exec;
  priority?: number;
  /** Not before this time (a job due later, e.g. an exam attempt's time-up). */
  startAfter?: Date;
}

/** A declared job: what producers use. */
export interface Job<T extends object> {
  readonly name: string;
  /**
   * Queues one job. Pass an open transaction as `db` to queue it with the rows it belongs to
   * (it exists only if they commit); then call `wake()` once committed.
   */
  send(data: T, options?: SendOptions): Promise<void>;
  /** Queues many jobs in one statement (same rule for `db`). */
  sendAll(data: readonly T[], options?: SendOptions): Promise<void>;
  /** Makes this process look for the job's work now instead of at its next poll. */
  wake(): void;
}

/** How often an idle process looks for work of each job. */
const POLL_MS = 2000;
/** Retries of an on-demand job unless it says otherwise. */
const DEFAULT_RETRY = { limit: 3, delaySeconds: 10 };

/** A PostgreSQL identifier-safe queue name. */
const NAME = /^[a-z0-9][a-z0-9.-]*$/;

/** Whether an installed queue has the settings a job declares (those `install` sets). */
function sameSettings(installed: PgBoss.QueueResult, declared: PgBoss.Queue): boolean {
  return (
    installed.policy === declared.policy &&
    installed.expireInSeconds === declared.expireInSeconds &&
    installed.retryLimit === declared.retryLimit &&
    installed.retryDelay === declared.retryDelay &&
    installed.retryBackoff === declared.retryBackoff
  );
}

/** pg-boss's database interface over a Drizzle handle or transaction: its `$1…$n` become bound parameters. */
function onExec(db: Exec): PgBoss.Db {
  return {
    async executeSql(text: string, values: unknown[] = []) {
      const chunks: SQL[] = text
        .split(/\$(\d+)/)
        .map((part, i) => (i % 2 === 0 ? sql.raw(part) : sql`${sql.param(values[Number(part) - 1])}`));
      return (await db.execute(sql.join(chunks))) as unknown as { rows: unknown[] };
    },
  };
}

interface Worker {
  definition: JobDefinition<object>;
  /** Ends the current wait for work, if any. */
  wake: (() => void) | null;
  /** Work may be waiting: set by a send in this process or by the poll, cleared before each claim. */
  woken: boolean;
}

export class JobQueue {
  private readonly definitions = new Map<string, JobDefinition<object>>();
  private readonly workers = new Map<string, Worker>();
  private bossInstance: PgBoss | null = null;
  private stopping = false;
  private readonly abort = new AbortController();
  private readonly loops: Promise<void>[] = [];
  private readonly timers: NodeJS.Timeout[] = [];
  /** Statements pg-boss has in flight, so stop() returns only once the database is no longer used. */
  private readonly inFlight = new Set<Promise<unknown>>();

  constructor(
    private readonly database: Database,
    private readonly log: FastifyBaseLogger,
    /** Whether this process works jobs (false: it only queues them, as in most tests). */
    private readonly work: boolean,
  ) {}

  /**
   * Each declared job's queue as it stands: jobs waiting (created or to be retried), active, failed
   * for good, and when the oldest waiting job was queued — one statement over pg-boss's table.
   */
  async health(): Promise<
    { name: string; waiting: number; active: number; failed: number; oldestWaiting: Date | null }[]
  > {
    const names = [...this.definitions.keys()].sort();
    const { rows } = (await this.database.runSql(
      `select name,
              count(*) filter (where state in ('created', 'retry'))::int as waiting,
              count(*) filter (where state = 'active')::int as active,
              count(*) filter (where state = 'failed')::int as failed,
              min(created_on) filter (where state in ('created', 'retry')) as oldest
         from pgboss.job where name = any($1::text[]) group by name`,
      [names],
    )) as {
      rows: { name: string; waiting: number; active: number; failed: number; oldest: Date | string | null }[];
    };
    const byName = new Map(rows.map((r) => [r.name, r]));
    return names.map((name) => {
      const r = byName.get(name);
      return {
        name,
        waiting: Number(r?.waiting ?? 0),
        active: Number(r?.active ?? 0),
        failed: Number(r?.failed ?? 0),
        oldestWaiting: r?.oldest ? new Date(r.oldest) : null,
      };
    });
  }

  /** Declares a job (before `install`); answers what producers use. Each name once. */
  define<T extends object>(definition: JobDefinition<T>): Job<T> {
    if (this.bossInstance) throw new Error(`Job ${definition.name} declared after the queue was installed.`);
    if (!NAME.test(definition.name))
      throw new Error(`Job name ${definition.name} is not a valid queue name.`);
    if (this.definitions.has(definition.name)) throw new Error(`Job ${definition.name} is declared twice.`);
    this.definitions.set(definition.name, definition as unknown as JobDefinition<object>);
    const name = definition.name;
    return {
      name,
      send: async (data, options) => this.sendAll(name, [data], options),
      sendAll: async (data, options) => this.sendAll(name, data, options),
      wake: () => this.wake(name),
    };
  }

  /**
   * Creates or upgrades the queue's schema and one queue per declared job with its settings.
   * Jobs can be sent from here on; they are worked once `start` runs.
   */
  async install(): Promise<void> {
    if (this.bossInstance) return;
    const tracked: PgBoss.Db = {
      executeSql: (text, values) => {
        const running = this.database.runSql(text, values);
        this.inFlight.add(running);
        void running.finally(() => this.inFlight.delete(running)).catch(() => undefined);
        return running;
      },
    };
    const shortest = Math.min(60 * 4, ...[...this.definitions.values()].map((d) => d.expireInSeconds));
    const boss = new PgBoss({
      db: tracked,
      // Expired claims are failed (and so retried) by one process per interval, found within a
      // quarter of the shortest expiry; only processes that work jobs take part.
      supervise: this.work,
      maintenanceIntervalSeconds: Math.max(1, Math.floor(shortest / 4)),
      // Periodic jobs are offered by every process and taken once per slot (`offer`), not by pg-boss's cron.
      schedule: false,
      migrate: true,
    });
    boss.on('error', (err: unknown) => this.log.error({ err }, 'job queue error'));
    await boss.start();
    // One read of the queues there are: at a start on an installed database (every start but the
    // first) nothing is created or changed, rather than two statements per job.
    const installed = new Map((await boss.getQueues()).map((queue) => [queue.name, queue]));
    for (const definition of this.definitions.values()) {
      const retry =
        definition.retry ?? (definition.everySeconds ? { limit: 0, delaySeconds: 0 } : DEFAULT_RETRY);
      const queue: PgBoss.Queue = {
        name: definition.name,
        policy: definition.everySeconds ? 'stately' : 'standard',
        expireInSeconds: definition.expireInSeconds,
        retryLimit: retry.limit,
        retryDelay: retry.delaySeconds,
        retryBackoff: retry.limit > 0,
      };
      const known = installed.get(definition.name);
      if (!known) await boss.createQueue(definition.name, queue);
      // A queue made by an earlier version takes the settings declared now.
      else if (!sameSettings(known, queue)) await boss.updateQueue(definition.name, queue);
    }
    this.bossInstance = boss;
  }

  private get boss(): PgBoss {
    if (!this.bossInstance) throw new Error('The job queue is not installed.');
    return this.bossInstance;
  }

  /**
   * Starts working jobs in this process (when it works jobs at all): a worker per job, woken by
   * a send in this process or by the poll that finds work due (queued by another process, a retry
   * whose delay has passed, a job due later).
   */
  start(): void {
    if (!this.bossInstance) throw new Error('The job queue is not installed.');
    if (!this.work || this.stopping || this.workers.size > 0) return;
    for (const definition of this.definitions.values()) {
      const worker: Worker = { definition, wake: null, woken: false };
      this.workers.set(definition.name, worker);
      this.loops.push(this.loop(worker));
    }
    this.loops.push(this.poll());
  }

  /**
   * Starts offering the periodic jobs, a first offer now and then at least twice a slot. The
   * server calls it once it listens: its first runs (reconciliation, lapses, sweeps) never hold
   * up a start, which on PGlite, whose statements run on the main thread, they otherwise would.
   */
  startPeriodic(): void {
    if (!this.work || this.stopping || this.timers.length > 0) return;
    for (const definition of this.definitions.values()) {
      if (!definition.everySeconds) continue;
      const every = definition.everySeconds;
      void this.offer(definition.name, every);
      // At least twice a slot, so no slot passes without an offer.
      const timer = setInterval(
        () => void this.offer(definition.name, every),
        Math.min(30_000, Math.max(500, (every * 1000) / 2)),
      );
      timer.unref();
      this.timers.push(timer);
    }
  }

  /**
   * Stops taking work, tells running handlers (their signal), waits for them, and returns once
   * the queue uses the database no more. Jobs still claimed are left to their expiry.
   */
  async stop(): Promise<void> {
    if (this.stopping) return;
    this.stopping = true;
    for (const timer of this.timers) clearInterval(timer);
    this.abort.abort();
    for (const worker of this.workers.values()) worker.wake?.();
    await Promise.all(this.loops);
    await this.bossInstance?.stop({ graceful: false, close: false });
    while (this.inFlight.size > 0) await Promise.allSettled([...this.inFlight]);
  }

  private async sendAll(name: string, data: readonly object[], options: SendOptions = {}): Promise<void> {
    const { db, priority, startAfter } = options;
    if (data.length === 0) return;
    const jobs = data.map((d) => ({ name, data: d, priority, startAfter }));
    await this.boss.insert(jobs, db ? { db: onExec(db) } : {});
    if (!db) this.wake(name);
  }

  private wake(name: string): void {
    const worker = this.workers.get(name);
    if (!worker) return;
    worker.woken = true;
    worker.wake?.();
  }

  /** Queues this slot's run of a periodic job unless a process already has (or one is waiting). */
  private async offer(name: string, everySeconds: number): Promise<void> {
    if (this.stopping) return;
    try {
      const id = await this.boss.sendThrottled(name, {}, {}, everySeconds, name);
      if (id) this.wake(name);
    } catch (err) {
      if (!this.stopping) this.log.error({ err, job: name }, 'could not offer a periodic job');
    }
  }

  /** Waits to be woken, then claims and runs this job's work until the queue has none left for it. */
  private async loop(worker: Worker): Promise<void> {
    const { definition } = worker;
    while (!this.stopping) {
      if (!worker.woken) {
        await new Promise<void>((resolve) => {
          worker.wake = resolve;
        });
        worker.wake = null;
      }
      worker.woken = false;
      while (!this.stopping) {
        const jobs = await this.boss
          .fetch<object>(definition.name, { batchSize: definition.batchSize ?? 1, includeMetadata: true })
          .catch((err: unknown) => {
            this.log.error({ err, job: definition.name }, 'could not fetch jobs');
            return [];
          });
        if (jobs.length === 0) break;
        await Promise.all(jobs.map((job) => this.run(definition, job)));
      }
    }
  }

  /** Every POLL_MS, one statement: which of this process's queues have work due; wakes their workers. */
  private async poll(): Promise<void> {
    const names = [...this.workers.keys()];
    while (!this.stopping) {
      try {
        const { rows } = (await this.database.runSql(
          `select distinct name from pgboss.job
            where name = any($1::text[]) and state < 'active' and start_after < now()`,
          [names],
        )) as { rows: { name: string }[] };
        for (const { name } of rows) this.wake(name);
      } catch (err) {
        if (!this.stopping) this.log.error({ err }, 'could not look for due jobs');
      }
      await sleep(POLL_MS, undefined, { signal: this.abort.signal }).catch(() => undefined);
    }
  }

  /** Runs one claimed job and records its outcome: completed, or failed (retried while it may be). */
  private async run(definition: JobDefinition<object>, job: PgBoss.JobWithMetadata<object>): Promise<void> {
    let timer: NodeJS.Timeout | undefined;
    const expired = new Promise<'expired'>((resolve) => {
      timer = setTimeout(() => resolve('expired'), definition.expireInSeconds * 1000);
    });
    let failure: unknown = null;
    try {
      const running = definition.handler(job.data ?? {}, {
        signal: this.abort.signal,
        retryCount: job.retryCount,
      });
      const outcome = await Promise.race([running.then(() => 'done' as const), expired]);
      if (outcome === 'expired') {
        // The claim has lapsed and the job may already be another process's: leave its record alone.
        running.catch(() => undefined);
        this.log.error({ job: definition.name, id: job.id }, 'job outlived its claim');
        return;
      }
    } catch (err) {
      failure = err;
    } finally {
      clearTimeout(timer);
    }
    try {
      if (failure === null) {
        await this.boss.complete(definition.name, job.id);
        return;
      }
      const last = job.retryCount >= job.retryLimit;
      this.log[last ? 'error' : 'warn'](
        { err: failure, job: definition.name, id: job.id, retryCount: job.retryCount },
        last ? 'job failed' : 'job failed; it will be retried',
      );
      await this.boss.fail(definition.name, job.id, {
        message: failure instanceof Error ? failure.message : String(failure),
      });
    } catch (err) {
      this.log.error({ err, job: definition.name, id: job.id }, 'could not record the outcome of a job');
    }
  }
}
