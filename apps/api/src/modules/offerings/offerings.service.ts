import { OFFERING_MESSAGES as M, STATUS } from '@portal/contracts';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/client.js';
import { actorOf, type AuditActor } from '../../platform/audit.js';
import type { AuthContext } from '../../platform/auth.js';
import type { Exec } from '../../platform/db.js';
import { forbidden, notFound, unauthorized } from '../../platform/errors.js';
import { approvedCoursesOf, approvedRoster, holdsApprovedCourse } from '../courses/roster.service.js';
import * as repo from './offerings.repository.js';

/**
 * Course offerings (a course in an academic session), the classroom's unit: who lectures one, who
 * takes one, and who may act on one. Content, assignments, discussions, live classes and exams all
 * decide access here, so the rule is written once.
 */

export type OfferingFacts = repo.OfferingFacts;
export type StaffOfferingRow = repo.StaffOfferingRow;

/** The admin calling a staff route, with the pages their roles grant. */
export interface StaffCaller extends AuditActor {
  pages: readonly string[];
}

export async function staffCaller(db: Db, request: FastifyRequest): Promise<StaffCaller> {
  const actor = await actorOf(db, request);
  return { ...actor, pages: request.auth?.pages ?? [] };
}

export function studentIdOf(auth: AuthContext | null): number {
  if (!auth) throw unauthorized();
  if (auth.kind !== 'Student') throw forbidden();
  return auth.userId;
}

/** The offering's facts (cached reference data), or null when the course or session does not exist. */
export const offering = (db: Exec, courseId: number, sessionId: number) =>
  repo.offering(db, courseId, sessionId);

export const isLecturerOf = (db: Exec, adminId: number, courseId: number, sessionId: number) =>
  repo.isLecturerOf(db, adminId, courseId, sessionId);

/** The admin accounts of the offering's lecturers (whom its notifications reach). */
export const lecturerAdminIds = (db: Exec, courseId: number, sessionId: number) =>
  repo.lecturerAdminIds(db, courseId, sessionId);

/** Lecturers of offerings, by `courseId:sessionId`, lead first. */
export const lecturersOf = (db: Exec, offerings: readonly { courseId: number; sessionId: number }[]) =>
  repo.lecturersOf(db, offerings);

export const currentSemesters = (db: Exec) => repo.currentSemesters(db);
export const currentSessionId = (db: Exec) => repo.currentSessionId(db);
export const coursesByIds = (db: Exec, ids: readonly number[]) => repo.coursesByIds(db, ids);

/**
 * An administrator of a classroom feature: an admin holding the feature's page (`managecontent`,
 * `assignment`, `LiveClassroom`, `cbt` …) who lectures nothing (a content administrator, the super
 * admin) acts on every offering. A lecturer acts only on their own.
 */
export async function isOfferingAdministrator(db: Exec, caller: StaffCaller, page: string): Promise<boolean> {
  return caller.pages.includes(page) && !(await repo.lecturesAnything(db, caller.adminId));
}

/** The offering a staff member may act on through `page`: theirs as a lecturer, or any as its administrator. */
export async function authorOffering(
  db: Exec,
  caller: StaffCaller,
  courseId: number,
  sessionId: number,
  page: string,
): Promise<OfferingFacts> {
  const found = await repo.offering(db, courseId, sessionId);
  if (!found) throw notFound(M.offeringNotFound);
  if (await repo.isLecturerOf(db, caller.adminId, courseId, sessionId)) return found;
  if (await isOfferingAdministrator(db, caller, page)) return found;
  throw forbidden(M.notLecturer);
}

/**
 * A course a staff member may act on through `page` across sessions (a course's question bank): a
 * lecturer of it in any session, or the page's administrator. A course that does not exist is 404.
 */
export async function authorCourse(db: Exec, caller: StaffCaller, courseId: number, page: string) {
  const [found] = await repo.coursesByIds(db, [courseId]);
  if (!found) throw notFound(M.offeringNotFound);
  if (await repo.lecturesCourse(db, caller.adminId, courseId)) return found;
  if (await isOfferingAdministrator(db, caller, page)) return found;
  throw forbidden(M.notLecturer);
}

