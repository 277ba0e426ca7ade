import { CONTENT_MESSAGES as M, CONTENT_PAGES } from '@portal/contracts';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/client.js';
import { actorOf, type AuditActor } from '../../platform/audit.js';
import type { AuthContext } from '../../platform/auth.js';
import type { Exec } from '../../platform/db.js';
import { forbidden, notFound, unauthorized } from '../../platform/errors.js';
import { holdsApprovedCourse } from '../courses/roster.service.js';
import * as repo from './content.repository.js';

/** The admin calling a staff route, with the pages their roles grant. */
export interface StaffCaller extends AuditActor {
  pages: readonly string[];
}

export async function staffCaller(db: Db, request: FastifyRequest): Promise<StaffCaller> {
  const actor = await actorOf(db, request);
  return { ...actor, pages: request.auth?.pages ?? [] };
}

/**
 * Who authors an offering: its course lecturers (CourseLecturers, through the staff record with the
 * admin's e-mail); and an admin holding `managecontent` who lectures nothing (a content
 * administrator, the super admin) authors any offering. A lecturer authors only their own.
 */
export async function isContentAdministrator(db: Exec, caller: StaffCaller): Promise<boolean> {
  return caller.pages.includes(CONTENT_PAGES.manage) && !(await repo.lecturesAnything(db, caller.adminId));
}

export async function authorOffering(db: Exec, caller: StaffCaller, courseId: number, sessionId: number) {
  const offering = await repo.offering(db, courseId, sessionId);
  if (!offering) throw notFound(M.offeringNotFound);
  if (await repo.isLecturerOf(db, caller.adminId, courseId, sessionId)) return offering;
  if (await isContentAdministrator(db, caller)) return offering;
  throw forbidden(M.notLecturer);
}

/** Staff who may see an offering's content (its files, the preview): authors and reviewers. */
export async function staffMayRead(db: Exec, caller: StaffCaller, courseId: number, sessionId: number) {
  if (caller.pages.includes(CONTENT_PAGES.review)) {
    const offering = await repo.offering(db, courseId, sessionId);
    if (!offering) throw notFound(M.offeringNotFound);
    return offering;
  }
  return authorOffering(db, caller, courseId, sessionId);
}

export function studentIdOf(auth: AuthContext | null): number {
  if (!auth) throw unauthorized();
  if (auth.kind !== 'Student') throw forbidden();
  return auth.userId;
}

/**
 * A student reads an offering only when their approved course registration for the semester of
 * the course's term in that session holds the course (courses module). Anything else — an offering
 * that does not exist, a course not registered — is the same 403, so a guessed id learns nothing.
 */
export async function enrolledOffering(db: Exec, studentId: number, courseId: number, sessionId: number) {
  const offering = await repo.offering(db, courseId, sessionId);
  if (!offering || offering.semesterId === null) throw forbidden(M.notEnrolled);
  if (!(await holdsApprovedCourse(db, studentId, courseId, offering.semesterId)))
    throw forbidden(M.notEnrolled);
  return offering;
}

/** An item a student may read: of an offering they are enrolled in (else 403), published in a published section (else 404). */
export async function enrolledItem(db: Exec, studentId: number, itemId: number) {
  const found = await repo.item(db, itemId);
  if (!found) throw forbidden(M.notEnrolled);
  await enrolledOffering(db, studentId, found.item.courseId, found.item.sessionId);
  if (found.item.state !== 'published' || !found.sectionPublished) throw notFound(M.itemNotFound);
  return found.item;
}
