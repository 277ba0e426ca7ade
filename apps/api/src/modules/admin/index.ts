import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../platform/deps.js';
import { adminRoutes } from './admin.routes.js';
import { AdminService } from './admin.service.js';

/** The admin area's own pages: roles and users, the audit trail. */
export function registerAdminModule(app: FastifyInstance, deps: AppDeps): void {
  const db = deps.database.db;
  adminRoutes(app, db, new AdminService(db, deps.mailer, app.sessions, deps.config));
}
