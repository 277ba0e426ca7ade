import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ADMISSION_RESOURCES,
  admissionDocumentInput,
  admissionDocumentItem,
  idParams,
  isRecordId,
} from '@portal/contracts';
import { actorOf } from '../../platform/audit.js';
import type { AppDeps } from '../../platform/deps.js';
import { badRequest, notFound } from '../../platform/errors.js';
import { newStorageKey } from '../../platform/storage.js';
import { errorResponses } from '../../platform/routes.js';
import { registerResource } from '../../platform/crud/engine.js';
import { enableMultipart, readSmallUpload, type FileKind } from '../../platform/uploads.js';
import { admissionDocumentsResource } from './admissions.resources.js';

const FORM_MAX_BYTES = 10 * 1024 * 1024;
const FORM_KINDS: readonly FileKind[] = ['pdf', 'docx', 'doc', 'png', 'jpg'];

/** "1,2,3", "[1,2,3]" or "" → [1,2,3] / []. */
function idList(value: string | undefined, label: string): number[] {
  const text = (value ?? '').trim();
  if (!text) return [];
  const parts = text.startsWith('[') ? (JSON.parse(text) as unknown[]) : text.split(',');
  return parts.map((p) => {
    const n = Number(String(p).trim());
    if (!isRecordId(n)) throw badRequest(`${label} must be a list of ids.`);
    return n;
  });
}

function documentInputFromFields(fields: Record<string, string>) {
  let raw: unknown;
  try {
    raw = {
      name: fields.name,
      description: fields.description ?? '',
      type: fields.type ? Number(fields.type) : undefined,
      levelIds: idList(fields.levelIds, 'levelIds'),
      departmentIds: idList(fields.departmentIds, 'departmentIds'),
      isActive: fields.isActive === undefined ? undefined : fields.isActive === 'true',
    };
  } catch (error) {
    if (error instanceof SyntaxError) throw badRequest('levelIds and departmentIds must be lists of ids.');
    throw error;
  }
  const parsed = admissionDocumentInput.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw badRequest(issue.path.length ? `${issue.path.join('.')}: ${issue.message}` : issue.message);
  }
  return parsed.data;
}

/** Admission documents: the generic engine plus the document file routes (sessions, batches and information are in the registry). */
export async function admissionSetupRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  const db = deps.database.db;
  const storage = deps.storage;
  const documents = registerResource(app, db, admissionDocumentsResource(storage));
  const meta = ADMISSION_RESOURCES.admissionDocuments;
  const access = { page: meta.page };
  const errors = errorResponses(400, 401, 403, 404, 409, 413, 415);
  const itemEnvelope = z.object({
    Status: z.string(),
    Message: z.string().optional(),
    Data: admissionDocumentItem,
  });

  await app.register(async (scope) => {
    await enableMultipart(scope);
    const r = scope.withTypeProvider<ZodTypeProvider>();

    r.post(meta.path, {
      config: { access },
      schema: {
        tags: ['admin: Admission document'],
        summary:
          'Create an admission document: multipart with fields name, description, type, levelIds, departmentIds (comma-separated ids), isActive, and the file (PDF, Word, PNG or JPEG, at most 10 MB)',
        consumes: ['multipart/form-data'],
        response: { 200: itemEnvelope, ...errors },
      },
      handler: async (request) => {
        const actor = await actorOf(db, request);
        const { fields, file } = await readSmallUpload(request, {
          maxBytes: FORM_MAX_BYTES,
          allowed: FORM_KINDS,
          required: true,
        });
        const input = documentInputFromFields(fields);
        const key = newStorageKey('admission-forms', 'form', file!.kind);
        await storage.put(key, file!.buffer);
        try {
          return await documents.create(actor, input, {
            storageKey: key,
            fileExt: file!.kind,
            contentType: file!.mime,
          });
        } catch (error) {
          await storage.delete(key).catch(() => undefined);
          throw error;
        }
      },
    });

    r.put(`${meta.path}/:id/file`, {
      config: { access },
      schema: {
        tags: ['admin: Admission document'],
        summary: 'Replace the file of an admission document (multipart field "file")',
        consumes: ['multipart/form-data'],
        params: idParams,
        response: { 200: itemEnvelope, ...errors },
      },
      handler: async (request) => {
        const actor = await actorOf(db, request);
        const existing = await documents.rowById(db, request.params.id);
        if (!existing) throw notFound(`${meta.label} not found.`);
        const { file } = await readSmallUpload(request, {
          maxBytes: FORM_MAX_BYTES,
          allowed: FORM_KINDS,
          required: true,
        });
        const key = newStorageKey('admission-forms', 'form', file!.kind);
        await storage.put(key, file!.buffer);
        try {
          const result = await documents.update(
            actor,
            request.params.id,
            { storageKey: key, fileExt: file!.kind, contentType: file!.mime },
            'replace-file',
          );
          await storage.delete(existing.storageKey as string).catch(() => undefined);
          return result;
        } catch (error) {
          await storage.delete(key).catch(() => undefined);
          throw error;
        }
      },
    });
  });

  app.withTypeProvider<ZodTypeProvider>().get(`${meta.path}/:id/file`, {
    config: { access },
    schema: {
      tags: ['admin: Admission document'],
      summary: 'Download the file of an admission document',
      params: idParams,
    },
    handler: async (request, reply) => {
      const row = await documents.rowById(db, request.params.id);
      if (!row) throw notFound(`${meta.label} not found.`);
      const opened = await storage.open(row.storageKey as string);
      if (!opened) throw notFound('The file of this document is missing.');
      const safeName =
        String(row.name)
          .replace(/[^A-Za-z0-9 ._-]+/g, '_')
          .slice(0, 100) || 'document';
      return reply
        .header('content-type', row.contentType as string)
        .header('content-length', String(opened.size))
        .header('x-content-type-options', 'nosniff')
        .header('content-disposition', `attachment; filename="${safeName}.${row.fileExt as string}"`)
        .send(opened.stream);
    },
  });
}
