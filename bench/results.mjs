// A result sheet of N students × C courses on PostgreSQL: the students (copies of DIT/2024/0004) are
// registered and approved for C first-semester courses directly in the database; the demo lecturer,
// made a lecturer of every one of them, uploads each course's scores as a CSV through the API; every
// sheet is submitted and climbs the three review stages; the semester is published. Prints the time to
// upload one course of N students, to compute the broadsheet, to render its XLSX and its PDF, and a
// transcript PDF's render time and size.
// Needs a build (npm run build) and a PostgreSQL server. Usage: node results.mjs
//   BENCH_STUDENTS=2000           students
//   BENCH_COURSES=12              courses
//   BENCH_POSTGRES_URL=postgres://postgres@127.0.0.1:5432/postgres
//   BENCH_PORT=8193
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { copyStudents, freshPostgres, signIn, startPortal } from './lib.mjs';

const STUDENTS = Number(process.env.BENCH_STUDENTS ?? 2000);
const COURSES = Number(process.env.BENCH_COURSES ?? 12);
const PORT = Number(process.env.BENCH_PORT ?? 8193);
const ms = (n) => `${n.toFixed(0)} ms`;

async function call(base, headers, method, path, body) {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: { ...headers, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const answer = await res.json();
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${answer.Message}`);
  return answer;
}

async function timed(fn) {
  const t = performance.now();
  const value = await fn();
  return { value, ms: performance.now() - t };
}

async function run(base, databaseUrl) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const q = async (sql, params) => (await client.query(sql, params)).rows;
    const [semester] = await q(
      `select id, session_id from semesters where name = '2024/2025 First Semester'`,
    );
    const [csc] = await q(`select id from departments where code = 'CSC'`);
    const [level] = await q(`select id from levels where name = '100 Level'`);
    const courses = await q(
      `select id, code, units from courses where semester = 'First' order by code limit $1`,
      [COURSES],
    );
    const [lecturer] = await q(`select id from staff where email = 'lecturer@demo.edu.ng'`);
    const t0 = performance.now();
    const ids = await copyStudents(client, 'DIT/2024/0004', 'BSHT', STUDENTS);
    const units = courses.reduce((n, c) => n + c.units, 0);
    const regs = await q(
      `insert into course_registrations (public_id, student_id, semester_id, level_id, department_id, state, total_units, approved_at)
       select md5(random()::text || s), s, $2, $3, $4, 'approved', $5, now() from unnest($1::int[]) s returning id`,
      [ids, semester.id, level.id, csc.id, units],
    );
    await q(
      `insert into course_registration_courses (registration_id, course_id, units, requested, approved)
       select r, c.id, c.units, true, true from unnest($1::int[]) r, courses c where c.id = any($2::int[])`,
      [regs.map((r) => r.id), courses.map((c) => c.id)],
    );
    await q(
      `insert into course_lecturers (course_id, staff_id, session_id, role)
       select c, $2, $3, 'Lead' from unnest($1::int[]) c on conflict do nothing`,
      [courses.map((c) => c.id), lecturer.id, semester.session_id],
    );
    const matrics = (
      await q(`select matric_no from students where id = any($1::int[]) order by matric_no`, [ids])
    ).map((r) => r.matric_no);
    console.log(
      `${STUDENTS} students registered and approved for ${courses.length} courses in ${ms(performance.now() - t0)}`,
    );

    const teacher = (await signIn(base, 'Admin', 'lecturer@demo.edu.ng')).headers;
    const hod = (await signIn(base, 'Admin', 'adviser@demo.edu.ng')).headers;
    const registry = (await signIn(base, 'Admin', 'admin@demo.edu.ng')).headers;
    const uploads = [];
    let seed = 7;
    const random = () => ((seed = (seed * 1103515245 + 12345) % 2147483648), seed / 2147483648);
    for (const course of courses) {
      const key = `courseId=${course.id}&semesterId=${semester.id}`;
      const sheet = (await call(base, teacher, 'GET', `/api/admin/results/sheet?${key}`)).Data;
      const header = ['Matric Number', 'Name', ...sheet.Items.map((i) => `${i.Name} (${i.Max})`)].join(',');
      const lines = matrics.map(
        (m) => `${m},X,${sheet.Items.map((i) => Math.round(random() * i.Max * 2) / 2).join(',')}`,
      );
      const form = new FormData();
      form.append(
        'file',
        new Blob([`${header}\r\n${lines.join('\r\n')}\r\n`], { type: 'text/csv' }),
        'scores.csv',
      );
      const upload = await timed(async () => {
        const res = await fetch(
          `${base}/api/admin/results/sheet/upload?${key}&expectedVersion=${sheet.Version}`,
          { method: 'POST', headers: teacher, body: form },
        );
        const answer = await res.json();
        if (!res.ok) throw new Error(`upload ${course.code}: ${res.status} ${answer.Message}`);
        return answer;
      });
      uploads.push(upload.ms);
      let current = (await call(base, teacher, 'GET', `/api/admin/results/sheet?${key}`)).Data;
      await call(base, teacher, 'POST', `/api/admin/results/sheets/${current.Id}/submit`, {
        ExpectedVersion: current.Version,
      });
      // Each stage by whoever may act at it: Computer Science's HOD for its courses, else the registry.
      for (let stage = 0; stage < 3; stage += 1) {
        let reviewer = hod;
        current = (await call(base, hod, 'GET', `/api/admin/results/sheet?${key}`)).Data;
        if (!current.CanDecide) {
          reviewer = registry;
          current = (await call(base, registry, 'GET', `/api/admin/results/sheet?${key}`)).Data;
        }
        await call(base, reviewer, 'POST', `/api/admin/results/sheets/${current.Id}/decision`, {
          Decision: 'approve',
          Comment: '',
          ExpectedVersion: current.Version,
        });
      }
    }
    const publish = await timed(() =>
      call(base, registry, 'POST', '/api/admin/results/publish', { SemesterId: semester.id }),
    );
    const query = `semesterId=${semester.id}&departmentId=${csc.id}&levelId=${level.id}`;
    const broadsheet = await timed(() =>
      call(base, registry, 'GET', `/api/admin/results/broadsheet?${query}&page=1&pageSize=50`),
    );
    const file = async (path) =>
      timed(async () => {
        const res = await fetch(`${base}${path}`, { headers: registry });
        if (!res.ok) throw new Error(`${path}: ${res.status}`);
        return Buffer.from(await res.arrayBuffer());
      });
    const xlsx = await file(`/api/admin/results/broadsheet.xlsx?${query}`);
    const pdf = await file(`/api/admin/results/broadsheet.pdf?${query}`);
    const transcript = await file(
      `/api/admin/results/student/transcript.pdf?matricNo=${encodeURIComponent('DIT/2023/0003')}`,
    );
    const [published] = await q(
      `select count(*)::int n, count(distinct (student_id, course_id, semester_id))::int d from course_results where semester_id = $1`,
      [semester.id],
    );
    const first = uploads[0];
    uploads.sort((a, b) => a - b);
    console.log(
      `upload of one course's scores (${STUDENTS} students, CSV)   first ${ms(first)}   median ${ms(uploads[Math.floor(uploads.length / 2)])}   slowest ${ms(uploads.at(-1))}`,
    );
    console.log(
      `publication of ${courses.length} sheets                        ${ms(publish.ms)} (${published.n} results, ${published.n - published.d} duplicates)`,
    );
    console.log(
      `broadsheet computed (${broadsheet.value.Total} students × ${broadsheet.value.Courses.length} courses)   ${ms(broadsheet.ms)}`,
    );
    console.log(
      `broadsheet XLSX                                     ${ms(xlsx.ms)}, ${(xlsx.value.length / 1024).toFixed(0)} KB`,
    );
    console.log(
      `broadsheet PDF (landscape)                          ${ms(pdf.ms)}, ${(pdf.value.length / 1024).toFixed(0)} KB`,
    );
    console.log(
      `transcript PDF (DIT/2023/0003)                      ${ms(transcript.ms)}, ${(transcript.value.length / 1024).toFixed(0)} KB`,
    );
  } finally {
    await client.end();
  }
}

const postgres = await freshPostgres();
const portal = await startPortal({ port: PORT, env: { DATABASE_URL: postgres.url } });
try {
  await run(portal.base, postgres.url);
} finally {
  await portal.stop();
  await postgres.drop();
}
