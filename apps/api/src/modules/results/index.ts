import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { studentResultsResponse } from '@portal/contracts';
import type { AppDeps } from '../../platform/deps.js';
import { errorResponses } from '../../platform/routes.js';
import { studentResults } from './results.service.js';

/** Results (issue 14): so far, the student's published results with GPA, CGPA and class of degree. */
export function registerResultsModule(app: FastifyInstance, deps: AppDeps): void {
  const db = deps.database.db;
  app.withTypeProvider<ZodTypeProvider>().get('/api/student/results', {
    config: { access: { modes: ['Student'] as const } },
    schema: {
      tags: ['results'],
      summary: 'The student’s published results per semester with GPA, CGPA and the class of degree',
      response: { 200: studentResultsResponse, ...errorResponses(401, 403, 404) },
    },
    handler: (request) => studentResults(db, request.auth),
  });
}
