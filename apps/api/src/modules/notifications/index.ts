import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  NOTIFICATIONS_API as API,
  markNotificationsReadRequest,
  markNotificationsReadResponse,
  notificationCountsResponse,
  notificationListQuery,
  notificationListResponse,
  specMarkReadResponse,
  specNotificationQuery,
  specUnreadResponse,
} from '@portal/contracts';
import type { AppDeps } from '../../platform/deps.js';
import { matchesEtag } from '../../platform/downloads.js';
import { errorResponses } from '../../platform/routes.js';
import * as notifications from './notifications.service.js';

const errors = errorResponses(400, 401, 403);
/** Every signed-in user reads their own notifications. */
const signedIn = { access: { modes: ['Student', 'Admin', 'Applicant'] as const } };

/** Notifications (issue 24's core): counts, list, mark read, and the spec's two calls (§7). */
export function registerNotificationsModule(app: FastifyInstance, deps: AppDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = deps.database.db;
  const tags = ['notifications'];

  r.get(API.counts, {
    config: signedIn,
    schema: {
      tags,
      summary: 'The caller’s unread notifications, one count per type name',
      response: {
        200: notificationCountsResponse,
        304: z.null().describe('Nothing new since the ETag sent in If-None-Match: no body'),
        ...errors,
      },
    },
    handler: async (request, reply) => {
      const answer = await notifications.counts(db, request.auth);
      const etag = notifications.countsEtag(answer.Data);
      // Polled every 4 s by every signed-in page: the browser keeps the answer and asks again with
      // its ETag each time (no-cache), and hands the kept body to fetch when the answer is 304.
      reply.header('etag', etag).header('cache-control', 'private, no-cache').header('vary', 'authorization');
      if (matchesEtag(request.headers['if-none-match'], etag)) return reply.code(304).send(null);
      return answer;
    },
  });

  r.get(API.list, {
    config: signedIn,
    schema: {
      tags,
      summary: 'The caller’s notifications, newest first (a type, unread only)',
      querystring: notificationListQuery,
      response: { 200: notificationListResponse, ...errors },
    },
    handler: (request) => notifications.list(db, request.auth, request.query),
  });

  r.post(API.read, {
    config: signedIn,
    schema: {
      tags,
      summary: 'Mark the caller’s notifications of a type read (the menu item was opened)',
      body: markNotificationsReadRequest,
      response: { 200: markNotificationsReadResponse, ...errors },
    },
    handler: (request) => notifications.markRead(db, request.auth, request.body.type),
  });

  r.get(API.unread, {
    config: signedIn,
    schema: {
      tags,
      summary: 'The spec’s unread notifications of a type: staffId must be the caller’s own id',
      querystring: specNotificationQuery,
      response: { 200: specUnreadResponse, ...errors },
    },
    handler: (request) =>
      notifications.specUnread(db, request.auth, request.query.staffId, request.query.notificationType),
  });

  r.post(API.markRead, {
    config: signedIn,
    schema: {
      tags,
      summary: 'The spec’s mark-as-read of a type: staffId must be the caller’s own id',
      querystring: specNotificationQuery,
      response: { 200: specMarkReadResponse, ...errors },
    },
    handler: (request) =>
      notifications.specMarkRead(db, request.auth, request.query.staffId, request.query.notificationType),
  });
}
