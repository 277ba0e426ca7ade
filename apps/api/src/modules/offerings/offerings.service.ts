import { OFFERING_MESSAGES as M, STATUS, type OfferingPage, type StaffOffering } from '@portal/contracts';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/client.js';
import { actorOf, audit, type AuditActor } from '../../platform/audit.js';
import type { AuthContext } from '../../platform/auth.js';
import { errorMentions, PG_UNIQUE_VIOLATION, pgErrorCode, type Exec } from '../../platform/db.js';
import { conflict, forbidden, notFound, unauthorized } from '../../platform/errors.js';
import {
  approvedCoursesOf,
  approvedHoldings,
  approvedRoster,
  approvedRosterPage,
  approvedRosterSizesOf,
  holdsApprovedCourse,
  registrationListsCourse,
} from '../courses/roster.service.js';
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

/** What a feature counts in each offering of its list, by `courseId:sessionId` (content: its items by state). */
export type OfferingCounter = (
  db: Exec,
  offerings: readonly StaffOfferingRow[],
) => Promise<Map<string, Record<string, number>>>;

/**
 * The list every classroom page opens on (GET OFFERINGS_API.staff(page)): the offerings the caller
 * works on through `page` (`staffOfferings`), each with its lecturers, how many students take it and
 * what the page's feature counts in it (`counter`), in one query each for the whole page.
 */
export async function staffOfferingsList(
  db: Exec,
  caller: StaffCaller,
  page: OfferingPage,
  q: { page: number; pageSize: number; search?: string; sessionId?: number },
  counter?: OfferingCounter,
) {
  // The route lets in any of OFFERING_PAGES: the list is of the page asked for, so the caller holds it.
  if (!caller.pages.includes(page)) throw forbidden();
  const { rows, total } = await staffOfferings(db, caller, page, {
    sessionId: q.sessionId,
    search: q.search,
    limit: q.pageSize,
    offset: (q.page - 1) * q.pageSize,
  });
  const [lecturers, enrolled, counts] = await Promise.all([
    repo.lecturersOf(db, rows),
    rosterSizes(db, rows, { auditors: true }),
    counter ? counter(db, rows) : new Map<string, Record<string, number>>(),
  ]);
  const data: StaffOffering[] = rows.map((r) => {
    const key = `${r.courseId}:${r.sessionId}`;
    return {
      CourseId: r.courseId,
      SessionId: r.sessionId,
      Code: r.code,
      Title: r.title,
      Semester: r.term,
      Session: r.session,
      Lecturers: (lecturers.get(key) ?? []).map((l) => l.name),
      Enrolled: enrolled.get(key) ?? 0,
      Counts: counts.get(key) ?? {},
    };
  });
  return { Status: STATUS.ok, Data: data, Page: q.page, PageSize: q.pageSize, Total: total };
}

/**
 * Who takes part in an offering, which every caller says: `{ auditors: true }` for the classroom
 * (content, assignments, discussions, live classes, and the notices each sends to the offering) —
 * the students registered for it and those enrolled by hand to audit it; `{ auditors: false }` for
 * exams (CBT) and results — the registered only: an auditor sits no exam and gets no result.
 */
export interface Takers {
  readonly auditors: boolean;
}

/** An offering as the taker functions need it. */
type OfferingKey = Pick<OfferingFacts, 'courseId' | 'sessionId' | 'semesterId'>;

/** A student taking an offering: `auditing` when enrolled by hand rather than registered. */
export interface RosterRow {
  studentId: number;
  matricNo: string;
  name: string;
  /** The level they registered at; null for an auditor. */
  levelId: number | null;
  auditing: boolean;
}

/**
 * A student acts in an offering only when their approved course registration for the semester of the
 * course's term in that session holds the course — or, for the classroom (`auditors: true`), when
 * they audit it. Anything else — an offering that does not exist, a course not registered — is the
 * same 403, so a guessed id learns nothing.
 */
export async function enrolledOffering(
  db: Exec,
  studentId: number,
  courseId: number,
  sessionId: number,
  takers: Takers,
): Promise<OfferingFacts> {
  const found = await repo.offering(db, courseId, sessionId);
  if (!found || !(await takes(db, studentId, found, takers))) throw forbidden(M.notEnrolled);
  return found;
}

async function takes(db: Exec, studentId: number, o: OfferingFacts, takers: Takers) {
  if (o.semesterId === null) return false;
  if (await holdsApprovedCourse(db, studentId, o.courseId, o.semesterId)) return true;
  return takers.auditors && repo.isAuditing(db, studentId, o.courseId, o.sessionId);
}

/** Whether the student takes the offering (the same rule, as a yes or no). */
export async function isEnrolled(
  db: Exec,
  studentId: number,
  courseId: number,
  sessionId: number,
  takers: Takers,
) {
  const found = await repo.offering(db, courseId, sessionId);
  return found ? takes(db, studentId, found, takers) : false;
}

/**
 * The offering's auditors who are not (or no longer) registered for it: an auditor whose registration
 * for the course was approved since is counted once, as registered.
 */
