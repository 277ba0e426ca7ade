// An authenticated read against its floor, on PostgreSQL: GET /api/Applicants/GetApplicantRecordById
// through the portal (token, session and permissions, validation, serialisation) and a bare
// Fastify + pg route reading the same applicant's row, each at 64 connections; prints req/s, p99
// and the ratio. The machine's noise moves both figures; the ratio moves less.
// Needs a build (npm run build). Usage: npm run authenticated-read -w bench
//   BENCH_SECONDS=10   seconds per run      BENCH_PORT=8194   the portal's port (the bare route: +1)
//   BENCH_CPU_PROF=dir write a CPU profile of the portal (node --cpu-prof) into dir
import { freshPostgres, load, printRow, signIn, startBare, startPortal } from './lib.mjs';

const APPLICANT = process.env.BENCH_APPLICANT ?? '202410000007AG';
const port = Number(process.env.BENCH_PORT ?? 8194);

const postgres = await freshPostgres();
try {
  const portal = await startPortal({
    port,
    env: { DATABASE_URL: postgres.url },
    nodeArgs: process.env.BENCH_CPU_PROF
      ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`]
      : [],
  });
  let bare;
  try {
    bare = await startBare(postgres.url, port + 1);
    const { body, headers } = await signIn(portal.base, 'Applicant', APPLICANT);
    const id = body.Data.ApplicantID;
    const portalUrl = `${portal.base}/api/Applicants/GetApplicantRecordById?ApplicantID=${id}`;
    const bareUrl = `${bare.base}/row?id=${id}`;
    // A short warm-up of each, so neither is measured while its code is still being compiled.
    await load({ url: portalUrl, headers, duration: 2 });
    await load({ url: bareUrl, duration: 2 });
    const portalRun = await load({ url: portalUrl, headers });
    const bareRun = await load({ url: bareUrl });
    printRow('PostgreSQL: GET GetApplicantRecordById', portalRun);
    printRow('PostgreSQL: bare Fastify + pg, same row', bareRun);
    console.log(
      `portal / bare: ${(portalRun.requestsPerSecond / bareRun.requestsPerSecond).toFixed(3)} of the requests/s, p99 ${(portalRun.p99 / Math.max(1, bareRun.p99)).toFixed(1)}× (target: ≥ 2,000 req/s, p99 ≤ 100 ms)`,
    );
  } finally {
    await bare?.stop();
    await portal.stop();
  }
} finally {
  await postgres.drop();
}
