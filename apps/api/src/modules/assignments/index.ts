import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ASSIGNMENTS_API as API,
  ASSIGNMENT_LIMITS,
  ASSIGNMENT_PAGE,
  assignmentDetailResponse,
  assignmentFileResponse,
  assignmentInput,
  assignmentOkResponse,
  assignmentResponse,
  gradeInput,
  idParams,
  offeringAssignmentsResponse,
  offeringParams,
  receiptResponse,
  scoreItemsResponse,
  studentAssignmentsResponse,
  submissionResponse,
} from '@portal/contracts';
import type { AppDeps } from '../../platform/deps.js';
import { sendStoredFile } from '../../platform/downloads.js';
import { errorResponses } from '../../platform/routes.js';
import { enableMultipart, readSmallUpload, type FileKind } from '../../platform/uploads.js';
import { staffCaller, studentIdOf } from '../offerings/offerings.service.js';
import * as service from './assignments.service.js';
import { sendSubmissionsZip } from './zip.js';

const errors = errorResponses(400, 401, 403, 404, 409, 413);
const staff = { access: { page: ASSIGNMENT_PAGE } };
const studentOnly = { access: { modes: ['Student'] as const } };
const ALLOWED: readonly FileKind[] = [
  'pdf',
  'docx',
  'doc',
  'pptx',
  'ppt',
  'xlsx',
  'png',
  'jpg',
  'zip',
  'csv',
];

const offeringPath = (f: (c: string, s: string) => string) => f(':courseId', ':sessionId');
const idPath = (f: (id: string) => string) => f(':id');

function stored(
  request: FastifyRequest,
  reply: Parameters<typeof sendStoredFile>[1],
  f: { key: string; mime: string | null; name: string | null; size: number | null },
) {
  return sendStoredFile(request, reply, {
    key: f.key,
    mime: f.mime ?? 'application/octet-stream',
    fileName: f.name ?? 'file',
    size: f.size ?? 0,
    disposition: 'attachment',
  });
}

