// Shared helpers for the benchmarks: start the built portal on a fresh database, run autocannon.
import { execFileSync, spawn } from 'node:child_process';
import { createHash, createPublicKey, randomBytes, randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { SignJWT } from 'jose';
import pg from 'pg';

export const repoRoot = fileURLToPath(new URL('..', import.meta.url));

/**
 * A fresh PostgreSQL database for a benchmark, dropped by the returned function; named
 * `<BENCH_DB_PREFIX>_<time>` (portal_bench by default), so that benches run side by side stay apart.
 */
export async function freshPostgres(
  serverUrl = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
) {
  const prefix = process.env.BENCH_DB_PREFIX ?? 'portal_bench';
  if (!/^[a-z_][a-z0-9_]*$/.test(prefix)) throw new Error(`BENCH_DB_PREFIX: not a plain name: ${prefix}`);
  const name = `${prefix}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

/** Starts apps/api/dist/server.js (of `root`, by default this checkout) on a free-ish port with a fresh DATA_DIR; resolves when healthy. */
export async function startPortal({ port = 8190, env = {}, nodeArgs = [], root = repoRoot } = {}) {
  // Another run's server on this port would answer the health check below in place of this one.
  const answering = await fetch(`http://127.0.0.1:${port}/api/health`).then(
    () => true,
    () => false,
  );
  if (answering)
    throw new Error(`something already answers on port ${port}: stop it (another bench run?) first`);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-bench-'));
  const child = spawn(process.execPath, [...nodeArgs, path.join(root, 'apps/api/dist/server.js')], {
    env: {
      ...process.env,
      PORT: String(port),
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      RATE_LIMIT_LOGIN_PER_ACCOUNT: '100000000',
      RATE_LIMIT_LOGIN_PER_ACCOUNT_ADDRESS: '100000000',
      RATE_LIMIT_LOGIN_PER_ADDRESS: '100000000',
      // Every simulated gateway notice comes from this one address.
      RATE_LIMIT_NOTICE_PER_ADDRESS: '100000000',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  for (;;) {
    try {
      const response = await fetch(`${base}/api/health`);
      if (response.ok) break;
    } catch {
      /* not up yet */
    }
    if (Date.now() > deadline || child.exitCode !== null) throw new Error('the portal did not start');
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    base,
    pid: child.pid,
    async stop() {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Runs autocannon and returns requests/s (the mean of per-second samples), latency percentiles, and
 * the completed requests with the seconds until the last answer (for runs of a fixed `amount`, which
 * autocannon's own figures round up to whole seconds).
 */
export async function load({
  url,
  connections = 64,
  duration = Number(process.env.BENCH_SECONDS ?? 10),
  ...rest
}) {
  const started = performance.now();
  let last = started;
  const run = autocannon({ url, connections, duration, ...rest });
  run.on('response', () => {
    last = performance.now();
  });
  const result = await run;
  return {
    requestsPerSecond: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
    requests: result.requests.total,
    seconds: (last - started) / 1000,
  };
}

/**
 * The floor a portal read is measured against: bare-read.mjs (Fastify + pg, one row of `table` by id,
 * no authentication, hooks or validation) as its own process on `port`; resolves when it answers.
 */
export async function startBare(databaseUrl, port, table = 'applicants') {
  const child = spawn(process.execPath, [path.join(repoRoot, 'bench/bare-read.mjs')], {
    env: { ...process.env, DATABASE_URL: databaseUrl, PORT: String(port), BARE_TABLE: table },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i += 1) {
    try {
      if ((await fetch(`${base}/row?id=1`)).status < 500) break;
    } catch {
      /* not up yet */
    }
    if (i > 200 || child.exitCode !== null) throw new Error('the bare route did not start');
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    base,
    pid: child.pid,
    async stop() {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
    },
  };
}

/** Signs in through the public API; answers the sign-in body and the Authorization header. */
export async function signIn(base, userMode, Username, Password = 'Portal@2025') {
  const response = await fetch(`${base}/api/Account/Login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ Username, Password, userMode, schoolId: 1 }),
  });
  const body = await response.json();
  if (body.Status !== 'Ok') throw new Error(`sign-in failed for ${Username}: ${JSON.stringify(body)}`);
  return { body, headers: { authorization: `Bearer ${body.LoginToken}` } };
}

/** The super admin's Authorization header. */
export async function signInAdmin(base) {
  return (await signIn(base, 'Admin', 'admin@demo.edu.ng')).headers;
}

export function printRow(label, r) {
  console.log(
    `${label.padEnd(44)} ${String(r.requestsPerSecond).padStart(7)} req/s   p50 ${String(r.p50).padStart(5)} ms   p99 ${String(r.p99).padStart(5)} ms   non-2xx ${r.non2xx}   errors ${r.errors}`,
  );
}

/**
 * Signed-in sessions for students created directly in the database: a `sessions` row each and
 * the bearer token the portal (started with `jwtSecret`) accepts for it, valid three hours.
 */
export async function studentSessions(client, studentIds, jwtSecret) {
  const key = new TextEncoder().encode(jwtSecret);
  const expiresAt = new Date(Date.now() + 3 * 3600_000);
  const sessions = studentIds.map((userId) => ({ id: randomUUID(), userId }));
  await client.query(
    `insert into sessions (id, user_kind, user_id, expires_at)
     select s->>'id', 'Student', (s->>'userId')::int, $2 from jsonb_array_elements($1::jsonb) s`,
    [JSON.stringify(sessions), expiresAt],
  );
  return Promise.all(
    sessions.map(async (s) => ({
      userId: s.userId,
      token: await new SignJWT({ kind: 'Student', sid: s.id })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(String(s.userId))
        .setIssuedAt()
        .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
        .sign(key),
    })),
  );
}

/**
 * `count` copies of the demo student `model` (by matric number), numbered `<prefix>/00001`…, with
 * the model's school-fee accounts (a copy of a student who has paid has paid). Returns their ids.
 */
export async function copyStudents(client, model, prefix, count) {
  if (count === 0) return [];
  const { rows } = await client.query(
    `insert into students (public_id, matric_no, email, first_name, last_name, gender, phone, state_id, lga_id,
        department_id, course_of_study_id, level_id, entry_mode_id, admitted_session_id, password_hash, is_active)
     select md5(random()::text || g), '${prefix}/' || lpad(g::text, 5, '0'), lower('${prefix}') || g || '@demo.edu.ng',
        first_name, last_name, gender, phone, state_id, lga_id, department_id, course_of_study_id, level_id,
        entry_mode_id, admitted_session_id, password_hash, true
     from students, generate_series(1, $1) g where matric_no = $2
     returning id`,
    [count, model],
  );
  await client.query(
    `insert into fee_accounts (student_id, session_id, category_id, due_kobo, paid_kobo)
     select s.id, a.session_id, a.category_id, a.due_kobo, a.paid_kobo
     from unnest($1::int[]) s(id), fee_accounts a join students m on m.id = a.student_id where m.matric_no = $2`,
    [rows.map((r) => r.id), model],
  );
  return rows.map((r) => r.id);
}

/** Each copy gets the model student's (by matric number) approved course registrations. */
export async function copyRegistrations(client, ids, model) {
  await client.query(
    `with model as (
       select r.* from course_registrations r join students m on m.id = r.student_id where m.matric_no = $2
     ), made as (
       insert into course_registrations (public_id, student_id, semester_id, level_id, department_id, state,
         total_units, submitted_at, decided_at, approved_at)
       select md5(random()::text || s.id), s.id, model.semester_id, model.level_id, model.department_id, model.state,
         model.total_units, model.submitted_at, model.decided_at, model.approved_at
       from unnest($1::int[]) s(id), model
       returning id, semester_id
     )
     insert into course_registration_courses (registration_id, course_id, units, requested, approved, carry_over)
     select made.id, c.course_id, c.units, c.requested, c.approved, c.carry_over
     from made join model on model.semester_id = made.semester_id
     join course_registration_courses c on c.registration_id = model.id`,
    [ids, model],
  );
}

/** The p-th percentile of sorted numbers, and milliseconds as the benches print them. */
/** What the command line names (pages, reads…), or these when it names none. */
export const namedOr = (defaults) => (process.argv.length > 2 ? process.argv.slice(2) : defaults);

export const percentile = (sorted, p) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
export const ms = (n) => `${n.toFixed(0)} ms`;

/**
 * Runs `run(base, databaseUrl)` against the built portal on a fresh PostgreSQL database (BENCH_NODE_ARGS
 * passed to node), then stops the portal and drops the database.
 */
export async function onFreshPortal({ port, env = {} }, run) {
  const postgres = await freshPostgres();
  const portal = await startPortal({
    port,
    nodeArgs: (process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean),
    env: { DATABASE_URL: postgres.url, ...env },
  });
  try {
    await run(portal.base, postgres.url);
  } finally {
    await portal.stop();
    await postgres.drop();
  }
}

/**
 * The classroom benches' setup (assignments, live classes): the built portal on a fresh PostgreSQL
 * database, `count` copies of the demo student `model` (DIT/2024/0005, registered for CSC 101)
 * numbered `<prefix>/00001`… with the model's approved registrations and a signed-in session each,
 * the offering they take (CSC 101 in 2024/2025) and the lecturer signed in. Runs
 * `run({ base, databaseUrl, students, offering, lecturer, check })`, then stops the portal and drops
 * the database; resolves to the number of checks that failed (`check(ok, what)` prints each).
 */
export async function onClassroomBench({ port, prefix, count, model = 'DIT/2024/0005' }, run) {
  const jwtSecret = randomBytes(32).toString('hex');
  let failedChecks = 0;
  const check = (ok, what) => {
    console.log(`${ok ? 'ok  ' : 'FAIL'} ${what}`);
    if (!ok) failedChecks += 1;
  };
  const postgres = await freshPostgres();
  try {
    const portal = await startPortal({ port, env: { DATABASE_URL: postgres.url, JWT_SECRET: jwtSecret } });
    try {
      const client = new pg.Client({ connectionString: postgres.url });
      await client.connect();
      let students;
      let offering;
      try {
        const ids = await copyStudents(client, model, prefix, count);
        await copyRegistrations(client, ids, model);
        students = await studentSessions(client, ids, jwtSecret);
        const { rows } = await client.query(
          `select c.id as "courseId", s.id as "sessionId" from courses c, academic_sessions s
           where c.code = 'CSC 101' and s.name = '2024/2025'`,
        );
        offering = rows[0];
        await client.query('vacuum analyze');
      } finally {
        await client.end();
      }
      const lecturer = (await signIn(portal.base, 'Admin', 'lecturer@demo.edu.ng')).headers;
      await run({ base: portal.base, databaseUrl: postgres.url, students, offering, lecturer, check });
    } finally {
      await portal.stop();
    }
  } finally {
    await postgres.drop();
  }
  return failedChecks;
}

/** Calls `act(item, i)` for each item once, at moments spread evenly over `seconds`; resolves when all are done. */
export function spreadOver(items, seconds, act) {
  return Promise.all(
    items.map(
      (item, i) =>
        new Promise((resolve) =>
          setTimeout(() => act(item, i).then(resolve, resolve), (i / items.length) * seconds * 1000),
        ),
    ),
  );
}

/** One line of a bench's answer times: n, p50, p95, p99, the worst, the failures and how long it all took. */
export function printTimes(label, times, failed, begun) {
  const sorted = [...times].sort((a, b) => a - b);
  const at = (n) => (n === undefined ? '-' : ms(n));
  console.log(
    `${label}  n ${sorted.length}   p50 ${at(percentile(sorted, 50))}   p95 ${at(percentile(sorted, 95))}   p99 ${at(percentile(sorted, 99))}   max ${at(sorted.at(-1))}   failed ${failed}   (${((performance.now() - begun) / 1000).toFixed(1)} s)\n`,
  );
}

/**
 * A TLS-terminating front speaking HTTP/2 to the browser (nginx, as deployed: docs/deploy.md), on
 * `port`, passing every request to `upstream` (the portal's own address). Its certificate is made
 * for the run; `spki` is its key's hash, for Chromium's `--ignore-certificate-errors-spki-list`,
 * which trusts it as a valid certificate (the HTTP cache then works as on a real site). Needs nginx
 * (`apt-get install -y nginx-light`) and openssl.
 */
export async function startTlsFront({ port, upstream }) {
  const nginx = ['/usr/sbin/nginx', '/usr/bin/nginx'].find((file) => existsSync(file));
  if (!nginx)
    throw new Error(
      'nginx is not installed: apt-get install -y nginx-light (or BENCH_FRONT=direct to measure the portal without its front)',
    );
  const dir = mkdtempSync(path.join(tmpdir(), 'portal-bench-front-'));
  execFileSync(
    'openssl',
    [
      ...['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '2', '-subj', '/CN=127.0.0.1'],
      ...['-addext', 'subjectAltName=IP:127.0.0.1'],
      ...['-keyout', path.join(dir, 'key.pem'), '-out', path.join(dir, 'cert.pem')],
    ],
    { stdio: 'ignore' },
  );
  const spki = createHash('sha256')
    .update(createPublicKey(readFileSync(path.join(dir, 'cert.pem'))).export({ type: 'spki', format: 'der' }))
    .digest('base64');
  const temp = (name) => `${name}_temp_path ${path.join(dir, name)};`;
  writeFileSync(
    path.join(dir, 'nginx.conf'),
    `worker_processes 1;
pid ${path.join(dir, 'nginx.pid')};
error_log ${path.join(dir, 'error.log')} warn;
daemon off;
events { worker_connections 1024; }
http {
  access_log off;
  server_tokens off;
  ${['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map(temp).join(' ')}
  upstream portal { server ${new URL(upstream).host}; keepalive 32; }
  server {
    listen 127.0.0.1:${port} ssl http2;
    ssl_certificate ${path.join(dir, 'cert.pem')};
    ssl_certificate_key ${path.join(dir, 'key.pem')};
    client_max_body_size 0;
    location / {
      proxy_pass http://portal;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $host;
      proxy_set_header X-Forwarded-For $remote_addr;
      proxy_set_header X-Forwarded-Proto https;
      proxy_buffering off;
    }
  }
}
`,
  );
  const child = spawn(nginx, ['-c', path.join(dir, 'nginx.conf')], {
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const base = `https://127.0.0.1:${port}`;
  for (let i = 0; ; i += 1) {
    const up = await new Promise((done) => {
      const socket = connect(port, '127.0.0.1', () => {
        socket.end();
        done(true);
      });
      socket.on('error', () => done(false));
    });
    if (up) break;
    if (i > 100 || child.exitCode !== null) throw new Error(`nginx did not start (see ${dir}/error.log)`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    base,
    spki,
    async stop() {
      child.kill('SIGQUIT');
      await new Promise((r) => child.once('exit', r));
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
