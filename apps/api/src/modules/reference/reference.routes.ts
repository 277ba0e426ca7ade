import path from 'node:path';
import { rm } from 'node:fs/promises';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  RECORD_ID_MESSAGE,
  REGISTRY_SPECS,
  importSummaryResponse,
  isRecordId,
  resourcePath,
  type RegistryName,
} from '@portal/contracts';
import { actorOf } from '../../platform/audit.js';
import type { AppDeps } from '../../platform/deps.js';
import { errorResponses } from '../../platform/routes.js';
import { sendSheetFile } from '../../platform/sheets.js';
import { registerResource } from '../../platform/crud/engine.js';
import { enableMultipart, streamUploadToDisk } from '../../platform/uploads.js';
import { definitionOf, optionPages } from './repositories/definition.js';
import { optionsOf } from './repositories/options.js';
import { exportRows, importRows } from './reference.files.js';
import { DELETE_RULES, RULES } from './repositories/rules.js';
import type { ResourceRule } from './repositories/definition.js';

/**
 * Rules other modules hold on a resource's writes, run after its own inside the write's transaction
 * (the school's switches: refused, with the reason, while work that depends on them is running).
 * A guard throws to refuse; the write then changes nothing and is not audited.
 */
export type ResourceGuards = Partial<Record<RegistryName, readonly ResourceRule[]>>;

/** A resource's own rule, then the guards given for it, as the one rule the engine runs. */
function withGuards(rule: ResourceRule | undefined, guards: readonly ResourceRule[] = []) {
  const all = [...(rule ? [rule] : []), ...guards];
  if (!all.length) return undefined;
  const combined: ResourceRule = async (tx, values, existingId) => {
    for (const check of all) await check(tx, values, existingId);
  };
  return combined;
}

/**
 * Every registry resource, served in one loop: the generic engine's list / get / create / replace /
 * delete / switches, plus options for other pages' forms, export and import (CSV or XLSX).
 *
 *   GET  /api/admin/<name>/options?search&ids   { Data: [{ value, label }] } (at most 50, plus the ids asked for)
 *   GET  /api/admin/<name>/export?format=csv|xlsx&<list filters>
 *   POST /api/admin/<name>/import               multipart "file" → { Data: { created, updated, unchanged, invalid, errors } }
 */

const IMPORT_MAX_BYTES = 10 * 1024 * 1024;
const IMPORT_MAX_ROWS = 20_000;
const OPTIONS_LIMIT = 50;

const optionsQuery = z.object({
  search: z.string().trim().max(100).optional(),
  ids: z
    .string()
    .regex(/^\d+(,\d+)*$/, 'ids is a comma-separated list of ids.')
    .max(2000)
    .refine((ids) => ids.split(',').map(Number).every(isRecordId), RECORD_ID_MESSAGE)
    .optional(),
});
const optionsResponse = z.object({
  Status: z.string(),
  Data: z.array(z.object({ value: z.number().int(), label: z.string() })),
});
export async function referenceRoutes(
  app: FastifyInstance,
  deps: AppDeps,
  guards: ResourceGuards = {},
): Promise<void> {
  const db = deps.database.db;
  const uploadDir = path.join(deps.config.DATA_DIR, 'imports');
  const errors = errorResponses(400, 401, 403, 404, 409, 413, 415);

  for (const spec of REGISTRY_SPECS) {
    const def = definitionOf(
      spec,
      withGuards(RULES[spec.name as RegistryName], guards[spec.name as RegistryName]),
      DELETE_RULES[spec.name as keyof typeof DELETE_RULES],
    );
    const service = registerResource(app, db, def);
    const base = resourcePath(spec);
    const access = { page: def.meta.pages ?? def.meta.page };
    const tags = ['admin: ' + spec.label];
    const r = app.withTypeProvider<ZodTypeProvider>();

    r.get(`${base}/options`, {
      config: { access: { page: optionPages(spec) } },
      schema: {
        tags,
        summary: `${spec.label} choices for a form`,
        querystring: optionsQuery,
        response: { 200: optionsResponse, ...errors },
      },
      handler: async (request) => ({
        Status: 'Ok',
        Data: await optionsOf(db, spec, request.query, OPTIONS_LIMIT),
      }),
    });

    r.get(`${base}/export`, {
      config: { access },
      schema: {
        tags,
        summary: `${spec.label} records as CSV or XLSX (the list's filters apply)`,
        querystring: z.object({ format: z.enum(['csv', 'xlsx']).default('csv') }).loose(),
      },
      handler: async (request, reply) => {
        const { format, ...filters } = request.query as { format: 'csv' | 'xlsx' } & Record<string, unknown>;
        const file = await exportRows(service, spec, filters, format);
        return sendSheetFile(reply, file);
      },
    });

    if (def.meta.operations.create || def.meta.operations.update) {
      await app.register(async (scope) => {
        await enableMultipart(scope);
        scope.withTypeProvider<ZodTypeProvider>().post(`${base}/import`, {
          config: { access },
          schema: {
            tags,
            summary: `Import ${spec.label.toLowerCase()} records from a CSV or XLSX file (multipart field "file"); a row updates the record its key names`,
            consumes: ['multipart/form-data'],
            response: { 200: importSummaryResponse, ...errors },
          },
          handler: async (request) => {
            const actor = await actorOf(db, request);
            const upload = await streamUploadToDisk(request, {
              maxBytes: IMPORT_MAX_BYTES,
              allowed: ['csv', 'xlsx'],
              dir: uploadDir,
            });
            try {
              const summary = await importRows(
                db,
                service,
                spec,
                actor,
                { filePath: upload.filePath, format: upload.kind as 'csv' | 'xlsx' },
                IMPORT_MAX_ROWS,
              );
              const parts = [
                `${summary.created} created`,
                `${summary.updated} updated`,
                `${summary.unchanged} unchanged`,
              ];
              if (summary.invalid) parts.push(`${summary.invalid} with problems`);
              return { Status: 'Ok', Message: `Import finished: ${parts.join(', ')}.`, Data: summary };
            } finally {
              await rm(upload.filePath, { force: true });
            }
          },
        });
      });
    }
  }
}
