import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../platform/deps.js';
import { healthRoutes } from './health.routes.js';

/** Liveness and readiness. */
export function registerHealthModule(app: FastifyInstance, deps: AppDeps): void {
  healthRoutes(app, deps);
}
