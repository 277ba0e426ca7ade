import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../platform/deps.js';
import { olevelRoutes } from './olevel.routes.js';

/** The applicant's O'level results. */
export function registerOlevelModule(app: FastifyInstance, deps: AppDeps): void {
  olevelRoutes(app, deps.database.db);
}
