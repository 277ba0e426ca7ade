// Computer-based test under load, with the server killed mid-way (issue 27's figures), on PostgreSQL.
// N copies of DIT/2024/0005 (registered for CSC 101) are made in the database with their sessions; the
// lecturer imports a QUESTIONS-question topic (GIFT) and publishes an exam drawing all of them, its
// duration compressed so the candidates' saves come at about BENCH_RATE a second. Every candidate starts
// within BENCH_START_WINDOW seconds, then answers its questions one by one, each answer kept until
// acknowledged and sent again (same Seq) when the server does not answer: a refused connection, a dropped
// one or a 5xx is retried after a random wait below a ceiling that doubles from BENCH_RETRY_MS up to
// BENCH_RETRY_MAX_MS (full jitter, as the page's answer queue does), so the candidates do not all come
// back in the same instant. Half-way through, the server is killed with SIGKILL and started again on
// the same database; the candidates keep going.
// Then:
// - start and save: the round trip of the requests answered at their first try (sent while the server
//   was up: the "p99 of a save ≤ 100 ms"), those sent in the minute after the restart apart too;
//   and, separately, the saves held through the outage (refused or dropped, then retried): how many,
//   how many tries, how long from the first try until acknowledged;
//   beside them, the database's own commit time (a probe every 200 ms on its own connection), and the
//   saves that overlapped a slow probe commit (the shared server's disk busy) apart from the others;
// - answers in the log = answers acknowledged (none lost);
// - after the restart every candidate reads the attempt: the time left the server answers (EndsAt −
//   ServerNow) against what it should be at that moment (the EndsAt the start gave, and the bench's own
//   clock, shared with the server, between sending and receiving), and the time left as the page shows
//   it (its ServerClock: the server's time placed within the bounds that every answer's round trip
//   gives, kept across answers), both within 2 s; the former reckoning (the middle of this one round
//   trip) is printed beside them;
// - every attempt submitted by the server within 60 s of its end.
// Needs a build (npm run build -w packages/contracts && npm run build -w apps/api) and PostgreSQL.
//   BENCH_CANDIDATES=2000  BENCH_QUESTIONS=60  BENCH_RATE=200 (saves/s)  BENCH_START_WINDOW=60
//   BENCH_RESTART_MINUTES=3 (added to the exam's duration for the restart)  BENCH_PORT=8191
//   BENCH_RETRY_MS=1000  BENCH_RETRY_MAX_MS=15000  BENCH_DB_PREFIX=portal_bench
//   BENCH_ROOT (a checkout whose built server to run: another build to compare with)
//   BENCH_NODE_ARGS (for the server's node, e.g. --cpu-prof --cpu-prof-dir=/tmp/prof)
//   BENCH_DETAIL=1 (the first-try saves and the starts per 10 s, to see when the slow ones came)
//   BENCH_KILL=0 (no kill: the first process alone)
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import os from 'node:os';
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
const QUESTIONS = Number(process.env.BENCH_QUESTIONS ?? 60);
const GRACE_S = 30;
const RETRY_MS = Number(process.env.BENCH_RETRY_MS ?? 1000);
const RETRY_MAX_MS = Number(process.env.BENCH_RETRY_MAX_MS ?? 15_000);
const ROOT = process.env.BENCH_ROOT || undefined;
const KILL = process.env.BENCH_KILL !== '0';
const NODE_ARGS = (process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean);
const JWT_SECRET = randomBytes(32).toString('hex');
const MODEL = 'DIT/2024/0005';
// Answering spread so that all candidates together make RATE saves a second.
const ANSWERING_S = Math.max(30, Math.ceil((CANDIDATES * QUESTIONS) / RATE));
// The duration allows for the restart (migrations, seed check, queue install: up to a few minutes on a busy machine).
const DURATION_MIN =
  Math.ceil((START_WINDOW + ANSWERING_S + 30) / 60) + Number(process.env.BENCH_RESTART_MINUTES ?? 3);

