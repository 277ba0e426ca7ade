// The floor for an authenticated read: a bare Fastify + pg route reading one row (an applicant's, or
// BARE_TABLE=students a student's), with no authentication, hooks or validation. Started by the
// benches (lib.mjs startBare) as its own process. Usage: DATABASE_URL=… PORT=… node bare-read.mjs
import Fastify from 'fastify';
import pg from 'pg';

const table = { applicants: 'applicants', students: 'students' }[process.env.BARE_TABLE ?? 'applicants'];
if (!table) throw new Error(`BARE_TABLE must be applicants or students`);
const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
const app = Fastify({ logger: false });
app.get('/row', async (request, reply) => {
  const { rows } = await pool.query(`select * from ${table} where id = $1`, [Number(request.query.id)]);
  if (rows.length === 0) return reply.status(404).send({ Status: 'NotFound' });
  return { Status: 'Ok', Data: rows[0] };
});
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
process.once('SIGTERM', async () => {
  await app.close();
  await pool.end();
  process.exit(0);
});
