import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../platform/deps.js';
import { registerFileResource } from '../../platform/crud/files.js';
import { admissionDocumentsResource } from './admissions.resources.js';

/** Admission documents: a resource with a file field (sessions, batches and information are in the registry). */
export async function admissionSetupRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  await registerFileResource(app, deps.database.db, deps.storage, admissionDocumentsResource(deps.storage));
}