const sleep = (msec) => new Promise((r) => setTimeout(r, msec));
const loadavg = () =>
  os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(' ');

/**
 * Connections the kernel dropped because the listen queue was full (the machine's count since boot,
 * from /proc; null elsewhere): each such client waits 1 s, then 3 s, to try its connection again.
 */
function listenOverflows() {
  try {
    const [names, values] = readFileSync('/proc/net/netstat', 'utf8')
      .split('\n')
      .filter((line) => line.startsWith('TcpExt:'))
      .map((line) => line.split(/\s+/));
    return Number(values[names.indexOf('ListenOverflows')]);
  } catch {
    return null;
  }
}

/** CPU seconds (user + system) a process has used, from /proc (Linux; null elsewhere). */
function cpuSeconds(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return null;
  }
}
/** CPU seconds of the server process and of the PostgreSQL backends serving the bench's database. */
async function cpuNow(client, pid) {
  const { rows } = await client.query(
    `select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()`,
  );
  return { server: cpuSeconds(pid) ?? 0, pg: new Map(rows.map((r) => [r.pid, cpuSeconds(r.pid) ?? 0])) };
}
/** CPU used between two readings of cpuNow (a backend opened in between counts whole; one closed is lost). */
const cpuUsed = (from, to) => ({
  server: to.server - from.server,
  pg: [...to.pg].reduce((n, [pid, cpu]) => n + cpu - (from.pg.get(pid) ?? 0), 0),
});

/**
 * The page's clock (apps/web/src/features/cbt/sitting/serverClock.ts) on the bench's wall clock: each
 * answer bounds the server's time minus ours to [ServerNow − arrived, ServerNow − sent]; the bounds are
 * kept across answers (widened by 200 ppm of drift), started again when an answer contradicts them, and
 * the middle is read.
 */
