import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hostelAllocations, hostelEvents, mailOutbox } from '../src/db/schema/index.js';
import { freePort } from '../src/modules/payments/test-support.js';
import { keepRooms, paidStudent, seededRound } from '../src/modules/hostels/test-support.js';
import { login, startTestApp, type TestApp } from './helpers.js';
import { mailText, startSmtpReceiver, type ReceivedMail } from './smtp.js';

// Every background job once across processes (issue 22, item 6): two real server processes
// (`src/server.ts`, as `npm start` runs it) on one PostgreSQL database, delivering to one real
// SMTP receiver. Each queued e-mail reaches the SMTP server once; each overdue hostel allocation
// lapses once; a process killed mid-delivery leaves the message to another. PostgreSQL only: on
// PGlite a database is one process's.

const apiRoot = fileURLToPath(new URL('..', import.meta.url));
const RESET_SUBJECT = 'Reset your portal password';
const OFFER_SUBJECT = 'A hostel bed space has been allocated to you';

interface ServerProcess {
  name: string;
  url: string;
  child: ChildProcess;
  /** The exit code, or the signal's name when killed. */
  exited: Promise<number | string>;
  output: string[];
}

const subjectOf = (mail: ReceivedMail) => /^Subject: (.*)$/m.exec(mail.raw)?.[1]?.trim() ?? '';
const until = async (what: string, check: () => Promise<boolean> | boolean, timeoutMs = 60_000) => {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
};

/** The rows of a raw query. */
async function rowsOf<T>(query: Promise<unknown>): Promise<T[]> {
  return ((await query) as { rows: T[] }).rows;
}

