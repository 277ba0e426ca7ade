// The applicant dashboard under load: GetApplicantRecordById, NewhasOlevelResult and listofforms
// with 64 connections, then the application slip PDF's size and render time.
// Needs a build (npm run build). Usage: npm run applicant -w bench
//   BENCH_URL=http://host:port   measure a running portal instead of starting one
//   BENCH_POSTGRES=1             also measure on a fresh PostgreSQL database
//   BENCH_SECONDS=10             seconds per endpoint
import { performance } from 'node:perf_hooks';
import { freshPostgres, load, printRow, signIn, startPortal } from './lib.mjs';

const APPLICANT = process.env.BENCH_APPLICANT ?? '202410000007AG';
const PASSWORD = process.env.BENCH_PASSWORD ?? 'Portal@2025';

function percentile(sorted, p) {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

async function pdfTimes(base, token, path, runs) {
  const times = [];
  let size = 0;
  for (let i = 0; i < runs; i += 1) {
    const started = performance.now();
    const response = await fetch(`${base}${path}`, { headers: { authorization: `Bearer ${token}` } });
    const bytes = Buffer.from(await response.arrayBuffer());
    times.push(performance.now() - started);
    if (!response.ok || bytes.subarray(0, 5).toString() !== '%PDF-') {
      throw new Error(`${path}: ${response.status} ${bytes.subarray(0, 200).toString()}`);
    }
    size = bytes.length;
  }
  times.sort((a, b) => a - b);
  return { size, first: times[0], p50: percentile(times, 50), p95: percentile(times, 95) };
}

async function measure(label, base) {
  const { body } = await signIn(base, 'Applicant', APPLICANT, PASSWORD);
  const token = body.LoginToken;
  const applicantId = body.Data.ApplicantID;
  const headers = { authorization: `Bearer ${token}` };
  for (const [name, path] of [
    ['GetApplicantRecordById', `/api/Applicants/GetApplicantRecordById?ApplicantID=${applicantId}`],
    ['NewhasOlevelResult', `/api/OResults/NewhasOlevelResult?applicantId=${applicantId}`],
    ['listofforms', '/api/listofforms?type=2'],
  ]) {
    printRow(`${label}: GET ${name}`, await load({ url: `${base}${path}`, headers }));
  }
  for (const [name, path] of [
    ['slip.pdf', '/api/applicant/slip.pdf'],
    ['form.pdf (ApplicantFormPDF)', '/api/applicant/form.pdf'],
  ]) {
    const r = await pdfTimes(base, token, path, Number(process.env.BENCH_PDF_RUNS ?? 30));
    console.log(
      `${`${label}: ${name}`.padEnd(44)} ${String(r.size).padStart(7)} bytes   p50 ${r.p50.toFixed(1).padStart(6)} ms   p95 ${r.p95.toFixed(1).padStart(6)} ms   (request incl. render)`,
    );
  }
}

if (process.env.BENCH_URL) {
  await measure('given server', process.env.BENCH_URL.replace(/\/+$/, ''));
} else {
  const portal = await startPortal({ port: 8191 });
  try {
    await measure('PGlite', portal.base);
  } finally {
    await portal.stop();
  }
  if (process.env.BENCH_POSTGRES) {
    const postgres = await freshPostgres();
    const server = await startPortal({ port: 8192, env: { DATABASE_URL: postgres.url } });
    try {
      await measure('PostgreSQL', server.base);
    } finally {
      await server.stop();
      await postgres.drop();
    }
  }
}