function pageClock() {
  let ends = null;
  let low = 0;
  let high = 0;
  let at = 0;
  return {
    sync(reading, sentAt, arrivedAt) {
      const now = Date.parse(reading.ServerNow);
      const lo = now - arrivedAt;
      const hi = now - sentAt;
      const slack = (arrivedAt - at) * 0.0002;
      if (ends !== null && Math.max(lo, low - slack) <= Math.min(hi, high + slack)) {
        [low, high] = [Math.max(lo, low - slack), Math.min(hi, high + slack)];
      } else [low, high] = [lo, hi];
      ends = Date.parse(reading.EndsAt);
      at = arrivedAt;
    },
    remainingAt: (t) => ends - (t + (low + high) / 2),
  };
}
let failedChecks = 0;
const check = (ok, what) => {
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${what}`);
  if (!ok) failedChecks += 1;
};
const stats = (label, list) => {
  const s = [...list].sort((a, b) => a - b);
  console.log(
    `${label.padEnd(30)} n ${String(s.length).padStart(6)}   p50 ${ms(percentile(s, 50) ?? 0)}   p95 ${ms(percentile(s, 95) ?? 0)}   p99 ${ms(percentile(s, 99) ?? 0)}   max ${ms(s[s.length - 1] ?? 0)}`,
  );
  return s;
};

const postgres = await freshPostgres();
let portal = null;
try {
  portal = await startPortal({
    port: PORT,
    root: ROOT,
    nodeArgs: NODE_ARGS,
    env: { DATABASE_URL: postgres.url, JWT_SECRET },
  });
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
    `${CANDIDATES} candidates × ${QUESTIONS} answers over ~${ANSWERING_S} s (~${RATE}/s), exam of ${DURATION_MIN} min${KILL ? ', kill -9 half-way' : ''}`,
  );

  let current = base;
  /** Wall-clock moments of the outage (the bench shares the server's clock). */
  let killedAt = Infinity;
  let backAt = Infinity;
  /** Start and save requests answered at their first try: { ms, at } (round trip; when sent). */
  const startTimes = [];
  const saveTimes = [];
  /** Requests that needed more than one try: { first, sinceFirst, tries }. */
  const retriedStarts = [];
  const retriedSaves = [];
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
    clock: pageClock(),
  }));
  /**
   * Sends until the server answers. A refused or dropped connection or a 5xx is tried again after a
   * random wait below a ceiling doubling from RETRY_MS to RETRY_MAX_MS (full jitter). Answers the
   * status and body, the tries, and the wall-clock moments the answered try left and came back.
   */
  async function call(url, init) {
    const first = Date.now();
    let ceiling = RETRY_MS;
    for (let tries = 1; ; tries += 1) {
      const sentAt = Date.now();
      const t0 = performance.now();
      try {
        const res = await fetch(`${current}${url}`, init);
        if (res.status >= 500) throw new Error(String(res.status));
        const body = await res.json();
        const ms = performance.now() - t0;
        return { status: res.status, body, tries, ms, first, sentAt, arrivedAt: Date.now() };
      } catch {
        await sleep(Math.random() * ceiling);
        ceiling = Math.min(ceiling * 2, RETRY_MAX_MS);
      }
    }
  }
  /** Files a request's figure: answered at the first try, or retried (held). */
  function record(r, firstTry, retried) {
    if (r.tries === 1) firstTry.push({ ms: r.ms, at: r.sentAt });
    else retried.push({ first: r.first, sinceFirst: r.arrivedAt - r.first, tries: r.tries });
  }
  async function sit(c) {
    await sleep(Math.random() * START_WINDOW * 1000);
    const opened = await call(`/api/student/exams/${examId}/open`, {
      method: 'POST',
      headers: c.headers,
      body: '{}',
    });
    record(opened, startTimes, retriedStarts);
    if (opened.status !== 200) throw new Error(`open: ${JSON.stringify(opened.body)}`);
    c.attemptId = opened.body.Data.AttemptId;
    c.endsAt = Date.parse(opened.body.Data.EndsAt);
    c.paper = opened.body.Data.Paper;
    c.clock.sync(opened.body.Data, opened.sentAt, opened.arrivedAt);
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
      const res = await call(`/api/student/exams/attempts/${c.attemptId}/answers`, {
        method: 'POST',
        headers: c.headers,
        body: JSON.stringify(batch),
      });
      if (res.status === 409 && /time|submitted/i.test(res.body.Message ?? '')) {
        // The end passed (the outage outlasted the exam): what was acknowledged stands; the rest is refused.
        c.refusedAfterEnd = QUESTIONS - k;
        return;
      }
      record(res, saveTimes, retriedSaves);
      if (res.status !== 200) throw new Error(`answer ${k + 1} of ${c.i}: ${JSON.stringify(res.body)}`);
      c.acked = res.body.Data.LastSeq;
      c.clock.sync(res.body.Data, res.sentAt, res.arrivedAt);
    }
  }
  // The database's own commit time, apart from the portal: every 200 ms a transaction that needs a WAL
  // flush (it takes a transaction id), on its own connection. A slow one shows the disk was busy (the
  // shared server's checkpoints: other sessions' CREATE/DROP DATABASE force them), whatever the portal does.
  const probes = [];
  let probing = true;
  const probe = (async () => {
    const c = new pg.Client({ connectionString: postgres.url });
    await c.connect();
    while (probing) {
      const at = Date.now();
      const t0 = performance.now();
      await c.query('begin; select txid_current(); commit;');
      probes.push({ at, ms: performance.now() - t0 });
      await sleep(200);
    }
    await c.end();
  })();
  const overflowsBefore = listenOverflows();
  const started = Date.now();
  const sittings = Promise.all(candidates.map(sit));
  // A failure is reported where the sittings are awaited, after the cleanup below is armed.
  sittings.catch(() => undefined);
  // Half-way through the answering: kill -9, and start again on the same database (BENCH_KILL=0: not,
  // to see the first process alone, e.g. profiled).
  // The CPU the steady answering costs (after the starts, until the kill): server and PostgreSQL.
  await sleep((START_WINDOW + 5) * 1000);
  const ackedNow = () => candidates.reduce((n, c) => n + c.acked, 0);
  const cpuFrom = { ...(await cpuNow(client, portal.pid)), acked: ackedNow() };
  await sleep(Math.max(0, ANSWERING_S / 2 - 5) * 1000);
  const cpuTo = { ...(await cpuNow(client, portal.pid)), acked: ackedNow() };
  const cpu = cpuUsed(cpuFrom, cpuTo);
  const steadySaves = cpuTo.acked - cpuFrom.acked;
  const loadAtKill = loadavg();
  const ackedAtKill = ackedNow();
  if (KILL) {
    killedAt = Date.now();
    process.kill(portal.pid, 'SIGKILL');
    portal = await startPortal({
      port: PORT,
      root: ROOT,
      nodeArgs: NODE_ARGS,
      env: { DATABASE_URL: postgres.url, JWT_SECRET },
    });
    current = portal.base;
    backAt = Date.now();
    console.log(
      `killed with SIGKILL after ${((killedAt - started) / 1000).toFixed(0)} s (${ackedAtKill} answers acknowledged, load ${loadAtKill}), back in ${((backAt - killedAt) / 1000).toFixed(1)} s`,
    );
  } else
    console.log(
      `not killed (BENCH_KILL=0); half-way: ${ackedAtKill} answers acknowledged, load ${loadAtKill}`,
    );
  // Every candidate resumes: the time left the server answers, and the time left the page shows.
  const serverLeft = [];
  const pageLeft = [];
  const formerLeft = [];
  const resumeTrips = [];
  for (const c of candidates.filter((x) => x.attemptId)) {
    const r = await call(`/api/student/exams/attempts/${c.attemptId}`, { headers: c.headers });
    const ends = Date.parse(r.body.Data.EndsAt);
    const serverNow = Date.parse(r.body.Data.ServerNow);
    resumeTrips.push(r.arrivedAt - r.sentAt);
    // The server's answer: right if EndsAt is still the end the start gave and its clock read a moment
    // between sending and receiving (the bench's clock is the server's).
    const stampedAt = Math.min(Math.max(serverNow, r.sentAt), r.arrivedAt);
    serverLeft.push(Math.abs(ends - serverNow - (c.endsAt - stampedAt)));
    // The page: its clock takes this answer with all before it; what it shows against the truth.
    c.clock.sync(r.body.Data, r.sentAt, r.arrivedAt);
    pageLeft.push(Math.abs(c.clock.remainingAt(r.arrivedAt) - (c.endsAt - r.arrivedAt)));
    // The former reckoning: the server's time at the middle of this round trip alone.
    formerLeft.push(Math.abs(ends - serverNow - (c.endsAt - (r.sentAt + r.arrivedAt) / 2)));
  }
  const loadAtResume = loadavg();
  await sittings;
  probing = false;
  await probe;
  const firstTry = (list, from = -Infinity, to = Infinity) =>
    list.filter((x) => x.at >= from && x.at < to).map((x) => x.ms);
  /** One line of the detail: the first-try saves sent in [from, from + width), timed from `origin`. */
  const savesWindow = (from, width, origin) => {
    const saves = firstTry(saveTimes, from, from + width).sort((a, b) => a - b);
    return `    ${String((from - origin) / 1000).padStart(4)} s  saves ${String(saves.length).padStart(5)}  p50 ${ms(percentile(saves, 50) ?? 0)}  p99 ${ms(percentile(saves, 99) ?? 0)}  max ${ms(saves.at(-1) ?? 0)}`;
  };
  console.log(`(round trips of requests answered at their first try, sent while the server was up)`);
  const starts = stats('start', firstTry(startTimes));
  const saves = stats('save an answer', firstTry(saveTimes));
  stats('  before the kill', firstTry(saveTimes, -Infinity, killedAt));
  stats('  kill → a minute after restart', firstTry(saveTimes, killedAt, backAt + 60_000));
  stats('  after that', firstTry(saveTimes, backAt + 60_000));
  // The saves whose round trip overlapped a commit of the probe's that took over 100 ms (the database's
  // disk was busy then), and the others.
  const stalls = probes.filter((p) => p.ms > 100);
  const inStall = (x) => stalls.some((p) => p.at < x.at + x.ms && x.at < p.at + p.ms);
  const probeMs = stats(
    'database commit (probe)',
    probes.map((p) => p.ms),
  );
  console.log(
    `  ${stalls.length} probe commits over 100 ms, ${(stalls.reduce((n, p) => n + p.ms, 0) / 1000).toFixed(1)} s in all (p99 ${ms(percentile(probeMs, 99) ?? 0)})`,
  );
  stats(
    '  saves during a slow commit',
    saveTimes.filter(inStall).map((x) => x.ms),
  );
  stats(
    '  saves at other times',
    saveTimes.filter((x) => !inStall(x)).map((x) => x.ms),
  );
  if (process.env.BENCH_DETAIL) {
    console.log('  per 10 s from the first start (first-try saves; starts):');
    for (let from = started; from < Math.max(...saveTimes.map((x) => x.at), started); from += 10_000) {
      const opens = firstTry(startTimes, from, from + 10_000).length;
      const mark = from <= killedAt && killedAt < from + 10_000 ? ' kill' : '';
      console.log(`${savesWindow(from, 10_000, started)}  starts ${opens}${mark}`);
    }
  }
  if (process.env.BENCH_DETAIL && KILL) {
    console.log(
      '  per second around the restart (first-try saves by when sent; held saves by when acknowledged):',
    );
    for (let from = backAt - 2_000; from < backAt + 20_000; from += 1_000) {
      const held = retriedSaves.filter(
        (x) => x.first + x.sinceFirst >= from && x.first + x.sinceFirst < from + 1_000,
      );
      console.log(`${savesWindow(from, 1_000, backAt)}  held acknowledged ${held.length}`);
    }
  }
  const overflows = listenOverflows();
  if (overflows !== null && overflowsBefore !== null)
    console.log(`  connections dropped at the server's full listen queue: ${overflows - overflowsBefore}`);
  console.log(
    `  CPU per save while answering (after the starts, ${steadySaves} saves in ${Math.max(0, ANSWERING_S / 2 - 5)} s): ` +
      `server ${((1000 * cpu.server) / steadySaves).toFixed(2)} ms, PostgreSQL ${((1000 * cpu.pg) / steadySaves).toFixed(2)} ms`,
  );
  check(percentile(starts, 99) <= 1000, 'p99 of a start ≤ 1 s');
  check(percentile(saves, 99) <= 100, 'p99 of a save ≤ 100 ms');
  // The outage's saves: refused or dropped, then retried until the restarted server took them.
  const heldTries = [...retriedSaves.map((x) => x.tries)].sort((a, b) => a - b);
  stats(
    'saves held through outage',
    retriedSaves.map((x) => x.sinceFirst),
  );
  console.log(
    `  (${retriedSaves.length} saves; from the first try until acknowledged; tries p50 ${percentile(heldTries, 50) ?? 0}, max ${heldTries.at(-1) ?? 0}; ` +
      `${retriedSaves.filter((x) => x.first < killedAt - 5_000 || x.first > backAt).length} of them first sent outside the outage; ` +
      `${retriedStarts.length} starts retried)`,
  );
  console.log(
    `(after the restart, ${resumeTrips.length} candidates read their attempt one after another; load ${loadAtResume})`,
  );
  stats('resume round trip', resumeTrips);
  const serverSorted = stats('time left: server', serverLeft);
  const pageSorted = stats('time left: page', pageLeft);
  stats("  (this round trip's middle)", formerLeft);
  check(
    (serverSorted.at(-1) ?? 0) <= 2000 && (pageSorted.at(-1) ?? 0) <= 2000,
    "every candidate resumed with the time left within 2 s of what it should be (the server's answer and the page)",
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
