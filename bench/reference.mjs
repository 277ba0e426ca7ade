// The admin reference-data API (the registry's list and export routes) for its largest resources,
// LGAs (774 seeded) and courses (generated, imported through the API first), on PostgreSQL:
// requests per second and latency percentiles under load, and the import's own time.
//
// Needs a build: npm run build -w packages/contracts && npm run build -w apps/api
// Usage: npm run reference -w bench   (or node bench/reference.mjs)
//   BENCH_COURSES=5000                courses to generate and import (files of at most 20,000 rows)
//   BENCH_SECONDS=10  BENCH_CONNECTIONS=32
//   BENCH_EXPORTS=128                 CSV exports per resource (instead of a timed run)
import pg from 'pg';
import { freshPostgres, load, printRow, signInAdmin, startPortal } from './lib.mjs';

const COURSES = Number(process.env.BENCH_COURSES ?? 5000);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32);
const EXPORTS = Number(process.env.BENCH_EXPORTS ?? 128);
const IMPORT_MAX_ROWS = 20_000; // the API's limit per file

// Seeded departments, by code; a course's code starts with its department's.
const DEPARTMENTS = ['CSC', 'MCB', 'ICH', 'EEE', 'MEE', 'CVE', 'ACC', 'BUS', 'MAC'];
const PREFIXES = [
  'Introduction to',
  'Principles of',
  'Advanced',
  'Topics in',
  'Laboratory Practice in',
  'Seminar in',
  'Applied',
  'Theory of',
];
const TOPICS = [
  'Computing',
  'Statistics',
  'Organic Chemistry',
  'Circuit Analysis',
  'Thermodynamics',
  'Structural Mechanics',
  'Financial Reporting',
  'Business Law',
  'Media Writing',
  'Microbial Genetics',
  'Numerical Methods',
  'Research Methods',
];

/** One course per line: codes 'CSC 100' … 'MAC 999', then the same with a letter ('CSC 100A'), all unique. */
function coursesCsv(from, to) {
  const lines = ['Code,Title,Credit units,Level,Semester,Department,Type,Active'];
  for (let i = from; i < to; i += 1) {
    const department = DEPARTMENTS[i % DEPARTMENTS.length];
    const n = Math.floor(i / DEPARTMENTS.length);
    const number = 100 + (n % 900);
    const suffix = n >= 900 ? String.fromCharCode(64 + Math.floor(n / 900)) : '';
    lines.push(
      [
        `${department} ${number}${suffix}`,
        `${PREFIXES[i % PREFIXES.length]} ${TOPICS[(i * 5) % TOPICS.length]} ${1 + (n % 4)}`,
        String(1 + (i % 6)),
        `${Math.min(5, Math.floor(number / 100))}00 Level`,
        i % 2 ? 'Second' : 'First',
        department,
        i % 4 === 3 ? 'Elective' : 'Compulsory',
        'Yes',
      ].join(','),
    );
  }
  return lines.join('\n') + '\n';
}

async function importCourses(base, auth) {
  const total = { totalRows: 0, created: 0, updated: 0, unchanged: 0, invalid: 0, errors: [] };
  const started = Date.now();
  for (let from = 0; from < COURSES; from += IMPORT_MAX_ROWS) {
    const form = new FormData();
    const csv = coursesCsv(from, Math.min(COURSES, from + IMPORT_MAX_ROWS));
    form.append('file', new Blob([csv], { type: 'text/csv' }), 'courses.csv');
    const response = await fetch(`${base}/api/admin/courses/import`, {
      method: 'POST',
      headers: auth,
      body: form,
    });
    const body = await response.json();
    if (response.status !== 200) throw new Error(`import failed: ${response.status} ${JSON.stringify(body)}`);
    for (const key of ['totalRows', 'created', 'updated', 'unchanged', 'invalid'])
      total[key] += body.Data[key];
    total.errors.push(...body.Data.errors);
  }
  const ms = Date.now() - started;
  console.log(
    `imported ${total.totalRows} courses through POST /api/admin/courses/import in ${(ms / 1000).toFixed(1)} s ` +
      `(${Math.round((total.totalRows / ms) * 1000)} rows/s): created ${total.created}, updated ${total.updated}, ` +
      `unchanged ${total.unchanged}, invalid ${total.invalid}`,
  );
  for (const error of total.errors.slice(0, 5)) console.log(`  ${error}`);
}

