import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  COURSE_REGISTRATION_MESSAGES as M,
  COURSE_REGISTRATION_PAGES as PAGES,
  courseFormQuery,
  courseFormVerificationResponse,
  courseListExportQuery,
  courseListQuery,
  courseListResponse,
  courseRegistrationInput,
  courseRegistrationQuery,
  courseRegistrationResponse,
  idParams,
  recordId,
  registrationCountsQuery,
  registrationCountsResponse,
  registrationDecisionInput,
  registrationDecisionResponse,
  registrationDetailResponse,
  registrationListQuery,
  registrationListResponse,
  studentRegistrationsQuery,
  studentRegistrationsResponse,
  unregisteredQuery,
  unregisteredResponse,
  STUDENT_API,
} from '@portal/contracts';
import { actorOf } from '../../platform/audit.js';
import { errorResponses } from '../../platform/routes.js';
import { sendPdf } from '../../platform/downloads.js';
import { publicPdfRoute } from '../../platform/public-pdf.js';
import { sendSheetFile } from '../../platform/sheets.js';
import * as approval from './approval.service.js';
import { courseFormFileName, renderCourseForm, verifyCourseForm } from './course-form.js';
import * as lists from './lists.service.js';
import * as registration from './registration.service.js';
import { registrationContext } from './courses.repository.js';

const errors = errorResponses(400, 401, 403, 404, 409);
const studentOnly = { access: { modes: ['Student'] as const } };

/** Course registration: the student's page, the course form and its public page, approval and the lists. */
export function coursesRoutes(app: FastifyInstance, deps: registration.CoursesDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = deps;
  const tags = ['course registration'];

  r.get(STUDENT_API.courseRegistration, {
    config: studentOnly,
    schema: {
      tags,
      summary:
        'The student’s course registration for a semester: window, fees, courses, limits, state, history',
      querystring: courseRegistrationQuery,
      response: { 200: courseRegistrationResponse, ...errors },
    },
    handler: (request) => registration.getRegistrationPage(deps, request.auth, request.query.semesterId),
  });

  r.post(STUDENT_API.courseRegistration, {
    config: studentOnly,
    bodyLimit: 16 * 1024,
    schema: {
      tags,
      summary:
        'Submit (or change and resubmit) the semester’s courses; a repeated IdempotencyKey is one submission',
      body: courseRegistrationInput,
      response: { 200: courseRegistrationResponse, ...errors },
    },
    handler: (request) => registration.submitRegistration(deps, request.auth, request.body),
  });

  r.get('/api/student/course-registration/form.pdf', {
    config: studentOnly,
    schema: {
      tags,
      summary: 'The course form (PDF) of the student’s registration for a semester',
      querystring: z.object({ semesterId: recordId }),
    },
    handler: async (request, reply) => {
      const own = await registration.ownRegistration(deps, request.auth, request.query.semesterId);
      const context = await registrationContext(db, own.id);
      return sendPdf(reply, {
        pdf: await renderCourseForm(deps, own),
        fileName: courseFormFileName(context?.matricNo ?? 'student', context?.semester ?? ''),
      });
    },
  });

  r.get('/api/course-forms/verify', {
    config: { access: 'public' },
    schema: {
      tags,
      summary:
        'What a course form’s QR code opens: the registration as it is now, and whether the form is outdated',
      querystring: courseFormQuery,
      response: { 200: courseFormVerificationResponse, ...errors },
    },
    handler: (request) => verifyCourseForm(deps, request.query.id, request.query.v),
  });

  publicPdfRoute(app, '/api/course-forms/:file', {
    tag: 'course registration',
    summary: 'The current course form by the registration’s public id',
    notFoundMessage: M.formNotFound,
    render: async (publicId) => {
      const found = await registration.registrationByPublicId(db, publicId);
      const context = await registrationContext(db, found.id);
      return {
        pdf: await renderCourseForm(deps, found),
        fileName: courseFormFileName(context?.matricNo ?? 'student', context?.semester ?? ''),
      };
    },
  });

  // ── approval (advisers, HODs) and the registry ──
  const adminTags = ['admin: course registration'];

  r.get('/api/admin/course-registrations', {
    config: { access: { page: [PAGES.approval, PAGES.registered] } },
    schema: {
      tags: adminTags,
      summary: 'Registrations, filtered and paged (on the approval page: only those the adviser advises)',
      querystring: registrationListQuery,
      response: { 200: registrationListResponse, ...errors },
    },
    handler: async (request) => approval.listRegistrations(db, await actorOf(db, request), request.query),
  });

  r.get('/api/admin/course-registrations/student', {
    config: { access: { page: PAGES.registered } },
    schema: {
      tags: adminTags,
      summary: 'Every registration of one student, with its history',
      querystring: studentRegistrationsQuery,
      response: { 200: studentRegistrationsResponse, ...errors },
    },
    handler: async (request) =>
      approval.studentRegistrations(db, await actorOf(db, request), request.query.matricNo),
  });

  r.get('/api/admin/course-registrations/:id', {
    config: { access: { page: [PAGES.approval, PAGES.registered] } },
    schema: {
      tags: adminTags,
      summary: 'One registration: student, courses (with an add/drop request), history, unit limits',
      params: idParams,
      response: { 200: registrationDetailResponse, ...errors },
    },
    handler: async (request) => approval.getRegistration(db, await actorOf(db, request), request.params.id),
  });

  r.post('/api/admin/course-registrations/decide', {
    config: { access: { page: PAGES.approval } },
    schema: {
      tags: adminTags,
      summary: 'Approve or return registrations (each at the version the adviser saw); audited',
      body: registrationDecisionInput,
      response: { 200: registrationDecisionResponse, ...errors },
    },
    handler: async (request) => approval.decide(db, await actorOf(db, request), request.body),
  });

  r.get('/api/admin/course-lists', {
    config: { access: { page: PAGES.lists } },
    schema: {
      tags: adminTags,
      summary: 'The students registered for a course in a semester',
      querystring: courseListQuery,
      response: { 200: courseListResponse, ...errors },
    },
    handler: (request) => lists.courseList(db, request.query),
  });

  r.get('/api/admin/course-lists/export', {
    config: { access: { page: PAGES.lists } },
    schema: {
      tags: adminTags,
      summary: 'The course list as CSV or XLSX (numbered, with a signature column)',
      querystring: courseListExportQuery,
    },
    handler: async (request, reply) => {
      const file = await lists.exportCourseList(db, await actorOf(db, request), request.query);
      return sendSheetFile(reply, file);
    },
  });

  r.get('/api/admin/course-lists/counts', {
    config: { access: { page: PAGES.lists } },
    schema: {
      tags: adminTags,
      summary: 'Registrations per course and per department in a semester',
      querystring: registrationCountsQuery,
      response: { 200: registrationCountsResponse, ...errors },
    },
    handler: (request) => lists.counts(db, request.query),
  });

  r.get('/api/admin/course-lists/unregistered', {
    config: { access: { page: PAGES.lists } },
    schema: {
      tags: adminTags,
      summary: 'Active students of a department or level who have not registered for the semester',
      querystring: unregisteredQuery,
      response: { 200: unregisteredResponse, ...errors },
    },
    handler: (request) => lists.unregistered(db, request.query),
  });
}
