import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../platform/deps.js';
import { bursaryRoutes } from './bursary.routes.js';
import { BursaryService } from './bursary.service.js';

/** The bursary's pages (issue 12 §6): payments, one student's history, revenue, summary, session moves. */
export function registerBursaryModule(app: FastifyInstance, deps: AppDeps): void {
  bursaryRoutes(app, deps.database.db, new BursaryService(deps.database.db));
}
