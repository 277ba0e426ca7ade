// Unsigned payment notices (Remita's), on PostgreSQL: what 20 anonymous deliveries of 100 notices
// each cost the portal — first naming RRRs nobody issued, then all naming one real, unpaid RRR.
// Prints the time of the 20 requests (one after another, and all at once), the notices stored and
// the status queries the portal made at the gateway (the attempt's check count).
// Needs a build (npm run build) and a PostgreSQL server. Usage: node payment-notices.mjs
//   BENCH_POSTGRES_URL=postgres://postgres@127.0.0.1:5432/postgres
//   BENCH_PORT=8193
import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { copyStudents, ms, onFreshPortal, studentSessions } from './lib.mjs';

const PORT = Number(process.env.BENCH_PORT ?? 8193);
const JWT_SECRET = randomBytes(32).toString('hex');
const REQUESTS = 20;
const NOTICES = 100;

const randomRrr = () => String(100_000_000_000 + (randomBytes(5).readUIntBE(0, 5) % 900_000_000_000));
const notice = (rrr, i) => ({
  rrr,
  channel: 'BRANCH',
  amount: '89000.00',
  transactiondate: '2026-11-26 10:00:00',
  bank: '058',
  branch: `Branch ${i}`,
  payerName: `Payer ${i}`,
});
const deliveries = (rrrOf) =>
  Array.from({ length: REQUESTS }, (_, r) =>
    JSON.stringify(Array.from({ length: NOTICES }, (_, i) => notice(rrrOf(r, i), i))),
  );

async function send(base, body) {
  const response = await fetch(`${base}/api/payments/webhooks/remita`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body,
  });
  await response.arrayBuffer();
  return response.status;
}

/** The 20 deliveries one after another, then (fresh bodies) all at once: wall time and statuses. */
async function timed(base, bodies) {
  const statuses = [];
  const t0 = performance.now();
  for (const body of bodies) statuses.push(await send(base, body));
  return { ms: performance.now() - t0, statuses };
}
async function timedAtOnce(base, bodies) {
  const t0 = performance.now();
  const statuses = await Promise.all(bodies.map((body) => send(base, body)));
  return { ms: performance.now() - t0, statuses };
}
const tally = (statuses) =>
  Object.entries(statuses.reduce((m, s) => ({ ...m, [s]: (m[s] ?? 0) + 1 }), {}))
    .map(([s, n]) => `${n}× ${s}`)
    .join(', ');

async function run(base, databaseUrl) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const q = async (text, values) => (await client.query(text, values)).rows[0];
  try {
    // One real RRR: a student's school fees started at Remita (the sandbox), not paid.
    const [id] = await copyStudents(client, 'DIT/2024/0002', 'NOTICE', 1);
    const [student] = await studentSessions(client, [id], JWT_SECRET);
    const started = await fetch(`${base}/api/AddPayeePayment?payType=1`, {
      method: 'POST',
      headers: { authorization: `Bearer ${student.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ MethodId: 1 }),
    });
    const startBody = await started.json();
    if (!started.ok) throw new Error(`start answered ${started.status}: ${startBody.Message}`);
    const rrr = startBody.Data.ProviderRef;
    const events = async () => Number((await q('select count(*) n from payment_events')).n);
    const checks = async () =>
      Number((await q('select check_count n from payments where provider_reference = $1', [rrr])).n);

    // A first delivery warms the route (compiled schemas, prepared plans) and is not timed.
    await send(base, JSON.stringify([notice(randomRrr(), 0)]));
    console.log(`${REQUESTS} requests of ${NOTICES} Remita notices each, from one address`);
    const cases = [
      ['unknown RRRs, one after another', timed, () => randomRrr()],
      ['unknown RRRs, all at once', timedAtOnce, () => randomRrr()],
      ['one real RRR, one after another', timed, () => rrr],
      ['one real RRR, all at once', timedAtOnce, () => rrr],
    ];
    // The floor on this machine now: the same number of requests to the health route.
    const t0 = performance.now();
    for (let i = 0; i < REQUESTS; i++) await (await fetch(`${base}/api/health`)).arrayBuffer();
    console.log(
      `${'GET /api/health, one after another'.padEnd(34)} ${ms(performance.now() - t0).padStart(8)} in total`,
    );
    for (const [label, how, rrrOf] of cases) {
      const bodies = deliveries(rrrOf);
      const [e0, c0] = [await events(), await checks()];
      const result = await how(base, bodies);
      const [e1, c1] = [await events(), await checks()];
      console.log(
        `${label.padEnd(34)} ${ms(result.ms).padStart(8)} in total   notices stored ${String(e1 - e0).padStart(4)}   gateway status queries ${c1 - c0}   answers ${tally(result.statuses)}`,
      );
    }
  } finally {
    await client.end();
  }
}

await onFreshPortal(
  { port: PORT, env: { JWT_SECRET, PAYMENT_SANDBOX: 'on', PAYMENT_RECONCILE_INTERVAL: '0' } },
  run,
);
