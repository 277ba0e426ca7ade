import path from 'node:path';
import { rm } from 'node:fs/promises';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  RECORDS_PAGES,
  addStudentRequest,
  addStudentResponse,
  documentKindSchema,
  matriculateResponse,
  matriculationQuery,
  matriculationResponse,
  olevelVerificationRequest,
  recordId,
  recordsOk,
  siwesIssueResponse,
  siwesQuery,
  siwesResponse,
  studentAccessRequest,
  studentIdParams,
  studentImportJobResponse,
  studentRecordResponse,
  studentsQuery,
  studentsResponse,
  verificationResponse,
  verificationsQuery,
  verificationsResponse,
} from '@portal/contracts';
import type { AppDeps } from '../../platform/deps.js';
import { actorOf } from '../../platform/audit.js';
import { notFound } from '../../platform/errors.js';
import { errorResponses } from '../../platform/routes.js';
import { enableMultipart, streamUploadToDisk } from '../../platform/uploads.js';
import { openApplicantDocument } from '../documents/documents.service.js';
import { applicantInRegistryScope } from './records.repository.js';
import type { MatriculationService } from './matriculation.service.js';
import type { SiwesService } from './siwes.service.js';
import type { StudentImport } from './student-import.js';
import type { StudentsService } from './students.service.js';
import type { VerificationService } from './verification.service.js';

const P = RECORDS_PAGES;
const errors = errorResponses(400, 401, 403, 404, 409);
const tags = ['admin: student records'];
const IMPORT_MAX_BYTES = 50 * 1024 * 1024;

export interface RecordsServices {
  matriculation: MatriculationService;
  students: StudentsService;
  importer: StudentImport;
  verification: VerificationService;
  siwes: SiwesService;
}

