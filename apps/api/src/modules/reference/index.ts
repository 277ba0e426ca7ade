import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../platform/deps.js';
import { referenceRoutes } from './reference.routes.js';
import { schoolLogoRoutes } from './school-logo.js';

/** The registry's reference data: one generic engine over declared resources. */
export async function registerReferenceModule(app: FastifyInstance, deps: AppDeps): Promise<void> {
  await referenceRoutes(app, deps);
  // The school's logo, beside its school-information record.
  await schoolLogoRoutes(app, deps);
}
