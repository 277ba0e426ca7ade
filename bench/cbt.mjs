// Computer-based test under load, with the server killed mid-way (issue 27's figures), on PostgreSQL.
// N copies of DIT/2024/0005 (registered for CSC 101) are made in the database with their sessions; the
// lecturer imports a 60-question topic (GIFT) and publishes an exam drawing all 60, its duration
// compressed so the candidates' saves come at about BENCH_RATE a second. Every candidate starts within
// BENCH_START_WINDOW seconds, then answers its 60 questions one by one, each answer kept in its queue
// until acknowledged and sent again (same Seq) when the server does not answer. Half-way through, the
// server is killed with SIGKILL and started again on the same database; the candidates keep going.
// Then: p50/p99 of start and of a save; answers in the log = answers acknowledged (none lost); every
// candidate's time left after the restart within 2 s of what it should be; every attempt submitted by
// the server within 60 s of its end.
// Needs a build (npm run build -w packages/contracts && npm run build -w apps/api) and PostgreSQL.
//   BENCH_CANDIDATES=2000  BENCH_RATE=200 (saves/s)  BENCH_START_WINDOW=60  BENCH_PORT=8191
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import {
  copyRegistrations,
  copyStudents,
  freshPostgres,
  ms,
  percentile,
  signIn,
  startPortal,
  studentSessions,
} from './lib.mjs';

const CANDIDATES = Number(process.env.BENCH_CANDIDATES ?? 2000);
const RATE = Number(process.env.BENCH_RATE ?? 200);
const START_WINDOW = Number(process.env.BENCH_START_WINDOW ?? 60);
const PORT = Number(process.env.BENCH_PORT ?? 8191);
const QUESTIONS = 60;
const GRACE_S = 30;
const JWT_SECRET = randomBytes(32).toString('hex');
const MODEL = 'DIT/2024/0005';
// Answering spread so that all candidates together make RATE saves a second.
const ANSWERING_S = Math.max(30, Math.ceil((CANDIDATES * QUESTIONS) / RATE));
// The duration allows for the restart (migrations, seed check, queue install: up to a few minutes on a busy machine).
const DURATION_MIN =
  Math.ceil((START_WINDOW + ANSWERING_S + 30) / 60) + Number(process.env.BENCH_RESTART_MINUTES ?? 3);

