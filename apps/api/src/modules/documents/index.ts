import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../platform/deps.js';
import { documentsRoutes } from './documents.routes.js';

/** Files applicants upload, and the admission documents they download. */
export async function registerDocumentsModule(app: FastifyInstance, deps: AppDeps): Promise<void> {
  await documentsRoutes(app, { db: deps.database.db, storage: deps.storage, config: deps.config });
}