describe.skipIf(process.env.TEST_DB_DRIVER !== 'pg')('background jobs across two processes', () => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtpReceiver>>;
  /** The recipient whose next message the SMTP server stalls on (part three). */
  let stallFor: string | null = null;
  const running = new Set<ServerProcess>();
  let a: ServerProcess;
  let b: ServerProcess;
  /** The two allocations made overdue, and the two students waiting for a bed. */
  let overdue: number[] = [];
  let waiting: { studentId: number; email: string }[] = [];

  /** Starts `node src/server.ts` on the test database, with this test's SMTP receiver; resolves once it answers. */
  async function startServer(name: string): Promise<ServerProcess> {
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
      cwd: apiRoot,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: {
        PATH: process.env.PATH,
        NODE_ENV: 'test',
        HOST: '127.0.0.1',
        PORT: String(port),
        PUBLIC_URL: url,
        DATABASE_URL: t.databaseUrl,
        DATA_DIR: t.config.DATA_DIR,
        JWT_SECRET: t.config.JWT_SECRET,
        SMTP_URL: smtp.url,
        // A delivery stalled by the SMTP server fails after 3 s; a dead process's claim expires after 12 s.
        SMTP_TIMEOUT: '3s',
        RATE_LIMIT_RESET_PER_ADDRESS: '1000',
        LOG_LEVEL: 'warn',
      },
    });
    const output: string[] = [];
    child.stdout!.on('data', (chunk: Buffer) => output.push(chunk.toString()));
    child.stderr!.on('data', (chunk: Buffer) => output.push(chunk.toString()));
    const exited = new Promise<number | string>((resolve) =>
      child.once('exit', (code, signal) => resolve(code ?? signal ?? 'unknown')),
    );
    const server: ServerProcess = { name, url, child, exited, output };
    running.add(server);
    void exited.then(() => running.delete(server));
    let gone = false;
    void exited.then(() => (gone = true));
    await until(
      `${name} to answer`,
      async () => {
        if (gone) throw new Error(`${name} exited while starting:\n${output.join('')}`);
        const health = await fetch(`${url}/api/health`).catch(() => null);
        return health?.status === 200;
      },
      90_000,
    );
    return server;
  }

  const forgotPassword = (server: ServerProcess, email: string) =>
    fetch(`${server.url}/api/Account/ForgotPassword`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, userMode: 'Applicant', step: 1 }),
    }).then(async (response) => {
      expect(response.status).toBe(200);
      expect(((await response.json()) as { Status: string }).Status).toBe('Ok');
    });

  /** Every message queued so far has been sent, and the SMTP server took each exactly once. */
  async function expectEachQueuedMailDeliveredOnce() {
    const db = t.database.db;
    await until('the outbox to empty', async () => {
      const [row] = await rowsOf<{ unsent: number }>(
        db.execute(sql`select count(*)::int as unsent from mail_outbox where sent_at is null`),
      );
      return row?.unsent === 0;
    });
    // Two polls more: a second delivery by the other process would show by now.
    await new Promise((r) => setTimeout(r, 4000));
    const rows = await db.select({ to: mailOutbox.to, subject: mailOutbox.subject }).from(mailOutbox);
    const key = (to: string, subject: string) => `${to} · ${subject}`;
    const count = (keys: string[]) =>
      keys.reduce<Record<string, number>>((acc, k) => ({ ...acc, [k]: (acc[k] ?? 0) + 1 }), {});
    expect(count(smtp.messages.map((m) => key(m.to.join(','), subjectOf(m))))).toEqual(
      count(rows.map((r) => key(r.to, r.subject))),
    );
  }

  beforeAll(async () => {
    smtp = await startSmtpReceiver(0, {
      hold: (mail) => {
        if (stallFor === null || !mail.to.includes(stallFor)) return false;
        stallFor = null;
        return true;
      },
    });
    // The database (cloned from the seeded template) and this test's view of it; it works no jobs.
    t = await startTestApp({ SMTP_URL: smtp.url }, { jobs: false });
    const db = t.database.db;

    // A drawn hostel round with two allocations past their deadline and two students waiting:
    // one room of four beds in Queen Amina Hall, six applicants.
    const { roundId, zik, amina } = await seededRound(db);
    await keepRooms(db, [zik, amina], ['C102']);
    const admin = (await login(t.app, 'Admin', 'admin@demo.edu.ng')).auth;
    for (let i = 1; i <= 6; i += 1) {
      const student = await paidStudent(t.app, db, {
        matricNo: `DIT/2024/7${String(i).padStart(3, '0')}`,
        email: `twoprocess${i}@demo.edu.ng`,
        gender: 'Female',
      });
      const applied = await t.app.inject({
        method: 'POST',
        url: '/api/student/hostel/application',
        headers: student.auth,
        payload: { RoundId: roundId, HostelIds: [amina] },
      });
      expect(applied.statusCode, applied.body).toBe(200);
    }
    for (const step of ['close', 'draw']) {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/admin/hostel-rounds/${roundId}/${step}`,
        headers: admin,
        payload: {},
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    const held = await db
      .select({ id: hostelAllocations.id })
      .from(hostelAllocations)
      .where(and(eq(hostelAllocations.roundId, roundId), eq(hostelAllocations.state, 'allocated')));
    expect(held).toHaveLength(4);
    overdue = held.slice(0, 2).map((h) => h.id);
    await db
      .update(hostelAllocations)
      .set({ payBy: new Date(Date.now() - 60_000) })
      .where(inArray(hostelAllocations.id, overdue));
    waiting = await rowsOf<{ studentId: number; email: string }>(
      db.execute(sql`
        select w.student_id as "studentId", s.email from hostel_waiting_list w
          join students s on s.id = w.student_id where w.round_id = ${roundId}`),
    );
    expect(waiting).toHaveLength(2);
  }, 180_000);

  afterAll(async () => {
    for (const server of running) server.child.kill('SIGKILL');
    await Promise.all([...running].map((server) => server.exited));
    await t?.close();
    await smtp?.close();
  }, 60_000);

  it('starts two processes; each lapses nothing twice: the two overdue beds lapse once and pass to the two waiting', async () => {
    [a, b] = await Promise.all([startServer('A'), startServer('B')]);
    const db = t.database.db;
    await until(
      'both offers to arrive',
      () => smtp.messages.filter((m) => subjectOf(m) === OFFER_SUBJECT).length >= 2,
    );
    const lapses = await db
      .select({ allocationId: hostelEvents.allocationId })
      .from(hostelEvents)
      .where(eq(hostelEvents.kind, 'lapsed'));
    expect(lapses.map((l) => l.allocationId).sort()).toEqual([...overdue].sort());
    const offers = await db.select().from(hostelEvents).where(eq(hostelEvents.kind, 'offered'));
    expect(offers.map((o) => o.studentId).sort()).toEqual(waiting.map((w) => w.studentId).sort());
    for (const w of waiting) {
      expect(
        smtp.messages.filter((m) => m.to.includes(w.email) && subjectOf(m) === OFFER_SUBJECT),
      ).toHaveLength(1);
    }
    // The lapse job ran once in each minute since the processes started, whichever process took it.
    const runs = await rowsOf<{ runs: number }>(
      db.execute(sql`
        select singleton_on, count(*)::int as runs from pgboss.job
         where name = 'hostels.lapse' group by singleton_on`),
    );
    expect(runs.length).toBeGreaterThan(0);
    for (const slot of runs) expect(slot.runs).toBe(1);
    await expectEachQueuedMailDeliveredOnce();
    // Two processes compiled from source at once (up to 90 s each on a loaded machine), then the offers.
  }, 180_000);

  it('delivers each e-mail queued through either process once', async () => {
    const emails = Array.from({ length: 7 }, (_, i) => `applicant${i + 1}@demo.edu.ng`);
    // Three rounds of seven reset requests, alternating between the processes, all at once.
    await Promise.all(
      [0, 1, 2].flatMap((round) =>
        emails.map((email, i) => forgotPassword((i + round) % 2 === 0 ? a : b, email)),
      ),
    );
    await until(
      '21 reset e-mails',
      () => smtp.messages.filter((m) => subjectOf(m) === RESET_SUBJECT).length >= 21,
    );
    await expectEachQueuedMailDeliveredOnce();
    const resets = smtp.messages.filter((m) => subjectOf(m) === RESET_SUBJECT);
    expect(resets).toHaveLength(21);
    // Each reset link is its own: no message was a copy of another.
    const links = resets.map((m) => /confirmnewpassword\/\?id=([^&\s]+)/.exec(mailText(m))?.[1]);
    expect(links.every(Boolean)).toBe(true);
    expect(new Set(links).size).toBe(21);
  }, 120_000);

  it('stops a process gracefully on SIGTERM, and leaves a delivery cut off by SIGKILL to the other process', async () => {
    b.child.kill('SIGTERM');
    expect(await b.exited).toBe(0);

    // A takes the message, and the SMTP server stalls after reading it; A is killed there.
    const victim = 'applicant6@demo.edu.ng';
    const sentBefore = smtp.messages.filter((m) => m.to.includes(victim)).length;
    stallFor = victim;
    await forgotPassword(a, victim);
    await until('the delivery to stall', () => smtp.held.some((m) => m.to.includes(victim)), 30_000);
    a.child.kill('SIGKILL');
    expect(await a.exited).toBe('SIGKILL');
    const [row] = await t.database.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.to, victim), isNull(mailOutbox.sentAt)));
    expect(row).toBeDefined();

    // C starts; once A's claim expires, C delivers the message, once.
    const c = await startServer('C');
    await until(
      'C to deliver',
      () => smtp.messages.filter((m) => m.to.includes(victim)).length > sentBefore,
      90_000,
    );
    await expectEachQueuedMailDeliveredOnce();
    expect(smtp.messages.filter((m) => m.to.includes(victim))).toHaveLength(sentBefore + 1);
    const [sent] = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.id, row!.id));
    expect(sent!.sentAt).not.toBeNull();

    c.child.kill('SIGTERM');
    expect(await c.exited).toBe(0);
    // The sum of its own waits: a graceful stop, the stall, C's start from source, the expired claim.
  }, 240_000);
});
