import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../platform/deps.js';
import { applicantPdfRoutes } from './applicant-pdfs.routes.js';
import { documentsRoutes } from './documents.routes.js';

/** Files applicants upload, and the admission documents and printouts they download. */
export async function registerDocumentsModule(app: FastifyInstance, deps: AppDeps): Promise<void> {
  const documentsDeps = { db: deps.database.db, storage: deps.storage, config: deps.config };
  await documentsRoutes(app, documentsDeps);
  applicantPdfRoutes(app, documentsDeps);
}
