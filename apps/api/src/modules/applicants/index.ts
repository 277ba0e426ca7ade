import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../platform/deps.js';
import { applicantsRoutes } from './applicants.routes.js';

/** The applicant's journey: record and registration. */
export function registerApplicantsModule(app: FastifyInstance, deps: AppDeps): void {
  applicantsRoutes(app, { db: deps.database.db, config: deps.config });
}