const sleep = (msec) => new Promise((r) => setTimeout(r, msec));
let failedChecks = 0;
const check = (ok, what) => {
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${what}`);
  if (!ok) failedChecks += 1;
};
const stats = (label, list) => {
  const s = [...list].sort((a, b) => a - b);
  console.log(
    `${label.padEnd(28)} n ${String(s.length).padStart(6)}   p50 ${ms(percentile(s, 50) ?? 0)}   p99 ${ms(percentile(s, 99) ?? 0)}   max ${ms(s[s.length - 1] ?? 0)}`,
  );
  return s;
};

const postgres = await freshPostgres();
let portal = null;
try {
  portal = await startPortal({ port: PORT, env: { DATABASE_URL: postgres.url, JWT_SECRET } });
  const base = portal.base;
  const client = new pg.Client({ connectionString: postgres.url });
  client.on('error', (err) => console.error(`bench database connection: ${err.message}`));
  await client.connect();
  const ids = await copyStudents(client, MODEL, 'CBT', CANDIDATES);
  await copyRegistrations(client, ids, MODEL);
  const students = await studentSessions(client, ids, JWT_SECRET);
  const offering = (
    await client.query(
      `select c.id as course_id, s.id as session_id from courses c, academic_sessions s where c.code = 'CSC 101' and s.name = '2024/2025'`,
    )
  ).rows[0];
  await client.query('vacuum analyze');

  // The lecturer imports 60 true/false questions into a topic of their own and sets the exam.
  const lecturer = (await signIn(base, 'Admin', 'lecturer@demo.edu.ng')).headers;
  const gift = [
    '$CATEGORY: Bench',
    ...Array.from({ length: QUESTIONS }, (_, i) => `\n::b${i}:: Statement ${i} is true {T}`),
  ].join('\n');
  const boundary = `----bench${randomBytes(6).toString('hex')}`;
  const body = `--${boundary}\r\nContent-Disposition: form-data; name="format"\r\n\r\ngift\r\n--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="bench.txt"\r\nContent-Type: text/plain\r\n\r\n${gift}\r\n--${boundary}--\r\n`;
  const imported = await fetch(`${base}/api/admin/cbt/courses/${offering.course_id}/import`, {
    method: 'POST',
    headers: { ...lecturer, 'content-type': `multipart/form-data; boundary=${boundary}` },
    body,
  });
  if (!imported.ok) throw new Error(`import: ${imported.status} ${await imported.text()}`);
  const json = { ...lecturer, 'content-type': 'application/json' };
  const topics = await (
    await fetch(`${base}/api/admin/cbt/courses/${offering.course_id}/topics`, { headers: lecturer })
  ).json();
  const topicId = topics.Data.find((t) => t.Name === 'Bench').Id;
  const made = await fetch(`${base}/api/admin/cbt/offerings/${offering.course_id}/${offering.session_id}`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify({
      Title: 'Bench exam',
      OpensAt: new Date(Date.now() - 60_000).toISOString(),
      ClosesAt: new Date(Date.now() + 24 * 3600_000).toISOString(),
      DurationMinutes: DURATION_MIN,
      Sections: [{ TopicIds: [topicId], Count: QUESTIONS }],
      PassMark: 50,
    }),
  });
  if (!made.ok) throw new Error(`exam: ${made.status} ${await made.text()}`);
  const examId = (await made.json()).Data.Id;
  await fetch(`${base}/api/admin/cbt/exams/${examId}/publish`, { method: 'POST', headers: lecturer });
  console.log(
    `${CANDIDATES} candidates × ${QUESTIONS} answers over ~${ANSWERING_S} s (~${RATE}/s), exam of ${DURATION_MIN} min, kill -9 half-way`,
  );

  let current = base;
  let down = false;
  const startTimes = [];
  const saveTimes = [];
  const candidates = students.map((s, i) => ({
    i,
    headers: {
      authorization: `Bearer ${s.token}`,
      'content-type': 'application/json',
      'x-machine-id': `bench-machine-${i}-${randomBytes(4).toString('hex')}`,
    },
    attemptId: 0,
    endsAt: 0,
    paper: [],
    acked: 0,
    refusedAfterEnd: 0,
  }));
  /** Sends until the server answers (a dropped connection or a dead server: wait and send again). */
  async function call(url, init, times) {
    for (;;) {
      const t0 = performance.now();
      try {
        const res = await fetch(`${current}${url}`, init);
        if (res.status >= 500) throw new Error(String(res.status));
        const body = await res.json();
        if (!down) times?.push(performance.now() - t0);
        return { status: res.status, body };
      } catch {
        await sleep(200);
      }
    }
  }
  async function sit(c) {
    await sleep(Math.random() * START_WINDOW * 1000);
    const opened = await call(
      `/api/student/exams/${examId}/open`,
      { method: 'POST', headers: c.headers, body: '{}' },
      startTimes,
    );
    if (opened.status !== 200) throw new Error(`open: ${JSON.stringify(opened.body)}`);
    c.attemptId = opened.body.Data.AttemptId;
    c.endsAt = Date.parse(opened.body.Data.EndsAt);
    c.paper = opened.body.Data.Paper;
    const gap = (ANSWERING_S * 1000) / QUESTIONS;
    for (let k = 0; k < QUESTIONS; k++) {
      await sleep(gap * (0.5 + Math.random()));
      const q = c.paper[k];
      const batch = {
        Answers: [
          {
            Seq: k + 1,
            QuestionId: q.QuestionId,
            Answer: { True: k % 3 !== 0 },
            GivenAt: new Date().toISOString(),
          },
        ],
        Position: k,
      };
      const res = await call(
        `/api/student/exams/attempts/${c.attemptId}/answers`,
        { method: 'POST', headers: c.headers, body: JSON.stringify(batch) },
        saveTimes,
      );
      if (res.status === 409 && /time|submitted/i.test(res.body.Message ?? '')) {
        // The end passed (the outage outlasted the exam): what was acknowledged stands; the rest is refused.
        c.refusedAfterEnd = QUESTIONS - k;
        return;
      }
      if (res.status !== 200) throw new Error(`answer ${k + 1} of ${c.i}: ${JSON.stringify(res.body)}`);
      c.acked = res.body.Data.LastSeq;
    }
  }
  const started = Date.now();
  const sittings = Promise.all(candidates.map(sit));
  // A failure is reported where the sittings are awaited, after the cleanup below is armed.
  sittings.catch(() => undefined);
  // Half-way through the answering: kill -9, and start again on the same database.
  await sleep((START_WINDOW + ANSWERING_S / 2) * 1000);
  down = true;
  const killedAt = Date.now();
  process.kill(portal.pid, 'SIGKILL');
  const ackedAtKill = candidates.reduce((n, c) => n + c.acked, 0);
  portal = await startPortal({ port: PORT, env: { DATABASE_URL: postgres.url, JWT_SECRET } });
  current = portal.base;
  down = false;
  console.log(
    `killed with SIGKILL after ${((killedAt - started) / 1000).toFixed(0)} s (${ackedAtKill} answers acknowledged), back in ${((Date.now() - killedAt) / 1000).toFixed(1)} s`,
  );
  // Every candidate resumes: the time left is the server's, within 2 s of what it should be.
  const drift = [];
  for (const c of candidates.filter((x) => x.attemptId)) {
    const t0 = Date.now();
    const r = await call(`/api/student/exams/attempts/${c.attemptId}`, { headers: c.headers });
    const left = Date.parse(r.body.Data.EndsAt) - Date.parse(r.body.Data.ServerNow);
    const should = c.endsAt - (t0 + Date.now()) / 2;
    drift.push(Math.abs(left - should));
  }
  await sittings;
  stats('start', startTimes);
  stats('save an answer', saveTimes);
  const driftSorted = stats('time left vs expected', drift);
  check(
    (driftSorted[driftSorted.length - 1] ?? 0) <= 2000,
    'every candidate resumed with the time left within 2 s of what it should be',
  );
  const acked = candidates.reduce((n, c) => n + c.acked, 0);
  const stored = Number(
    (
      await client.query(
        `select count(*)::int as n from cbt_answer_log l join cbt_attempts a on a.id = l.attempt_id where a.exam_id = $1`,
        [examId],
      )
    ).rows[0].n,
  );
  console.log(`answers acknowledged ${acked}, in the log ${stored}`);
  const refused = candidates.reduce((n, c) => n + c.refusedAfterEnd, 0);
  if (refused)
    console.log(`${refused} answers refused as given after the end (the outage outlasted some exams)`);
  check(
    acked + refused === CANDIDATES * QUESTIONS && stored === acked,
    '0 acknowledged answers lost (answers on the server = answers acknowledged)',
  );
  // Time up: the server submits every attempt by itself within 60 s of its end (plus the grace).
  const lastEnd = Math.max(...candidates.map((c) => c.endsAt));
  await sleep(Math.max(0, lastEnd + (GRACE_S + 60) * 1000 - Date.now()));
  const late = (
    await client.query(
      `select count(*) filter (where submitted_at is null)::int as open,
              count(*) filter (where submitted_at > ends_at + interval '${GRACE_S + 60} seconds')::int as late,
              max(extract(epoch from submitted_at - ends_at))::float as worst
         from cbt_attempts where exam_id = $1`,
      [examId],
    )
  ).rows[0];
  console.log(`submitted after their end: worst ${Number(late.worst).toFixed(1)} s (grace ${GRACE_S} s)`);
  check(
    late.open === 0 && late.late === 0,
    'every attempt submitted by the server within 60 s of its end (after the grace)',
  );
  await client.end();
} finally {
  await portal?.stop().catch(() => undefined);
  await postgres.drop();
}
process.exit(failedChecks ? 1 : 0);
