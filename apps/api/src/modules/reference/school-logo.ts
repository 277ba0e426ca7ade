import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  REGISTRY,
  SCHOOL_ID,
  SCHOOL_LOGO_API,
  SCHOOL_LOGO_MAX_BYTES,
  SCHOOL_MESSAGES,
  STATUS,
  pagesOf,
} from '@portal/contracts';
import { actorOf, audit } from '../../platform/audit.js';
import type { AppDeps } from '../../platform/deps.js';
import { matchesEtag } from '../../platform/downloads.js';
import { notFound } from '../../platform/errors.js';
import { errorResponses } from '../../platform/routes.js';
import { logoUrl, logoVersion, schoolLogoBytes, schoolParticulars } from '../../platform/school.js';
import { newStorageKey } from '../../platform/storage.js';
import { enableMultipart, readSmallUpload } from '../../platform/uploads.js';
import { lockedLogo, setLogo } from './repositories/school.js';

/**
 * The school's logo (School Management), beside its `school-information` record:
 *
 *   GET    /api/school/logo[?v=]   public: the image, with an ETag; cached for a year when `v` names it
 *   POST   /api/school/logo        multipart "file": a PNG or JPEG (told by its content), at most 512 KB
 *   DELETE /api/school/logo        removes it
 *
 * The file goes through the shared small-upload reader and the file storage; the record keeps its
 * key and media type, changed in one audited transaction. A new logo gets a new key, so its URL
 * (GET /api/institution's LogoUrl) changes with it.
 */
const logoAnswer = z.object({
  Status: z.string(),
  Message: z.string(),
  Data: z.object({ LogoUrl: z.string().nullable() }),
});

const schoolInformation = REGISTRY['school-information'];

export async function schoolLogoRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  const { storage } = deps;
  const db = deps.database.db;
  const page = schoolInformation.page;
  const access = { page: [...pagesOf(schoolInformation)] };
  const tags = ['admin: ' + schoolInformation.label];
  const errors = errorResponses(400, 401, 403, 404, 413, 415);

  app.withTypeProvider<ZodTypeProvider>().get(SCHOOL_LOGO_API, {
    config: { access: 'public' },
    schema: {
      tags,
      summary: "The school's logo (PNG or JPEG), for the shell, the public pages and anyone's <img>",
      querystring: z.object({ v: z.string().max(64).optional() }),
    },
    handler: async (request, reply) => {
      const { logo } = await schoolParticulars(db);
      if (!logo) throw notFound(SCHOOL_MESSAGES.noLogo);
      const version = logoVersion(logo.key);
      const etag = `"logo-${version}"`;
      reply.headers({
        etag,
        // Its versioned URL never shows other bytes; the plain URL is asked again each time (a 304).
        'cache-control':
          request.query.v === version ? 'public, max-age=31536000, immutable' : 'public, no-cache',
        'x-content-type-options': 'nosniff',
      });
      if (matchesEtag(request.headers['if-none-match'], etag)) return reply.status(304).send();
      const bytes = await schoolLogoBytes(storage, logo);
      if (!bytes) throw notFound(SCHOOL_MESSAGES.noLogo);
      return reply.type(logo.mediaType).header('content-length', String(bytes.length)).send(bytes);
    },
  });

  await app.register(async (scope) => {
    await enableMultipart(scope);
    scope.withTypeProvider<ZodTypeProvider>().post(SCHOOL_LOGO_API, {
      config: { access },
      schema: {
        tags,
        summary: `Upload the school's logo (multipart field "file": PNG or JPEG, at most ${SCHOOL_LOGO_MAX_BYTES / 1024} KB), replacing any`,
        consumes: ['multipart/form-data'],
        response: { 200: logoAnswer, ...errors },
      },
      handler: async (request) => {
        const actor = await actorOf(db, request);
        const { file } = await readSmallUpload(request, {
          maxBytes: SCHOOL_LOGO_MAX_BYTES,
          allowed: ['png', 'jpg'],
          required: true,
        });
        const key = newStorageKey('school', 'logo', file!.kind);
        await storage.put(key, file!.buffer);
        let before: string | null = null;
        try {
          await db.transaction(async (tx) => {
            const stored = await lockedLogo(tx);
            if (!stored) throw notFound();
            before = stored.key;
            await setLogo(tx, { key, mediaType: file!.mime });
            await audit(tx, {
              actor,
              page,
              action: 'update-logo',
              entity: schoolInformation.name,
              entityId: SCHOOL_ID,
              before: { logoKey: stored.key, logoMediaType: stored.mediaType },
              after: { logoKey: key, logoMediaType: file!.mime, fileName: file!.fileName },
            });
          });
        } catch (error) {
          await storage.delete(key).catch(() => undefined);
          throw error;
        }
        if (before) await storage.delete(before).catch(() => undefined);
        return {
          Status: STATUS.ok,
          Message: SCHOOL_MESSAGES.logoSaved,
          Data: { LogoUrl: logoUrl({ logo: { key, mediaType: file!.mime } }) },
        };
      },
    });
  });

  app.withTypeProvider<ZodTypeProvider>().delete(SCHOOL_LOGO_API, {
    config: { access },
    schema: { tags, summary: "Remove the school's logo", response: { 200: logoAnswer, ...errors } },
    handler: async (request) => {
      const actor = await actorOf(db, request);
      const removed = await db.transaction(async (tx) => {
        const stored = await lockedLogo(tx);
        if (!stored?.key) throw notFound(SCHOOL_MESSAGES.noLogo);
        await setLogo(tx, { key: null, mediaType: null });
        await audit(tx, {
          actor,
          page,
          action: 'remove-logo',
          entity: schoolInformation.name,
          entityId: SCHOOL_ID,
          before: { logoKey: stored.key, logoMediaType: stored.mediaType },
          after: { logoKey: null, logoMediaType: null },
        });
        return stored.key;
      });
      await storage.delete(removed).catch(() => undefined);
      return { Status: STATUS.ok, Message: SCHOOL_MESSAGES.logoRemoved, Data: { LogoUrl: null } };
    },
  });
}
