// The admissions office's list endpoints at 100,000 applicants: requests per second and latency
// percentiles under load, on PostgreSQL.
//
// Needs a build: npm run build -w packages/contracts && npm run build -w apps/api
// Usage: node bench/admin-lists.mjs
//   DATABASE_URL=postgres://…/name   use this (empty, or already seeded by an earlier run) database
//                                    instead of a fresh one on BENCH_POSTGRES_URL
//   BENCH_APPLICANTS=100000          applicants to seed
//   BENCH_SECONDS=10  BENCH_CONNECTIONS=32
import pg from 'pg';
import { freshPostgres, load, printRow, signInAdmin, startPortal } from './lib.mjs';

const APPLICANTS = Number(process.env.BENCH_APPLICANTS ?? 100_000);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32);

const fresh = process.env.DATABASE_URL ? null : await freshPostgres();
const databaseUrl = process.env.DATABASE_URL ?? fresh.url;

/** Seeds applicants spread over departments, states, scores and every stage, in one statement per 20,000. */
async function seedApplicants() {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query(
      `select count(*)::int as n from applicants where jamb_reg_no like '2026%'`,
    );
    const have = rows[0].n;
    if (have >= APPLICANTS) return have;
    const started = Date.now();
    for (let from = have; from < APPLICANTS; from += 20_000) {
      const to = Math.min(APPLICANTS, from + 20_000) - 1;
      await client.query(
        `with c as (select id, department_id, row_number() over (order by id) - 1 as k, count(*) over () as n from courses_of_study),
              s as (select id, row_number() over (order by id) - 1 as k, count(*) over () as n from states),
              sess as (select id from admission_sessions where is_current order by id desc limit 1),
              lv as (select id from levels order by rank limit 1)
         insert into applicants (public_id, jamb_reg_no, email, password_hash, password_changed_at, first_name, last_name, other_name,
                                 phone, gender, state_id, department_id, course_of_study_id, level_id, entry_mode_id, admission_session_id,
                                 utme_score, caps_status, biodata_saved_at, registered_at, admission_status, admitted_at, acceptance_paid_at, created_at)
         select md5('bench' || g), '2026' || lpad(g::text, 8, '0') || 'BL', 'bench' || g || '@bench.example.com', '!bench', now(),
                (array['Amaka','Bayo','Chidi','Dupe','Efe','Fola','Gbenga','Halima','Ifeoma','Jide','Kemi','Lanre','Musa','Ngozi','Ope','Sade','Tunde','Uche','Yusuf','Zainab'])[1 + g % 20],
                (array['Obi','Ade','Eze','Lawal','Okafor','Bello','Musa','Adeyemi','Nwosu','Ogunleye','Udoh','Ibrahim','Okon','Danjuma','Balogun'])[1 + (g * 7) % 15] || (g % 97)::text,
                null, '080' || lpad((30000000 + g)::text, 8, '0'), case when g % 2 = 0 then 'Female' else 'Male' end,
                s.id, c.department_id, c.id, (select id from lv), 1, (select id from sess),
                100 + (g * 37) % 300, (array['Admitted','Recommended','Not Admitted'])[1 + g % 3],
                now() - (g % 60) * interval '1 day',
                case when g % 10 < 6 then now() - (g % 30) * interval '1 day' end,
                case when g % 10 < 6 then (array['none','screened','verified','admitted','rejected','none'])[1 + g % 6] else 'none' end,
                case when g % 10 < 6 and g % 6 = 3 then now() end,
                null,
                now() - (g % 90) * interval '1 day' - (g % 1000) * interval '1 second'
         from generate_series($1::int, $2::int) g
         join c on c.k = g % c.n
         join s on s.k = g % s.n`,
        [from, to],
      );
    }
    // What autovacuum would have done by the time a real office has this many applicants.
    await client.query('vacuum analyze applicants');
    console.log(`seeded ${APPLICANTS - have} applicants in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    return APPLICANTS;
  } finally {
    await client.end();
  }
}

// Start once to migrate and seed the reference data, then add the applicants.
let portal = await startPortal({
  port: Number(process.env.BENCH_PORT ?? 8298),
  env: { DATABASE_URL: databaseUrl },
});
try {
  await seedApplicants();
  const headers = await signInAdmin(portal.base);
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const { rows } = await client.query(
    `select count(*)::int as n, min(department_id) as dept, min(state_id) as state from applicants`,
  );
  await client.end();
  console.log(
    `${rows[0].n} applicants; ${CONNECTIONS} connections, ${process.env.BENCH_SECONDS ?? 10} s each\n`,
  );

  const cases = [
    ['all, newest first, page 1', '/api/admin/applications/all?page=1&pageSize=20'],
    [
      'all, by score, one department',
      `/api/admin/applications/all?departmentId=${rows[0].dept}&sort=score&order=desc`,
    ],
    [
      'completed, state + score range',
      `/api/admin/applications/completed?stateId=${rows[0].state}&minScore=200&maxScore=300&sort=name&order=asc`,
    ],
    ['inprogress, page 100', '/api/admin/applications/inprogress?page=100&pageSize=20'],
    ['screening queue', '/api/admin/applications/screening?sort=registeredAt&order=asc'],
    ['search by name', '/api/admin/applications/all?search=okafor12'],
    ['search by two names', '/api/admin/applications/all?search=amaka%20obi'],
    ['search by JAMB number', '/api/admin/applications/all?search=202600012345'],
    ['admitted list', '/api/admin/applications/admitted?pageSize=50'],
    ['screening report', '/api/admin/applications/report'],
    ['dashboard', '/api/admin/dashboard'],
    ['transactions', '/api/Admin/GetTransactionAsync?initialPage=1&pageSize=5'],
  ];
  // Warm up: the first requests of a fresh process compile code paths and open pool connections.
  for (const [, path] of cases)
    await load({ url: `${portal.base}${path}`, headers, connections: 4, duration: 1 });
  for (const [label, path] of cases) {
    printRow(label, await load({ url: `${portal.base}${path}`, headers, connections: CONNECTIONS }));
  }
} finally {
  await portal.stop();
  portal = null;
  await fresh?.drop();
}