async function getJson(base, path, auth) {
  const response = await fetch(`${base}${path}`, { headers: auth });
  if (!response.ok) throw new Error(`${path} answered ${response.status}: ${await response.text()}`);
  return response.json();
}

const database = await freshPostgres();
const portal = await startPortal({ port: 8296, env: { DATABASE_URL: database.url } });
try {
  const auth = await signInAdmin(portal.base);
  await importCourses(portal.base, auth);
  // What autovacuum would do soon after an import this size, so it does not run during the measuring.
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  await client.query('vacuum analyze courses');
  await client.end();

  // A record of each resource names values for its filters.
  const [lga] = (await getJson(portal.base, '/api/admin/lgas?pageSize=1', auth)).Data;
  const [course] = (await getJson(portal.base, '/api/admin/courses?pageSize=1', auth)).Data;
  const resources = [
    {
      name: 'lgas',
      lists: [
        ['page 1', 'page=1&pageSize=20'],
        ['search "ika"', 'search=ika'],
        ['sorted by state name', 'sort=stateId&order=asc'],
        ['page 30', 'page=30&pageSize=20'],
        ['one state', `stateId=${lga.stateId}`],
      ],
    },
    {
      name: 'courses',
      lists: [
        ['page 1', 'page=1&pageSize=20'],
        ['search "intro"', 'search=intro'],
        ['sorted by department name', 'sort=departmentId&order=asc'],
        ['page 30', 'page=30&pageSize=20'],
        ['one department and level', `departmentId=${course.departmentId}&levelId=${course.levelId}`],
      ],
    },
  ];

  console.log(
    `${CONNECTIONS} connections, ${process.env.BENCH_SECONDS ?? 10} s per list, ${EXPORTS} CSV exports per resource\n`,
  );
  for (const { name, lists } of resources) {
    const url = (query) => `${portal.base}/api/admin/${name}?${query}`;
    // Each list's matching rows (and a check that the query is accepted), then a warm-up: the first
    // requests of a fresh process compile code paths and open pool connections.
    const matches = [];
    for (const [, query] of lists) {
      matches.push((await getJson(portal.base, `/api/admin/${name}?${query}`, auth)).Total);
      await load({ url: url(query), headers: auth, connections: 4, duration: 1 });
    }
    console.log(`${name} (${matches[0]} rows)`);
    for (const [i, [label, query]] of lists.entries()) {
      const shown = matches[i] === matches[0] ? label : `${label}: ${matches[i]} match`;
      printRow(`  ${shown}`, await load({ url: url(query), headers: auth, connections: CONNECTIONS }));
    }

    const exportUrl = `${portal.base}/api/admin/${name}/export?format=csv`;
    const file = await fetch(exportUrl, { headers: auth });
    const text = await file.text();
    if (!file.ok) throw new Error(`${exportUrl} answered ${file.status}: ${text}`);
    const rows = text.split('\r\n').filter(Boolean).length - 1;
    const bytes = Buffer.byteLength(text);
    await load({ url: exportUrl, headers: auth, connections: 4, amount: 8 });
    const r = await load({
      url: exportUrl,
      headers: auth,
      connections: Math.min(CONNECTIONS, EXPORTS),
      amount: EXPORTS,
      timeout: 120,
    });
    const perSecond = r.requests / r.seconds;
    printRow(`  export CSV, ${EXPORTS} requests`, { ...r, requestsPerSecond: perSecond.toFixed(1) });
    console.log(
      `${''.padEnd(44)} ${Math.round(perSecond * rows)} rows/s   ${rows} rows, ${(bytes / 1024).toFixed(1)} KiB a file   ` +
        `${((perSecond * bytes) / 1024 / 1024).toFixed(1)} MiB/s\n`,
    );
  }
} finally {
  await portal.stop();
  await database.drop();
}
