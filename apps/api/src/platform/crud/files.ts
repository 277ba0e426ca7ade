import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParams, isRecordId, type FileFieldSpec, type ResourceMeta } from '@portal/contracts';
import type { Db } from '../../db/client.js';
import { actorOf } from '../audit.js';
import { badRequest, notFound } from '../errors.js';
import { errorResponses } from '../routes.js';
import { newStorageKey, type FileStorage } from '../storage.js';
import { enableMultipart, readSmallUpload } from '../uploads.js';
import { registerResource, type ResourceDefinition, type ResourceService } from './engine.js';

/**
 * The routes of a resource declared with a `file` field (ResourceMeta.file): create with the file
 * (multipart), replace the file, download it. The list, edits, switches and delete are the generic
 * engine's (registerResource); its definition keeps the file's columns (storageKey, fileExt,
 * contentType) and removes the stored file after a delete.
 */

/** "1,2,3", "[1,2,3]" or "" → [1,2,3] / []. */
function idList(value: string, label: string): number[] {
  const text = value.trim();
  if (!text) return [];
  let parts: unknown;
  try {
    parts = text.startsWith('[') ? JSON.parse(text) : text.split(',');
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

/** The type a field of the input has under its defaults and optionals: how its multipart text is read. */
function baseType(schema: z.ZodType): string {
  let current = schema as z.ZodType & { def: { type: string; innerType?: z.ZodType; in?: z.ZodType } };
  while (current.def.innerType || current.def.type === 'pipe')
    current = (current.def.innerType ?? current.def.in) as typeof current;
  return current.def.type;
}

/** Multipart text fields → the resource's input, each read by its declared type, then validated. */
export function inputFromFields<I extends z.ZodObject>(
  input: I,
  fields: Record<string, string>,
): z.output<I> {
  const raw: Record<string, unknown> = {};
  for (const [key, schema] of Object.entries(input.shape)) {
    const text = fields[key];
    if (text === undefined) continue;
    const type = baseType(schema as z.ZodType);
    raw[key] =
      type === 'array'
        ? idList(text, key)
        : type === 'boolean'
          ? text === 'true'
          : type === 'number'
            ? Number(text)
            : text;
  }
  const parsed = input.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw badRequest(issue.path.length ? `${issue.path.join('.')}: ${issue.message}` : issue.message);
  }
  return parsed.data;
}

const KIND_NAMES: Record<string, string> = { pdf: 'PDF', docx: 'Word', doc: 'Word', png: 'PNG', jpg: 'JPEG' };

/** "PDF, Word, PNG or JPEG" */
function kindsText(file: FileFieldSpec): string {
  const names = [...new Set(file.kinds.map((kind) => KIND_NAMES[kind] ?? kind.toUpperCase()))];
  return names.length > 1 ? `${names.slice(0, -1).join(', ')} or ${names.at(-1)}` : names[0]!;
}

/** A resource with a `file` field: the generic engine's routes plus its file's. */
export async function registerFileResource<M extends ResourceMeta & { file: FileFieldSpec }>(
  app: FastifyInstance,
  db: Db,
  storage: FileStorage,
  def: ResourceDefinition<M>,
): Promise<ResourceService<M>> {
  const service = registerResource(app, db, def);
  await registerFileRoutes(app, db, storage, service);
  return service;
}

async function registerFileRoutes<M extends ResourceMeta & { file: FileFieldSpec }>(
  app: FastifyInstance,
  db: Db,
  storage: FileStorage,
  service: ResourceService<M>,
): Promise<void> {
  const meta = service.def.meta;
  const { file: spec } = meta;
  const access = { page: meta.pages ?? meta.page };
  const errors = errorResponses(400, 401, 403, 404, 409, 413, 415);
  const itemEnvelope = z.object({ Status: z.string(), Message: z.string().optional(), Data: meta.item });
  const tags = ['admin: ' + meta.label];
  const label = meta.label.toLowerCase();
  const upload = { maxBytes: spec.maxBytes, allowed: spec.kinds, required: true };

  /** Stores an upload's file, then runs `write`; the stored file is removed again when the write fails. */
  async function storedThen<T>(
    file: { buffer: Buffer; kind: string; mime: string },
    write: (columns: { storageKey: string; fileExt: string; contentType: string }) => Promise<T>,
  ): Promise<T> {
    const key = newStorageKey(spec.folder, 'form', file.kind);
    await storage.put(key, file.buffer);
    try {
      return await write({ storageKey: key, fileExt: file.kind, contentType: file.mime });
    } catch (error) {
      await storage.delete(key).catch(() => undefined);
      throw error;
    }
  }

  await app.register(async (scope) => {
    await enableMultipart(scope);
    const r = scope.withTypeProvider<ZodTypeProvider>();

    r.post(meta.path, {
      config: { access },
      schema: {
        tags,
        summary: `Create ${/^[aeiou]/.test(label) ? 'an' : 'a'} ${label}: multipart with the fields ${Object.keys(meta.input.shape).join(', ')} (ids comma-separated), and the file (${kindsText(spec)}, at most ${spec.maxBytes / (1024 * 1024)} MB)`,
        consumes: ['multipart/form-data'],
        response: { 200: itemEnvelope, ...errors },
      },
      handler: async (request) => {
        const actor = await actorOf(db, request);
        const { fields, file } = await readSmallUpload(request, upload);
        const input = inputFromFields(meta.input, fields) as z.output<M['input']>;
        return storedThen(file!, (columns) => service.create(actor, input, columns));
      },
    });

    r.put(`${meta.path}/:id/file`, {
      config: { access },
      schema: {
        tags,
        summary: `Replace the file of ${/^[aeiou]/.test(label) ? 'an' : 'a'} ${label} (multipart field "file")`,
        consumes: ['multipart/form-data'],
        params: idParams,
        response: { 200: itemEnvelope, ...errors },
      },
      handler: async (request) => {
        const actor = await actorOf(db, request);
        const existing = await service.rowById(db, request.params.id);
        if (!existing) throw notFound(`${meta.label} not found.`);
        const { file } = await readSmallUpload(request, upload);
        const result = await storedThen(file!, (columns) =>
          service.update(actor, request.params.id, columns, 'replace-file'),
        );
        await storage.delete(existing.storageKey as string).catch(() => undefined);
        return result;
      },
    });
  });

  app.withTypeProvider<ZodTypeProvider>().get(`${meta.path}/:id/file`, {
    config: { access },
    schema: {
      tags,
      summary: `Download the file of ${/^[aeiou]/.test(label) ? 'an' : 'a'} ${label}`,
      params: idParams,
    },
    handler: async (request, reply) => {
      const row = await service.rowById(db, request.params.id);
      if (!row) throw notFound(`${meta.label} not found.`);
      const opened = await storage.open(row.storageKey as string);
      if (!opened) throw notFound(`The file of this ${spec.noun} is missing.`);
      const safeName =
        String(row.name)
          .replace(/[^A-Za-z0-9 ._-]+/g, '_')
          .slice(0, 100) || spec.noun;
      return reply
        .header('content-type', row.contentType as string)
        .header('content-length', String(opened.size))
        .header('x-content-type-options', 'nosniff')
        .header('content-disposition', `attachment; filename="${safeName}.${row.fileExt as string}"`)
        .send(opened.stream);
    },
  });
}
