import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../platform/deps.js';
import { sessionsRoutes } from './sessions.routes.js';

/** The signed-in user's sessions. */
export function registerSessionsModule(app: FastifyInstance, deps: AppDeps): void {
  sessionsRoutes(app, deps.database.db);
}
