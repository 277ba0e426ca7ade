import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { STATUS } from '@portal/contracts';
import { ping } from '../../platform/db.js';
import type { AppDeps } from '../../platform/deps.js';

export function healthRoutes(app: FastifyInstance, { database }: AppDeps): void {
  app.withTypeProvider<ZodTypeProvider>().get('/api/health', {
    config: { access: 'public' },
    schema: {
      tags: ['platform'],
      summary: 'Liveness and database status',
      response: {
        200: z.object({ Status: z.string(), Data: z.object({ database: z.string(), driver: z.string() }) }),
        503: z.object({ Status: z.string(), Data: z.object({ database: z.string(), driver: z.string() }) }),
      },
    },
    handler: async (_request, reply) => {
      try {
        await ping(database.db);
        return { Status: STATUS.ok, Data: { database: 'up', driver: database.driver } };
      } catch {
        return reply
          .status(503)
          .send({ Status: STATUS.error, Data: { database: 'down', driver: database.driver } });
      }
    },
  });
}
