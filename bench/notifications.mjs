// Issue 25's figures for notifications, on PostgreSQL with N students (copies of DIT/2024/0005):
// - the unread counts of one user (all six types; GET /api/notifications/counts) with 64 users asking
//   at once, over and over, for a while: p50, p99, worst;
// - an announcement to all students: how long until every asking user's count shows it;
// - a broadcast e-mail to all students: the time of the request that queues them (one INSERT … SELECT).
// Needs a build (npm run build -w packages/contracts && npm run build -w apps/api) and PostgreSQL.
//   BENCH_STUDENTS=20000   students    BENCH_USERS=64   concurrent users    BENCH_SECONDS=10  seconds of asking
//   BENCH_PACE_MS=1000   a paced user's interval
//   BENCH_PORT=8466        the portal's port   BENCH_POSTGRES_URL=postgres://postgres@127.0.0.1:5432/postgres
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import {
  copyStudents,
  freshPostgres,
  ms,
  percentile,
  signInAdmin,
  startPortal,
  studentSessions,
} from './lib.mjs';

const STUDENTS = Number(process.env.BENCH_STUDENTS ?? 20000);
const USERS = Number(process.env.BENCH_USERS ?? 64);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const PORT = Number(process.env.BENCH_PORT ?? 8466);
/** Paced: each user asks once every this many ms (a page open, polling), besides the flat-out run. */
const PACE_MS = Number(process.env.BENCH_PACE_MS ?? 1000);
const JWT_SECRET = randomBytes(32).toString('hex');
const MODEL = 'DIT/2024/0005';

const postgres = await freshPostgres();
try {
  // Deliveries go nowhere (no SMTP_URL: to the log, which is at 'warn'), so they cost the queue only.
  const portal = await startPortal({ port: PORT, env: { DATABASE_URL: postgres.url, JWT_SECRET } });
  try {
    const client = new pg.Client({ connectionString: postgres.url });
    await client.connect();
    let users;
    try {
      const ids = await copyStudents(client, MODEL, 'NOTE', STUDENTS);
      users = await studentSessions(client, ids.slice(0, USERS), JWT_SECRET);
      await client.query('vacuum analyze');
    } finally {
      await client.end();
    }
    const base = portal.base;
    const admin = await signInAdmin(base);
    const counts = async (user) => {
      const res = await fetch(`${base}/api/notifications/counts`, {
        headers: { authorization: `Bearer ${user.token}` },
      });
      if (!res.ok) throw new Error(`counts: ${res.status}`);
      return (await res.json()).Data;
    };

    // Warm-up.
    for (const user of users.slice(0, 8)) await counts(user);

    // Paced: 64 users each asking once a PACE_MS (pages left open), for SECONDS.
    const paced = [];
    const pacedUntil = performance.now() + SECONDS * 1000;
    await Promise.all(
      users.map(async (user, i) => {
        await new Promise((r) => setTimeout(r, (i / users.length) * PACE_MS));
        while (performance.now() < pacedUntil) {
          const started = performance.now();
          await counts(user);
          const took = performance.now() - started;
          paced.push(took);
          await new Promise((r) => setTimeout(r, Math.max(0, PACE_MS - took)));
        }
      }),
    );
    paced.sort((a, b) => a - b);
    console.log(
      `unread counts, ${USERS} users each once a ${PACE_MS} ms, ${STUDENTS} students: n ${paced.length}   p50 ${ms(percentile(paced, 50))}   p99 ${ms(percentile(paced, 99))}   max ${ms(paced.at(-1))}`,
    );

    // 64 users asking at once, each again as soon as answered (flat out), for SECONDS.
    const times = [];
    let failed = 0;
    let announcedAt = 0;
    const seenAfter = new Map();
    const until = performance.now() + SECONDS * 1000;
    const before = (await counts(users[0])).announcements;
    await Promise.all(
      users.map(async (user) => {
        while (performance.now() < until) {
          const started = performance.now();
          try {
            const data = await counts(user);
            times.push(performance.now() - started);
            if (announcedAt && !seenAfter.has(user.userId) && data.announcements > before)
              seenAfter.set(user.userId, performance.now() - announcedAt);
          } catch {
            failed += 1;
          }
        }
      }),
    );
    times.sort((a, b) => a - b);
    console.log(
      `unread counts flat out, ${USERS} concurrent users, ${STUDENTS} students: n ${times.length}   p50 ${ms(percentile(times, 50))}   p99 ${ms(percentile(times, 99))}   max ${ms(times.at(-1))}   failed ${failed}`,
    );

    // An announcement to all students, while the users keep asking: until every one of them sees it.
    const asking = Promise.all(
      users.map(async (user) => {
        const deadline = performance.now() + 15_000;
        while (!seenAfter.has(user.userId) && performance.now() < deadline) {
          const data = await counts(user).catch(() => null);
          if (data && announcedAt && data.announcements > before)
            seenAfter.set(user.userId, performance.now() - announcedAt);
        }
      }),
    );
    announcedAt = performance.now();
    const announced = await fetch(`${base}/api/admin/announcements`, {
      method: 'POST',
      headers: { ...admin, 'content-type': 'application/json' },
      body: JSON.stringify({ Title: 'Bench announcement', Body: 'To every student.', Audience: 'students' }),
    });
    const announceMs = performance.now() - announcedAt;
    await asking;
    const seen = [...seenAfter.values()].sort((a, b) => a - b);
    console.log(
      `announcement to all ${STUDENTS} students: request ${ms(announceMs)} (status ${announced.status}); seen by ${seen.length}/${USERS} users, the last after ${seen.length ? ms(seen.at(-1)) : '-'}`,
    );

    // A broadcast e-mail to all students: the request queues every message.
    const started = performance.now();
    const res = await fetch(`${base}/api/app/broadcasts`, {
      method: 'POST',
      headers: { ...admin, 'content-type': 'application/json' },
      body: JSON.stringify({
        Subject: 'Bench broadcast',
        Body: 'To every student.',
        Email: true,
        InApp: false,
        Audience: 'students',
      }),
    });
    const queueMs = performance.now() - started;
    const body = await res.json();
    console.log(
      `broadcast e-mail to all students: ${body.Data?.Queued ?? '?'} queued in ${ms(queueMs)} (status ${res.status})`,
    );
  } finally {
    await portal.stop();
  }
} finally {
  await postgres.drop();
}
