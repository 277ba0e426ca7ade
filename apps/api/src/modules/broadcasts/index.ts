import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  BROADCASTS_API as API,
  BROADCAST_PAGE,
  STATUS,
  broadcastInput,
  broadcastListQuery,
  broadcastListResponse,
  broadcastResponse,
  idParams,
} from '@portal/contracts';
import { actorOf } from '../../platform/audit.js';
import type { AppDeps } from '../../platform/deps.js';
import { errorResponses } from '../../platform/routes.js';
import * as broadcasts from './broadcasts.service.js';

const errors = errorResponses(400, 401, 403, 404);
const sender = { access: { page: BROADCAST_PAGE } };

/** Broadcasts (issue 25): /app/SendBroadcast's list and send. */
export function registerBroadcastsModule(app: FastifyInstance, deps: AppDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const d: broadcasts.BroadcastDeps = { db: deps.database.db, mailer: deps.mailer };
  const tags = ['app: broadcasts'];

  r.get(API.list, {
    config: sender,
    schema: {
      tags,
      summary: 'Past broadcasts, newest first, with their e-mails queued, sent and failed',
      querystring: broadcastListQuery,
      response: { 200: broadcastListResponse, ...errors },
    },
    handler: (request) => broadcasts.list(d, request.query),
  });

  r.post(API.list, {
    config: sender,
    schema: {
      tags,
      summary: 'Send an e-mail and/or in-app message to a group (the e-mails queued in one statement)',
      body: broadcastInput,
      response: { 200: broadcastResponse, ...errors },
    },
    handler: async (request) => ({
      Status: STATUS.ok,
      Data: await broadcasts.send(d, await actorOf(d.db, request), request.body),
    }),
  });

  r.get(API.one(':id'), {
    config: sender,
    schema: {
      tags,
      summary: 'One broadcast’s counts (the progress while it goes out)',
      params: idParams,
      response: { 200: broadcastResponse, ...errors },
    },
    handler: (request) => broadcasts.one(d, request.params.id),
  });
}
