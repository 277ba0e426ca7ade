// Imports a generated 50,000-row CAPS list through the API against the built server and prints
// how long each phase takes: rows checked and applied, default passwords issued (the time until
// every new account can sign in, proved by signing in a sample of accounts, the last one issued
// included, with the passwords their e-mails carry), and a second upload of the same file (which
// must change nothing).
//
// Needs a build: npm run build -w packages/contracts && npm run build -w apps/api
// Usage: node bench/import.mjs
//   BENCH_IMPORT_ROWS=50000      rows in the file
//   BENCH_DB=postgres|pglite     database (default postgres: a fresh database on BENCH_POSTGRES_URL)
//   BENCH_WAIT_ACCOUNTS=1        also wait until every new applicant has a default password (0: rows only)
//   BENCH_SIGNIN_SAMPLE=50       accounts signed in with the password their e-mail carries (postgres only)
//   BENCH_PORT=8297
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { freshPostgres, signIn, signInAdmin, startPortal } from './lib.mjs';

const ROWS = Number(process.env.BENCH_IMPORT_ROWS ?? 50_000);
const WAIT_ACCOUNTS = process.env.BENCH_WAIT_ACCOUNTS !== '0';
const DB = process.env.BENCH_DB ?? 'postgres';
const SIGNIN_SAMPLE = Number(process.env.BENCH_SIGNIN_SAMPLE ?? 50);

const FIRST = [
  'Amaka',
  'Bayo',
  'Chidi',
  'Dupe',
  'Efe',
  'Fola',
  'Gbenga',
  'Halima',
  'Ifeoma',
  'Jide',
  'Kemi',
  'Lanre',
  'Musa',
  'Ngozi',
  'Ope',
  'Sade',
  'Tunde',
  'Uche',
  'Yusuf',
  'Zainab',
];
const LAST = [
  'Obi',
  'Ade',
  'Eze',
  'Lawal',
  'Okafor',
  'Bello',
  'Musa',
  'Adeyemi',
  'Nwosu',
  'Ogunleye',
  'Udoh',
  'Ibrahim',
  'Okon',
  'Danjuma',
  'Balogun',
];
const PLACES = [
  ['Anambra', 'Awka South'],
  ['Enugu', 'Enugu North'],
  ['Kano', 'Kano Municipal'],
  ['Lagos', 'Ikeja'],
  ['Niger', 'Chanchaga'],
  ['Oyo', 'Ibadan North'],
  ['Rivers', 'Port Harcourt'],
];
const COURSES = [
  'Computer Science',
  'Microbiology',
  'Industrial Chemistry',
  'Accountancy',
  'Mass Communication',
  'Civil Engineering',
];
const CAPS = ['Admitted', 'Recommended', 'Not Admitted'];

function generate(file) {
  const lines = [
    'JAMB Number,First Name,Last Name,Other Name,E-mail,Phone,State,LGA,Course,UTME Score,CAPS Status',
  ];
  for (let i = 0; i < ROWS; i += 1) {
    const [state, lga] = PLACES[i % PLACES.length];
    lines.push(
      [
        `2025${String(i).padStart(8, '0')}BE`,
        FIRST[i % FIRST.length],
        LAST[(i * 7) % LAST.length],
        i % 3 ? '' : FIRST[(i * 3) % FIRST.length],
        `candidate${i}@bench.example.com`,
        `080${String(30000000 + i).padStart(8, '0')}`,
        state,
        lga,
        COURSES[i % COURSES.length],
        String(120 + (i % 260)),
        CAPS[i % CAPS.length],
      ].join(','),
    );
  }
  writeFileSync(file, lines.join('\n') + '\n');
}

async function upload(base, auth, file) {
  const form = new FormData();
  form.append('file', new Blob([readFileSync(file)], { type: 'text/csv' }), 'caps-list.csv');
  const started = Date.now();
  const response = await fetch(`${base}/api/admin/imports/CAPSList`, {
    method: 'POST',
    headers: auth,
    body: form,
  });
  const body = await response.json();
  if (response.status !== 202) throw new Error(`upload failed: ${response.status} ${JSON.stringify(body)}`);
  return { id: body.Data.id, started, acceptedMs: Date.now() - started };
}

async function poll(base, auth, id, until) {
  for (;;) {
    const job = (await (await fetch(`${base}/api/admin/imports/${id}`, { headers: auth })).json()).Data;
    if (until(job) || job.status === 'failed') return job;
    await new Promise((r) => setTimeout(r, 500));
  }
}

