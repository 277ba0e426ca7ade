import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  LIVE_CLASS_API as API,
  LIVE_CLASS_PAGES as PAGES,
  adminPageQuery,
  idParams,
  liveClassAttendanceResponse,
  liveClassesResponse,
  liveClassGoQuery,
  liveClassInput,
  liveClassJoinResponse,
  liveClassOfferingAttendanceResponse,
  liveClassOfferingResponse,
  liveClassOkResponse,
  liveClassResponse,
  liveClassReviewResponse,
  liveClassUpdate,
  offeringParams,
  studentLiveClassesResponse,
} from '@portal/contracts';
import type { AppDeps } from '../../platform/deps.js';
import type { MeetingEngine } from '../../platform/meetings/index.js';
import { errorResponses } from '../../platform/routes.js';
import { sendSheetFile } from '../../platform/sheets.js';
import { staffCaller, studentIdOf } from '../offerings/offerings.service.js';
import * as live from './liveclasses.service.js';

const errors = errorResponses(400, 401, 403, 404, 409, 503);
const manage = { access: { page: PAGES.manage } };
const reviewer = { access: { page: PAGES.review } };
const studentOnly = { access: { modes: ['Student'] as const } };
const open = { access: 'public' as const };

const offeringPath = (f: (c: string, s: string) => string) => f(':courseId', ':sessionId');
const idPath = (f: (id: string) => string) => f(':id');

