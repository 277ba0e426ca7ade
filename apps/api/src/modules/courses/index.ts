import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../platform/deps.js';
import { registerPurpose } from '../payments/payments.service.js';
import { coursesRoutes } from './courses.routes.js';
import { lateRegistrationFee } from './late-fee.js';

export { lateRegistrationSwitchGuard } from './late-fee.js';

/** Semester course registration (issue 13). */
export function registerCoursesModule(app: FastifyInstance, deps: AppDeps): void {
  registerPurpose(lateRegistrationFee);
  coursesRoutes(app, { db: deps.database.db, storage: deps.storage, config: deps.config });
}
