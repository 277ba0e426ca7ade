// The registry's import and export at volume, on PostgreSQL: how fast an import of courses runs
// (and a re-import of the same file), and what an export of a large resource costs — time, bytes
// and the server's peak memory (VmHWM) — as CSV and as XLSX.
//
// Needs a build: npm run build -w packages/contracts && npm run build -w apps/api
// Usage: node bench/registry-files.mjs
//   BENCH_COURSES=5000          courses imported through the API (files of at most 20,000 rows)
//   BENCH_EXPORT_ROWS=200000    courses in the table for the export (added by SQL after the import)
//   BENCH_ROOT=/path            another checkout's build (for "before" figures)
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { freshPostgres, repoRoot, signInAdmin, startPortal } from './lib.mjs';

const COURSES = Number(process.env.BENCH_COURSES ?? 5000);
const EXPORT_ROWS = Number(process.env.BENCH_EXPORT_ROWS ?? 200_000);
const ROOT = process.env.BENCH_ROOT ?? repoRoot;
const IMPORT_MAX_ROWS = 20_000;
const PORT = 8297;
const DEPARTMENTS = ['CSC', 'MCB', 'ICH', 'EEE', 'MEE', 'CVE', 'ACC', 'BUS', 'MAC'];

/** One course per line, codes 'CSC 100' … 'MAC 999', then with a letter ('CSC 100A'), all unique. */
function coursesCsv(from, to) {
  const lines = ['Code,Title,Credit units,Level,Semester,Department,Type,Active'];
  for (let i = from; i < to; i += 1) {
    const department = DEPARTMENTS[i % DEPARTMENTS.length];
    const n = Math.floor(i / DEPARTMENTS.length);
    const number = 100 + (n % 900);
    const suffix = n >= 900 ? String.fromCharCode(64 + Math.floor(n / 900)) : '';
    lines.push(
      `${department} ${number}${suffix},Imported Course ${i},${1 + (i % 6)},${Math.min(5, Math.floor(number / 100))}00 Level,${i % 2 ? 'Second' : 'First'},${department},Compulsory,Yes`,
    );
  }
  return lines.join('\n') + '\n';
}

async function importAll(base, auth) {
  const started = Date.now();
  const total = { totalRows: 0, created: 0, updated: 0, unchanged: 0, invalid: 0 };
  for (let from = 0; from < COURSES; from += IMPORT_MAX_ROWS) {
    const form = new FormData();
    form.append(
      'file',
      new Blob([coursesCsv(from, Math.min(COURSES, from + IMPORT_MAX_ROWS))]),
      'courses.csv',
    );
    const response = await fetch(`${base}/api/admin/courses/import`, {
      method: 'POST',
      headers: auth,
      body: form,
    });
    const body = await response.json();
    if (response.status !== 200) throw new Error(`import failed: ${response.status} ${JSON.stringify(body)}`);
    for (const key of Object.keys(total)) total[key] += body.Data[key];
  }
  const ms = Date.now() - started;
  return `${total.totalRows} rows in ${(ms / 1000).toFixed(1)} s (${Math.round((total.totalRows / ms) * 1000)} rows/s): created ${total.created}, updated ${total.updated}, unchanged ${total.unchanged}, invalid ${total.invalid}`;
}

const peakRss = (pid) => {
  const match = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return match ? `${Math.round(Number(match[1]) / 1024)} MiB` : 'unknown';
};

/** One export on a freshly started server, so its peak memory is the start-up's and the export's. */
async function exportOnce(url, format) {
  const portal = await startPortal({ root: ROOT, port: PORT, env: { DATABASE_URL: url } });
  try {
    const auth = await signInAdmin(portal.base);
    const idle = peakRss(portal.pid);
    const started = Date.now();
    const response = await fetch(`${portal.base}/api/admin/courses/export?format=${format}`, {
      headers: auth,
    });
    let bytes = 0;
    if (response.ok) for await (const chunk of response.body) bytes += chunk.length;
    const ms = Date.now() - started;
    const text = response.ok ? '' : ` ${await response.text()}`;
    console.log(
      `export ${format.toUpperCase()}: HTTP ${response.status}${text}, ${(bytes / 1048576).toFixed(1)} MiB in ${(ms / 1000).toFixed(1)} s; server peak RSS ${peakRss(portal.pid)} (${idle} after start-up and sign-in)`,
    );
  } finally {
    await portal.stop();
  }
}

const database = await freshPostgres();
try {
  console.log(`build: ${ROOT}`);
  const portal = await startPortal({ root: ROOT, port: PORT, env: { DATABASE_URL: database.url } });
  try {
    const auth = await signInAdmin(portal.base);
    console.log(`import: ${await importAll(portal.base, auth)}`);
    console.log(`re-import of the same files: ${await importAll(portal.base, auth)}`);
  } finally {
    await portal.stop();
  }
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  const [{ n: before }] = (await client.query('select count(*)::int as n from courses')).rows;
  const extra = Math.max(0, EXPORT_ROWS - before);
  await client.query(
    `insert into courses (code, title, units, level_id, semester, department_id, type)
     select 'XB' || g, 'Exported Course ' || g || ' & <Laboratory> "Practice"', 1 + g % 6,
       (select min(id) from levels), 'First', (select min(id) from departments), 'Compulsory'
     from generate_series(1, $1::int) g`,
    [extra],
  );
  await client.query('vacuum analyze courses');
  const [{ n }] = (await client.query('select count(*)::int as n from courses')).rows;
  await client.end();
  console.log(`courses in the table for the export: ${n}`);
  await exportOnce(database.url, 'csv');
  await exportOnce(database.url, 'xlsx');
} finally {
  await database.drop();
}
