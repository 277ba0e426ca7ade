// Hostel allocation on PostgreSQL: N students (created directly in the database, with sessions
// written there too) apply for a hostel of the seeded 2024/2025 round while its window is open — half
// women (Queen Amina Hall), half men (Zik Hall), a fifth of them final-year (400 level) — then the
// registry closes the window and runs the draw over BEDS bed spaces. Prints applications per second,
// the p50/p99 of the submit, the draw's time, and a check that the counts add up: no bed twice, no
// student twice, quotas within their seats and levels, every applicant allocated or on the waiting
// list once, availability adding up. Needs a build (npm run build) and a PostgreSQL server.
// Usage: node hostels.mjs
//   BENCH_STUDENTS=10000          applicants
//   BENCH_BEDS=3000               bed spaces in the ballot (half in each hall; rooms of four)
//   BENCH_CONCURRENCY=64          applications in flight at once
//   BENCH_POSTGRES_URL=postgres://postgres@127.0.0.1:5432/postgres
//   BENCH_PORT=8193
import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { copyStudents, ms, onFreshPortal, percentile, signInAdmin, studentSessions } from './lib.mjs';

const STUDENTS = Number(process.env.BENCH_STUDENTS ?? 10_000);
const BEDS = Number(process.env.BENCH_BEDS ?? 3000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 64);
const PORT = Number(process.env.BENCH_PORT ?? 8193);
const JWT_SECRET = randomBytes(32).toString('hex');

/** The seeded halls' rooms out of use; BEDS/2 beds per hall in a block of its own, rooms of four. */
async function beds(client) {
  await client.query(`update rooms set is_active = false`);
  const perHall = Math.ceil(BEDS / 2 / 4);
  for (const [hall, gender] of [
    ['Zik Hall', 'Male'],
    ['Queen Amina Hall', 'Female'],
  ]) {
    const {
      rows: [block],
    } = await client.query(
      `insert into blocks (name, hostel_id, floors) select 'Bench Block', id, 10 from hostels where name = $1 returning id`,
      [hall],
    );
    await client.query(
      `insert into rooms (number, block_id, gender, bed_spaces, is_reserved)
       select 'R' || lpad(g::text, 4, '0'), $1, $2, 4, false from generate_series(1, $3) g`,
      [block.id, gender, perHall],
    );
  }
}

