import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../platform/deps.js';
import { partialUploadsDir } from '../../platform/storage.js';
import { uploadsRoutes } from './uploads.routes.js';
import { createTusServer, removeStaleUploads, type UploadsDeps } from './uploads.tus.js';

export { claimUpload, type ClaimedUpload } from './uploads.service.js';

/** Resumable uploads (tus) for staff, checked by content and handed once to the module that keeps them (issue 24). */
export async function registerUploadsModule(app: FastifyInstance, deps: AppDeps): Promise<void> {
  const uploadsDeps: UploadsDeps = {
    db: deps.database.db,
    storage: deps.storage,
    partialDir: partialUploadsDir(deps.config),
  };
  await uploadsRoutes(app, uploadsDeps, createTusServer(uploadsDeps));
  // Unfinished uploads and unclaimed files older than a day: one pass an hour, by one process.
  deps.jobs.define({
    name: 'uploads.cleanup',
    handler: () => removeStaleUploads(uploadsDeps),
    everySeconds: 60 * 60,
    expireInSeconds: 15 * 60,
  });
}
