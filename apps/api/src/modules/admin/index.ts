import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../platform/deps.js';
import { admissionsRoutes } from '../admissions/admissions.routes.js';
import { AdmissionsService } from '../admissions/admissions.service.js';
import { applicantRecordRoutes } from '../admissions/record.routes.js';
import { admissionSetupRoutes } from '../admissions/setup.routes.js';
import { importsRoutes } from '../imports/imports.routes.js';
import { ImportService } from '../imports/imports.service.js';
import { transactionsRoutes } from '../transactions/transactions.routes.js';
import { adminRoutes } from './admin.routes.js';
import { AdminService } from './admin.service.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The import runner (tests and benchmarks wait on it). */
    imports: ImportService;
  }
}

/** The admin area's modules: roles and users, audit trail, admissions, imports, transactions. */
export async function registerAdminModules(app: FastifyInstance, deps: AppDeps): Promise<void> {
  const db = deps.database.db;
  adminRoutes(app, db, new AdminService(db, deps.mailer, app.sessions, deps.config));
  await admissionSetupRoutes(app, deps);
  admissionsRoutes(app, db, new AdmissionsService(db, deps.mailer, deps.config));
  applicantRecordRoutes(app, deps);
  transactionsRoutes(app, db);
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
