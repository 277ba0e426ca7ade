import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../platform/deps.js';
import { registerAdminModules } from './admin/index.js';
import { registerApplicantModules } from './applicants/index.js';
import { registerBursaryModule } from './bursary/index.js';
import { registerCoursesModule } from './courses/index.js';
import { authRoutes } from './auth/auth.routes.js';
import { AuthService } from './auth/auth.service.js';
import { healthRoutes } from './health/health.routes.js';
import { registerHostelsModule } from './hostels/index.js';
import { registerPaymentsModule } from './payments/index.js';
import { registerRecordsModule } from './records/index.js';
import { registerResultsModule } from './results/index.js';
import { referenceRoutes } from './reference/reference.routes.js';
import { sessionsRoutes } from './sessions/sessions.routes.js';
import { registerStaffModule } from './staff/index.js';
import { registerStudentsModule } from './students/index.js';

/** Every domain module registers its routes here, in one place. */
export async function registerModules(app: FastifyInstance, deps: AppDeps): Promise<void> {
  healthRoutes(app, deps);
  sessionsRoutes(app, deps.database.db);
  authRoutes(app, new AuthService(deps.database.db, app.sessions, deps.mailer, deps.config, deps.rateLimits));
  await registerAdminModules(app, deps);
  await referenceRoutes(app, deps);
  await registerApplicantModules(app, deps);
  await registerPaymentsModule(app, deps);
  registerBursaryModule(app, deps);
  await registerStudentsModule(app, deps);
  await registerRecordsModule(app, deps);
  registerCoursesModule(app, deps);
  registerResultsModule(app, deps);
  registerHostelsModule(app, deps);
  registerStaffModule(app, deps);
}
