import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  auditorInput,
  auditorRemoveQuery,
  LEARNERS_API,
  LEARNERS_PAGE,
  learnersRosterQuery,
  learnersRosterResponse,
  okMessage,
} from '@portal/contracts';
import type { AppDeps } from '../../platform/deps.js';
import { errorResponses } from '../../platform/routes.js';
import { staffCaller } from '../offerings/offerings.service.js';
import { addAuditor, learnersRoster, removeAuditor } from './learners.service.js';

/**
 * /app/LearnersManagement (issue 28): the offerings, who takes each and what each learner has done
 * in it; students enrolled by hand to audit an offering, added and removed (audited). The offerings
 * module decides who may see or change an offering's learners.
 */
export function registerLearnersModule(app: FastifyInstance, deps: AppDeps): void {
  const db = deps.database.db;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const config = { access: { page: LEARNERS_PAGE } };
  r.get(LEARNERS_API.roster, {
    config,
    schema: {
      tags: ['classroom'],
      summary:
        "A page of an offering's learners (approved registrations, then auditors) with their lessons, submissions and classes",
      querystring: learnersRosterQuery,
      response: { 200: learnersRosterResponse, ...errorResponses(400, 401, 403, 404) },
    },
    handler: async (request) => learnersRoster(db, await staffCaller(db, request), request.query),
  });
  r.post(LEARNERS_API.auditors, {
    config,
    schema: {
      tags: ['classroom'],
      summary: 'Enrol a student by hand to audit an offering (matric number and reason); audited',
      body: auditorInput,
      response: { 200: okMessage, ...errorResponses(400, 401, 403, 404, 409) },
    },
    handler: async (request) => addAuditor(db, await staffCaller(db, request), request.body),
  });
  r.delete(LEARNERS_API.auditors, {
    config,
    schema: {
      tags: ['classroom'],
      summary: "End a student's audit enrolment in an offering; audited",
      querystring: auditorRemoveQuery,
      response: { 200: okMessage, ...errorResponses(400, 401, 403, 404) },
    },
    handler: async (request) => removeAuditor(db, await staffCaller(db, request), request.query),
  });
}
