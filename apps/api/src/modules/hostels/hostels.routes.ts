import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  HOSTEL_API as API,
  HOSTEL_MESSAGES as M,
  HOSTEL_PAGES as PAGES,
  allocationListQuery,
  allocationListResponse,
  allocationResponse,
  ballotResultResponse,
  giveUpInput,
  hostelApplicationInput,
  hostelApplicationResponse,
  hostelAvailabilityResponse,
  hostelRoundInput,
  hostelRoundResponse,
  hostelRoundsResponse,
  hostelSlipQuery,
  hostelSlipVerificationResponse,
  idParams,
  lapseResponse,
  publishedBallotResponse,
  reservedAssignmentInput,
  reservedRoomsResponse,
  roundQuery,
} from '@portal/contracts';
import { actorOf } from '../../platform/audit.js';
import { errorResponses } from '../../platform/routes.js';
import { sendPdf } from '../../platform/downloads.js';
import { publicPdfRoute } from '../../platform/public-pdf.js';
import * as allocations from './allocations.service.js';
import * as draws from './draw.service.js';
import * as freedBeds from './freed-beds.service.js';
import * as student from './hostels.service.js';
import * as reservations from './reservations.service.js';
import * as rounds from './rounds.service.js';
import { renderSlip, slipFileName, verifySlip } from './slip.js';

const errors = errorResponses(400, 401, 403, 404, 409);
const studentOnly = { access: { modes: ['Student'] as const } };
const ALL_PAGES = [PAGES.allocation, PAGES.availability, PAGES.reserved, PAGES.allocateReserved];