/** Assignments (issue 25): lecturers set, grade and return; registered students submit. */
export function registerAssignmentsModule(app: FastifyInstance, deps: AppDeps): void {
  const d: service.AssignmentsDeps = { db: deps.database.db, storage: deps.storage };
  const { db } = d;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['admin: assignments'];
  const studentTags = ['student: assignments'];
  const caller = (request: FastifyRequest) => staffCaller(db, request);

  r.get(API.scoreItems, {
    config: staff,
    schema: {
      tags,
      summary: 'The score items an assignment may feed',
      response: { 200: scoreItemsResponse, ...errors },
    },
    handler: () => service.scoreItems(db),
  });

  r.get(offeringPath(API.offering), {
    config: staff,
    schema: {
      tags,
      summary: 'An offering’s assignments with their counts',
      params: offeringParams,
      response: { 200: offeringAssignmentsResponse, ...errors },
    },
    handler: async (request) =>
      service.offeringAssignments(
        db,
        await caller(request),
        request.params.courseId,
        request.params.sessionId,
      ),
  });

  r.post(offeringPath(API.offering), {
    config: staff,
    schema: {
      tags,
      summary: 'Set a new assignment (a draft until published)',
      params: offeringParams,
      body: assignmentInput,
      response: { 200: assignmentResponse, ...errors },
    },
    handler: async (request) =>
      service.createAssignment(
        db,
        await caller(request),
        request.params.courseId,
        request.params.sessionId,
        request.body,
      ),
  });

  r.get(idPath(API.assignment), {
    config: staff,
    schema: {
      tags,
      summary: 'An assignment with its submissions',
      params: idParams,
      response: { 200: assignmentDetailResponse, ...errors },
    },
    handler: async (request) => service.assignmentDetail(db, await caller(request), request.params.id),
  });

  r.put(idPath(API.assignment), {
    config: staff,
    schema: {
      tags,
      summary: 'Change an assignment',
      params: idParams,
      body: assignmentInput,
      response: { 200: assignmentResponse, ...errors },
    },
    handler: async (request) =>
      service.updateAssignment(db, await caller(request), request.params.id, request.body),
  });

  r.delete(idPath(API.assignment), {
    config: staff,
    schema: {
      tags,
      summary: 'Delete an assignment with its attachments and submissions',
      params: idParams,
      response: { 200: assignmentOkResponse, ...errors },
    },
    handler: async (request) => service.deleteAssignment(d, await caller(request), request.params.id),
  });

  r.post(idPath(API.publish), {
    config: staff,
    schema: {
      tags,
      summary: 'Publish (the offering’s students are notified, type 3)',
      params: idParams,
      response: { 200: assignmentResponse, ...errors },
    },
    handler: async (request) => service.publishAssignment(db, await caller(request), request.params.id),
  });

  r.get(idPath(API.file), {
    config: staff,
    schema: { tags, summary: 'An attachment', params: idParams },
    handler: async (request, reply) => {
      const f = await service.staffFile(db, await caller(request), request.params.id);
      return stored(request, reply, { key: f.fileKey, mime: f.fileMime, name: f.fileName, size: f.fileSize });
    },
  });

  r.delete(idPath(API.file), {
    config: staff,
    schema: {
      tags,
      summary: 'Remove an attachment',
      params: idParams,
      response: { 200: assignmentOkResponse, ...errors },
    },
    handler: async (request) => service.removeFile(d, await caller(request), request.params.id),
  });

  r.get(idPath(API.zip), {
    config: staff,
    schema: { tags, summary: 'Every submission as one zip (streamed)', params: idParams },
    handler: async (request, reply) => {
      const found = await service.submissionsForZip(db, await caller(request), request.params.id);
      return sendSubmissionsZip(reply, d.storage, found);
    },
  });

  r.get(idPath(API.submissionFile), {
    config: staff,
    schema: { tags, summary: 'A submission’s file', params: idParams },
    handler: async (request, reply) => {
      const { s } = await service.staffSubmission(db, await caller(request), request.params.id);
      if (!s.fileKey) return reply.code(404).send({ Status: 'Invalid', Message: 'File not found.' });
      return stored(request, reply, { key: s.fileKey, mime: s.fileMime, name: s.fileName, size: s.fileSize });
    },
  });

  r.put(idPath(API.grade), {
    config: staff,
    schema: {
      tags,
      summary: 'Grade a submission with a comment (at most the maximum score)',
      params: idParams,
      body: gradeInput,
      response: { 200: submissionResponse, ...errors },
    },
    handler: async (request) =>
      service.gradeSubmission(db, await caller(request), request.params.id, request.body),
  });

  r.post(idPath(API.return), {
    config: staff,
    schema: {
      tags,
      summary: 'Return the graded submissions (students notified; grades proposed to the score sheet)',
      params: idParams,
      response: { 200: assignmentOkResponse, ...errors },
    },
    handler: async (request) => service.returnGraded(db, await caller(request), request.params.id),
  });

  // ── students ──
  r.get(API.student, {
    config: studentOnly,
    schema: {
      tags: studentTags,
      summary: 'The student’s assignments across this semester’s offerings',
      response: { 200: studentAssignmentsResponse, ...errors },
    },
    handler: (request) => service.studentAssignments(db, studentIdOf(request.auth)),
  });

  r.get(idPath(API.ownFile), {
    config: studentOnly,
    schema: { tags: studentTags, summary: 'The student’s own submitted file', params: idParams },
    handler: async (request, reply) => {
      const s = await service.ownSubmissionFile(db, studentIdOf(request.auth), request.params.id);
      return stored(request, reply, {
        key: s.fileKey!,
        mime: s.fileMime,
        name: s.fileName,
        size: s.fileSize,
      });
    },
  });

  r.get(idPath(API.studentFile), {
    config: studentOnly,
    schema: {
      tags: studentTags,
      summary: 'An attachment of an assignment of the student’s course',
      params: idParams,
    },
    handler: async (request, reply) => {
      const f = await service.studentFile(db, studentIdOf(request.auth), request.params.id);
      return stored(request, reply, { key: f.fileKey, mime: f.fileMime, name: f.fileName, size: f.fileSize });
    },
  });

  // ── multipart: attachments and submissions, bounded while they stream ──
  app.register(async (scope) => {
    await enableMultipart(scope);
    const s = scope.withTypeProvider<ZodTypeProvider>();
    const read = (request: FastifyRequest) =>
      readSmallUpload(request, { maxBytes: ASSIGNMENT_LIMITS.fileBytes, allowed: ALLOWED });

    s.post(idPath(API.files), {
      config: staff,
      schema: {
        tags,
        summary: `Attach a file (multipart \`file\`, at most ${ASSIGNMENT_LIMITS.fileBytes / 1024 / 1024} MB)`,
        params: idParams,
        response: { 200: assignmentFileResponse, ...errors },
      },
      handler: async (request) => {
        const who = await caller(request);
        const { file } = await readSmallUpload(request, {
          maxBytes: ASSIGNMENT_LIMITS.fileBytes,
          allowed: ALLOWED,
          required: true,
        });
        return service.addFile(d, who, request.params.id, file!);
      },
    });

    s.post(idPath(API.submit), {
      config: studentOnly,
      schema: {
        tags: studentTags,
        summary: 'Submit or replace (multipart: `Text` and/or `file`); answers with the receipt',
        params: idParams,
        response: { 200: receiptResponse, ...errors },
      },
      handler: async (request) => {
        const studentId = studentIdOf(request.auth);
        const { fields, file } = await read(request);
        return service.submit(d, studentId, request.params.id, { text: fields.Text ?? '', file });
      },
    });
  });
}
