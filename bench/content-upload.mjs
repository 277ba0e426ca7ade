// The time to resume an interrupted 50 MB upload (issue 24's figure): the lecturer's upload goes
// through the tus protocol to the built server, 30 MB are sent and the connection dropped; then the
// client asks where it stands (HEAD) and sends the rest from there (PATCH), which also checks the
// file's content and moves it into the storage. Prints each run and the median.
//
// Needs a build: npm run build -w packages/contracts && npm run build -w apps/api
// Usage: node bench/content-upload.mjs
//   BENCH_UPLOAD_RUNS=3          interrupted uploads timed
//   BENCH_UPLOAD_MB=50           size of the file (MiB); BENCH_UPLOAD_CUT_MB=30 sent before the drop
//   BENCH_DB=pglite|postgres     database (default pglite; postgres: a fresh database on BENCH_POSTGRES_URL)
import { randomBytes } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import { freshPostgres, signIn, startPortal } from './lib.mjs';

const RUNS = Number(process.env.BENCH_UPLOAD_RUNS ?? 3);
const MB = 1024 * 1024;
const SIZE = Number(process.env.BENCH_UPLOAD_MB ?? 50) * MB;
const CUT = Number(process.env.BENCH_UPLOAD_CUT_MB ?? 30) * MB;
const DB = process.env.BENCH_DB ?? 'pglite';
const TUS = { 'tus-resumable': '1.0.0' };
const TUS_PATH = '/api/uploads/tus';

/** An MP4-looking file: an ftyp box, then random bytes (which compress to nothing). */
function videoBytes(size) {
  const ftyp = Buffer.concat([
    Buffer.from([0, 0, 0, 0x18]),
    Buffer.from('ftypisom'),
    Buffer.from([0, 0, 2, 0]),
    Buffer.from('isomiso2'),
  ]);
  return Buffer.concat([ftyp, randomBytes(size - ftyp.length)]);
}

const ms = (start) => Number(process.hrtime.bigint() - start) / 1e6;

const metadata = (fields) =>
  Object.entries(fields)
    .map(([k, v]) => `${k} ${Buffer.from(v).toString('base64')}`)
    .join(',');

/** A PATCH announcing the whole body that sends `sent` bytes of it, then drops the connection. */
function interruptedPatch(url, headers, body, sent) {
  return new Promise((resolve) => {
    const req = httpRequest(url, {
      method: 'PATCH',
      headers: {
        ...TUS,
        ...headers,
        'upload-offset': '0',
        'content-type': 'application/offset+octet-stream',
        'content-length': String(body.length),
      },
    });
    req.on('error', () => resolve());
    req.on('close', () => resolve());
    req.write(body.subarray(0, sent), () => setTimeout(() => req.destroy(), 200));
  });
}

async function oneRun(base, auth, file) {
  const created = await fetch(`${base}${TUS_PATH}`, {
    method: 'POST',
    headers: {
      ...TUS,
      ...auth,
      'upload-length': String(file.length),
      'upload-metadata': metadata({ filename: 'lecture.mp4', purpose: 'content-video' }),
    },
  });
  if (created.status !== 201) throw new Error(`create answered ${created.status}: ${await created.text()}`);
  const url = `${base}${created.headers.get('location')}`;
  const firstStart = process.hrtime.bigint();
  await interruptedPatch(url, auth, file, CUT);
  const first = ms(firstStart);

  // The resume, as a client does it after a dropped connection.
  const resumeStart = process.hrtime.bigint();
  let offset = 0;
  let headMs = 0;
  // The server may still be writing the last bytes that reached it: ask until the offset settles.
  for (let i = 0; i < 50; i += 1) {
    const headStart = process.hrtime.bigint();
    const head = await fetch(url, { method: 'HEAD', headers: { ...TUS, ...auth } });
    headMs = ms(headStart);
    if (head.status === 423) {
      await new Promise((r) => setTimeout(r, 50));
      continue;
    }
    offset = Number(head.headers.get('upload-offset'));
    break;
  }
  const patchStart = process.hrtime.bigint();
  const rest = await fetch(url, {
    method: 'PATCH',
    headers: {
      ...TUS,
      ...auth,
      'upload-offset': String(offset),
      'content-type': 'application/offset+octet-stream',
    },
    body: file.subarray(offset),
    duplex: 'half',
  });
  const body = await rest.text();
  if (rest.status !== 200) throw new Error(`the resumed PATCH answered ${rest.status}: ${body}`);
  return { first, offset, headMs, patchMs: ms(patchStart), resumeMs: ms(resumeStart) };
}

const database = DB === 'postgres' ? await freshPostgres() : null;
const portal = await startPortal({
  port: Number(process.env.BENCH_PORT ?? 8194),
  env: { ...(database ? { DATABASE_URL: database.url } : {}), PAYMENT_RECONCILE_INTERVAL: '0' },
});
try {
  const auth = (await signIn(portal.base, 'Admin', 'lecturer@demo.edu.ng')).headers;
  const file = videoBytes(SIZE);
  console.log(
    `Resume of an interrupted ${SIZE / MB} MB upload (tus; ${CUT / MB} MB sent, connection dropped), ${DB}, through HTTP on ${portal.base}`,
  );
  const runs = [];
  for (let i = 0; i < RUNS; i += 1) {
    const r = await oneRun(portal.base, auth, file);
    runs.push(r);
    console.log(
      `run ${i + 1}: first ${(r.first / 1000).toFixed(2)} s to the drop; HEAD offset ${(r.offset / MB).toFixed(1)} MB in ${r.headMs.toFixed(1)} ms; rest (${((SIZE - r.offset) / MB).toFixed(1)} MB, checked and stored) ${r.patchMs.toFixed(0)} ms; resume total ${r.resumeMs.toFixed(0)} ms`,
    );
  }
  const sorted = runs.map((r) => r.resumeMs).sort((a, b) => a - b);
  const median = sorted[Math.floor(sorted.length / 2)];
  console.log(`median time to resume (HEAD, then the rest sent and stored): ${median.toFixed(0)} ms`);
} finally {
  await portal.stop();
  await database?.drop();
}
