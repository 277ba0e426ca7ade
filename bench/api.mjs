// Sign-in and ActiveSessions under 64 connections, on the embedded database and on PostgreSQL.
// Needs a build (npm run build). Usage: npm run api -w bench  (BENCH_SECONDS=10 by default)
import { freshPostgres, load, printRow, startPortal } from './lib.mjs';

const signIn = JSON.stringify({
  Username: 'admin@demo.edu.ng',
  Password: 'Portal@2025',
  userMode: 'Admin',
  schoolId: 1,
});

async function measure(label, env) {
  const portal = await startPortal({ env });
  try {
    printRow(
      `${label}: GET /api/ActiveSessions`,
      await load({ url: `${portal.base}/api/ActiveSessions?schId=1` }),
    );
    printRow(
      `${label}: POST /api/Account/Login`,
      await load({
        url: `${portal.base}/api/Account/Login`,
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: signIn,
      }),
    );
  } finally {
    await portal.stop();
  }
}

await measure('PGlite', {});
const postgres = await freshPostgres();
try {
  await measure('PostgreSQL', { DATABASE_URL: postgres.url });
} finally {
  await postgres.drop();
}
