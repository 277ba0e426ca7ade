// What the server spends on a student's page rendered with the student's data (ADR 17): the built
// portal is started on the embedded database, a student signs in through the API, and each page's
// document is asked for one request at a time, as a phone on the portal would (its `user` cookie, a
// phone's user agent, Brotli). Prints per page the time to the whole answer (median and p90 of the
// runs after a warm-up), the bytes sent, and whether the page came rendered (not index.html).
// Needs a build (npm run build). Usage: node student-documents.mjs [/portal/student/… …] (default: every
// page of the student's sidebar)
//   BENCH_RUNS=20   requests per page      BENCH_PORT=8196   BENCH_STUDENT=DIT/2023/0003
import { STUDENT_PAGES } from '@portal/contracts';
import { namedOr, percentile, signIn, startPortal } from './lib.mjs';

const runs = Number(process.env.BENCH_RUNS ?? 20);
const student = process.env.BENCH_STUDENT ?? 'DIT/2023/0003';
// The student's sidebar, as the portal declares it.
const pages = namedOr(STUDENT_PAGES.map(({ Page }) => `/portal/student/${Page}`));

const portal = await startPortal({ port: Number(process.env.BENCH_PORT ?? 8196) });
try {
  const { body } = await signIn(portal.base, 'Student', student);
  // The cookie the web app writes on sign-in (lib/session.ts): the signed-in users by kind.
  const cookie = `user=${encodeURIComponent(JSON.stringify({ studentUser: body.Data }))}`;
  const headers = {
    cookie,
    'accept-encoding': 'br',
    'user-agent': 'Mozilla/5.0 (Linux; Android 11; Tecno) Mobile Safari/537.36',
  };
  const ask = async (url) => {
    const started = performance.now();
    const answer = await fetch(`${portal.base}${url}`, { headers });
    const document = await answer.text();
    return {
      ms: performance.now() - started,
      rendered: document.includes('id="server-state"'),
      bytes: Number(answer.headers.get('content-length') ?? 0),
    };
  };
  console.log(`Documents of a signed-in student (${student}), ${runs} requests a page after 3 to warm up\n`);
  console.log(
    `${'page'.padEnd(36)} ${'median'.padStart(8)} ${'p90'.padStart(8)} ${'Brotli'.padStart(9)}  rendered`,
  );
  for (const url of pages) {
    for (let i = 0; i < 3; i++) await ask(url);
    const results = [];
    for (let i = 0; i < runs; i++) results.push(await ask(url));
    const times = results.map((r) => r.ms).sort((a, b) => a - b);
    const rendered = results.filter((r) => r.rendered).length;
    console.log(
      `${url.padEnd(36)} ${`${percentile(times, 50).toFixed(0)} ms`.padStart(8)} ${`${percentile(times, 90).toFixed(0)} ms`.padStart(8)} ${`${(results.at(-1).bytes / 1024).toFixed(1)} KiB`.padStart(9)}  ${rendered}/${runs}`,
    );
  }
} finally {
  await portal.stop();
}
