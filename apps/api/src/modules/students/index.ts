import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../platform/deps.js';
import { studentFormsRoutes } from './forms.routes.js';
import { studentsRoutes } from './students.routes.js';

/** The signed-in student's own area, and the registry's `studentforms` page. */
export async function registerStudentsModule(app: FastifyInstance, deps: AppDeps): Promise<void> {
  const db = deps.database.db;
  await studentsRoutes(app, { db, storage: deps.storage, config: deps.config });
  await studentFormsRoutes(app, db, deps.storage);
}
