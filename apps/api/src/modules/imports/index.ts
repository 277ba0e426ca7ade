import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../platform/deps.js';
import { importsRoutes } from './imports.routes.js';
import { ImportService } from './imports.service.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The import runner (tests and benchmarks wait on it). */
    imports: ImportService;
  }
}

/** Imports of admitted candidates from spreadsheets, run in the background under a lease. */
export async function registerImportsModule(app: FastifyInstance, deps: AppDeps): Promise<void> {
  const db = deps.database.db;
  const imports = new ImportService(db, deps.mailer, deps.storage, deps.config, app.log);
  app.decorate('imports', imports);
  await importsRoutes(app, db, deps.config, imports);
  // Imports left by a process that stopped (their lease ran out) are resumed, and passwords still
  // owed are issued, by one process a minute; the import itself then runs under its lease.
  deps.jobs.define({
    name: 'imports.resume',
    handler: () => imports.resume(),
    everySeconds: 60,
    expireInSeconds: 60,
  });
  app.addHook('onClose', async () => imports.stop());
}
