// The records student search and the bursary's payments date filter at volume, on PostgreSQL:
// EXPLAIN ANALYZE of the statements the built API itself sends, and their time.
//
// Seeds (through the portal's own start-up, then SQL) BENCH_STUDENTS students and as many payments
// spread over two years, then runs the repository functions of the build under BENCH_ROOT (default:
// this checkout), capturing their SQL. Point BENCH_ROOT at a build of an earlier commit for "before".
//
// Needs a build: npm run build -w packages/contracts && npm run build -w apps/api
// Usage: node bench/search-indexes.mjs
//   BENCH_STUDENTS=100000   BENCH_ROOT=/path/to/another/checkout   BENCH_PLAN_LINES=8
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import pg from 'pg';
import { freshPostgres, repoRoot, startPortal } from './lib.mjs';

const STUDENTS = Number(process.env.BENCH_STUDENTS ?? 100_000);
const ROOT = process.env.BENCH_ROOT ?? repoRoot;
const PLAN_LINES = Number(process.env.BENCH_PLAN_LINES ?? 8);
const dist = (file) => pathToFileURL(path.join(ROOT, 'apps/api/dist', file)).href;

const LAST = [
  'Okafor',
  'Adeyemi',
  'Bello',
  'Eze',
  'Ibrahim',
  'Nwosu',
  'Ogunleye',
  'Musa',
  'Okonkwo',
  'Balogun',
];
const FIRST = ['Chinedu', 'Aisha', 'Tunde', 'Ngozi', 'Emeka', 'Fatima', 'Segun', 'Amaka', 'Yusuf', 'Kemi'];

const database = await freshPostgres();
try {
  // The portal migrates and seeds the database (departments, levels, payment categories…).
  const portal = await startPortal({ root: ROOT, env: { DATABASE_URL: database.url } });
  await portal.stop();

  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  const started = Date.now();
  // Names drawn from the lists above with a per-student suffix, so a search for a whole name finds a
  // few dozen students and a search for a fragment ('kaf') a tenth of them.
  await client.query(
    `insert into students (public_id, matric_no, email, first_name, last_name, other_name, password_hash, department_id, level_id)
     select 'bench' || g, 'BEN/' || (2015 + g % 10) || '/' || lpad(g::text, 6, '0'), 'student' || g || '@bench.edu.ng',
       ($2::text[])[1 + g % 10], ($3::text[])[1 + (g / 10) % 10] || (g % 997), null, 'x',
       (select min(id) from departments), (select min(id) from levels)
     from generate_series(1, $1::int) g`,
    [STUDENTS, FIRST, LAST],
  );
  await client.query(
    `insert into payments (public_id, provider, reference, payee_type_id, student_id, category_id, item_ids, amount_kobo, state, created_at, paid_at)
     select 'bench-pay-' || g, 'remita', 'BENCH' || g, 2, s.id, (select min(id) from payment_categories), '{}', 5000000,
       case when g % 10 < 7 then 'paid' else 'pending' end,
       timestamptz '2024-01-01' + (g % 730) * interval '1 day' + (g % 86400) * interval '1 second',
       case when g % 10 < 7 then timestamptz '2024-01-01' + (g % 730) * interval '1 day' + interval '2 hours' end
     from generate_series(1, $1::int) g join students s on s.public_id = 'bench' || g`,
    [STUDENTS],
  );
  // What autovacuum does soon after a bulk load: GIN's pending list merged, statistics taken.
  await client.query('vacuum analyze');
  console.log(`seeded ${STUDENTS} students and ${STUDENTS} payments in ${Date.now() - started} ms (${ROOT})`);

  const { openDatabase } = await import(dist('db/client.js'));
  const records = await import(dist('modules/records/records.repository.js'));
  const bursary = await import(dist('modules/bursary/bursary.repository.js'));
  const opened = await openDatabase({ url: database.url, dataDir: path.join(ROOT, '.bench-unused') });
  const session = opened.db.session;
  const captured = [];
  const logger = { logQuery: (text, params) => captured.push({ text, params }) };
  session.logger = logger;
  session.options.logger = logger;

  const cases = [
    [
      'students: search a name fragment "kaf"',
      () => records.studentsPage(opened.db, { search: 'kaf', page: 1, pageSize: 20 }),
    ],
    [
      'students: search a whole name "okonkwo5"',
      () => records.studentsPage(opened.db, { search: 'okonkwo5', page: 1, pageSize: 20 }),
    ],
    [
      'students: search a matric number "000123"',
      () => records.studentsPage(opened.db, { search: '000123', page: 1, pageSize: 20 }),
    ],
    [
      'payments: one week by date, newest first',
      () =>
        bursary.listPayments(
          opened.db,
          { start: new Date('2025-03-01T00:00:00Z'), end: new Date('2025-03-08T00:00:00Z') },
          'date',
          'desc',
          1,
          20,
        ),
    ],
  ];
  for (const [name, run] of cases) {
    captured.length = 0;
    await run();
    const statements = [...captured];
    const times = [];
    for (let i = 0; i < 5; i += 1) {
      const t0 = performance.now();
      await run();
      times.push(performance.now() - t0);
    }
    times.sort((a, b) => a - b);
    console.log(
      `\n## ${name}: median ${times[2].toFixed(1)} ms over 5 calls (${statements.length} statements)`,
    );
    for (const { text, params } of statements) {
      const plan = await client.query(`explain (analyze, format text) ${text}`, params);
      const lines = plan.rows.map((r) => r['QUERY PLAN']);
      const scans = lines.filter((l) => /Scan|Sort|Limit|Aggregate/.test(l)).slice(0, PLAN_LINES);
      console.log(`- ${text.slice(0, 60).replace(/\s+/g, ' ')}…`);
      for (const line of scans) console.log(`    ${line.trim()}`);
      console.log(`    ${lines.find((l) => l.startsWith('Execution Time'))}`);
    }
  }
  await opened.close();
  await client.end();
} finally {
  await database.drop();
}
