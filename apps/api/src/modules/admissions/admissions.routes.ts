import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ADMIN_PAGES,
  ADMISSIONS_DASHBOARD_PAGES,
  APPLICANT_RECORDS_API,
  APPLICATION_VIEWS,
  adminPageQuery,
  applicantRecordViewParam,
  applicantRecordsExportQuery,
  applicantRecordsQuery,
  applicantRecordsResponse,
  adminPaged,
  admissionPaymentItem,
  admissionPaymentsQuery,
  applicationsQuery,
  applicationsResponse,
  bulkActionRequest,
  bulkActionResponse,
  dashboardData,
  exportQuery,
  publishListRequest,
  rejectRequest,
  screeningReport,
  recordId,
} from '@portal/contracts';
import type { Db } from '../../db/client.js';
import { actorOf } from '../../platform/audit.js';
import { errorResponses } from '../../platform/routes.js';
import { sendSheetFile } from '../../platform/sheets.js';
import { VIEW_PAGES, type AdmissionsService, type Transition } from './admissions.service.js';

const errors = errorResponses(400, 401, 403, 404, 409);

export function admissionsRoutes(app: FastifyInstance, db: Db, service: AdmissionsService): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  for (const view of APPLICATION_VIEWS) {
    r.get(`/api/admin/applications/${view}`, {
      config: { access: { page: VIEW_PAGES[view] } },
      schema: {
        tags: ['admin: applications'],
        summary: `Applications: ${view} (filter by department, course, state, score range, status; search by name or JAMB number; sorted and paged on the server)`,
        querystring: applicationsQuery,
        response: { 200: applicationsResponse, ...errors },
      },
      handler: (request) => service.list(view, request.query),
    });
  }

  const actions: [Transition, string, string][] = [
    ['screen', ADMIN_PAGES.screen, 'Mark the selected applicants screened (registration must be complete)'],
    ['verify', ADMIN_PAGES.verify, 'Mark the selected screened applicants verified'],
    [
      'admit',
      ADMIN_PAGES.confirm,
      'Admit the selected verified applicants (AdmissionLevel 3); each is e-mailed',
    ],
  ];
  for (const [action, page, summary] of actions) {
    r.post(`/api/admin/applications/${action}`, {
      config: { access: { page } },
      bodyLimit: 64 * 1024,
      schema: {
        tags: ['admin: applications'],
        summary,
        body: bulkActionRequest,
        response: { 200: bulkActionResponse, ...errors },
      },
      handler: async (request) => service.transition(await actorOf(db, request), action, request.body.ids),
    });
  }
  // The /app console's olevel, jamb and biodata pages: read-only, for those who may see every application.
  r.get(APPLICANT_RECORDS_API.list(':view'), {
    config: { access: { page: VIEW_PAGES.all } },
    schema: {
      tags: ['admin: applications'],
      summary:
        "Applicant records (olevel, jamb or biodata columns) with the applications list's filters, paged",
      params: applicantRecordViewParam,
      querystring: applicantRecordsQuery,
      response: { 200: applicantRecordsResponse, ...errors },
    },
    handler: (request) => service.records(request.params.view, request.query),
  });
  r.get(APPLICANT_RECORDS_API.export(':view'), {
    config: { access: { page: VIEW_PAGES.all } },
    schema: {
      tags: ['admin: applications'],
      summary: 'Applicant records of a view as CSV or XLSX (streamed: no row cap)',
      params: applicantRecordViewParam,
      querystring: applicantRecordsExportQuery,
    },
    handler: async (request, reply) => {
      const file = await service.exportRecords(
        await actorOf(db, request),
        request.params.view,
        request.query,
      );
      return sendSheetFile(reply, file);
    },
  });

  r.post('/api/admin/applications/reject', {
    config: { access: { page: ADMIN_PAGES.rejected } },
    bodyLimit: 64 * 1024,
    schema: {
      tags: ['admin: applications'],
      summary: 'Reject the selected applications with a reason (not once the acceptance fee is paid)',
      body: rejectRequest,
      response: { 200: bulkActionResponse, ...errors },
    },
    handler: async (request) =>
      service.transition(await actorOf(db, request), 'reject', request.body.ids, request.body.reason),
  });

  r.get('/api/admin/applications/report', {
    config: { access: { page: ADMIN_PAGES.screeningReport } },
    schema: {
      tags: ['admin: applications'],
      summary: 'Screening report: counts by stage, by admission status and by department',
      querystring: z.object({ admissionSessionId: recordId.optional() }),
      response: { 200: z.object({ Status: z.string(), Data: screeningReport }), ...errors },
    },
    handler: (request) => service.report(request.query.admissionSessionId),
  });

  r.get('/api/admin/applications/export', {
    config: { access: { page: ADMIN_PAGES.admissionExport } },
    schema: {
      tags: ['admin: applications'],
      summary: 'Export a filtered list (view + the list filters) as CSV (streamed) or XLSX',
      querystring: exportQuery,
    },
    handler: async (request, reply) => {
      const file = await service.export(await actorOf(db, request), request.query);
      return sendSheetFile(reply, file);
    },
  });

  r.get('/api/admin/admissions/payments', {
    config: { access: { page: ADMIN_PAGES.admissionPayments } },
    schema: {
      tags: ['admin: applications'],
      summary:
        'Acceptance-fee payments with their states (filter by state, provider, date range; search reference, JAMB number, name)',
      querystring: admissionPaymentsQuery,
      response: { 200: adminPaged(admissionPaymentItem), ...errors },
    },
    handler: (request) => service.payments(request.query),
  });

  const publication = z.object({
    Status: z.string(),
    Data: z.object({
      admissionSessionId: z.number().int(),
      admissionSessionName: z.string(),
      published: z.boolean(),
      publishedAt: z.string().nullable(),
    }),
  });

  r.get('/api/admin/admission-list/publication', {
    config: { access: { page: ADMIN_PAGES.admissionList } },
    schema: {
      tags: ['admin: applications'],
      summary: 'Whether the admitted list of an admission session is published',
      querystring: z.object({ admissionSessionId: recordId }),
      response: { 200: publication, ...errors },
    },
    handler: (request) => service.publication(request.query.admissionSessionId),
  });

  r.post('/api/admin/admission-list/publish', {
    config: { access: { page: ADMIN_PAGES.admissionList } },
    schema: {
      tags: ['admin: applications'],
      summary: 'Publish (or withdraw) the admitted list of an admission session',
      body: publishListRequest,
      response: { 200: publication, ...errors },
    },
    handler: async (request) =>
      service.publish(await actorOf(db, request), request.body.admissionSessionId, request.body.publish),
  });

  r.get('/api/AdmissionList', {
    config: { access: 'public' },
    schema: {
      tags: ['admissions'],
      summary:
        'The published admitted list (current admission session by default); search by name or JAMB number',
      querystring: adminPageQuery.extend({
        admissionSessionId: recordId.optional(),
        search: z.string().trim().max(100).optional(),
      }),
      response: {
        200: adminPaged(
          z.object({
            JambRegNo: z.string(),
            FullName: z.string(),
            CourseOfStudy: z.string().nullable(),
            DepartmentName: z.string().nullable(),
          }),
        ).extend({ SessionName: z.string() }),
        ...errors,
      },
    },
    handler: (request) => service.publicList(request.query),
  });

  r.get('/api/admin/dashboard', {
    config: { access: { page: ADMISSIONS_DASHBOARD_PAGES } },
    schema: {
      tags: ['admin'],
      summary: 'Admissions dashboard: counts by stage and department, acceptance-fee totals',
      response: { 200: z.object({ Status: z.string(), Data: dashboardData }), ...errors },
    },
    handler: () => service.dashboard(),
  });
}
