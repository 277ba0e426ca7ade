// School fees under load, on PostgreSQL: N students (created directly in the database, signed in
// with sessions written there too) each start a school-fees payment (full, MethodId 1) through the
// built-in sandbox gateway — Monnify, Nomba and Remita in turn — pay at its checkout with the
// webhook sent twice, then come back and check it (the portal asks the gateway). Prints how many
// payments were credited, duplicates (second deliveries recognised, payments refused as duplicates,
// accounts credited beyond what is due), and the p50/p99 of the start and of the confirmation.
// Needs a build (npm run build) and a PostgreSQL server. Usage: node school-fees.mjs
//   BENCH_STUDENTS=2000           students (one payment each)
//   BENCH_CONCURRENCY=64          students in flight at once
//   BENCH_POSTGRES_URL=postgres://postgres@127.0.0.1:5432/postgres
//   BENCH_PORT=8191
import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { copyStudents, ms, onFreshPortal, percentile, studentSessions } from './lib.mjs';

const STUDENTS = Number(process.env.BENCH_STUDENTS ?? 2000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 64);
const PORT = Number(process.env.BENCH_PORT ?? 8191);
const JWT_SECRET = randomBytes(32).toString('hex');
const PROVIDERS = ['monnify', 'nomba', 'remita'];
const START = { monnify: 'AddPayeePaymentMonnify', nomba: 'AddPayeePaymentNomba', remita: 'AddPayeePayment' };
const CHECK = { monnify: 'Monnify', nomba: 'Nomba', remita: 'Remita' };

/** N copies of the demo student DIT/2024/0002 (100 level, non-indigene), each with a live session and token. */
async function createStudents(client) {
  const ids = await copyStudents(client, 'DIT/2024/0002', 'BENCH', STUDENTS);
  return studentSessions(client, ids, JWT_SECRET);
}

/** What the browser does at the sandbox checkout: (Remita: follow finalize.reg), pay, follow the redirect. */
async function payAtCheckout(checkoutUrl) {
  let url = checkoutUrl;
  if (url.includes('/finalize.reg')) {
    const forward = await fetch(url, { redirect: 'manual' });
    url = new URL(forward.headers.get('location'), url).toString();
  }
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ action: 'pay', webhook: 'twice', delaySeconds: '0' }).toString(),
    redirect: 'manual',
  });
  if (response.status !== 303) throw new Error(`checkout answered ${response.status}`);
  const back = new URL(response.headers.get('location'));
  return (
    back.searchParams.get('paymentReference') ??
    back.searchParams.get('orderReference') ??
    back.searchParams.get('RRR')
  );
}

async function onePayment(base, student, provider, times, failures) {
  const headers = { authorization: `Bearer ${student.token}`, 'content-type': 'application/json' };
  let t0 = performance.now();
  const started = await fetch(`${base}/api/${START[provider]}?payType=1`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ MethodId: 1 }),
  });
  const startBody = await started.json();
  times.start.push(performance.now() - t0);
  if (!started.ok) {
    failures.push(`start ${provider} ${started.status} ${startBody.Message}`);
    return;
  }
  const reference = await payAtCheckout(startBody.Data.checkOutUrl);
  t0 = performance.now();
  const checked = await fetch(
    `${base}/api/CheckPayeePayment${CHECK[provider]}?paymentReference=${encodeURIComponent(reference)}`,
    { headers },
  );
  const checkBody = await checked.json();
  times.confirm.push(performance.now() - t0);
  if (!checked.ok || checkBody.Data?.status !== 'PAID')
    failures.push(`check ${provider} ${checked.status} ${checkBody.Data?.status ?? checkBody.Message}`);
}

async function run(base, databaseUrl) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const t = performance.now();
    const students = await createStudents(client);
    console.log(
      `${students.length} students and sessions created in the database in ${ms(performance.now() - t)}`,
    );

    const times = { start: [], confirm: [] };
    const failures = [];
    let next = 0;
    const began = performance.now();
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (next < students.length) {
          const i = next++;
          try {
            await onePayment(base, students[i], PROVIDERS[i % PROVIDERS.length], times, failures);
          } catch (error) {
            failures.push(String(error));
          }
        }
      }),
    );
    const payingSeconds = (performance.now() - began) / 1000;
    // Let the sandbox's second deliveries land and be handled.
    const expectedEvents = students.length;
    let events = 0;
    for (let i = 0; i < 120; i += 1) {
      events = Number((await client.query('select count(*) from payment_events')).rows[0].count);
      if (events >= expectedEvents) break;
      await new Promise((r) => setTimeout(r, 500));
    }
    await new Promise((r) => setTimeout(r, 2000));
    const allSeconds = (performance.now() - began) / 1000;

    const q = async (sql) => (await client.query(sql)).rows[0];
    const paid = await q(
      `select count(*)::int n, coalesce(sum(amount_kobo), 0)::bigint kobo from payments where state = 'paid' and category_id = 1 and student_id in (select id from students where matric_no like 'BENCH/%')`,
    );
    const refused = await q(`select count(*)::int n from payments where flag like 'duplicate%'`);
    const doubly = await q(
      `select count(*)::int n from (select student_id from payments where state = 'paid' and category_id = 1
         group by student_id having count(*) > 1) x`,
    );
    const beyond = await q(`select count(*)::int n from fee_accounts where paid_kobo > due_kobo`);
    const mismatch = await q(
      `select count(*)::int n from fee_accounts a where a.paid_kobo <> coalesce((select sum(amount_kobo) from payments p
         where p.student_id = a.student_id and p.state = 'paid' and p.category_id = 1), 0)`,
    );
    const unsettled = await q(`select count(*)::int n from payment_events where settled_at is null`);
    const byProvider = (
      await client.query(
        `select provider, count(*)::int n from payments where state = 'paid' group by provider order by provider`,
      )
    ).rows;

    times.start.sort((a, b) => a - b);
    times.confirm.sort((a, b) => a - b);
    console.log(`students paying at once                     ${CONCURRENCY}`);
    console.log(
      `payments started and completed             ${students.length} in ${payingSeconds.toFixed(1)} s (webhooks settled by ${allSeconds.toFixed(1)} s)`,
    );
    console.log(
      `payments credited                           ${paid.n} (${byProvider.map((r) => `${r.provider} ${r.n}`).join(', ')}), ₦${(Number(paid.kobo) / 100).toLocaleString('en-NG')}`,
    );
    console.log(
      `webhook notices stored (each sent twice)    ${events} of ${students.length}; not settled ${unsettled.n}`,
    );
    console.log(`duplicates: payments refused as duplicate   ${refused.n}`);
    console.log(`duplicates: students credited twice         ${doubly.n}`);
    console.log(
      `duplicates: accounts credited beyond due    ${beyond.n}; accounts ≠ their paid payments ${mismatch.n}`,
    );
    console.log(
      `start (AddPayeePayment…)                    p50 ${ms(percentile(times.start, 50))}   p99 ${ms(percentile(times.start, 99))}`,
    );
    console.log(
      `confirmation (CheckPayeePayment…)           p50 ${ms(percentile(times.confirm, 50))}   p99 ${ms(percentile(times.confirm, 99))}`,
    );
    console.log(
      `failures                                    ${failures.length}${failures.length ? `: ${failures.slice(0, 5).join(' | ')}` : ''}`,
    );
  } finally {
    await client.end();
  }
}

await onFreshPortal(
  { port: PORT, env: { JWT_SECRET, PAYMENT_SANDBOX: 'on', PAYMENT_GATEWAY_TIMEOUT: '30s' } },
  run,
);