async function unregisteredAuditors<T extends { studentId: number; courseId: number; semesterId: number }>(
  db: Exec,
  rows: T[],
): Promise<T[]> {
  if (rows.length === 0) return rows;
  const registered = await approvedHoldings(db, rows);
  return rows.filter((r) => !registered.has(`${r.studentId}:${r.courseId}:${r.semesterId}`));
}

/** An offering's auditors (not registered for it), searched by matric number or name when asked. */
async function auditorsTaking(db: Exec, o: OfferingKey, search?: string) {
  if (o.semesterId === null) return [];
  const semesterId = o.semesterId;
  const rows = (await repo.auditorsOf(db, o.courseId, o.sessionId, search)).map((r) => ({
    ...r,
    courseId: o.courseId,
    semesterId,
  }));
  return unregisteredAuditors(db, rows);
}

/**
 * The students taking an offering, with matric number and name: its approved roster, then (with
 * `auditors: true`) those auditing it; none when no semester is set up.
 */
export async function roster(db: Exec, o: OfferingKey, takers: Takers): Promise<RosterRow[]> {
  if (!o.semesterId) return [];
  const [registered, auditing] = await Promise.all([
    approvedRoster(db, o.courseId, o.semesterId),
    takers.auditors ? auditorsTaking(db, o) : [],
  ]);
  return [
    ...registered.map((r) => ({ ...r, auditing: false })),
    ...auditing.map((a) => ({
      studentId: a.studentId,
      matricNo: a.matricNo,
      name: a.name,
      levelId: null,
      auditing: true,
    })),
  ];
}

/** The ids of the students taking an offering. */
export async function rosterIds(db: Exec, o: OfferingKey, takers: Takers): Promise<number[]> {
  return (await roster(db, o, takers)).map((r) => r.studentId);
}

/**
 * How many students take each offering, by `courseId:sessionId`, however many offerings are asked: the
 * approved registrations in ONE grouped query and, with `auditors: true` (a classroom's "enrolled"),
 * the auditors in one more (and one to leave out any auditor registered since, when there are any);
 * an offering without a semester set up takes none.
 */
export async function rosterSizes(
  db: Exec,
  list: readonly OfferingKey[],
  takers: Takers,
): Promise<Map<string, number>> {
  const held = list.filter((o): o is typeof o & { semesterId: number } => o.semesterId !== null);
  const [sizes, audits] = await Promise.all([
    approvedRosterSizesOf(db, held),
    takers.auditors && held.length ? repo.auditorsOfOfferings(db, held) : [],
  ]);
  const semesterOf = new Map(held.map((o) => [`${o.courseId}:${o.sessionId}`, o.semesterId]));
  const auditing = await unregisteredAuditors(
    db,
    audits.flatMap((a) => {
      const semesterId = semesterOf.get(`${a.courseId}:${a.sessionId}`);
      return semesterId === undefined ? [] : [{ ...a, semesterId }];
    }),
  );
  const auditors = new Map<string, number>();
  for (const a of auditing) {
    const key = `${a.courseId}:${a.sessionId}`;
    auditors.set(key, (auditors.get(key) ?? 0) + 1);
  }
  return new Map(
    list.map((o) => {
      const key = `${o.courseId}:${o.sessionId}`;
      if (o.semesterId === null) return [key, 0];
      return [key, (sizes.get(`${o.courseId}:${o.semesterId}`) ?? 0) + (auditors.get(key) ?? 0)];
    }),
  );
}

/**
 * The offerings a student takes this semester: the current semesters' approved registrations and,
 * with `auditors: true`, the offerings they audit (`auditing`).
 */
export async function currentOfferingsOf(db: Exec, studentId: number, takers: Takers) {
  const current = await repo.currentSemesters(db);
  const semesterIds = current.map((s) => s.id);
  const [held, audited] = await Promise.all([
    approvedCoursesOf(db, studentId, semesterIds),
    takers.auditors ? repo.auditedIn(db, studentId, semesterIds) : [],
  ]);
  const sessionOf = new Map(current.map((s) => [s.id, s.sessionId]));
  const registered = held.map((h) => ({
    courseId: h.courseId,
    sessionId: sessionOf.get(h.semesterId)!,
    semesterId: h.semesterId,
    auditing: false,
  }));
  const taken = new Set(registered.map((r) => `${r.courseId}:${r.semesterId}`));
  return {
    semester: current[0]?.name ?? null,
    offerings: [
      ...registered,
      ...audited
        .filter((a) => !taken.has(`${a.courseId}:${a.semesterId}`))
        .map((a) => ({ ...a, auditing: true })),
    ],
  };
}

// ───────────────────────────── auditors ─────────────────────────────

/**
 * A page of an offering's learners for the learners' page: the registered (by matric number), then
 * the auditors (by matric number), searched by matric number or name. The registered are paged in
 * the database; an offering's auditors, few and enrolled by hand, are read whole and the page cut
 * from them.
 */
