import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../platform/deps.js';
import { AuthService } from '../auth/auth.service.js';
import { CardSecrets } from './card-secrets.js';
import { MatriculationService } from './matriculation.service.js';
import { recordsRoutes } from './records.routes.js';
import { SiwesService } from './siwes.service.js';
import { StudentImport } from './student-import.js';
import { StudentsService } from './students.service.js';
import { VerificationService } from './verification.service.js';

/** The registry's student records: matriculation, addnew, studentAccess, studentenquiry, WAECVerify, siwes. */
export async function registerRecordsModule(app: FastifyInstance, deps: AppDeps): Promise<void> {
  const db = deps.database.db;
  const auth = new AuthService(db, app.sessions, deps.mailer, deps.config, deps.rateLimits);
  const cards = new CardSecrets(deps.config.JWT_SECRET);
  const importer = new StudentImport(db, deps.mailer, deps.config, auth, app.log);
  app.addHook('onClose', () => importer.idle());
  await recordsRoutes(app, deps, {
    matriculation: new MatriculationService(db, deps.mailer, deps.config, auth),
    students: new StudentsService(db, deps.mailer, deps.config, auth, app.sessions, cards),
    importer,
    verification: new VerificationService(db, cards),
    siwes: new SiwesService({ db, storage: deps.storage, config: deps.config }),
  });
}