/** The registry's student pages; each route is guarded by its page (route access `{ page }`). */
export async function recordsRoutes(app: FastifyInstance, deps: AppDeps, s: RecordsServices): Promise<void> {
  const db = deps.database.db;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const applicantParams = z.object({ id: recordId });

  // ── matriculation ──
  r.get('/api/admin/records/matriculation', {
    config: { access: { page: P.matriculation } },
    schema: {
      tags,
      summary:
        'Admitted applicants who paid the acceptance fee (AdmissionLevel 4), with their documents, clearance and matric number',
      querystring: matriculationQuery,
      response: { 200: matriculationResponse, ...errors },
    },
    handler: (request) => s.matriculation.list(request.query),
  });

  r.post('/api/admin/records/matriculation/:id/clear', {
    config: { access: { page: P.matriculation } },
    schema: {
      tags,
      summary: "Clear the applicant's documents (who and when are recorded)",
      params: applicantParams,
      response: { 200: recordsOk, ...errors },
    },
    handler: async (request) => s.matriculation.clear(await actorOf(db, request), request.params.id),
  });

  r.post('/api/admin/records/matriculation/:id/matriculate', {
    config: { access: { page: P.matriculation } },
    schema: {
      tags,
      summary:
        "Make the cleared applicant a student with the next matric number of the programme's pattern; e-mails the number and a set-a-password link",
      params: applicantParams,
      response: { 200: matriculateResponse, ...errors },
    },
    handler: async (request) => s.matriculation.matriculate(await actorOf(db, request), request.params.id),
  });

  r.get('/api/admin/records/applicants/:id/documents/:kind', {
    config: { access: { page: [P.matriculation, P.studentEnquiry] } },
    schema: {
      tags,
      summary: "One of an applicant's (or a matriculated student's) documents, served inline for viewing",
      params: applicantParams.extend({ kind: documentKindSchema }),
    },
    handler: async (request, reply) => {
      // Only the documents of applicants the registry deals with: matriculation's, or those who became students.
      if (!(await applicantInRegistryScope(db, request.params.id))) throw notFound('Applicant not found.');
      const file = await openApplicantDocument(
        { db, storage: deps.storage },
        request.params.id,
        request.params.kind,
      );
      const name = file.fileName.replace(/[^A-Za-z0-9._-]+/g, '_');
      return reply
        .header('content-type', file.contentType)
        .header('content-length', String(file.size))
        .header('content-disposition', `inline; filename="${name}"`)
        .header('x-content-type-options', 'nosniff')
        .header(
          'content-security-policy',
          "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox",
        )
        .header('cache-control', 'private, no-store')
        .send(file.stream);
    },
  });

  // ── students: enquiry and access ──
  r.get('/api/admin/records/students', {
    config: { access: { page: [P.studentEnquiry, P.studentAccess] } },
    schema: {
      tags,
      summary: 'Students found by matric number, name, e-mail or JAMB number (any part), paged',
      querystring: studentsQuery,
      response: { 200: studentsResponse, ...errors },
    },
    handler: (request) => s.students.list(request.query),
  });

  r.get('/api/admin/records/students/:id', {
    config: { access: { page: P.studentEnquiry } },
    schema: {
      tags,
      summary:
        "A student's whole record: biodata, programme, level, payments, documents, O'level results and their verification",
      params: studentIdParams,
      response: { 200: studentRecordResponse, ...errors },
    },
    handler: (request) => s.students.record(request.params.id),
  });

  r.post('/api/admin/records/students/:id/access', {
    config: { access: { page: P.studentAccess } },
    schema: {
      tags,
      summary: "Enable or disable the student's sign-in; disabling ends their open sessions",
      params: studentIdParams,
      body: studentAccessRequest,
      response: { 200: recordsOk.extend({ Data: z.object({ changed: z.boolean() }) }), ...errors },
    },
    handler: async (request) =>
      s.students.setActive(await actorOf(db, request), request.params.id, request.body.isActive),
  });

  r.post('/api/admin/records/students/:id/password-reset', {
    config: { access: { page: P.studentAccess } },
    schema: {
      tags,
      summary: 'E-mail the student a password-reset link',
      params: studentIdParams,
      response: { 200: recordsOk, ...errors },
    },
    handler: async (request) => s.students.sendReset(await actorOf(db, request), request.params.id),
  });

  // ── addnew ──
  r.post('/api/admin/records/students', {
    config: { access: { page: P.addNew } },
    schema: {
      tags,
      summary: 'Add one returning student by hand; e-mails a set-a-password link',
      body: addStudentRequest,
      response: { 200: addStudentResponse, ...errors },
    },
    handler: async (request) => s.students.add(await actorOf(db, request), request.body),
  });

  const choice = z.object({ value: z.number().int(), label: z.string() });
  r.get('/api/admin/records/choices', {
    config: { access: { page: P.addNew } },
    schema: {
      tags,
      summary:
        "The add-a-student form's choices: courses of study, levels, states, entry modes, sessions (LGAs of one state with stateId)",
      querystring: z.object({ stateId: recordId.optional() }),
      response: {
        200: z.object({
          Status: z.string(),
          Data: z.object({
            courses: z.array(choice),
            levels: z.array(choice),
            states: z.array(choice),
            lgas: z.array(choice),
            entryModes: z.array(choice),
            sessions: z.array(choice),
          }),
        }),
        ...errors,
      },
    },
    handler: (request) => s.students.choices(request.query.stateId),
  });

  const uploadDir = path.join(deps.config.DATA_DIR, 'imports');
  await app.register(async (scope) => {
    await enableMultipart(scope);
    scope.withTypeProvider<ZodTypeProvider>().post('/api/admin/records/students/import', {
      config: { access: { page: P.addNew } },
      schema: {
        tags,
        summary:
          'Import existing students from CSV or XLSX (≤50 MB), streamed; problems reported by row number; importing the same file again changes nothing',
        consumes: ['multipart/form-data'],
        response: { 202: studentImportJobResponse, ...errorResponses(400, 401, 403, 409, 413, 415) },
      },
      handler: async (request, reply) => {
        const actor = await actorOf(db, request);
        const upload = await streamUploadToDisk(request, {
          maxBytes: IMPORT_MAX_BYTES,
          allowed: ['csv', 'xlsx'],
          dir: uploadDir,
        });
        try {
          const job = await s.importer.accept(actor, {
            filePath: upload.filePath,
            fileName: upload.fileName,
            format: upload.kind as 'csv' | 'xlsx',
            sha256: upload.sha256,
          });
          return reply.status(202).send(job);
        } catch (error) {
          await rm(upload.filePath, { force: true });
          throw error;
        }
      },
    });
  });

  r.get('/api/admin/records/students/import/:id', {
    config: { access: { page: P.addNew } },
    schema: {
      tags,
      summary:
        'An import of students: running, done or failed, rows counted and applied, and the problems by row',
      params: z.object({ id: recordId }),
      response: { 200: studentImportJobResponse, ...errors },
    },
    handler: (request) => s.importer.get(request.params.id),
  });

  // ── WAECVerify ──
  r.get('/api/admin/records/olevel-verifications', {
    config: { access: { page: P.waecVerify } },
    schema: {
      tags,
      summary: "Recorded O'level verifications, newest first (PIN and serial masked)",
      querystring: verificationsQuery,
      response: { 200: verificationsResponse, ...errors },
    },
    handler: (request) => s.verification.list(request.query),
  });

  r.post('/api/admin/records/olevel-verifications', {
    config: { access: { page: P.waecVerify } },
    schema: {
      tags,
      summary:
        "Record the verification of an applicant's (JAMB number) or student's (matric number) O'level result; PIN and serial encrypted at rest",
      body: olevelVerificationRequest,
      response: { 200: verificationResponse, ...errors },
    },
    handler: async (request) => s.verification.record(await actorOf(db, request), request.body),
  });

  // ── siwes ──
  r.get('/api/admin/records/siwes', {
    config: { access: { page: P.siwes } },
    schema: {
      tags,
      summary:
        'Students eligible for SIWES (active, 200 level or above, before the final level) and the letter issued this session',
      querystring: siwesQuery,
      response: { 200: siwesResponse, ...errors },
    },
    handler: (request) => s.siwes.list(request.query),
  });

  r.post('/api/admin/records/siwes/:id/issue', {
    config: { access: { page: P.siwes } },
    schema: {
      tags,
      summary: 'Issue the SIWES placement letter (3 months for Computer Science, 6 otherwise)',
      params: studentIdParams,
      response: { 200: siwesIssueResponse, ...errors },
    },
    handler: async (request) => s.siwes.issue(await actorOf(db, request), request.params.id),
  });
}
