import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../platform/deps.js';
import { referenceRoutes, type ResourceGuards } from './reference.routes.js';
import { schoolLogoRoutes } from './school-logo.js';

export type { ResourceGuards } from './reference.routes.js';

/**
 * The registry's reference data: one generic engine over declared resources. `guards`: other
 * modules' rules on a resource's writes (a switch that running work depends on), given by
 * modules/index.ts so this module imports none of them.
 */
export async function registerReferenceModule(
  app: FastifyInstance,
  deps: AppDeps,
  guards: ResourceGuards = {},
): Promise<void> {
  await referenceRoutes(app, deps, guards);
  // The school's logo, beside its school-information record.
  await schoolLogoRoutes(app, deps);
}
