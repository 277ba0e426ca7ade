// The student's reads under a start-of-semester rush, on PostgreSQL: N students (copies of the demo
// student DIT/2023/0003 — published results with a carry-over, the first instalment of school fees
// paid — created directly in the database with sessions written there too) each submit their
// course registration once; then each read below is loaded by 64 connections for 10 s, every request
// as the next student in turn, beside a bare Fastify + pg route reading one student's row in the same
// run. Prints req/s, p50, p99 and the share of the bare route's req/s for each read.
// Needs a build (npm run build) and a PostgreSQL server. Usage: node student-reads.mjs [path…]
//   BENCH_STUDENTS=200   students       BENCH_SECONDS=10   seconds per read     BENCH_CONNECTIONS=64
//   BENCH_PORT=8196      the portal's port (the bare route: +1)
//   BENCH_POSTGRES_URL=postgres://postgres@127.0.0.1:5432/postgres
//   BENCH_CPU_PROF=dir   write a CPU profile of the portal (node --cpu-prof) into dir
import { randomBytes, randomUUID } from 'node:crypto';
import pg from 'pg';
import {
  copyStudents,
  freshPostgres,
  load,
  namedOr,
  printRow,
  startBare,
  startPortal,
  studentSessions,
} from './lib.mjs';

const STUDENTS = Number(process.env.BENCH_STUDENTS ?? 200);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 64);
const PORT = Number(process.env.BENCH_PORT ?? 8196);
const JWT_SECRET = randomBytes(32).toString('hex');
const MODEL = 'DIT/2023/0003';
const READS = namedOr([
  '/api/student/dashboard',
  '/api/student/course-registration',
  '/api/student/results',
  '/api/student/school-fees',
]);
const TARGET = { rps: 1000, share: 0.11, p99: 150 };

/** Copies the model's published results to each student, so each has the model's standing. */
async function copyResults(client, ids) {
  await client.query(
    `insert into course_results (student_id, course_id, semester_id, units, score, grade, grade_point, passed, published_at)
     select s.id, r.course_id, r.semester_id, r.units, r.score, r.grade, r.grade_point, r.passed, r.published_at
     from unnest($1::int[]) s(id), course_results r join students m on m.id = r.student_id where m.matric_no = $2`,
    [ids, MODEL],
  );
}

/** Each student submits the semester's compulsory courses and carry-overs, as on the first morning. */
async function register(base, students) {
  let submitted = 0;
  for (const s of students) {
    const headers = { authorization: `Bearer ${s.token}`, 'content-type': 'application/json' };
    const page = (await (await fetch(`${base}/api/student/course-registration`, { headers })).json()).Data;
    if (!page?.CanSubmit) continue;
    const CourseIds = page.Courses.filter((c) => c.Type === 'Compulsory' || c.CarryOver).map(
      (c) => c.CourseId,
    );
    const res = await fetch(`${base}/api/student/course-registration`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ SemesterId: page.Semester.Id, CourseIds, IdempotencyKey: randomUUID() }),
    });
    if (res.ok) submitted += 1;
  }
  return submitted;
}

/** autocannon's request list: one GET of `path`, each time as the next of `values` (a header or a query). */
function rotating(path, make) {
  let i = 0;
  return [
    {
      method: 'GET',
      path,
      setupRequest: (request) => {
        i += 1;
        return make(request, i);
      },
    },
  ];
}

const postgres = await freshPostgres();
try {
  const portal = await startPortal({
    port: PORT,
    env: { DATABASE_URL: postgres.url, JWT_SECRET },
    nodeArgs: process.env.BENCH_CPU_PROF
      ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`]
      : [],
  });
  let bare;
  try {
    const client = new pg.Client({ connectionString: postgres.url });
    await client.connect();
    let students;
    try {
      const ids = await copyStudents(client, MODEL, 'READ', STUDENTS);
      await copyResults(client, ids);
      students = await studentSessions(client, ids, JWT_SECRET);
      await client.query('vacuum analyze');
    } finally {
      await client.end();
    }
    const registered = await register(portal.base, students);
    bare = await startBare(postgres.url, PORT + 1, 'students');
    console.log(
      `${students.length} students (copies of ${MODEL}), ${registered} of them registered for the semester; ${CONNECTIONS} connections, ${process.env.BENCH_SECONDS ?? 10} s each\n`,
    );

    const bareRequests = rotating('/row', (request, i) => ({
      ...request,
      path: `/row?id=${students[i % students.length].userId}`,
    }));
    const asStudent = (path) =>
      rotating(path, (request, i) => ({
        ...request,
        headers: { ...request.headers, authorization: `Bearer ${students[i % students.length].token}` },
      }));
    // A short warm-up of each, so none is measured while its code is still being compiled.
    await load({ url: bare.base, requests: bareRequests, connections: 8, duration: 2 });
    for (const path of READS)
      await load({ url: portal.base, requests: asStudent(path), connections: 8, duration: 2 });

    const bareRun = await load({ url: bare.base, requests: bareRequests, connections: CONNECTIONS });
    printRow('bare Fastify + pg, one student row', bareRun);
    const rows = [];
    for (const path of READS) {
      const run = await load({ url: portal.base, requests: asStudent(path), connections: CONNECTIONS });
      printRow(`GET ${path}`, run);
      rows.push([path, run]);
    }
    console.log(
      `\n${'read'.padEnd(38)} ${'req/s'.padStart(7)} ${'× bare'.padStart(7)} ${'p99'.padStart(8)}   target: ≥ ${TARGET.rps} req/s (${TARGET.share} × bare), p99 ≤ ${TARGET.p99} ms`,
    );
    for (const [path, run] of rows) {
      const share = run.requestsPerSecond / bareRun.requestsPerSecond;
      const meets = (run.requestsPerSecond >= TARGET.rps || share >= TARGET.share) && run.p99 <= TARGET.p99;
      console.log(
        `${path.padEnd(38)} ${String(run.requestsPerSecond).padStart(7)} ${share.toFixed(3).padStart(7)} ${`${run.p99} ms`.padStart(8)}   ${meets ? 'meets' : 'MISSES'}`,
      );
    }
    console.log(
      `${'bare Fastify + pg'.padEnd(38)} ${String(bareRun.requestsPerSecond).padStart(7)} ${'1.000'.padStart(7)} ${`${bareRun.p99} ms`.padStart(8)}`,
    );
  } finally {
    await bare?.stop();
    await portal.stop();
  }
} finally {
  await postgres.drop();
}
