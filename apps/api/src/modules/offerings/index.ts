import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  OFFERING_PAGES,
  OFFERINGS_API,
  staffOfferingsParams,
  staffOfferingsQuery,
  staffOfferingsResponse,
  type OfferingPage,
} from '@portal/contracts';
import type { AppDeps } from '../../platform/deps.js';
import { errorResponses } from '../../platform/routes.js';
import * as offerings from './offerings.service.js';

const errors = errorResponses(400, 401, 403);

/**
 * The offerings module's one route: the list every classroom page opens on, for the page named in
 * the path. `counters` are what a page's feature counts in each offering (content: its items), given
 * by modules/index.ts so this module imports none of the features that import it.
 */
export function registerOfferingsModule(
  app: FastifyInstance,
  deps: AppDeps,
  counters: Partial<Record<OfferingPage, offerings.OfferingCounter>> = {},
): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = deps.database.db;
  r.get(OFFERINGS_API.staff(':page' as OfferingPage), {
    // Any of the pages at the door; the service then holds the caller to the page asked for.
    config: { access: { page: OFFERING_PAGES } },
    schema: {
      tags: ['admin: offerings'],
      summary:
        'The caller’s offerings for a classroom page (a lecturer’s own; the page’s administrator: every course of a session)',
      params: staffOfferingsParams,
      querystring: staffOfferingsQuery,
      response: { 200: staffOfferingsResponse, ...errors },
    },
    handler: async (request) =>
      offerings.staffOfferingsList(
        db,
        await offerings.staffCaller(db, request),
        request.params.page,
        request.query,
        counters[request.params.page],
      ),
  });
}
