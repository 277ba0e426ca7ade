import { buildApp } from './dist/app.js';
import { loadConfig } from './dist/config.js';
import { readFileSync } from 'node:fs';
const students = JSON.parse(readFileSync('/tmp/perfdev/tokens.json'));
process.env.DATABASE_URL='postgres://postgres@127.0.0.1:5432/wt_perf_dev'; process.env.JWT_SECRET='x'.repeat(64); process.env.DATA_DIR='/tmp/perfdev/data'; process.env.LOG_LEVEL='warn';
const app = await buildApp(loadConfig(process.env), { jobs: false, seed: false });
async function time(label, fn, n = 300) { const t=[]; for (let i=0;i<n;i++){const a=performance.now(); await fn(i); t.push(performance.now()-a);} t.sort((a,b)=>a-b); console.log(label, 'p50', t[n>>1].toFixed(2), 'p90', t[Math.floor(n*.9)].toFixed(2)); }
for (const p of ['/api/student/results','/api/student/school-fees','/api/student/course-registration','/api/student/dashboard'])
  await time(p, (i) => app.inject({ url: p, headers: { authorization: 'Bearer ' + students[i%students.length].token } }));
await app.close();
