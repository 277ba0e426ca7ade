import type { Db } from '../client.js';
import type { FileStorage } from '../../platform/storage.js';
import { seedApplicantFiles } from './applicant-files.js';
import { seedAccounts } from './accounts.js';
import { seedCourseRegistration } from './course-registration.js';
import { seedHostelRound } from './hostels.js';
import { seedInstitution } from './institution.js';
import { seedPages } from './pages.js';
import { seedPayments } from './payments.js';
import { seedReference } from './reference.js';
import { seedResults } from './results.js';
import { seedSchoolFees } from './school-fees.js';
import { seedSetup } from './setup.js';

/** Reference data, the demo institution and the demo accounts. Idempotent: run on every start. */
export async function seed(db: Db, storage?: FileStorage): Promise<void> {
  await seedReference(db);
  await seedInstitution(db);
  await seedSetup(db);
  await seedPages(db);
  await seedAccounts(db);
  await seedPayments(db);
  await seedSchoolFees(db);
  await seedCourseRegistration(db);
  await seedResults(db);
  await seedHostelRound(db);
  // Uploaded documents, passports and admission forms need file storage.
  if (storage) await seedApplicantFiles(db, storage);
}
