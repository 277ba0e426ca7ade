import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  INSTRUCTORS_API,
  INSTRUCTORS_PAGE,
  instructorAuditQuery,
  instructorAuditResponse,
  instructorsQuery,
  instructorsResponse,
} from '@portal/contracts';
import type { AppDeps } from '../../platform/deps.js';
import { errorResponses } from '../../platform/routes.js';
import { instructorAudit, instructors } from './instructors.service.js';

/**
 * /app/instructorManagement ('Manage Audits', issue 28): the lecturers with their offerings and
 * teaching activity, and each one's teaching trail from the audit log. Read-only.
 */
export function registerInstructorsModule(app: FastifyInstance, deps: AppDeps): void {
  const db = deps.database.db;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const config = { access: { page: INSTRUCTORS_PAGE } };
  r.get(INSTRUCTORS_API.list, {
    config,
    schema: {
      tags: ['classroom'],
      summary:
        'Lecturers of a session with their offerings, lessons published, assignments set and graded, classes held, score sheets submitted',
      querystring: instructorsQuery,
      response: { 200: instructorsResponse, ...errorResponses(400, 401, 403) },
    },
    handler: (request) => instructors(db, request.query),
  });
  r.get(INSTRUCTORS_API.audit, {
    config,
    schema: {
      tags: ['classroom'],
      summary: "A lecturer's teaching actions from the audit trail, newest first",
      querystring: instructorAuditQuery,
      response: { 200: instructorAuditResponse, ...errorResponses(400, 401, 403, 404) },
    },
    handler: (request) => instructorAudit(db, request.query),
  });
}