const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;

/**
 * Signs in accounts spread over the import (the last one issued included) with the passwords
 * their queued e-mails carry. The portal's SMTP server refuses connections in this bench, so the
 * outbox keeps every message (a delivered one keeps no body) and delivery speed, a separate
 * matter, does not enter the figure.
 */
async function signInSample(base, databaseUrl) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const { rows } = await client.query(
    `select to_address, body_text from mail_outbox where subject = 'Your applicant account on the school portal' and body_text <> '' order by id`,
  );
  await client.end();
  const picks = new Set([rows.length - 1]);
  for (let i = 0; i < SIGNIN_SAMPLE - 1; i += 1) picks.add(Math.floor((i * rows.length) / SIGNIN_SAMPLE));
  const started = Date.now();
  for (const index of picks) {
    const { to_address: email, body_text: text } = rows[index];
    const password = /default password:\s+(\S+)/.exec(text)[1];
    const { body } = await signIn(base, 'Applicant', email, password);
    if (body.Data.IsPasswdChgd !== null) throw new Error(`${email} was not asked to change the password`);
  }
  console.log(
    `signed in ${picks.size} of ${rows.length} new accounts (spread over the file, the last included) with the ` +
      `passwords their e-mails carry, each asked to change it, in ${seconds(Date.now() - started)}`,
  );
}

const dir = mkdtempSync(path.join(tmpdir(), 'portal-import-bench-'));
const file = path.join(dir, 'caps.csv');
generate(file);
console.log(`generated ${ROWS} rows (${(statSync(file).size / 1024 / 1024).toFixed(1)} MB) on ${DB}`);

const database = DB === 'postgres' ? await freshPostgres() : null;
const portal = await startPortal({
  port: Number(process.env.BENCH_PORT ?? 8297),
  env: {
    // Nothing listens there: messages stay queued with their bodies (see signInSample).
    SMTP_URL: 'smtp://127.0.0.1:9?ignoreTLS=true',
    LOG_LEVEL: 'error',
    ...(database ? { DATABASE_URL: database.url } : {}),
  },
});
try {
  const auth = await signInAdmin(portal.base);

  const first = await upload(portal.base, auth, file);
  console.log(`upload accepted (202) in ${first.acceptedMs} ms`);
  const rowsDone = await poll(
    portal.base,
    auth,
    first.id,
    (j) => j.status === 'issuing' || j.status === 'done',
  );
  const rowsMs = Date.now() - first.started;
  console.log(
    `rows checked and applied: ${rowsDone.processedRows} rows in ${seconds(rowsMs)} (${Math.round((rowsDone.processedRows / rowsMs) * 1000)} rows/s); ` +
      `created ${rowsDone.createdCount}, updated ${rowsDone.updatedCount}, unchanged ${rowsDone.unchangedCount}, invalid ${rowsDone.invalidCount}`,
  );
  if (rowsDone.status === 'failed') throw new Error(rowsDone.message);

  if (WAIT_ACCOUNTS) {
    let last = 0;
    const done = await poll(portal.base, auth, first.id, (j) => {
      if (Date.now() - last > 30_000) {
        last = Date.now();
        console.log(
          `  … default passwords issued: ${j.accountsIssued} (${seconds(Date.now() - first.started)})`,
        );
      }
      return j.status === 'done';
    });
    const totalMs = Date.now() - first.started;
    const hashMs = totalMs - rowsMs;
    console.log(
      `default passwords issued and e-mails queued: ${done.accountsIssued} in ${seconds(hashMs)} ` +
        `(${(hashMs / Math.max(1, done.accountsIssued)).toFixed(2)} ms per account)`,
    );
    console.log(
      `whole import ${seconds(totalMs)}: every new account can sign in ${seconds(hashMs)} after the last row was applied`,
    );
    if (database && SIGNIN_SAMPLE > 0) await signInSample(portal.base, database.url);

    // Jobs run one at a time, so a second upload waits for the passwords of the first.
    const second = await upload(portal.base, auth, file);
    const again = await poll(portal.base, auth, second.id, (j) => j.status === 'done');
    console.log(
      `same file again: ${again.processedRows} rows in ${seconds(Date.now() - second.started)}; ` +
        `created ${again.createdCount}, updated ${again.updatedCount}, unchanged ${again.unchangedCount}`,
    );
  }
} finally {
  await portal.stop();
  await database?.drop();
  rmSync(dir, { recursive: true, force: true });
}
