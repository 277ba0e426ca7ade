import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../platform/deps.js';
import { documentsRoutes } from '../documents/documents.routes.js';
import { olevelRoutes } from '../olevel/olevel.routes.js';
import { applicantsRoutes } from './applicants.routes.js';

/** The applicant's journey: record and registration, O'level results, documents. */
export async function registerApplicantModules(app: FastifyInstance, deps: AppDeps): Promise<void> {
  const shared = { db: deps.database.db, storage: deps.storage, config: deps.config };
  applicantsRoutes(app, shared);
  olevelRoutes(app, shared.db);
  await documentsRoutes(app, shared);
}
