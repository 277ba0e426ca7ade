import { ConfigError, loadConfig } from './config.js';
import { buildApp } from './app.js';

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
  const shutdown = async (signal: string) => {
    app.log.info(`${signal} received, shutting down`);
    await app.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  await app.listen({ port: config.PORT, host: config.HOST });
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