/**
 * The offerings a staff member works on through `page`, paged: their own (every session, or the one
 * asked for), or for the page's administrator every active course of the session (the current one by default).
 */
export async function staffOfferings(
  db: Exec,
  caller: StaffCaller,
  page: string,
  q: { sessionId?: number | null; search?: string; limit: number; offset: number },
) {
  const admin = await isOfferingAdministrator(db, caller, page);
  const sessionId = q.sessionId ?? (admin ? await repo.currentSessionId(db) : null);
  return repo.staffOfferings(db, {
    adminId: admin ? null : caller.adminId,
    sessionId: sessionId ?? null,
    search: q.search || undefined,
    limit: q.limit,
    offset: q.offset,
  });
}

/**
 * The caller's offerings through `page` as the classroom's staff lists answer them (assignments, exams):
 * `{ Status, Data: [{ CourseId, SessionId, Code, Title, Session, Semester }], Page, PageSize, Total }`.
 */
export async function offeringsPage(
  db: Exec,
  caller: StaffCaller,
  page: string,
  q: { page: number; pageSize: number; search?: string; sessionId?: number },
) {
  const { rows, total } = await staffOfferings(db, caller, page, {
    sessionId: q.sessionId,
    search: q.search,
    limit: q.pageSize,
    offset: (q.page - 1) * q.pageSize,
  });
  return {
    Status: STATUS.ok,
    Data: rows.map((r) => ({
      CourseId: r.courseId,
      SessionId: r.sessionId,
      Code: r.code,
      Title: r.title,
      Session: r.session,
      Semester: r.term,
    })),
    Page: q.page,
    PageSize: q.pageSize,
    Total: total,
  };
}

/**
 * A student acts in an offering only when their approved course registration for the semester of the
 * course's term in that session holds the course. Anything else — an offering that does not exist, a
 * course not registered — is the same 403, so a guessed id learns nothing.
 */
export async function enrolledOffering(
  db: Exec,
  studentId: number,
  courseId: number,
  sessionId: number,
): Promise<OfferingFacts> {
  const found = await repo.offering(db, courseId, sessionId);
  if (!found || found.semesterId === null) throw forbidden(M.notEnrolled);
  if (!(await holdsApprovedCourse(db, studentId, courseId, found.semesterId))) throw forbidden(M.notEnrolled);
  return found;
}

/** Whether the student takes the offering (the same rule, as a yes or no). */
export async function isEnrolled(db: Exec, studentId: number, courseId: number, sessionId: number) {
  const found = await repo.offering(db, courseId, sessionId);
  if (!found || found.semesterId === null) return false;
  return holdsApprovedCourse(db, studentId, courseId, found.semesterId);
}

/** The students taking an offering (its approved roster, with matric number and name); none when no semester is set up. */
export async function roster(db: Exec, o: Pick<OfferingFacts, 'courseId' | 'semesterId'>) {
  return o.semesterId ? approvedRoster(db, o.courseId, o.semesterId) : [];
}

/** The ids of the students taking an offering. */
export async function rosterIds(
  db: Exec,
  o: Pick<OfferingFacts, 'courseId' | 'semesterId'>,
): Promise<number[]> {
  return (await roster(db, o)).map((r) => r.studentId);
}

/** The offerings a student takes this semester (the current semesters' approved registrations). */
export async function currentOfferingsOf(db: Exec, studentId: number) {
  const current = await repo.currentSemesters(db);
  const held = await approvedCoursesOf(
    db,
    studentId,
    current.map((s) => s.id),
  );
  const sessionOf = new Map(current.map((s) => [s.id, s.sessionId]));
  return {
    semester: current[0]?.name ?? null,
    offerings: held.map((h) => ({
      courseId: h.courseId,
      sessionId: sessionOf.get(h.semesterId)!,
      semesterId: h.semesterId,
    })),
  };
}
