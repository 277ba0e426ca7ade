import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../platform/deps.js';
import { authRoutes } from './auth.routes.js';
import { AuthService } from './auth.service.js';

/** Sign-in, sign-out, passwords. */
export function registerAuthModule(app: FastifyInstance, deps: AppDeps): void {
  authRoutes(app, new AuthService(deps.database.db, app.sessions, deps.mailer, deps.config, deps.rateLimits));
}
