import path from 'node:path';
import { rm } from 'node:fs/promises';
import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ADMIN_PAGES,
  CANDIDATE_COLUMNS,
  IMPORT_KINDS,
  adminPageQuery,
  importJobResponse,
  importJobsResponse,
  isRecordId,
  recordId,
  type ImportKind,
} from '@portal/contracts';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import { actorOf } from '../../platform/audit.js';
import { badRequest } from '../../platform/errors.js';
import { errorResponses } from '../../platform/routes.js';
import { enableMultipart, streamUploadToDisk } from '../../platform/uploads.js';
import type { ImportService } from './imports.service.js';

const IMPORT_PAGES = [
  ADMIN_PAGES.postUtmeList,
  ADMIN_PAGES.capsList,
  ADMIN_PAGES.uploadAdmissionList,
  ADMIN_PAGES.utmeImages,
] as const;
const LIST_MAX_BYTES = 50 * 1024 * 1024;
const ZIP_MAX_BYTES = 200 * 1024 * 1024;
const errors = errorResponses(400, 401, 403, 404, 409, 413, 415);

export async function importsRoutes(
  app: FastifyInstance,
  db: Db,
  config: Config,
  service: ImportService,
): Promise<void> {
  const uploadDir = path.join(config.DATA_DIR, 'imports');

  await app.register(async (scope) => {
    await enableMultipart(scope);
    const r = scope.withTypeProvider<ZodTypeProvider>();
    for (const kind of IMPORT_KINDS) {
      const isZip = kind === 'utmeImages';
      r.post(`/api/admin/imports/${kind}`, {
        config: { access: { page: kind } },
        schema: {
          tags: ['admin: imports'],
          summary: isZip
            ? 'Upload a ZIP of passport photographs named by JAMB number (JPEG or PNG, ≤300 KB each; ZIP ≤200 MB). Answers 202 with the job to poll.'
            : `Upload the ${kind} as CSV or XLSX (≤50 MB; columns ${CANDIDATE_COLUMNS.join(', ')}; optional field admissionSessionId). Answers 202 with the job to poll.`,
          consumes: ['multipart/form-data'],
          response: { 202: importJobResponse, ...errors },
        },
        handler: async (request, reply) => {
          const actor = await actorOf(db, request);
          const upload = await streamUploadToDisk(request, {
            maxBytes: isZip ? ZIP_MAX_BYTES : LIST_MAX_BYTES,
            allowed: isZip ? ['zip'] : ['csv', 'xlsx'],
            dir: uploadDir,
          });
          try {
            const raw = upload.fields.admissionSessionId?.trim();
            const sessionId = raw ? Number(raw) : undefined;
            if (sessionId !== undefined && !isRecordId(sessionId)) {
              throw badRequest('admissionSessionId must be an admission session id.');
            }
            const format = upload.kind as 'csv' | 'xlsx' | 'zip';
            const result = await service.accept(actor, kind as ImportKind, { ...upload, format }, sessionId);
            return reply.status(202).send(result);
          } catch (error) {
            await rm(upload.filePath, { force: true });
            throw error;
          }
        },
      });
    }
  });

  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/api/admin/imports/template', {
    config: { access: { page: IMPORT_PAGES.slice(0, 3) } },
    schema: {
      tags: ['admin: imports'],
      summary: 'An empty candidates file with the expected columns and one example row',
      querystring: z.object({ format: z.enum(['csv', 'xlsx']).default('csv') }),
    },
    handler: async (request, reply) => {
      const example = [
        '202410012345AB',
        'Amaka',
        'Obi',
        'Chioma',
        'amaka.obi@example.com',
        '08031234567',
        'Anambra',
        'Awka South',
        'Computer Science',
        '245',
        'Admitted',
      ];
      reply.header(
        'content-disposition',
        `attachment; filename="candidates-template.${request.query.format}"`,
      );
      if (request.query.format === 'csv') {
        return reply
          .type('text/csv; charset=utf-8')
          .send(`${CANDIDATE_COLUMNS.join(',')}\r\n${example.join(',')}\r\n`);
      }
      const buffer = await (
        await import('write-excel-file/node')
      )
        .default([[...CANDIDATE_COLUMNS], example] as never, { sheet: 'Candidates' } as never)
        .toBuffer();
      return reply
        .type('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
        .send(Readable.from([buffer]));
    },
  });

  r.get('/api/admin/imports', {
    config: { access: { page: IMPORT_PAGES } },
    schema: {
      tags: ['admin: imports'],
      summary: 'Recent import jobs, newest first (filter by kind)',
      querystring: adminPageQuery.extend({ kind: z.enum(IMPORT_KINDS).optional() }),
      response: { 200: importJobsResponse, ...errors },
    },
    handler: (request) =>
      service.list(
        request.query.kind ? [request.query.kind] : [...IMPORT_KINDS],
        request.query.page,
        request.query.pageSize,
      ),
  });

  r.get('/api/admin/imports/:id', {
    config: { access: { page: IMPORT_PAGES } },
    schema: {
      tags: ['admin: imports'],
      summary:
        'One import job: status (queued, running, issuing, done, failed), counts and the problems found, by row',
      params: z.object({ id: recordId }),
      response: { 200: importJobResponse, ...errors },
    },
    handler: (request) => service.get(request.params.id),
  });
}
