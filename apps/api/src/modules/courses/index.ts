import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../platform/deps.js';
import { coursesRoutes } from './courses.routes.js';

/** Semester course registration (issue 13). */
export function registerCoursesModule(app: FastifyInstance, deps: AppDeps): void {
  coursesRoutes(app, { db: deps.database.db, storage: deps.storage, config: deps.config });
}
