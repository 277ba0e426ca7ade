import { buildApp } from './dist/app.js';
import { loadConfig } from './dist/config.js';
import { readFileSync } from 'node:fs';
import pg from 'pg';
const students = JSON.parse(readFileSync('/tmp/perfdev/tokens.json'));
process.env.DATABASE_URL='postgres://postgres@127.0.0.1:5432/wt_perf_dev'; process.env.JWT_SECRET='x'.repeat(64); process.env.DATA_DIR='/tmp/perfdev/data'; process.env.LOG_LEVEL='warn';
let n = 0; const orig = pg.Client.prototype.query; pg.Client.prototype.query = function (...a) { n++; if (process.env.SHOW && n <= 12) console.log(String(a[0]?.text ?? a[0]).slice(0, 90)); return orig.apply(this, a); };
const app = await buildApp(loadConfig(process.env), { jobs: false, seed: false });
for (const p of ['/api/student/results','/api/student/school-fees','/api/student/course-registration','/api/student/dashboard']) {
  await app.inject({ url: p, headers: { authorization: 'Bearer ' + students[0].token } });
  n = 0; const N = 20;
  for (let i = 1; i <= N; i++) await app.inject({ url: p, headers: { authorization: 'Bearer ' + students[i % students.length].token } });
  console.log(p, 'queries per request', (n / N).toFixed(1));
}
await app.close();
