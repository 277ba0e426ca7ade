import { CONTENT_MESSAGES as M, CONTENT_PAGES, OFFERING_MESSAGES } from '@portal/contracts';
import type { Exec } from '../../platform/db.js';
import { forbidden, notFound } from '../../platform/errors.js';
import * as offerings from '../offerings/offerings.service.js';
import type { StaffCaller } from '../offerings/offerings.service.js';
import * as repo from './content.repository.js';

export { staffCaller, studentIdOf, type StaffCaller } from '../offerings/offerings.service.js';

/** The course content is the classroom's: its registered students and those auditing it read it. */
export const CONTENT_TAKERS = { auditors: true } as const;

/** An offering the student takes part in (registered or auditing), else 403. */
export const enrolledOffering = (db: Exec, studentId: number, courseId: number, sessionId: number) =>
  offerings.enrolledOffering(db, studentId, courseId, sessionId, CONTENT_TAKERS);

/** Who authors an offering's content: its lecturers, and the content administrator. */
export const authorOffering = (db: Exec, caller: StaffCaller, courseId: number, sessionId: number) =>
  offerings.authorOffering(db, caller, courseId, sessionId, CONTENT_PAGES.manage);

/** Staff who may see an offering's content (its files, the preview): authors and reviewers. */
export async function staffMayRead(db: Exec, caller: StaffCaller, courseId: number, sessionId: number) {
  if (caller.pages.includes(CONTENT_PAGES.review)) {
    const o = await offerings.offering(db, courseId, sessionId);
    if (!o) throw notFound(OFFERING_MESSAGES.offeringNotFound);
    return o;
  }
  return authorOffering(db, caller, courseId, sessionId);
}

/** An item a student may read: of an offering they are enrolled in (else 403), published in a published section (else 404). */
export async function enrolledItem(db: Exec, studentId: number, itemId: number) {
  const found = await repo.item(db, itemId);
  if (!found) throw forbidden(OFFERING_MESSAGES.notEnrolled);
  await enrolledOffering(db, studentId, found.item.courseId, found.item.sessionId);
  if (found.item.state !== 'published' || !found.sectionPublished) throw notFound(M.itemNotFound);
  return found.item;
}
