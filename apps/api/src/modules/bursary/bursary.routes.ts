import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  BURSARY_PAGES,
  bursaryExportQuery,
  bursaryOptionsResponse,
  bursaryPaymentsQuery,
  bursaryPaymentsResponse,
  bursaryStudentPaymentsQuery,
  bursaryStudentPaymentsResponse,
  bursaryStudentSearchQuery,
  bursaryStudentsResponse,
  idParams,
  moveSessionRequest,
  moveSessionResponse,
  revenueQuery,
  revenueResponse,
  sessionMovesQuery,
  sessionMovesResponse,
  summaryExportQuery,
  summaryQuery,
  summaryResponse,
} from '@portal/contracts';
import type { Db } from '../../db/client.js';
import { actorOf } from '../../platform/audit.js';
import { errorResponses } from '../../platform/routes.js';
import { sendSheetFile } from '../../platform/sheets.js';
import type { BursaryService } from './bursary.service.js';

const errors = errorResponses(400, 401, 403, 404, 409);
const P = BURSARY_PAGES;
const tags = ['admin: bursary'];

/** The bursary's pages (issue 12 §6): each route names the page that grants it. */
export function bursaryRoutes(app: FastifyInstance, db: Db, service: BursaryService): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/api/admin/bursary/options', {
    config: {
      access: { page: [P.studentPayments, P.paymentHistory, P.revenue, P.summary, P.updateSession] },
    },
    schema: {
      tags,
      summary:
        'The choices of the bursary filters: sessions, categories, items, departments, levels, states, providers',
      response: { 200: bursaryOptionsResponse, ...errors },
    },
    handler: () => service.options(),
  });

  r.get('/api/admin/bursary/payments', {
    config: { access: { page: [P.studentPayments, P.updateSession] } },
    schema: {
      tags,
      summary:
        'Payments (paid unless `state` says otherwise, `all` for every state) filtered by session, category, item, department, level, payer state, payer kind, provider, flag, date range (paid date, else started) and search (reference, matric/JAMB number, names), with the totals of the filtered set',
      querystring: bursaryPaymentsQuery,
      response: { 200: bursaryPaymentsResponse, ...errors },
    },
    handler: (request) => service.payments(request.query),
  });

  r.get('/api/admin/bursary/payments/export', {
    config: { access: { page: P.studentPayments } },
    schema: {
      tags,
      summary: 'The filtered payments as CSV (streamed) or XLSX (at most 100,000 rows); audited',
      querystring: bursaryExportQuery,
    },
    handler: async (request, reply) => {
      const file = await service.exportPayments(await actorOf(db, request), request.query);
      return sendSheetFile(reply, file);
    },
  });

  r.get('/api/admin/bursary/students', {
    config: { access: { page: P.paymentHistory } },
    schema: {
      tags,
      summary: 'Find a student by matric number, e-mail or names',
      querystring: bursaryStudentSearchQuery,
      response: { 200: bursaryStudentsResponse, ...errors },
    },
    handler: (request) =>
      service.searchStudents(request.query.search, request.query.page, request.query.pageSize),
  });

  r.get('/api/admin/bursary/students/:id/payments', {
    config: { access: { page: P.paymentHistory } },
    schema: {
      tags,
      summary: "One student's payment attempts, newest first, with the student and their paid totals",
      params: idParams,
      querystring: bursaryStudentPaymentsQuery,
      response: { 200: bursaryStudentPaymentsResponse, ...errors },
    },
    handler: (request) =>
      service.studentPayments(request.params.id, request.query.page, request.query.pageSize),
  });

  r.get('/api/admin/bursary/revenue', {
    config: { access: { page: P.revenue } },
    schema: {
      tags,
      summary:
        'Paid totals (amounts credited) over inclusive days from–to (at most 366), by category, by department and by day; optionally of one session and category',
      querystring: revenueQuery,
      response: { 200: revenueResponse, ...errors },
    },
    handler: (request) => service.revenue(request.query),
  });

  r.get('/api/admin/bursary/summary', {
    config: { access: { page: P.summary } },
    schema: {
      tags,
      summary:
        "A session's payments (the current one by default) by category and provider: attempts, paid and credited, received, charges, pending, failed, expired, and the flagged (underpaid, overpaid, duplicate, other)",
      querystring: summaryQuery,
      response: { 200: summaryResponse, ...errors },
    },
    handler: (request) => service.summary(request.query.sessionId),
  });

  r.get('/api/admin/bursary/summary/export', {
    config: { access: { page: P.summary } },
    schema: { tags, summary: "A session's summary as CSV or XLSX; audited", querystring: summaryExportQuery },
    handler: async (request, reply) => {
      const file = await service.exportSummary(await actorOf(db, request), request.query);
      return sendSheetFile(reply, file);
    },
  });

  r.post('/api/admin/bursary/payments/:id/session', {
    config: { access: { page: P.updateSession } },
    schema: {
      tags,
      summary:
        'Move a paid payment to another academic session, with a reason: only if it is still in fromSessionId (409 otherwise); recorded and audited in the same transaction',
      params: idParams,
      body: moveSessionRequest,
      response: { 200: moveSessionResponse, ...errors },
    },
    handler: async (request) =>
      service.moveSession(await actorOf(db, request), request.params.id, request.body),
  });

  r.get('/api/admin/bursary/session-moves', {
    config: { access: { page: P.updateSession } },
    schema: {
      tags,
      summary: 'The session moves, newest first (search by reference, matric/JAMB number or surname)',
      querystring: sessionMovesQuery,
      response: { 200: sessionMovesResponse, ...errors },
    },
    handler: (request) => service.moves(request.query),
  });
}
