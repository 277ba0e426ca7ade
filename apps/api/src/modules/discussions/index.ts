import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  DISCUSSIONS_API as API,
  DISCUSSION_PAGES,
  answerInput,
  discussionBoardQuery,
  discussionBoardsResponse,
  discussionOkResponse,
  discussionPostResponse,
  discussionReportsResponse,
  discussionThreadCreated,
  discussionThreadResponse,
  discussionThreadsResponse,
  editPostInput,
  flagInput,
  idParams,
  newThreadInput,
  pageQuery,
  replyInput,
  reportInput,
} from '@portal/contracts';
import type { AppDeps } from '../../platform/deps.js';
import { unauthorized } from '../../platform/errors.js';
import { errorResponses } from '../../platform/routes.js';
import { staffCaller } from '../offerings/offerings.service.js';
import * as discussions from './discussions.service.js';

const errors = errorResponses(400, 401, 403, 404, 409, 429);
/** Everyone signed in as a student or staff takes part; the service decides per board. */
const members = { access: { modes: ['Student', 'Admin'] as const, withPages: true } };
const moderators = { access: { page: Object.values(DISCUSSION_PAGES) } };
const idPath = (f: (id: string) => string) => f(':id');
/** A post's HTML is bounded by its schema (20,000 characters); this keeps a request near that. */
const bodyLimit = 128 * 1024;

/** Discussions (issue 25): the learning, student and general discussions; taking part and moderating. */
export function registerDiscussionsModule(app: FastifyInstance, deps: AppDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const d: discussions.DiscussionDeps = { db: deps.database.db, rateLimits: deps.rateLimits };
  const tags = ['discussions'];

  const caller = async (request: FastifyRequest): Promise<discussions.Caller> => {
    const auth = request.auth;
    if (!auth) throw unauthorized();
    if (auth.kind === 'Student') return { kind: 'Student', id: auth.userId };
    return { kind: 'Admin', id: auth.userId, staff: await staffCaller(d.db, request) };
  };

  r.get(API.boards, {
    config: members,
    schema: {
      tags,
      summary: 'The boards the caller takes part in',
      response: { 200: discussionBoardsResponse, ...errors },
    },
    handler: async (request) => discussions.boards(d, await caller(request)),
  });

  r.get(API.threads, {
    config: members,
    schema: {
      tags,
      summary: 'A board’s threads: pinned first, newest activity first',
      querystring: discussionBoardQuery,
      response: { 200: discussionThreadsResponse, ...errors },
    },
    handler: async (request) => discussions.listThreads(d, await caller(request), request.query),
  });

  r.post(API.threads, {
    config: members,
    bodyLimit,
    schema: {
      tags,
      summary: 'Start a thread (sanitised; rate-limited)',
      body: newThreadInput,
      response: { 200: discussionThreadCreated, ...errors },
    },
    handler: async (request) => discussions.createThread(d, await caller(request), request.body),
  });

  r.get(idPath(API.thread), {
    config: members,
    schema: {
      tags,
      summary: 'A thread with its replies, paged, oldest first',
      params: idParams,
      querystring: pageQuery,
      response: { 200: discussionThreadResponse, ...errors },
    },
    handler: async (request) =>
      discussions.getThread(d, await caller(request), request.params.id, request.query),
  });

  r.post(idPath(API.replies), {
    config: members,
    bodyLimit,
    schema: {
      tags,
      summary: 'Reply (sanitised; rate-limited; 409 when the thread is locked)',
      params: idParams,
      body: replyInput,
      response: { 200: discussionPostResponse, ...errors },
    },
    handler: async (request) =>
      discussions.reply(d, await caller(request), request.params.id, request.body.Body),
  });

  r.post(idPath(API.answer), {
    config: members,
    schema: {
      tags,
      summary: 'Mark a reply as the answer (a lecturer of the course, or a moderator)',
      params: idParams,
      body: answerInput,
      response: { 200: discussionOkResponse, ...errors },
    },
    handler: async (request) =>
      discussions.markAnswer(d, await caller(request), request.params.id, request.body.PostId),
  });

  r.put(idPath(API.post), {
    config: members,
    bodyLimit,
    schema: {
      tags,
      summary: 'Edit one’s own post within 15 minutes of posting',
      params: idParams,
      body: editPostInput,
      response: { 200: discussionPostResponse, ...errors },
    },
    handler: async (request) =>
      discussions.editPost(d, await caller(request), request.params.id, request.body),
  });

  r.post(idPath(API.report), {
    config: members,
    schema: {
      tags,
      summary: 'Report a post (once per user)',
      params: idParams,
      body: reportInput,
      response: { 200: discussionOkResponse, ...errors },
    },
    handler: async (request) =>
      discussions.report(d, await caller(request), request.params.id, request.body.Reason),
  });

  // ── staff ──
  const staffTags = ['admin: discussions'];
  r.get(API.reports, {
    config: moderators,
    schema: {
      tags: staffTags,
      summary: 'A board’s reported posts, most reported first',
      querystring: discussionBoardQuery,
      response: { 200: discussionReportsResponse, ...errors },
    },
    handler: async (request) => discussions.listReports(d, await caller(request), request.query),
  });

  for (const [path, hidden] of [
    [API.hide, true],
    [API.restore, false],
  ] as const) {
    r.post(idPath(path), {
      config: moderators,
      schema: {
        tags: staffTags,
        summary: hidden ? 'Hide a post (audited)' : 'Restore a hidden post (audited)',
        params: idParams,
        response: { 200: discussionOkResponse, ...errors },
      },
      handler: async (request) =>
        discussions.setPostHidden(d, await caller(request), request.params.id, hidden),
    });
  }

  for (const [path, flag] of [
    [API.lock, 'locked'],
    [API.pin, 'pinned'],
  ] as const) {
    r.post(idPath(path), {
      config: moderators,
      schema: {
        tags: staffTags,
        summary: flag === 'locked' ? 'Lock or unlock a thread (audited)' : 'Pin or unpin a thread (audited)',
        params: idParams,
        body: flagInput,
        response: { 200: discussionOkResponse, ...errors },
      },
      handler: async (request) =>
        discussions.setThreadFlag(d, await caller(request), request.params.id, flag, request.body.Value),
    });
  }
}
