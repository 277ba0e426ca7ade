import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ANNOUNCEMENTS_API as API,
  ANNOUNCEMENT_PAGE,
  announcementInput,
  announcementListQuery,
  announcementListResponse,
  announcementResponse,
  currentAnnouncementsResponse,
  idParams,
  STATUS,
} from '@portal/contracts';
import { actorOf } from '../../platform/audit.js';
import type { AppDeps } from '../../platform/deps.js';
import { errorResponses } from '../../platform/routes.js';
import * as announcements from './announcements.service.js';

const errors = errorResponses(400, 401, 403, 404, 409);
const manage = { access: { page: ANNOUNCEMENT_PAGE } };
const signedIn = { access: { modes: ['Student', 'Admin', 'Applicant'] as const } };

/** Announcements (issue 25): the administrators' page and the dashboards' current announcements. */
export function registerAnnouncementsModule(app: FastifyInstance, deps: AppDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = deps.database.db;
  const tags = ['admin: announcements'];

  r.get(API.admin, {
    config: manage,
    schema: {
      tags,
      summary: 'Announcements, newest publish time first, with their state',
      querystring: announcementListQuery,
      response: { 200: announcementListResponse, ...errors },
    },
    handler: (request) => announcements.list(db, request.query),
  });

  r.post(API.admin, {
    config: manage,
    schema: {
      tags,
      summary: 'Publish an announcement now or at a time (notified to its audience as type 6)',
      body: announcementInput,
      response: { 200: announcementResponse, ...errors },
    },
    handler: async (request) => ({
      Status: STATUS.ok,
      Data: await announcements.create(db, await actorOf(db, request), request.body),
    }),
  });

  r.put(API.one(':id'), {
    config: manage,
    schema: {
      tags,
      summary: 'Edit an announcement (its notification is replaced)',
      params: idParams,
      body: announcementInput,
      response: { 200: announcementResponse, ...errors },
    },
    handler: async (request) => ({
      Status: STATUS.ok,
      Data: await announcements.edit(db, await actorOf(db, request), request.params.id, request.body),
    }),
  });

  r.post(API.withdraw(':id'), {
    config: manage,
    schema: {
      tags,
      summary: 'Withdraw an announcement: no longer shown or counted',
      params: idParams,
      response: { 200: announcementResponse, ...errors },
    },
    handler: async (request) => ({
      Status: STATUS.ok,
      Data: await announcements.withdraw(db, await actorOf(db, request), request.params.id),
    }),
  });

  r.get(API.current, {
    config: signedIn,
    schema: {
      tags: ['announcements'],
      summary: 'The announcements shown on the signed-in user’s dashboard now',
      response: { 200: currentAnnouncementsResponse, ...errors },
    },
    handler: (request) => announcements.current(db, request.auth),
  });
}
