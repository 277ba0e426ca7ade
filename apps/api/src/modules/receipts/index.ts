import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../platform/deps.js';
import { receiptsRoutes } from './receipts.routes.js';

export function registerReceiptsModule(app: FastifyInstance, deps: AppDeps): void {
  receiptsRoutes(app, { db: deps.database.db, storage: deps.storage, config: deps.config });
}