async function run(base, databaseUrl) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    let t = performance.now();
    await beds(client);
    const half = Math.floor(STUDENTS / 2);
    const women = await copyStudents(client, 'DIT/2024/0004', 'HALLF', half);
    const men = await copyStudents(client, 'DIT/2024/0004', 'HALLM', STUDENTS - half);
    await client.query(`update students set gender = 'Male' where id = any($1::int[])`, [men]);
    // A fifth are final-year students, their session's fees (whatever they come to) paid.
    const finalYear = [...women, ...men].filter((_, i) => i % 5 === 0);
    await client.query(
      `update students set level_id = (select id from levels where name = '400 Level') where id = any($1::int[])`,
      [finalYear],
    );
    await client.query(
      `update fee_accounts set due_kobo = 100000000, paid_kobo = 100000000 where student_id = any($1::int[])`,
      [finalYear],
    );
    const ids = [...women, ...men].sort((a, b) => ((a * 2654435761) % 1000) - ((b * 2654435761) % 1000));
    const students = await studentSessions(client, ids, JWT_SECRET);
    const {
      rows: [round],
    } = await client.query(`select id from hostel_rounds order by id limit 1`);
    const halls = Object.fromEntries(
      (await client.query(`select id, gender from hostels`)).rows.map((h) => [h.gender, h.id]),
    );
    const menSet = new Set(men);
    const gender = new Map(ids.map((id) => [id, menSet.has(id) ? 'Male' : 'Female']));
    console.log(
      `${students.length} students, sessions and ${BEDS} bed spaces created in the database in ${ms(performance.now() - t)}`,
    );

    const times = [];
    const failures = [];
    let next = 0;
    const began = performance.now();
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (next < students.length) {
          const s = students[next++];
          const t0 = performance.now();
          try {
            const res = await fetch(`${base}/api/student/hostel/application`, {
              method: 'POST',
              headers: { authorization: `Bearer ${s.token}`, 'content-type': 'application/json' },
              body: JSON.stringify({ RoundId: round.id, HostelIds: [halls[gender.get(s.userId)]] }),
            });
            const answer = await res.json();
            if (res.status !== 200) failures.push(`${res.status} ${answer.Message}`);
          } catch (error) {
            failures.push(String(error));
          }
          times.push(performance.now() - t0);
        }
      }),
    );
    const seconds = (performance.now() - began) / 1000;
    times.sort((a, b) => a - b);

    const admin = await signInAdmin(base);
    const post = (path) => fetch(`${base}${path}`, { method: 'POST', headers: admin });
    const closed = await post(`/api/admin/hostel-rounds/${round.id}/close`);
    if (!closed.ok) throw new Error(`close answered ${closed.status}`);
    t = performance.now();
    const drawn = await post(`/api/admin/hostel-rounds/${round.id}/draw`);
    const drawMs = performance.now() - t;
    const result = (await drawn.json()).Data;
    if (!drawn.ok) throw new Error(`draw answered ${drawn.status}`);

    const q = async (sql, params = []) => (await client.query(sql, params)).rows[0];
    const held = `state in ('allocated', 'reserved', 'paid')`;
    const bedTwice = await q(
      `select count(*)::int n from (select 1 from hostel_allocations where ${held} group by round_id, room_id, bed having count(*) > 1) x`,
    );
    const studentTwice = await q(
      `select count(*)::int n from (select 1 from hostel_allocations where ${held} group by round_id, student_id having count(*) > 1) x`,
    );
    const wrongGender = await q(
      `select count(*)::int n from hostel_allocations a join rooms r on r.id = a.room_id join students s on s.id = a.student_id where r.gender <> s.gender`,
    );
    const applications = await q(`select count(*)::int n from hostel_applications where round_id = $1`, [
      round.id,
    ]);
    const allocated = await q(`select count(*)::int n from hostel_allocations where round_id = $1`, [
      round.id,
    ]);
    const waiting = await q(
      `select count(*)::int n, coalesce(max(position), 0)::int top from hostel_waiting_list where round_id = $1`,
      [round.id],
    );
    const both = await q(
      `select count(*)::int n from hostel_waiting_list w join hostel_allocations a on a.student_id = w.student_id and a.round_id = w.round_id`,
    );
    const quotas = (
      await client.query(
        `select a.quota, count(*)::int n, count(*) filter (where s.level_id = (select id from levels where name = '400 Level'))::int final
         from hostel_allocations a join students s on s.id = a.student_id where a.round_id = $1 group by a.quota`,
        [round.id],
      )
    ).rows;
    const availability = (
      await (
        await fetch(`${base}/api/admin/hostel-availability?roundId=${round.id}`, { headers: admin })
      ).json()
    ).Data.Totals;
    const addsUp =
      availability.Free + availability.Reserved + availability.Allocated + availability.Occupied ===
      availability.Beds;

    console.log(`applicants applying at once                  ${CONCURRENCY}`);
    console.log(
      `applications submitted                       ${students.length} in ${seconds.toFixed(1)} s = ${Math.round(students.length / seconds)} applications/s`,
    );
    console.log(`applications stored                          ${applications.n}`);
    console.log(
      `submit (POST application)                    p50 ${ms(percentile(times, 50))}   p99 ${ms(percentile(times, 99))}`,
    );
    console.log(`draw over ${applications.n} applicants and ${result.Beds} beds   ${ms(drawMs)}`);
    console.log(
      `printed: allocated ${result.Allocated}, waiting ${result.Waiting}, applicants ${result.Applicants}; stored: allocations ${allocated.n}, waiting ${waiting.n} (positions 1…${waiting.top})`,
    );
    for (const s of result.Quotas) {
      const row = quotas.find((r) => r.quota === s.Name);
      console.log(
        `quota ${s.Name.padEnd(12)} seats ${String(s.Seats).padStart(5)}   allocated ${String(s.Allocated).padStart(5)} (stored ${row?.n ?? 0}, final-year ${row?.final ?? 0})`,
      );
    }
    for (const h of result.Hostels)
      console.log(`hall ${h.Hostel.padEnd(18)} beds ${h.Beds}   allocated ${h.Allocated}`);
    const quotaOk =
      result.Quotas.every((s) => s.Allocated <= s.Seats) &&
      quotas.filter((r) => r.quota === 'Final year').every((r) => r.final === r.n) &&
      quotas.filter((r) => r.quota === 'First year').every((r) => r.final === 0);
    const checks = [
      ['no bed space twice', bedTwice.n === 0],
      ['no student with two beds', studentTwice.n === 0],
      ['every bed of the student’s gender', wrongGender.n === 0],
      [
        'allocated + waiting = applicants',
        result.Allocated + result.Waiting === result.Applicants && result.Applicants === applications.n,
      ],
      [
        'printed counts = stored counts',
        allocated.n === result.Allocated && waiting.n === result.Waiting && waiting.top === waiting.n,
      ],
      ['no applicant both allocated and waiting', both.n === 0],
      [
        'beds allocated ≤ beds; per hall adds up',
        result.Allocated <= result.Beds &&
          result.Hostels.reduce((s, h) => s + h.Allocated, 0) === result.Allocated,
      ],
      ['quotas within seats and levels', quotaOk],
      ['availability adds up', addsUp && availability.Allocated === result.Allocated],
    ];
    for (const [name, ok] of checks) console.log(`check: ${name.padEnd(42)} ${ok ? 'ok' : 'FAILED'}`);
    console.log(
      `failures                                     ${failures.length}${failures.length ? `: ${failures.slice(0, 5).join(' | ')}` : ''}`,
    );
    if (checks.some(([, ok]) => !ok)) process.exitCode = 1;
  } finally {
    await client.end();
  }
}

await onFreshPortal({ port: PORT, env: { JWT_SECRET } }, run);
