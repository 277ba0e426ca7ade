import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../platform/deps.js';
import { referenceRoutes } from './reference.routes.js';

/** The registry's reference data: one generic engine over declared resources. */
export async function registerReferenceModule(app: FastifyInstance, deps: AppDeps): Promise<void> {
  await referenceRoutes(app, deps);
}