/** Live classes (issue 26): scheduling, the engine's meetings and callbacks, attendance, the student's page, the review. */
export function registerLiveClassesModule(app: FastifyInstance, deps: AppDeps, engine: MeetingEngine): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const d: live.LiveClassDeps = { db: deps.database.db, engine, config: deps.config, log: app.log };
  const tags = ['admin: live classes'];
  const caller = (request: FastifyRequest) => staffCaller(d.db, request);

  deps.jobs.define({
    name: 'liveclasses.tick',
    everySeconds: 60,
    expireInSeconds: 120,
    handler: () => live.tick(d),
  });

  // ── staff ──
  r.get(offeringPath(API.offering), {
    config: manage,
    schema: {
      tags,
      summary: 'An offering’s live classes',
      params: offeringParams,
      response: { 200: liveClassOfferingResponse, ...errors },
    },
    handler: async (request) =>
      live.getOffering(d, await caller(request), request.params.courseId, request.params.sessionId),
  });

  r.post(offeringPath(API.offering), {
    config: manage,
    schema: {
      tags,
      summary: 'Schedule a class (repeated weekly); the students are told',
      params: offeringParams,
      body: liveClassInput,
      response: { 200: liveClassesResponse, ...errors },
    },
    handler: async (request) =>
      live.schedule(
        d,
        await caller(request),
        request.params.courseId,
        request.params.sessionId,
        request.body,
      ),
  });

  r.get(offeringPath(API.offeringAttendance), {
    config: manage,
    schema: {
      tags,
      summary: 'Attendance per student over the offering’s classes',
      params: offeringParams,
      response: { 200: liveClassOfferingAttendanceResponse, ...errors },
    },
    handler: async (request) =>
      live.offeringAttendance(d, await caller(request), request.params.courseId, request.params.sessionId),
  });

  r.put(idPath(API.liveClass), {
    config: manage,
    schema: {
      tags,
      summary: 'Change a class not started; the students are told',
      params: idParams,
      body: liveClassUpdate,
      response: { 200: liveClassResponse, ...errors },
    },
    handler: async (request) => live.update(d, await caller(request), request.params.id, request.body),
  });

  r.post(idPath(API.cancel), {
    config: manage,
    schema: {
      tags,
      summary: 'Cancel a class not started; the students are told',
      params: idParams,
      response: { 200: liveClassResponse, ...errors },
    },
    handler: async (request) => live.cancel(d, await caller(request), request.params.id),
  });

  r.post(idPath(API.start), {
    config: manage,
    schema: {
      tags,
      summary: 'Start the class: the meeting on the engine, and the moderator’s join link',
      params: idParams,
      response: { 200: liveClassJoinResponse, ...errors },
    },
    handler: async (request) => live.start(d, await caller(request), request.params.id),
  });

  r.post(idPath(API.end), {
    config: manage,
    schema: {
      tags,
      summary: 'End the class on the engine',
      params: idParams,
      response: { 200: liveClassOkResponse, ...errors },
    },
    handler: async (request) => live.end(d, await caller(request), request.params.id),
  });

  r.get(idPath(API.attendance), {
    config: manage,
    schema: {
      tags,
      summary: 'Who joined, when, for how many minutes',
      params: idParams,
      response: { 200: liveClassAttendanceResponse, ...errors },
    },
    handler: async (request) => live.attendance(d, await caller(request), request.params.id),
  });

  r.get(idPath(API.attendanceCsv), {
    config: manage,
    schema: { tags, summary: 'The attendance as CSV (audited)', params: idParams },
    handler: async (request, reply) =>
      sendSheetFile(reply, await live.attendanceCsv(d, await caller(request), request.params.id)),
  });

  r.get(API.review, {
    config: reviewer,
    schema: {
      tags,
      summary: 'Every class with attendance rate, duration and recording; classes that never started flagged',
      querystring: adminPageQuery,
      response: { 200: liveClassReviewResponse, ...errors },
    },
    handler: (request) => live.review(d, request.query),
  });

  // ── students ──
  r.get(API.student, {
    config: studentOnly,
    schema: {
      tags: ['student: live classes'],
      summary: 'Upcoming and past classes of the caller’s offerings',
      response: { 200: studentLiveClassesResponse, ...errors },
    },
    handler: (request) => live.studentClasses(d, studentIdOf(request.auth)),
  });

  r.post(idPath(API.studentJoin), {
    config: studentOnly,
    schema: {
      tags: ['student: live classes'],
      summary: 'A join link made for the caller (registered, within the join window)',
      params: idParams,
      response: { 200: liveClassJoinResponse, ...errors },
    },
    handler: (request) => live.studentJoin(d, studentIdOf(request.auth), request.params.id),
  });

  // ── links and the engine's callbacks: each checks its own signature ──
  r.get(idPath(API.go), {
    config: open,
    schema: {
      tags: ['live classes'],
      summary: 'Follow a join link into the room',
      params: idParams,
      querystring: liveClassGoQuery,
    },
    handler: async (request, reply) =>
      reply.redirect(await live.follow(d, request.params.id, request.query), 302),
  });

  r.get(idPath(API.left), {
    config: open,
    schema: {
      tags: ['live classes'],
      summary: 'Back from the room: who is inside is read again',
      params: idParams,
    },
    handler: async (request, reply) => {
      await live.left(d, request.params.id);
      return reply.redirect(`${deps.config.PUBLIC_URL}/portal/`, 302);
    },
  });

  r.get(API.endedCallback, {
    config: open,
    schema: {
      tags: ['live classes'],
      summary:
        'The engine’s meeting-ended callback (signed URL; the engine is asked before anything changes)',
      querystring: z
        .object({ c: z.string().max(20).optional(), sig: z.string().max(100).optional() })
        .passthrough(),
    },
    handler: async (request, reply) => {
      const answer = await live.endedCallback(d, request.query);
      return reply.status(answer.status).type('text/plain').send(answer.body);
    },
  });

  void app.register(async (scope) => {
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 16 * 1024 },
      (_req, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
    );
    scope.post(API.recordingCallback, { config: open, schema: { hide: true } }, async (request, reply) => {
      const body = (request.body ?? {}) as Record<string, unknown>;
      const token = typeof body.signed_parameters === 'string' ? body.signed_parameters : undefined;
      const answer = await live.recordingCallback(d, token);
      return reply.status(answer.status).type('text/plain').send(answer.body);
    });
  });
}
