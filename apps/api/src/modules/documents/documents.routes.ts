import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  DOCUMENT_MAX_BYTES,
  applicantDocumentsResponse,
  documentKindInfo,
  documentKindParams,
  documentUploadResponse,
  listOfFormsQuery,
  pagedEnvelope,
  admissionFormEntry,
  recordId,
} from '@portal/contracts';
import { applicantOnly, errorResponses } from '../../platform/routes.js';
import * as service from './documents.service.js';
import { downloadHeaders, type OpenedFile } from '../../platform/downloads.js';

const errors = errorResponses(400, 401, 403, 404, 409, 413, 415);

function sendFile(reply: FastifyReply, file: OpenedFile) {
  reply.headers(downloadHeaders(file.contentType, file.fileName, file.size));
  return reply.send(file.stream);
}

/** Uploads, downloads, the signed passport image and the admission documents. */
export async function documentsRoutes(app: FastifyInstance, deps: service.DocumentsDeps): Promise<void> {
  // Multipart only in this scope: one file per request, small field limits.
  await app.register(async (scope) => {
    await scope.register(fastifyMultipart, {
      limits: {
        files: 1,
        fields: 4,
        parts: 5,
        fieldSize: 1024,
        headerPairs: 50,
        fileSize: DOCUMENT_MAX_BYTES,
      },
    });
    const r = scope.withTypeProvider<ZodTypeProvider>();

    r.post('/api/applicant/documents/:kind', {
      config: applicantOnly,
      schema: {
        tags: ['documents'],
        summary: 'Upload or replace a document (multipart field "file"); the passport is the kind "passport"',
        consumes: ['multipart/form-data'],
        params: documentKindParams,
        response: { 200: documentUploadResponse, ...errors },
      },
      handler: async (request) => {
        const { kind } = request.params;
        const info = documentKindInfo(kind);
        // uploadDocument refuses a locked registration before reading a byte of the file.
        if (!request.isMultipart()) return service.uploadDocument(deps, request.auth, kind, undefined);
        const part = await request.file({ limits: { fileSize: info.maxBytes }, throwFileSizeLimit: false });
        return service.uploadDocument(
          deps,
          request.auth,
          kind,
          part ? { stream: part.file, fileName: part.filename } : undefined,
        );
      },
    });
  });

  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/api/applicant/documents', {
    config: applicantOnly,
    schema: {
      tags: ['documents'],
      summary: 'Every document kind with what the caller has uploaded',
      response: { 200: applicantDocumentsResponse, ...errors },
    },
    handler: (request) => service.listDocuments(deps, request.auth),
  });

  r.get('/api/applicant/documents/:kind/file', {
    config: applicantOnly,
    schema: {
      tags: ['documents'],
      summary: 'Download one of the caller’s documents (attachment)',
      params: documentKindParams,
    },
    handler: async (request, reply) =>
      sendFile(reply, await service.openDocument(deps, request.auth, request.params.kind)),
  });

  r.delete('/api/applicant/documents/:kind', {
    config: applicantOnly,
    schema: {
      tags: ['documents'],
      summary: 'Remove one of the caller’s documents (before registration)',
      params: documentKindParams,
      response: { 200: z.object({ Status: z.string(), Message: z.string() }), ...errors },
    },
    handler: (request) => service.deleteDocument(deps, request.auth, request.params.kind),
  });

  r.get('/api/applicant/passport', {
    // Public, but only with a valid signature: an <img> cannot send a bearer header.
    config: { access: 'public' },
    schema: {
      tags: ['documents'],
      summary: 'The passport photograph behind a signed, expiring link',
      querystring: z.object({
        a: z.string().regex(/^[0-9a-f]{32}$/),
        v: z.string().max(20).optional(),
        exp: z.coerce.number().int().positive(),
        sig: z.string().max(100),
      }),
    },
    handler: async (request, reply) => {
      const file = await service.openSignedPassport(deps, request.query);
      reply.headers(downloadHeaders(file.contentType, file.fileName, file.size));
      // The link itself expires; the image may be kept by this browser for an hour.
      reply.header('cache-control', 'private, max-age=3600');
      reply.header('cross-origin-resource-policy', 'same-origin');
      return reply.send(file.stream);
    },
  });

  r.get('/api/listofforms', {
    config: applicantOnly,
    schema: {
      tags: ['documents'],
      summary: "Admission documents for the caller's level and department ('My Results')",
      querystring: listOfFormsQuery,
      response: { 200: pagedEnvelope(admissionFormEntry), ...errors },
    },
    handler: (request) =>
      service.listForms(deps, request.auth, request.query.type, request.query.page, request.query.pageSize),
  });

  r.get('/api/listofforms/:formId/download', {
    config: applicantOnly,
    schema: {
      tags: ['documents'],
      summary: 'Download an admission document (saved as formName.fileExt)',
      params: z.object({ formId: recordId }),
    },
    handler: async (request, reply) =>
      sendFile(reply, await service.openForm(deps, request.auth, request.params.formId)),
  });
}
