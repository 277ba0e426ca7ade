import { ConfigError, loadConfig } from './config.js';
import { buildApp } from './app.js';

/** Connections waiting to be accepted (the kernel caps it at net.core.somaxconn). */
const LISTEN_BACKLOG = 4096;

/** How long a graceful shutdown may take before the process is ended regardless. */
const SHUTDOWN_TIMEOUT_MS = 10_000;

/** Listens and shuts down gracefully; everything else lives in buildApp. */
async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const app = await buildApp(config);
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal} received, shutting down`);
    // Whatever hangs (a long request, a stuck connection), the process ends within 10 s;
    // unref'd, the timer never keeps an otherwise finished process alive.
    setTimeout(() => {
      app.log.error(`shutdown took over ${SHUTDOWN_TIMEOUT_MS / 1000} s; exiting now`);
      process.exit(1);
    }, SHUTDOWN_TIMEOUT_MS).unref();
    try {
      // Stops the job queue first (no new claims; running jobs finish, or are retried elsewhere
      // once their claim expires), then the server and the database.
      await app.close();
    } catch (error) {
      app.log.error({ err: error }, 'error while shutting down');
      process.exit(1);
    }
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  // A restarted process meets every client's reconnection at once (a CBT hall after a power cut):
  // the kernel holds up to LISTEN_BACKLOG of them until they are accepted. Node's default of 511
  // drops the rest, and each dropped client waits 1 s, then 3 s, for its connection to be tried again.
  await app.listen({ port: config.PORT, host: config.HOST, backlog: LISTEN_BACKLOG });
  const url = `${config.PUBLIC_URL}/portal/`;
  console.log(
    [
      '',
      `  School portal is running: ${url}`,
      `  API: ${config.PUBLIC_URL}/api   (docs: ${config.PUBLIC_URL}/api/docs)`,
      `  Database: ${config.DATABASE_URL ? 'PostgreSQL (DATABASE_URL)' : `embedded PGlite in ${config.DATA_DIR}`}`,
      '',
      '  Demo accounts (password Portal@2025):',
      '    Admin      admin@demo.edu.ng, support@demo.edu.ng',
      '    Student    DIT/2024/0001, DIT/2024/0002',
      '    Applicant  202410000001AA … 202410000007AG (applicant1@demo.edu.ng … applicant7@demo.edu.ng)',
      '',
    ].join('\n'),
  );
}

void main();
