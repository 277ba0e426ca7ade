import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { LEARNERS_API, LEARNERS_PAGE, learnersRosterQuery, learnersRosterResponse } from '@portal/contracts';
import type { AppDeps } from '../../platform/deps.js';
import { errorResponses } from '../../platform/routes.js';
import { staffCaller } from '../offerings/offerings.service.js';
import { learnersRoster } from './learners.service.js';

/**
 * /app/LearnersManagement (issue 28): the offerings, who is enrolled in each and what each learner
 * has done in it. Read-only; the offerings module decides who may see an offering's learners.
 */
export function registerLearnersModule(app: FastifyInstance, deps: AppDeps): void {
  const db = deps.database.db;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const config = { access: { page: LEARNERS_PAGE } };
  r.get(LEARNERS_API.roster, {
    config,
    schema: {
      tags: ['classroom'],
      summary: "An offering's learners (approved registrations) with their lessons, submissions and classes",
      querystring: learnersRosterQuery,
      response: { 200: learnersRosterResponse, ...errorResponses(400, 401, 403, 404) },
    },
    handler: async (request) =>
      learnersRoster(db, await staffCaller(db, request), request.query.courseId, request.query.sessionId),
  });
}
