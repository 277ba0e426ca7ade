// The floor for an authenticated read: a bare Fastify + pg route reading the applicant's row,
// with no authentication, hooks or validation. Started by authenticated-read.mjs as its own process.
// Usage: DATABASE_URL=… PORT=… node bare-read.mjs
import Fastify from 'fastify';
import pg from 'pg';

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
const app = Fastify({ logger: false });
app.get('/row', async (request, reply) => {
  const { rows } = await pool.query('select * from applicants where id = $1', [Number(request.query.id)]);
  if (rows.length === 0) return reply.status(404).send({ Status: 'NotFound' });
  return { Status: 'Ok', Data: rows[0] };
});
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
process.once('SIGTERM', async () => {
  await app.close();
  await pool.end();
  process.exit(0);
});
