// 2,000 students opening the same lecture note in the same minute, on PostgreSQL (issue 24's figure).
// N copies of the demo student DIT/2024/0005 (registered and approved for CSC 101's first semester,
// fees paid) are created directly in the database with their sessions; each arrives once, at a moment
// spread evenly over the window, and does what the lecture-notes page does: the list of their
// offerings (GET /api/student/content), CSC 101's content (GET /api/student/content/:course/:session,
// which records the visit), then the PDF lecture note by its signed link (time to its first byte).
// Prints p50, p95, p99 and the worst of each step, and the failures.
// Needs a build (npm run build -w packages/contracts && npm run build -w apps/api) and PostgreSQL.
//   BENCH_STUDENTS=2000   students          BENCH_WINDOW=60   seconds the arrivals are spread over
//   BENCH_PORT=8198       the portal's port BENCH_POSTGRES_URL=postgres://postgres@127.0.0.1:5432/postgres
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import {
  copyRegistrations,
  copyStudents,
  freshPostgres,
  ms,
  percentile,
  startPortal,
  studentSessions,
} from './lib.mjs';

const STUDENTS = Number(process.env.BENCH_STUDENTS ?? 2000);
const WINDOW = Number(process.env.BENCH_WINDOW ?? 60);
const PORT = Number(process.env.BENCH_PORT ?? 8198);
const JWT_SECRET = randomBytes(32).toString('hex');
const MODEL = 'DIT/2024/0005';

function summary(label, values, failures) {
  const sorted = [...values].sort((a, b) => a - b);
  const p = (n) => (sorted.length ? ms(percentile(sorted, n)) : '-');
  console.log(
    `${label.padEnd(40)} n ${String(sorted.length).padStart(5)}   p50 ${p(50).padStart(7)}   p95 ${p(95).padStart(7)}   p99 ${p(99).padStart(7)}   max ${(sorted.length ? ms(sorted.at(-1)) : '-').padStart(7)}   failed ${failures}`,
  );
}

async function timed(work) {
  const started = performance.now();
  const value = await work();
  return { value, ms: performance.now() - started };
}

const postgres = await freshPostgres();
try {
  const portal = await startPortal({ port: PORT, env: { DATABASE_URL: postgres.url, JWT_SECRET } });
  try {
    const client = new pg.Client({ connectionString: postgres.url });
    await client.connect();
    let students;
    let offering;
    try {
      const ids = await copyStudents(client, MODEL, 'NOTE', STUDENTS);
      await copyRegistrations(client, ids, MODEL);
      students = await studentSessions(client, ids, JWT_SECRET);
      const { rows } = await client.query(
        `select c.id as course_id, s.id as session_id from courses c, academic_sessions s
         where c.code = 'CSC 101' and s.name = '2024/2025'`,
      );
      offering = rows[0];
      await client.query('vacuum analyze');
    } finally {
      await client.end();
    }
    const base = portal.base;
    const listPath = '/api/student/content';
    const contentPath = `/api/student/content/${offering.course_id}/${offering.session_id}`;
    const times = { list: [], content: [], firstByte: [] };
    const failed = { list: 0, content: 0, firstByte: 0 };

    async function visit(student) {
      const headers = { authorization: `Bearer ${student.token}` };
      const list = await timed(async () => {
        const res = await fetch(`${base}${listPath}`, { headers });
        const body = await res.json();
        return res.ok && body.Data.some((o) => o.Code === 'CSC 101');
      });
      if (list.value) times.list.push(list.ms);
      else failed.list += 1;
      const content = await timed(async () => {
        const res = await fetch(`${base}${contentPath}`, { headers });
        return res.ok ? (await res.json()).Data : null;
      });
      if (!content.value) {
        failed.content += 1;
        return;
      }
      times.content.push(content.ms);
      const note = content.value.Sections.flatMap((s) => s.Items).find((i) => i.Kind === 'document');
      if (!note?.FileUrl) {
        failed.firstByte += 1;
        return;
      }
      // The time to the document's first byte: the answer's headers and its first chunk.
      const first = await timed(async () => {
        const res = await fetch(`${base}${note.FileUrl}`);
        if (!res.ok) return false;
        const reader = res.body.getReader();
        const chunk = await reader.read();
        await reader.cancel();
        return !chunk.done && chunk.value.length > 0;
      });
      if (first.value) times.firstByte.push(first.ms);
      else failed.firstByte += 1;
    }

    // Warm-up: a few students, so nothing is measured while its code is being compiled.
    for (const s of students.slice(0, 10)) await visit(s);
    for (const key of Object.keys(times)) times[key].length = 0;
    for (const key of Object.keys(failed)) failed[key] = 0;

    console.log(
      `${students.length} students (copies of ${MODEL}, registered for CSC 101) arriving over ${WINDOW} s\n`,
    );
    const started = performance.now();
    await Promise.all(
      students.map(
        (s, i) =>
          new Promise((resolve) => {
            setTimeout(
              () => visit(s).then(resolve, resolve),
              WINDOW > 0 ? (i / students.length) * WINDOW * 1000 : 0,
            );
          }),
      ),
    );
    const seconds = (performance.now() - started) / 1000;
    summary(`GET ${listPath}`, times.list, failed.list);
    summary('GET /api/student/content/:course/:session', times.content, failed.content);
    summary('the PDF note: first byte', times.firstByte, failed.firstByte);
    console.log(`\nall visits done in ${seconds.toFixed(1)} s`);
  } finally {
    await portal.stop();
  }
} finally {
  await postgres.drop();
}