export async function rosterPage(
  db: Exec,
  o: OfferingKey,
  q: { search?: string; limit: number; offset: number },
): Promise<{ rows: (RosterRow & { reason: string | null; addedAt: Date | null })[]; total: number }> {
  if (o.semesterId === null) return { rows: [], total: 0 };
  const [registered, auditing] = await Promise.all([
    approvedRosterPage(db, {
      courseId: o.courseId,
      semesterId: o.semesterId,
      search: q.search,
      limit: q.limit,
      offset: q.offset,
    }),
    auditorsTaking(db, o, q.search),
  ]);
  const fromAuditors = Math.max(0, q.offset - registered.total);
  const room = q.limit - registered.rows.length;
  return {
    total: registered.total + auditing.length,
    rows: [
      ...registered.rows.map((r) => ({
        ...r,
        levelId: null,
        auditing: false,
        reason: null,
        addedAt: null,
      })),
      ...auditing.slice(fromAuditors, fromAuditors + Math.max(0, room)).map((a) => ({
        studentId: a.studentId,
        matricNo: a.matricNo,
        name: a.name,
        levelId: null,
        auditing: true,
        reason: a.reason,
        addedAt: a.createdAt,
      })),
    ],
  };
}

/** How many take an offering each way (the learners' page's heading). */
export async function takerCounts(db: Exec, o: OfferingKey) {
  const [registered, auditing] = await Promise.all([
    rosterSizes(db, [o], { auditors: false }),
    auditorsTaking(db, o),
  ]);
  return { registered: registered.get(`${o.courseId}:${o.sessionId}`) ?? 0, auditing: auditing.length };
}

const AUDIT_ENTITY = 'course_audit_enrolment';

/** The active student with this matric number (any case), or 404. */
async function auditStudent(db: Exec, matricNo: string) {
  const student = await repo.studentByMatric(db, matricNo.trim().toUpperCase());
  if (!student || !student.isActive) throw notFound(M.auditStudentNotFound);
  return student;
}

/**
 * Enrols a student by hand to audit an offering (where the school allows it), with the reason;
 * audited through `page` in the same transaction. Refused: an offering that does not exist (404) or
 * has no semester set up (409), an unknown or inactive student (404), a student whose registration
 * for the semester lists the course (409), one already auditing it (409).
 */
export async function addAuditor(
  db: Db,
  caller: StaffCaller,
  o: OfferingFacts,
  input: { MatricNo: string; Reason: string },
  page: string,
) {
  if (o.semesterId === null) throw conflict(M.auditNoSemester);
  const semesterId = o.semesterId;
  const reason = input.Reason.trim();
  const student = await db
    .transaction(async (tx) => {
      const student = await auditStudent(tx, input.MatricNo);
      if (await registrationListsCourse(tx, student.id, o.courseId, semesterId))
        throw conflict(M.auditAlreadyRegistered(student.matricNo, o.code));
      if (await repo.isAuditing(tx, student.id, o.courseId, o.sessionId))
        throw conflict(M.auditAlreadyAuditing(student.matricNo, o.code));
      const row = await repo.insertAuditor(tx, {
        courseId: o.courseId,
        sessionId: o.sessionId,
        studentId: student.id,
        reason,
        addedByAdminId: caller.adminId,
      });
      await audit(tx, {
        actor: caller,
        page,
        action: 'create',
        entity: AUDIT_ENTITY,
        entityId: row.id,
        after: {
          courseId: o.courseId,
          sessionId: o.sessionId,
          code: o.code,
          studentId: student.id,
          matricNo: student.matricNo,
          reason,
        },
      });
      return student;
    })
    .catch((error: unknown) => {
      // Two adding the same student at once: the unique key keeps one.
      if (pgErrorCode(error) === PG_UNIQUE_VIOLATION && errorMentions(error, 'course_audit_enrolments_once'))
        throw conflict(M.auditAlreadyAuditing(input.MatricNo.trim().toUpperCase(), o.code));
      throw error;
    });
  return { Status: STATUS.ok, Message: M.auditorAdded(student.matricNo, o.code) };
}

/** Ends a student's audit enrolment in an offering (404 when they do not audit it); audited. */
export async function removeAuditor(
  db: Db,
  caller: StaffCaller,
  o: OfferingFacts,
  matricNo: string,
  page: string,
) {
  const student = await db.transaction(async (tx) => {
    const student = await auditStudent(tx, matricNo);
    const removed = await repo.deleteAuditor(tx, o.courseId, o.sessionId, student.id);
    if (!removed) throw notFound(M.auditNotAuditing(student.matricNo, o.code));
    await audit(tx, {
      actor: caller,
      page,
      action: 'delete',
      entity: AUDIT_ENTITY,
      entityId: removed.id,
      before: {
        courseId: o.courseId,
        sessionId: o.sessionId,
        code: o.code,
        studentId: student.id,
        matricNo: student.matricNo,
        reason: removed.reason,
        addedByAdminId: removed.addedByAdminId,
        createdAt: removed.createdAt,
      },
    });
    return student;
  });
  return { Status: STATUS.ok, Message: M.auditorRemoved(student.matricNo, o.code) };
}
