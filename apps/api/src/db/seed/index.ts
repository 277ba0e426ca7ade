import type { Db } from '../client.js';
import type { FileStorage } from '../../platform/storage.js';
import { seedAccounts } from './accounts.js';
import { seedAnnouncements } from './announcements.js';
import { seedApplicantFiles } from './applicant-files.js';
import { seedCourseRegistration } from './course-registration.js';
import { seedCourseCatalogue, seedTeaching } from './courses.js';
import { seedHostelInventory, seedHostelRound } from './hostels.js';
import { seedInstitution, seedProgrammes, seedSchoolLists } from './institution.js';
import { seedPages } from './pages.js';
import { seedFinance, seedLevelFees, seedPayments } from './payments.js';
import { seedReference } from './reference.js';
import { seedGrading, seedResults } from './results.js';
import { seedSchoolFees } from './school-fees.js';
import { seedCourseContent } from './course-content.js';
import { seedDiscussions } from './discussions.js';
import { seedLiveClasses } from './live-classes.js';
import { seedCalendar } from './sessions.js';
import { seedAssignments } from './assignments.js';
import { seedCbt } from './cbt.js';

/** One step of the demo seed: idempotent, adds nothing on a second run. */
type SeedStep = (db: Db, storage?: FileStorage) => Promise<void>;

/**
 * The demo's seeds, in the one order they run. Each module's demo data is its own file here; a step
 * reads the rows of the steps before it by their natural keys (a code, a name), so the order is the
 * only thing they share. Inserting in this order keeps the demo database the same run after run
 * (ids included), which the demo accounts and the tests rely on.
 */
export const SEED_STEPS: readonly (readonly [string, SeedStep])[] = [
  ['reference data', seedReference],
  ['institution', seedInstitution],
  ['calendar', seedCalendar],
  ['programmes', seedProgrammes],
  ['school lists', seedSchoolLists],
  ['course catalogue', seedCourseCatalogue],
  ['teaching', seedTeaching],
  ['grading', seedGrading],
  ['finance', seedFinance],
  ['level fees', seedLevelFees],
  ['hostel inventory', seedHostelInventory],
  ['pages and roles', seedPages],
  ['accounts', seedAccounts],
  ['acceptance fee', seedPayments],
  ['school fees', seedSchoolFees],
  ['course registration', seedCourseRegistration],
  ['results', seedResults],
  ['hostel round', seedHostelRound],
  // Uploaded documents, passports and admission forms need file storage.
  ['applicant files', (db, storage) => (storage ? seedApplicantFiles(db, storage) : Promise.resolve())],
  // DIT/2024/0005, the content reviewer and CSC 101's published content (its files need the storage).
  ['course content', seedCourseContent],
  // A current announcement to all students; an unread type-6 item for DIT/2024/0005.
  ['announcements', seedAnnouncements],
  // CSC 101's learning-discussion thread and its type-5 items.
  ['discussions', seedDiscussions],
  // CSC 101's assignments (one open, one graded and returned to DIT/2024/0005).
  ['assignments', seedAssignments],
  // Live classes of CSC 101: tomorrow, running now (sandbox engine), a past one with attendance and a recording.
  ['live classes', seedLiveClasses],
  // CSC 101's question bank, 'CSC 101 Test 1' open now, a past quiz with marked attempts.
  ['cbt', seedCbt],
];

/** Reference data, the demo institution and the demo accounts. Idempotent: run on every start. */
export async function seed(db: Db, storage?: FileStorage): Promise<void> {
  for (const [, step] of SEED_STEPS) await step(db, storage);
}
