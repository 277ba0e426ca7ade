import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../platform/deps.js';
import { lettersRoutes } from './letters.routes.js';

export function registerLettersModule(app: FastifyInstance, deps: AppDeps): void {
  lettersRoutes(app, { db: deps.database.db, storage: deps.storage, config: deps.config });
}