/** Hostel allocation: the student's page, the slip and its public page, the registry's rounds, draw and rooms. */
export function hostelsRoutes(app: FastifyInstance, deps: student.HostelsDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = deps;
  const tags = ['hostels'];
  const adminTags = ['admin: hostels'];

  r.get(API.student, {
    config: studentOnly,
    schema: {
      tags,
      summary: 'The student’s hostel page: the round, eligibility with reasons, application, allocation',
      response: { 200: hostelApplicationResponse, ...errors },
    },
    handler: (request) => student.getStudentPage(db, request.auth),
  });

  r.post(API.application, {
    config: studentOnly,
    bodyLimit: 4 * 1024,
    schema: {
      tags,
      summary: 'Apply (or change preferences) inside the window: up to three hostels in order',
      body: hostelApplicationInput,
      response: { 200: hostelApplicationResponse, ...errors },
    },
    handler: (request) => student.apply(db, request.auth, request.body),
  });

  r.post(API.giveUp, {
    config: studentOnly,
    schema: {
      tags,
      summary: 'Give up the bed space; it goes to the next on the waiting list',
      body: giveUpInput,
      response: { 200: hostelApplicationResponse, ...errors },
    },
    handler: (request) => freedBeds.giveUp(deps, request.auth, request.body.AllocationId),
  });

  r.get(API.slip, {
    config: studentOnly,
    schema: { tags, summary: 'The allocation slip (PDF) once the hostel fee is paid' },
    handler: async (request, reply) => {
      const own = await student.ownPaidAllocation(db, request.auth);
      const detail = await allocations.allocationDetailOf(db, own.id);
      return sendPdf(reply, { pdf: await renderSlip(deps, own), fileName: slipFileName(detail.matricNo) });
    },
  });

  r.get(API.verify, {
    config: { access: 'public' },
    schema: {
      tags,
      summary: 'What an allocation slip’s QR code opens: the student, the bed space and whether it stands',
      querystring: hostelSlipQuery,
      response: { 200: hostelSlipVerificationResponse, ...errors },
    },
    handler: (request) => verifySlip(deps, request.query.id),
  });

  publicPdfRoute(app, '/api/hostel-slips/:file', {
    tag: 'hostels',
    summary: 'The allocation slip by the allocation’s public id',
    notFoundMessage: M.slipNotFound,
    render: async (publicId) => {
      const found = await allocations.allocationByPublicId(db, publicId);
      const detail = await allocations.allocationDetailOf(db, found.id);
      return { pdf: await renderSlip(deps, found), fileName: slipFileName(detail.matricNo) };
    },
  });

  r.get('/api/hostel-rounds/:id/ballot', {
    config: { access: 'public' },
    schema: {
      tags,
      summary: 'A drawn round’s ballot: the revealed seed, the inputs and the outcome, to re-run the draw',
      params: idParams,
      response: { 200: publishedBallotResponse, ...errors },
    },
    handler: (request) => draws.publishedBallot(db, request.params.id),
  });

  // ── the registry ──
  r.get(API.rounds, {
    config: { access: { page: ALL_PAGES } },
    schema: {
      tags: adminTags,
      summary: 'Allocation rounds, newest first',
      response: { 200: hostelRoundsResponse, ...errors },
    },
    handler: () => rounds.listRounds(db),
  });

  r.post(API.rounds, {
    config: { access: { page: PAGES.allocation } },
    schema: {
      tags: adminTags,
      summary: 'Set up a round (a draft with a new seed whose hash is committed); audited',
      body: hostelRoundInput,
      response: { 200: hostelRoundResponse, ...errors },
    },
    handler: async (request) => rounds.createRound(db, await actorOf(db, request), request.body),
  });

  r.put('/api/admin/hostel-rounds/:id', {
    config: { access: { page: PAGES.allocation } },
    schema: {
      tags: adminTags,
      summary: 'Change a draft round; audited',
      params: idParams,
      body: hostelRoundInput,
      response: { 200: hostelRoundResponse, ...errors },
    },
    handler: async (request) =>
      rounds.updateRound(db, await actorOf(db, request), request.params.id, request.body),
  });

  // A round's actions: each on one round, by the allocation page's holder, audited.
  const actions = [
    [
      'publish',
      'Publish a round before its window opens (students see it and its seed’s hash)',
      rounds.publishRound,
    ],
    ['close', 'Close the application window now', rounds.closeRound],
  ] as const;
  for (const [action, summary, run] of actions)
    r.post(`/api/admin/hostel-rounds/:id/${action}`, {
      config: { access: { page: PAGES.allocation } },
      schema: {
        tags: adminTags,
        summary: `${summary}; audited`,
        params: idParams,
        response: { 200: hostelRoundResponse, ...errors },
      },
      handler: async (request) => run(db, await actorOf(db, request), request.params.id),
    });

  r.post('/api/admin/hostel-rounds/:id/draw', {
    config: { access: { page: PAGES.allocation } },
    schema: {
      tags: adminTags,
      summary: 'Run the ballot once the window has closed: one transaction, idempotent, audited',
      params: idParams,
      response: { 200: ballotResultResponse, ...errors },
    },
    handler: async (request) => draws.draw(db, await actorOf(db, request), request.params.id),
  });

  r.get('/api/admin/hostel-rounds/:id/result', {
    config: { access: { page: ALL_PAGES } },
    schema: {
      tags: adminTags,
      summary: 'The published result of a drawn round: counts per quota and hostel',
      params: idParams,
      response: { 200: ballotResultResponse, ...errors },
    },
    handler: (request) => draws.drawResult(db, request.params.id),
  });

  r.post(API.lapse, {
    config: { access: { page: PAGES.allocation } },
    schema: {
      tags: adminTags,
      summary: 'Lapse allocations unpaid past their deadline now; each bed goes to the waiting list',
      response: { 200: lapseResponse, ...errors },
    },
    handler: () => freedBeds.lapseOverdue(deps),
  });

  r.get(API.allocations, {
    config: { access: { page: [PAGES.allocation, PAGES.reserved, PAGES.allocateReserved] } },
    schema: {
      tags: adminTags,
      summary: 'Allocations of a round, filtered and paged',
      querystring: allocationListQuery,
      response: { 200: allocationListResponse, ...errors },
    },
    handler: (request) => allocations.listAllocations(db, request.query),
  });

  r.get(API.availability, {
    config: { access: { page: [PAGES.availability, PAGES.allocation] } },
    schema: {
      tags: adminTags,
      summary: 'Bed spaces by hostel, block and room: free, reserved, allocated, occupied',
      querystring: roundQuery,
      response: { 200: hostelAvailabilityResponse, ...errors },
    },
    handler: (request) => allocations.availability(db, request.query.roundId),
  });

  r.get(API.reserved, {
    config: { access: { page: [PAGES.reserved, PAGES.allocateReserved] } },
    schema: {
      tags: adminTags,
      summary: 'Reserved rooms, each bed and who holds it with the reason',
      querystring: roundQuery,
      response: { 200: reservedRoomsResponse, ...errors },
    },
    handler: (request) => reservations.reservedRooms(db, request.query.roundId),
  });

  r.post(API.reserved, {
    config: { access: { page: PAGES.allocateReserved } },
    schema: {
      tags: adminTags,
      summary: 'Assign a bed of a reserved room by hand with a reason; audited',
      body: reservedAssignmentInput,
      response: { 200: allocationResponse, ...errors },
    },
    handler: async (request) => reservations.assignReserved(db, await actorOf(db, request), request.body),
  });
}
