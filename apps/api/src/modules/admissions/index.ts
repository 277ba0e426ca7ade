import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../platform/deps.js';
import { admissionsRoutes } from './admissions.routes.js';
import { AdmissionsService } from './admissions.service.js';
import { applicantRecordRoutes } from './record.routes.js';
import { admissionSetupRoutes } from './setup.routes.js';

/** The admissions office: admission set-up, the applications list and one applicant's record. */
export async function registerAdmissionsModule(app: FastifyInstance, deps: AppDeps): Promise<void> {
  const db = deps.database.db;
  await admissionSetupRoutes(app, deps);
  admissionsRoutes(app, db, new AdmissionsService(db, deps.mailer, deps.config));
  applicantRecordRoutes(app, deps);
}
