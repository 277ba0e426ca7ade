import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../platform/deps.js';
import { transactionsRoutes } from './transactions.routes.js';

/** The admin's list of transactions. */
export function registerTransactionsModule(app: FastifyInstance, deps: AppDeps): void {
  transactionsRoutes(app, deps.database.db);
}
