import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { studentDashboardResponse, STUDENT_API } from '@portal/contracts';
import type { AppDeps } from '../../platform/deps.js';
import { errorResponses } from '../../platform/routes.js';
import { getDashboard } from './dashboard.service.js';

/** The student's dashboard: one page over the student's own area, courses, hostels and results. */
export function registerStudentDashboardModule(app: FastifyInstance, deps: AppDeps): void {
  const dashboardDeps = { db: deps.database.db, storage: deps.storage, config: deps.config };
  app.withTypeProvider<ZodTypeProvider>().get(STUDENT_API.dashboard, {
    config: { access: { modes: ['Student'] as const } },
    schema: {
      tags: ['student'],
      summary: 'What the student must do next: course registration, hostel, results, new documents',
      response: { 200: studentDashboardResponse, ...errorResponses(400, 401, 403, 404, 413, 415) },
    },
    handler: (request) => getDashboard(dashboardDeps, request.auth),
  });
}
