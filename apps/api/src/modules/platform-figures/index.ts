import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  PLATFORM_DASHBOARD_PAGE,
  PLATFORM_FIGURES_API,
  STATUS,
  platformFiguresResponse,
} from '@portal/contracts';
import type { AppDeps } from '../../platform/deps.js';
import { errorResponses } from '../../platform/routes.js';
import { platformFigures } from './figures.service.js';

/**
 * /app/dashboard's figures (issue 28): the learning platform at a glance, each part read through the
 * service of the module that owns it. No module's tables are read here but the registry's.
 */
export function registerPlatformFiguresModule(app: FastifyInstance, deps: AppDeps): void {
  app.withTypeProvider<ZodTypeProvider>().get(PLATFORM_FIGURES_API, {
    config: { access: { page: PLATFORM_DASHBOARD_PAGE } },
    schema: {
      tags: ['platform'],
      summary:
        'The learning platform at a glance: active students, content opened and completed, assignments, live classes, exams, payments today',
      response: { 200: platformFiguresResponse, ...errorResponses(401, 403) },
    },
    handler: async () => ({ Status: STATUS.ok, Data: await platformFigures(deps.database.db, app.sessions) }),
  });
}
