import {
  COURSE_REGISTRATION_MESSAGES as M,
  COURSE_REGISTRATION_PAGES as PAGES,
  STATUS,
  type RegistrationDecisionInput,
  type RegistrationDetail,
  type RegistrationListQuery,
  type RegistrationRow as RegistrationListRow,
  type RegistrationState,
} from '@portal/contracts';
import type { Db } from '../../db/client.js';
import { audit, type AuditActor } from '../../platform/audit.js';
import type { Exec } from '../../platform/db.js';
import { paged } from '../../platform/db.js';
import { notFound } from '../../platform/errors.js';
import { isoRequired } from '../../platform/time.js';
import * as repo from './courses.repository.js';
import { historyOf, summaryOf } from './registration.service.js';

/**
 * Advisers and HODs approve or return the registrations of the departments and levels they advise
 * (`course_advisers`, through the staff record with the admin's e-mail); an admin who advises no one
 * (the registry) sees every department. A decision is a conditional update on the version the
 * adviser saw, so a registration changed meanwhile is skipped with the reason, never decided blind.
 */

/** The scopes an adviser is limited to, or null for an admin who advises no one (the registry: every department). */
async function scopesOf(db: Exec, adminId: number) {
  const scopes = await repo.adviserScopes(db, adminId);
  return scopes.length ? scopes : null;
}

const inScope = (
  scopes: repo.AdviserScope[] | null,
  r: { departmentId: number | null; levelId: number | null },
) =>
  scopes === null ||
  scopes.some((s) => s.departmentId === r.departmentId && (s.levelId === null || s.levelId === r.levelId));

export async function listRegistrations(db: Db, actor: AuditActor, q: RegistrationListQuery) {
  const scope = repo.scopeCondition(await scopesOf(db, actor.adminId));
  const { rows, total } = await repo.listRegistrations(
    db,
    {
      semesterId: q.semesterId,
      departmentId: q.departmentId,
      levelId: q.levelId,
      state: q.state,
      search: q.search || undefined,
      scope,
    },
    q.pageSize,
    (q.page - 1) * q.pageSize,
  );
  const data: RegistrationListRow[] = rows.map((r) => ({
    Id: r.id,
    Version: r.version,
    MatricNo: r.matricNo,
    Name: r.name,
    Department: r.department,
    Level: r.level,
    Semester: r.semester,
    State: r.state as RegistrationState,
    AddDrop: r.state !== 'approved' && r.approvedAt !== null,
    TotalUnits: r.totalUnits,
    Courses: r.courses,
    IsLate: r.isLate,
    SubmittedAt: isoRequired(r.submittedAt),
  }));
  return paged(data, q.page, q.pageSize, total, 'No registrations match.');
}

/** The registrations awaiting this adviser's approval (the registry: every one), by semester. */
export async function awaitingApproval(db: Db, adminId: number) {
  const rows = await repo.awaitingBySemester(db, repo.scopeCondition(await scopesOf(db, adminId)));
  return {
    Awaiting: rows.reduce((sum, r) => sum + r.n, 0),
    BySemester: rows.map((r) => ({ SemesterId: r.semesterId, Semester: r.semester, Count: r.n })),
  };
}

export async function detailOf(db: Exec, registration: repo.RegistrationRow): Promise<RegistrationDetail> {
  const context = await repo.registrationContext(db, registration.id);
  if (!context) throw notFound(M.notFound);
  const limits =
    context.programmeId !== null && context.levelId !== null
      ? await repo.unitLimits(db, context.programmeId, context.levelId, context.term)
      : null;
  return {
    Student: {
      Id: context.studentId,
      MatricNo: context.matricNo,
      Name: context.name,
      Department: context.department,
      Level: context.level,
      Programme: context.programme,
    },
    Semester: context.semester,
    Session: context.session,
    Registration: await summaryOf(db, registration),
    History: await historyOf(db, registration.id),
    Limits: limits ? { MinUnits: limits.minUnits, MaxUnits: limits.maxUnits } : null,
  };
}

