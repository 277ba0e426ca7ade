import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  STUDENT_RESOURCES,
  idParams,
  isRecordId,
  studentFormInput,
  studentFormItem,
} from '@portal/contracts';
import type { Db } from '../../db/client.js';
import { departments, levels, studentForms } from '../../db/schema/index.js';
import { actorOf } from '../../platform/audit.js';
import { badRequest, notFound } from '../../platform/errors.js';
import { errorResponses } from '../../platform/routes.js';
import { newStorageKey, type FileStorage } from '../../platform/storage.js';
import { isoRequired } from '../../platform/time.js';
import { defineResource, registerResource } from '../../platform/crud/engine.js';
import { enableMultipart, readSmallUpload, type FileKind } from '../../platform/uploads.js';

/**
 * `studentforms`: the forms students must download or submit, per level (and department), kept
 * like the admission documents (`admissiondocument`): the generic engine lists, edits, switches
 * and deletes them (audited); the file travels as multipart on create and replace.
 */

const meta = STUDENT_RESOURCES.studentForms;
const FORM_MAX_BYTES = 10 * 1024 * 1024;
const FORM_KINDS: readonly FileKind[] = ['pdf', 'docx', 'doc', 'png', 'jpg'];

function studentFormsResource(storage: FileStorage) {
  return defineResource({
    meta,
    entity: 'student_form',
    table: studentForms,
    fields: {
      id: studentForms.id,
      name: studentForms.name,
      description: studentForms.description,
      storageKey: studentForms.storageKey,
      fileExt: studentForms.fileExt,
      contentType: studentForms.contentType,
      levelIds: studentForms.levelIds,
      departmentIds: studentForms.departmentIds,
      mustSubmit: studentForms.mustSubmit,
      isActive: studentForms.isActive,
      createdAt: studentForms.createdAt,
    },
    searchColumns: [studentForms.name, studentForms.description],
    sortColumns: { name: studentForms.name, createdAt: studentForms.createdAt, id: studentForms.id },
    filterColumns: { mustSubmit: studentForms.mustSubmit, isActive: studentForms.isActive },
    references: [
      { field: 'levelIds', table: levels, label: 'levels', many: true },
      { field: 'departmentIds', table: departments, label: 'departments', many: true },
    ],
    toValues: (input) => ({
      ...input,
      levelIds: [...new Set(input.levelIds)],
      departmentIds: [...new Set(input.departmentIds)],
    }),
    toItem: (r) => ({
      id: r.id as number,
      name: r.name as string,
      description: r.description as string,
      fileExt: r.fileExt as string,
      contentType: r.contentType as string,
      levelIds: r.levelIds as number[],
      departmentIds: r.departmentIds as number[],
      mustSubmit: r.mustSubmit as boolean,
      isActive: r.isActive as boolean,
      createdAt: isoRequired(r.createdAt as Date),
      fileUrl: `${meta.path}/${r.id as number}/file`,
    }),
    afterDelete: async (before) => {
      if (typeof before.storageKey === 'string')
        await storage.delete(before.storageKey).catch(() => undefined);
    },
  });
}

/** "1,2,3", "[1,2,3]" or "" → [1,2,3] / []. */
function idList(value: string | undefined, label: string): number[] {
  const text = (value ?? '').trim();
  if (!text) return [];
  let parts: unknown[];
  try {
    parts = text.startsWith('[') ? (JSON.parse(text) as unknown[]) : text.split(',');
  } catch {
    throw badRequest(`${label} must be a list of ids.`);
  }
  if (!Array.isArray(parts)) throw badRequest(`${label} must be a list of ids.`);
  return parts.map((p) => {
    const n = Number(String(p).trim());
    if (!isRecordId(n)) throw badRequest(`${label} must be a list of ids.`);
    return n;
  });
}

function inputFromFields(fields: Record<string, string>) {
  const parsed = studentFormInput.safeParse({
    name: fields.name,
    description: fields.description ?? '',
    levelIds: idList(fields.levelIds, 'levelIds'),
    departmentIds: idList(fields.departmentIds, 'departmentIds'),
    mustSubmit: fields.mustSubmit === undefined ? undefined : fields.mustSubmit === 'true',
    isActive: fields.isActive === undefined ? undefined : fields.isActive === 'true',
  });
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw badRequest(issue.path.length ? `${issue.path.join('.')}: ${issue.message}` : issue.message);
  }
  return parsed.data;
}

export async function studentFormsRoutes(app: FastifyInstance, db: Db, storage: FileStorage): Promise<void> {
  const forms = registerResource(app, db, studentFormsResource(storage));
  const access = { page: meta.page };
  const errors = errorResponses(400, 401, 403, 404, 409, 413, 415);
  const itemEnvelope = z.object({
    Status: z.string(),
    Message: z.string().optional(),
    Data: studentFormItem,
  });
  const tags = ['admin: Student form'];

  await app.register(async (scope) => {
    await enableMultipart(scope);
    const r = scope.withTypeProvider<ZodTypeProvider>();

    r.post(meta.path, {
      config: { access },
      schema: {
        tags,
        summary:
          'Create a student form: multipart with fields name, description, levelIds, departmentIds (comma-separated ids), mustSubmit, isActive, and the file (PDF, Word, PNG or JPEG, at most 10 MB)',
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
        const input = inputFromFields(fields);
        const key = newStorageKey('student-forms', 'form', file!.kind);
        await storage.put(key, file!.buffer);
        try {
          return await forms.create(actor, input, {
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
        tags,
        summary: 'Replace the file of a student form (multipart field "file")',
        consumes: ['multipart/form-data'],
        params: idParams,
        response: { 200: itemEnvelope, ...errors },
      },
      handler: async (request) => {
        const actor = await actorOf(db, request);
        const existing = await forms.rowById(db, request.params.id);
        if (!existing) throw notFound(`${meta.label} not found.`);
        const { file } = await readSmallUpload(request, {
          maxBytes: FORM_MAX_BYTES,
          allowed: FORM_KINDS,
          required: true,
        });
        const key = newStorageKey('student-forms', 'form', file!.kind);
        await storage.put(key, file!.buffer);
        try {
          const result = await forms.update(
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
    schema: { tags, summary: 'Download the file of a student form', params: idParams },
    handler: async (request, reply) => {
      const row = await forms.rowById(db, request.params.id);
      if (!row) throw notFound(`${meta.label} not found.`);
      const opened = await storage.open(row.storageKey as string);
      if (!opened) throw notFound('The file of this form is missing.');
      const safeName =
        String(row.name)
          .replace(/[^A-Za-z0-9 ._-]+/g, '_')
          .slice(0, 100) || 'form';
      return reply
        .header('content-type', row.contentType as string)
        .header('content-length', String(opened.size))
        .header('x-content-type-options', 'nosniff')
        .header('content-disposition', `attachment; filename="${safeName}.${row.fileExt as string}"`)
        .send(opened.stream);
    },
  });
}
