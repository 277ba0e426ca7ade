// Renders the portal's documents through the API against the built server and prints each PDF's
// size and render time (the server's whole answer: data, QR code, photograph and PDF).
//
// Needs a build: npm run build -w packages/contracts && npm run build -w apps/api
// Usage: node bench/documents.mjs
//   BENCH_DOC_RUNS=20            timed renders per document (after 2 warm-up renders)
//   BENCH_DB=pglite|postgres     database (default pglite; postgres: a fresh database on BENCH_POSTGRES_URL)
import { freshPostgres, signIn, startPortal } from './lib.mjs';

const RUNS = Number(process.env.BENCH_DOC_RUNS ?? 20);
const DB = process.env.BENCH_DB ?? 'pglite';

async function getJson(base, path, headers = {}) {
  const response = await fetch(`${base}${path}`, { headers });
  if (!response.ok) throw new Error(`${path} answered ${response.status}: ${await response.text()}`);
  return response.json();
}

async function timeDocument(base, path, headers = {}) {
  const times = [];
  let size = 0;
  for (let i = 0; i < RUNS + 2; i += 1) {
    const started = process.hrtime.bigint();
    const response = await fetch(`${base}${path}`, { headers });
    const bytes = Buffer.from(await response.arrayBuffer());
    const ms = Number(process.hrtime.bigint() - started) / 1e6;
    if (!response.ok || bytes.subarray(0, 5).toString() !== '%PDF-')
      throw new Error(`${path} answered ${response.status}`);
    size = bytes.length;
    if (i >= 2) times.push(ms);
  }
  times.sort((a, b) => a - b);
  const pct = (p) => times[Math.min(times.length - 1, Math.floor((p / 100) * times.length))];
  return { size, mean: times.reduce((s, t) => s + t, 0) / times.length, p50: pct(50), p95: pct(95) };
}

function row(label, r) {
  console.log(
    `${label.padEnd(40)} ${(r.size / 1024).toFixed(1).padStart(7)} KiB   mean ${r.mean.toFixed(1).padStart(6)} ms   p50 ${r.p50.toFixed(1).padStart(6)} ms   p95 ${r.p95.toFixed(1).padStart(6)} ms`,
  );
}

const database = DB === 'postgres' ? await freshPostgres() : null;
const portal = await startPortal({
  port: Number(process.env.BENCH_PORT ?? 8193),
  env: { ...(database ? { DATABASE_URL: database.url } : {}), PAYMENT_RECONCILE_INTERVAL: '0' },
});
try {
  const applicant = (await signIn(portal.base, 'Applicant', '202410000007AG')).headers;
  const student = (await signIn(portal.base, 'Student', 'DIT/2024/0001')).headers;
  const links = (await getJson(portal.base, '/api/applicant/document-links', applicant)).Data;
  const siwes = (await getJson(portal.base, '/api/student/document-links', student)).Data;

  console.log(
    `Documents: ${RUNS} timed renders each after 2 warm-ups, ${DB}, through HTTP on ${portal.base}`,
  );
  console.log(`${'document'.padEnd(40)} ${'size'.padStart(11)}   render time (server answer, whole body)`);
  row('Payment receipt (acceptance fee)', await timeDocument(portal.base, links.ReceiptPdfUrl));
  row('Provisional admission letter', await timeDocument(portal.base, links.AdmissionLetterPdfUrl));
  row('SIWES placement letter', await timeDocument(portal.base, siwes.SiwesLetterPdfUrl));
  for (const doc of links.Documents.slice(1)) {
    row(
      `Admission document ${doc.Number}: ${doc.Name}`.slice(0, 40),
      await timeDocument(portal.base, doc.PdfUrl, applicant),
    );
  }
  const json = async (path) => {
    const started = process.hrtime.bigint();
    await getJson(portal.base, path);
    return Number(process.hrtime.bigint() - started) / 1e6;
  };
  const receiptJson = await json(`/api/PaymentReceiptByRRR?transactionId=${links.AcceptanceReceiptId}`);
  const letterJson = await json(`/api/ProvisionalAdmissionLetter?applicantId=${links.AdmissionLetterId}`);
  console.log(
    `JSON with QR data URL: receipt ${receiptJson.toFixed(1)} ms, admission letter ${letterJson.toFixed(1)} ms`,
  );
} finally {
  await portal.stop();
  await database?.drop();
}
