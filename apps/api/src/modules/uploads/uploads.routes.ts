import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { UPLOAD_INFO_PATH, UPLOAD_MESSAGES, UPLOAD_TUS_PATH } from '@portal/contracts';
import { requireAuth, type RouteAccess } from '../../platform/auth.js';
import { sendStoredFile } from '../../platform/downloads.js';
import { forbidden, notFound } from '../../platform/errors.js';
import { findUpload } from './uploads.repository.js';
import { uploadInfoOf } from './uploads.service.js';
import { checkCreation, type TusServer, type UploadsDeps } from './uploads.tus.js';

/** Staff (admin accounts: lecturers are staff) upload; every tus request is checked by the auth hook. */
const STAFF: RouteAccess = { modes: ['Admin'] };

/**
 * The tus endpoints and an upload's details. Fastify does not read the bodies of the tus routes
 * (a parser in this scope leaves every content type to tus, which streams the raw request to disk).
 */
export async function uploadsRoutes(app: FastifyInstance, deps: UploadsDeps, tus: TusServer): Promise<void> {
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_request, _payload, done) => done(null));

    const toTus = async (request: FastifyRequest, reply: FastifyReply) => {
      const auth = requireAuth(request);
      const id = (request.params as { id?: string }).id;
      if (request.method === 'POST' && !id) checkCreation(request.raw.headers);
      if (id) await tus.checkOwner(id, auth);
      reply.hijack();
      await tus.handle(auth, request.raw, reply.raw);
    };
    const config = { access: STAFF };
    scope.route({ method: 'POST', url: UPLOAD_TUS_PATH, config, handler: toTus });
    scope.route({
      method: ['HEAD', 'PATCH', 'DELETE'],
      url: `${UPLOAD_TUS_PATH}/:id`,
      config,
      schema: { params: z.object({ id: z.uuid() }) },
      exposeHeadRoute: false,
      handler: toTus,
    });
  });

  app.get(
    `${UPLOAD_INFO_PATH}/:id`,
    { config: { access: STAFF }, schema: { params: z.object({ id: z.uuid() }) } },
    async (request) => {
      const auth = requireAuth(request);
      const { id } = request.params as { id: string };
      const row = await findUpload(deps.db, id);
      if (!row) throw notFound(UPLOAD_MESSAGES.notFound);
      if (row.ownerUserId !== auth.userId) throw forbidden(UPLOAD_MESSAGES.notYours);
      return { Status: 'Ok', Data: uploadInfoOf(row) };
    },
  );

  // The uploader's own look at the file (a preview before it is used), streamed with ranges.
  app.get(
    `${UPLOAD_INFO_PATH}/:id/file`,
    { config: { access: STAFF }, schema: { params: z.object({ id: z.uuid() }) } },
    async (request, reply) => {
      const auth = requireAuth(request);
      const { id } = request.params as { id: string };
      const row = await findUpload(deps.db, id);
      if (!row) throw notFound(UPLOAD_MESSAGES.notFound);
      if (row.ownerUserId !== auth.userId) throw forbidden(UPLOAD_MESSAGES.notYours);
      return sendStoredFile(request, reply, {
        key: row.storageKey,
        mime: row.mime,
        fileName: row.originalName,
        size: row.size,
        disposition: 'inline',
      });
    },
  );
}
