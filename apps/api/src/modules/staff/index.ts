import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { MY_WORK_PAGES, STATUS, myWorkResponse, type MyWork } from '@portal/contracts';
import { actorOf } from '../../platform/audit.js';
import type { AppDeps } from '../../platform/deps.js';
import { errorResponses } from '../../platform/routes.js';
import { awaitingApproval } from '../courses/approval.service.js';
import { lecturerWork, reviewWork } from '../results/sheets.service.js';

/**
 * The staff home page's data: what waits for the signed-in admin, by the pages their roles grant
 * (read on every request, so a role taken away bites at once). Any admin may call it; a part whose
 * page the caller lacks is null, so nobody learns of work that is not theirs.
 */
export function registerStaffModule(app: FastifyInstance, deps: AppDeps): void {
  const db = deps.database.db;
  app.withTypeProvider<ZodTypeProvider>().get('/api/admin/my-work', {
    config: { access: { modes: ['Admin'], withPages: true } },
    schema: {
      tags: ['admin'],
      summary:
        'What waits for the signed-in admin: registrations to approve, score sheets to fill or returned, sheets to review',
      response: { 200: myWorkResponse, ...errorResponses(401, 403) },
    },
    handler: async (request) => {
      const actor = await actorOf(db, request);
      const granted = new Set(request.auth?.pages ?? []);
      const has = (page: string) => granted.has(page);
      const [registrations, scoreSheets, reviews] = await Promise.all([
        has(MY_WORK_PAGES.registrations) ? awaitingApproval(db, actor.adminId) : null,
        has(MY_WORK_PAGES.scoreSheets) ? lecturerWork(db, actor.adminId) : null,
        has(MY_WORK_PAGES.reviews) ? reviewWork(db, actor) : null,
      ]);
      const data: MyWork = { Registrations: registrations, ScoreSheets: scoreSheets, Reviews: reviews };
      return { Status: STATUS.ok, Data: data };
    },
  });
}