/** One registration, for an adviser within their scope (others: 404) or the registry. */
export async function getRegistration(db: Db, actor: AuditActor, id: number) {
  const registration = await repo.findRegistration(db, { id });
  if (!registration || !inScope(await scopesOf(db, actor.adminId), registration)) throw notFound(M.notFound);
  return { Status: STATUS.ok, Data: await detailOf(db, registration) };
}

/** Every registration of one student within the scopes (null: all), newest semester first, with its history. */
async function registrationsOf(db: Db, studentId: number, scopes: repo.AdviserScope[] | null) {
  const data: RegistrationDetail[] = [];
  for (const id of await repo.studentRegistrationIds(db, studentId)) {
    const registration = await repo.findRegistration(db, { id });
    if (registration && inScope(scopes, registration)) data.push(await detailOf(db, registration));
  }
  return data;
}

/** RegisteredCourse: every registration of one student (an adviser: those advised), with its history. */
export async function studentRegistrations(db: Db, actor: AuditActor, matricNo: string) {
  const studentId = await repo.studentIdByMatric(db, matricNo);
  if (studentId === null) throw notFound('No student has this matric number.');
  return { Status: STATUS.ok, Data: await registrationsOf(db, studentId, await scopesOf(db, actor.adminId)) };
}

/** For the registry's record of a student (studentenquiry): every registration and its history. */
export async function courseRegistrationsOfStudent(db: Db, studentId: number) {
  return (await registrationsOf(db, studentId, null)).map((d) => ({
    Semester: d.Semester,
    Registration: d.Registration,
    History: d.History,
  }));
}

/**
 * Approve or return registrations, one transaction each (so one stale row does not hold up the
 * rest): the row moves only from 'submitted' at the version the adviser saw, the history and the
 * audit trail are written with it.
 */
export async function decide(db: Db, actor: AuditActor, input: RegistrationDecisionInput) {
  const scopes = await scopesOf(db, actor.adminId);
  const actorName = (await repo.adminName(db, actor.adminId)) ?? actor.email;
  const decided: number[] = [];
  const skipped: { Id: number; Reason: string }[] = [];
  const approve = input.Decision === 'approve';
  for (const { Id, Version } of input.Registrations) {
    const reason = await db.transaction(async (tx) => {
      const current = await repo.findRegistration(tx, { id: Id }, true);
      if (!current || !inScope(scopes, current)) return current ? M.notInScope : M.notFound;
      if (current.state !== 'submitted') return M.notAwaiting;
      if (current.version !== Version) return M.changedSinceOpened;
      const now = new Date();
      const version = Version + 1;
      const updated = await repo.updateRegistration(
        tx,
        Id,
        approve
          ? {
              state: 'approved',
              version,
              decidedAt: now,
              decidedBy: actor.adminId,
              approvedAt: current.approvedAt ?? now,
              comment: input.Comment || null,
            }
          : {
              state: 'returned',
              version,
              decidedAt: now,
              decidedBy: actor.adminId,
              comment: input.Comment ?? null,
            },
        { version: Version, state: 'submitted' },
      );
      if (!updated) return M.changedSinceOpened;
      if (approve) await repo.approveCourses(tx, Id);
      await repo.appendEvents(tx, [
        {
          registrationId: Id,
          version,
          kind: approve ? 'approved' : 'returned',
          actorKind: 'Admin',
          actorId: actor.adminId,
          actorName,
          comment: input.Comment || null,
          at: now,
        },
      ]);
      await audit(tx, {
        actor,
        page: PAGES.approval,
        action: approve ? 'approve' : 'return',
        entity: 'course_registration',
        entityId: Id,
        before: { state: current.state, version: current.version },
        after: { state: updated.state, version: updated.version, comment: updated.comment },
      });
      return null;
    });
    if (reason) skipped.push({ Id, Reason: reason });
    else decided.push(Id);
  }
  const n = decided.length;
  return {
    Status: n > 0 ? STATUS.ok : STATUS.invalid,
    Message:
      n > 0
        ? (approve ? M.approved(n) : M.returned(n)) + (skipped.length ? ` ${skipped.length} skipped.` : '')
        : (skipped[0]?.Reason ?? M.notAwaiting),
    Data: { Decided: decided, Skipped: skipped },
  };
}
