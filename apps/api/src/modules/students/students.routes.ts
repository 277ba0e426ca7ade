import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CLEARANCE_MAX_BYTES,
  STUDENT_MESSAGES,
  clearanceKindParams,
  clearanceListResponse,
  clearanceUploadResponse,
  recordId,
  studentContactInput,
  studentDocumentsResponse,
  studentMatriculationResponse,
  studentPagesResponse,
  studentProfileResponse,
  STUDENT_API,
} from '@portal/contracts';
import { errorResponses } from '../../platform/routes.js';
import { downloadHeaders, sendPdf, type OpenedFile } from '../../platform/downloads.js';
import { publicPdfRoute } from '../../platform/public-pdf.js';
import { matriculationFileName, renderMatriculationForm } from './students.pdf.js';
import * as service from './students.service.js';

const errors = errorResponses(400, 401, 403, 404, 413, 415);
const studentOnly = { access: { modes: ['Student'] as const } };
const tags = ['student'];

function sendFile(reply: FastifyReply, file: OpenedFile) {
  reply.headers(downloadHeaders(file.contentType, file.fileName, file.size));
  return reply.send(file.stream);
}

/** The signed-in student's own area: /api/student/… (every call is for the caller's own record). */
export async function studentsRoutes(app: FastifyInstance, deps: service.StudentsDeps): Promise<void> {
  await app.register(async (scope) => {
    await scope.register(fastifyMultipart, {
      limits: {
        files: 1,
        fields: 4,
        parts: 5,
        fieldSize: 1024,
        headerPairs: 50,
        fileSize: CLEARANCE_MAX_BYTES,
      },
    });
    scope.withTypeProvider<ZodTypeProvider>().post(`${STUDENT_API.uploads}/:kind`, {
      config: studentOnly,
      schema: {
        tags,
        summary: 'Upload or replace a clearance document (multipart field "file"), checked by its content',
        consumes: ['multipart/form-data'],
        params: clearanceKindParams,
        response: { 200: clearanceUploadResponse, ...errors },
      },
      handler: async (request) => {
        if (!request.isMultipart())
          return service.uploadClearance(deps, request.auth, request.params.kind, undefined);
        const part = await request.file({ throwFileSizeLimit: false });
        return service.uploadClearance(
          deps,
          request.auth,
          request.params.kind,
          part ? { stream: part.file, fileName: part.filename } : undefined,
        );
      },
    });
  });

  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(STUDENT_API.pages, {
    config: studentOnly,
    schema: {
      tags,
      summary: 'The student’s pages (RoleData of the sign-in answer), as they stand now',
      response: { 200: studentPagesResponse, ...errors },
    },
    handler: (request) => service.getPages(deps, request.auth),
  });

  r.get(STUDENT_API.profile, {
    config: studentOnly,
    schema: {
      tags,
      summary: 'The signed-in student’s profile: passport, biodata, contact details, programme and level',
      response: { 200: studentProfileResponse, ...errors },
    },
    handler: (request) => service.getProfile(deps, request.auth),
  });

  r.put(STUDENT_API.profile, {
    config: studentOnly,
    schema: {
      tags,
      summary: 'Change the contact details a student may edit (phone number, address)',
      body: studentContactInput,
      response: { 200: studentProfileResponse, ...errors },
    },
    handler: (request) => service.updateProfile(deps, request.auth, request.body),
  });

  r.get(STUDENT_API.documents, {
    config: studentOnly,
    schema: {
      tags,
      summary: 'Every document issued to the student, and the school’s forms for their level',
      response: { 200: studentDocumentsResponse, ...errors },
    },
    handler: (request) => service.listIssued(deps, request.auth),
  });

  r.get('/api/student/forms/:formId/download', {
    config: studentOnly,
    schema: {
      tags,
      summary: 'Download a school form aimed at the student’s level and department',
      params: z.object({ formId: recordId }),
    },
    handler: async (request, reply) =>
      sendFile(reply, await service.openForm(deps, request.auth, request.params.formId)),
  });

  r.get(STUDENT_API.uploads, {
    config: studentOnly,
    schema: {
      tags,
      summary: 'The clearance documents, with what the student has uploaded',
      response: { 200: clearanceListResponse, ...errors },
    },
    handler: (request) => service.listUploads(deps, request.auth),
  });

  r.get(`${STUDENT_API.uploads}/:kind/file`, {
    config: studentOnly,
    schema: {
      tags,
      summary: 'Download one of the student’s clearance documents',
      params: clearanceKindParams,
    },
    handler: async (request, reply) =>
      sendFile(reply, await service.openUpload(deps, request.auth, request.params.kind)),
  });

  r.get(STUDENT_API.matriculation, {
    config: studentOnly,
    schema: {
      tags,
      summary: 'Matric number, matriculation date and the matriculation form’s links',
      response: { 200: studentMatriculationResponse, ...errors },
    },
    handler: (request) => service.getMatriculation(deps, request.auth),
  });

  r.get('/api/student/matriculation.pdf', {
    config: studentOnly,
    schema: { tags, summary: 'The signed-in student’s matriculation form as a PDF' },
    handler: async (request, reply) => {
      const student = await service.ownMatriculated(deps, request.auth);
      return sendPdf(reply, {
        pdf: await renderMatriculationForm(deps, student),
        fileName: matriculationFileName(student),
      });
    },
  });

  publicPdfRoute(app, '/api/student/matriculation-form/:file', {
    tag: 'student',
    summary: 'The matriculation form by the student’s public id (its QR code opens it)',
    notFoundMessage: STUDENT_MESSAGES.matriculationNotFound,
    render: async (publicId) => {
      const student = await service.matriculatedByPublicId(deps, publicId);
      return { pdf: await renderMatriculationForm(deps, student), fileName: matriculationFileName(student) };
    },
  });

  r.get('/api/student/passport', {
    // Public, but only with a valid signature: an <img> cannot send a bearer header.
    config: { access: 'public' },
    schema: {
      tags,
      summary: 'The student’s passport photograph behind a signed, expiring link',
      querystring: z.object({
        s: z.string().regex(/^[0-9a-f]{32}$/),
        v: z.string().max(20).optional(),
        exp: z.coerce.number().int().positive(),
        sig: z.string().max(100),
      }),
    },
    handler: async (request, reply) => {
      const file = await service.openSignedPassport(deps, request.query);
      reply.headers(downloadHeaders(file.contentType, file.fileName, file.size));
      reply.header('cache-control', 'private, max-age=3600');
      reply.header('cross-origin-resource-policy', 'same-origin');
      return reply.send(file.stream);
    },
  });
}
