import { RESULT_MESSAGES as M, STATUS, type ScoreProposal, type ScoreProposalState } from '@portal/contracts';
import type { Db } from '../../db/client.js';
import { audit, type AuditActor } from '../../platform/audit.js';
import type { Exec } from '../../platform/db.js';
import { conflict, notFound } from '../../platform/errors.js';
import { isoRequired } from '../../platform/time.js';
import { approvedRoster } from '../courses/roster.service.js';
import * as repo from './proposals.repository.js';
import * as sheets from './sheets.repository.js';
import { computeEntry, editableSheet, grading } from './sheets.service.js';

/**
 * Score proposals: another module (assignments now, exams later) proposes a student's score for a
 * score item of a course's sheet; the lecturer accepts it on the sheet. Accepting fills only an
 * empty mark — a mark already entered is never overwritten: the proposal is `kept` (set aside) and
 * says so. Proposing again (a regrade) makes it pending again.
 */

export interface ScoreProposalInput {
  courseId: number;
  semesterId: number;
  scoreItemId: number;
  studentId: number;
  /** In the score item's units (0 … its maximum), hundredths at most. */
  score: number;
  sourceKind: string;
  sourceId: number;
  sourceLabel: string;
}

/** The score items of the school's active scheme, in order ({ id, name, max }): what a source may feed. */
export async function activeScoreItems(db: Exec) {
  const scheme = await sheets.activeScheme(db);
  return scheme ? sheets.schemeItems(db, scheme.id) : [];
}

/** Proposes scores, in the caller's transaction (so the source's change and its proposals commit together). */
export async function proposeScores(tx: Exec, inputs: readonly ScoreProposalInput[]): Promise<void> {
  for (const p of inputs)
    await repo.upsertProposal(tx, {
      ...p,
      score: Math.round(p.score * 100) / 100,
      sourceLabel: p.sourceLabel.slice(0, 300),
    });
}

/** Withdraws a source's pending proposals (e.g. its assignment was deleted), in the caller's transaction. */
export async function withdrawProposals(tx: Exec, sourceKind: string, sourceId: number): Promise<void> {
  await repo.deletePending(tx, sourceKind, sourceId);
}

/** The latest revision's mark of each student for each item: `studentId:itemId` → score. */
async function currentMarks(db: Exec, courseId: number, semesterId: number) {
  const [latest] = await sheets.revisions(db, courseId, semesterId);
  const marks = new Map<string, number>();
  if (!latest) return { latest: null, marks };
  for (const e of await sheets.entries(db, latest.id))
    for (const [item, score] of Object.entries(e.scores))
      if (score !== null && score !== undefined) marks.set(`${e.studentId}:${item}`, Number(score));
  return { latest, marks };
}

function view(p: repo.ListedProposal, marks: Map<string, number>): ScoreProposal {
  return {
    Id: p.id,
    StudentId: p.studentId,
    MatricNo: p.matricNo,
    Name: p.name,
    ScoreItemId: p.scoreItemId,
    ScoreItem: p.scoreItem,
    Score: p.score,
    SourceKind: p.sourceKind,
    SourceId: p.sourceId,
    Source: p.sourceLabel,
    State: p.state as ScoreProposalState,
    CurrentMark: marks.get(`${p.studentId}:${p.scoreItemId}`) ?? null,
    CreatedAt: isoRequired(p.createdAt),
  };
}

/** The proposals of a course's sheet in a semester, with the mark the sheet holds now. */
export async function listProposals(db: Db, q: { courseId: number; semesterId: number }) {
  const [rows, { marks }] = await Promise.all([
    repo.proposalsOf(db, q.courseId, q.semesterId),
    currentMarks(db, q.courseId, q.semesterId),
  ]);
  return { Status: STATUS.ok, Data: rows.map((r) => view(r, marks)) };
}

/**
 * Accepts a pending proposal for the sheet's lecturer: an empty mark is filled (the total and grade
 * recomputed, the sheet's version bumped, an event and an audit entry written); a mark already
 * entered stays and the proposal is kept aside. One transaction.
 */
export async function acceptProposal(db: Db, actor: AuditActor, id: number) {
  return db.transaction(async (tx) => {
    const p = await repo.proposal(tx, id, true);
    if (!p) throw notFound(M.proposalNotFound);
    if (p.state !== 'pending') throw conflict(M.proposalDecided);
    const [latest] = await sheets.revisions(tx, p.courseId, p.semesterId);
    const { course, semester, sheet } = await editableSheet(
      tx,
      actor,
      p.courseId,
      p.semesterId,
      latest?.version ?? 0,
    );
    const g = await grading(tx, sheet);
    const existing = (await sheets.entries(tx, sheet.id)).find((e) => e.studentId === p.studentId);
    const key = String(p.scoreItemId);
    const entered = existing?.scores[key];
    let state: 'accepted' | 'kept' = 'kept';
    if (entered === undefined || entered === null) {
      const item = g.items.find((i) => i.Id === p.scoreItemId);
      const student = (await approvedRoster(tx, course.id, semester.id)).find(
        (s) => s.studentId === p.studentId,
      );
      if (!item || !student) throw conflict(M.notRegistered(p.matricNo, course.code));
      const scores = { ...(existing?.scores ?? {}), [key]: Math.min(p.score, item.Max) };
      await sheets.upsertEntries(tx, [
        {
          sheetId: sheet.id,
          studentId: p.studentId,
          levelId: student.levelId,
          scores,
          ...computeEntry(scores, g),
        },
      ]);
      const updated = await sheets.updateSheet(tx, sheet.id, sheet.version, {});
      if (!updated) throw conflict(M.stale);
      await sheets.addEvent(tx, {
        sheetId: sheet.id,
        action: 'saved',
        actorId: actor.adminId,
        comment: `${p.matricNo}: ${p.scoreItem} ${p.score} (${p.sourceLabel})`,
      });
      state = 'accepted';
    }
    await repo.decide(tx, p.id, state, actor.adminId);
    await audit(tx, {
      actor,
      page: 'resultupload',
      action: state === 'accepted' ? 'accept_score_proposal' : 'keep_entered_mark',
      entity: 'score_proposal',
      entityId: p.id,
      after: { student: p.matricNo, item: p.scoreItem, score: p.score, source: p.sourceLabel },
    });
    const marks = new Map([
      [`${p.studentId}:${p.scoreItemId}`, state === 'accepted' ? p.score : Number(entered)],
    ]);
    return {
      Status: STATUS.ok,
      Message: state === 'accepted' ? M.proposalAccepted : M.proposalKept,
      Data: view({ ...p, state }, marks),
    };
  });
}
