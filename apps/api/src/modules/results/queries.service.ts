import { RESULT_MESSAGES as M, STATUS } from '@portal/contracts';
import type { Db } from '../../db/client.js';
import { audit, type AuditActor } from '../../platform/audit.js';
import type { AuthContext } from '../../platform/auth.js';
import { paged } from '../../platform/db.js';
import { conflict, forbidden, notFound } from '../../platform/errors.js';
import { iso, isoRequired } from '../../platform/time.js';
import { ownStudent } from '../students/students.service.js';
import * as repo from './results.repository.js';
import * as sheets from './sheets.repository.js';

/**
 * Result queries: a student asks for a published result to be checked (a remark request with a
 * reason); the query reaches the course's head of department — the holders of the first
 * department-wide review stage for the course's department (an admin who holds no stage, the
 * registry, sees every department) — and the answer shows on the student's page.
 */

/** The departments whose queries an admin answers, or null for every department. */
async function departmentsOf(db: Db, adminId: number): Promise<number[] | null> {
  const [held, stages] = await Promise.all([sheets.heldStages(db, adminId), sheets.stages(db)]);
  if (!held.length) return null;
  const hod = stages.find((s) => s.scope === 'Department');
  if (!hod) return [];
  const mine = held.filter((h) => h.stageId === hod.id);
  if (mine.some((h) => h.departmentId === null)) return null;
  return mine.map((h) => h.departmentId!);
}

export async function raiseQuery(
  db: Db,
  auth: AuthContext | null,
  input: { ResultId: number; Reason: string },
) {
  const student = await ownStudent({ db }, auth);
  const result = await repo.resultOfStudent(db, input.ResultId, student.id);
  if (!result) throw notFound(M.resultNotFound);
  const row = await repo.insertQuery(db, {
    studentId: student.id,
    resultId: result.id,
    reason: input.Reason,
  });
  if (!row) throw conflict(M.queryOpen);
  return { Status: STATUS.ok, Message: M.queryRaised };
}

const rowOf = (r: NonNullable<Awaited<ReturnType<typeof repo.queryById>>>) => ({
  Id: r.id,
  ResultId: r.resultId,
  MatricNo: r.matricNo,
  Name: r.name,
  Code: r.code,
  Semester: r.semester,
  Score: r.score,
  Grade: r.grade,
  Reason: r.reason,
  Answer: r.answer,
  CreatedAt: isoRequired(r.createdAt),
  AnsweredAt: iso(r.answeredAt),
});

export async function listQueries(
  db: Db,
  actor: AuditActor,
  q: { answered: 'true' | 'false'; page: number; pageSize: number },
) {
  const departmentIds = await departmentsOf(db, actor.adminId);
  const { rows, total } = await repo.listQueries(
    db,
    { answered: q.answered === 'true', departmentIds },
    q.pageSize,
    (q.page - 1) * q.pageSize,
  );
  return paged(rows.map(rowOf), q.page, q.pageSize, total, 'No result queries.');
}

export async function answerQuery(db: Db, actor: AuditActor, id: number, answer: string) {
  const found = await repo.queryById(db, id);
  if (!found) throw notFound(M.queryNotFound);
  const departmentIds = await departmentsOf(db, actor.adminId);
  if (departmentIds !== null && !departmentIds.includes(found.departmentId)) throw forbidden(M.queryNotFound);
  return db.transaction(async (tx) => {
    const row = await repo.answerQuery(tx, id, answer, actor.adminId);
    if (!row) throw conflict('This query has already been answered.');
    await audit(tx, {
      actor,
      page: 'ReviewResult',
      action: 'answer_query',
      entity: 'result_query',
      entityId: id,
      after: { answer },
    });
    return { Status: STATUS.ok, Message: M.queryAnswered };
  });
}
