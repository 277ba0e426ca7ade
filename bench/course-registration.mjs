// Course registration on its first morning, on PostgreSQL: N students (created directly in the
// database with sessions written there too) each load their registration page and submit the
// compulsory courses of it. Some owe their fees (copies of DIT/2024/0002) and are refused; some
// choose one course only (leaving out compulsory ones) and are refused; some press Submit twice with the same idempotency key.
// Prints submissions stored, duplicates, refusals by rule, and the p50/p99 of the page and the submit.
// Needs a build (npm run build) and a PostgreSQL server. Usage: node course-registration.mjs
//   BENCH_STUDENTS=5000           students
//   BENCH_CONCURRENCY=64          students in flight at once
//   BENCH_POSTGRES_URL=postgres://postgres@127.0.0.1:5432/postgres
//   BENCH_PORT=8192
import { randomBytes, randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { copyStudents, ms, onFreshPortal, percentile, studentSessions } from './lib.mjs';

const STUDENTS = Number(process.env.BENCH_STUDENTS ?? 5000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 64);
const PORT = Number(process.env.BENCH_PORT ?? 8192);
const JWT_SECRET = randomBytes(32).toString('hex');
/** One student in this many owes fees; one in this many chooses one course only; one in this many double-clicks. */
const OWING_EVERY = 10;
const TOO_FEW_EVERY = 25;
const DOUBLE_EVERY = 20;

async function oneStudent(base, student, i, times, tally) {
  const headers = { authorization: `Bearer ${student.token}`, 'content-type': 'application/json' };
  let t0 = performance.now();
  const loaded = await fetch(`${base}/api/student/course-registration`, { headers });
  const page = (await loaded.json()).Data;
  times.page.push(performance.now() - t0);
  if (!loaded.ok) {
    tally.failures.push(`page ${loaded.status}`);
    return;
  }
  const compulsory = page.Courses.filter((c) => c.Type === 'Compulsory' || c.CarryOver).map(
    (c) => c.CourseId,
  );
  const courseIds = i % TOO_FEW_EVERY === 1 ? compulsory.slice(0, 1) : compulsory;
  const body = JSON.stringify({
    SemesterId: page.Semester.Id,
    CourseIds: courseIds,
    IdempotencyKey: randomUUID(),
  });
  const send = async () => {
    const t = performance.now();
    const res = await fetch(`${base}/api/student/course-registration`, { method: 'POST', headers, body });
    const answer = await res.json();
    times.submit.push(performance.now() - t);
    return { status: res.status, message: answer.Message };
  };
  t0 = performance.now();
  const answers = i % DOUBLE_EVERY === 2 ? await Promise.all([send(), send()]) : [await send()];
  for (const a of answers) {
    if (a.status === 200) tally.accepted += 1;
    else if (a.status === 400 || a.status === 409)
      tally.refused.set(
        a.message.replace(/₦[\d,.]+|\d+/g, '#'),
        (tally.refused.get(a.message.replace(/₦[\d,.]+|\d+/g, '#')) ?? 0) + 1,
      );
    else tally.failures.push(`submit ${a.status} ${a.message}`);
  }
}

async function run(base, databaseUrl) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const t = performance.now();
    const owing = Math.floor(STUDENTS / OWING_EVERY);
    const ids = [
      ...(await copyStudents(client, 'DIT/2024/0004', 'RUSH', STUDENTS - owing)),
      ...(await copyStudents(client, 'DIT/2024/0002', 'OWES', owing)),
    ];
    // Interleave the owing students among the paid ones, as they would arrive.
    ids.sort((a, b) => ((a * 2654435761) % 1000) - ((b * 2654435761) % 1000));
    const students = await studentSessions(client, ids, JWT_SECRET);
    console.log(
      `${students.length} students and sessions created in the database in ${ms(performance.now() - t)}`,
    );

    const times = { page: [], submit: [] };
    const tally = { accepted: 0, refused: new Map(), failures: [] };
    let next = 0;
    const began = performance.now();
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (next < students.length) {
          const i = next++;
          try {
            await oneStudent(base, students[i], i, times, tally);
          } catch (error) {
            tally.failures.push(String(error));
          }
        }
      }),
    );
    const seconds = (performance.now() - began) / 1000;
    const q = async (sql) => (await client.query(sql)).rows[0];
    const stored = await q(
      `select count(*)::int n from course_registrations r join students s on s.id = r.student_id where s.matric_no like 'RUSH/%' or s.matric_no like 'OWES/%'`,
    );
    const twice = await q(
      `select count(*)::int n from (select student_id from course_registrations group by student_id, semester_id having count(*) > 1) x`,
    );
    const doubleEvents = await q(
      `select count(*)::int n from (select registration_id from course_registration_events where kind = 'submitted' group by registration_id having count(*) > 1) x`,
    );
    const rows = await q(
      `select count(*)::int n, count(distinct (registration_id, course_id))::int d from course_registration_courses`,
    );
    const units = await q(
      `select count(*)::int n from course_registrations r where r.total_units <> (select coalesce(sum(units), 0) from course_registration_courses c where c.registration_id = r.id and c.requested)`,
    );
    const owingStored = await q(
      `select count(*)::int n from course_registrations r join students s on s.id = r.student_id where s.matric_no like 'OWES/%'`,
    );
    times.page.sort((a, b) => a - b);
    times.submit.sort((a, b) => a - b);
    const expected =
      STUDENTS - owing - [...Array(STUDENTS).keys()].filter((i) => i % TOO_FEW_EVERY === 1).length;
    console.log(`students registering at once                ${CONCURRENCY}`);
    console.log(`students who loaded the page and submitted   ${students.length} in ${seconds.toFixed(1)} s`);
    console.log(
      `submissions accepted (answers 200)           ${tally.accepted} (double clicks answer twice)`,
    );
    console.log(
      `registrations stored                         ${stored.n} (about ${expected} expected: paid students who chose enough units)`,
    );
    console.log(
      `duplicates: two registrations of a semester  ${twice.n}; a press stored twice ${doubleEvents.n}`,
    );
    console.log(
      `duplicates: a course counted twice           ${rows.n - rows.d} of ${rows.n} course rows; totals ≠ their courses ${units.n}`,
    );
    console.log(`refused students who owe, yet stored         ${owingStored.n}`);
    for (const [message, n] of tally.refused) console.log(`refused by rule: ${message.padEnd(60)} ${n}`);
    console.log(
      `page (GET course-registration)               p50 ${ms(percentile(times.page, 50))}   p99 ${ms(percentile(times.page, 99))}`,
    );
    console.log(
      `submit (POST course-registration)            p50 ${ms(percentile(times.submit, 50))}   p99 ${ms(percentile(times.submit, 99))}`,
    );
    console.log(
      `failures                                     ${tally.failures.length}${tally.failures.length ? `: ${tally.failures.slice(0, 5).join(' | ')}` : ''}`,
    );
  } finally {
    await client.end();
  }
}

await onFreshPortal({ port: PORT, env: { JWT_SECRET } }, run);
