import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app.js';
import { admissionsRoutes } from '../admissions/admissions.routes.js';
import { AdmissionsService } from '../admissions/admissions.service.js';
import { admissionSetupRoutes } from '../admissions/setup.routes.js';
import { transactionsRoutes } from '../transactions/transactions.routes.js';
import { adminRoutes } from './admin.routes.js';
import { AdminService } from './admin.service.js';

/** The admin area's modules: roles and users, audit trail, admissions, imports, transactions. */
export async function registerAdminModules(app: FastifyInstance, deps: AppDeps): Promise<void> {
  const db = deps.database.db;
  adminRoutes(app, db, new AdminService(db, deps.mailer, app.sessions, deps.config));
  await admissionSetupRoutes(app, deps);
  admissionsRoutes(app, db, new AdmissionsService(db, deps.mailer, deps.config));
  transactionsRoutes(app, db);
}
