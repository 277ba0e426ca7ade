import { and, asc, eq, sql } from 'drizzle-orm';
import { scoreItems, scoreProposals, students } from '../../db/schema/index.js';
import type { Exec } from '../../platform/db.js';

export type ProposalRow = typeof scoreProposals.$inferSelect;

/** Proposes (or proposes again, e.g. after a regrade) one source's score for a student: pending again. */
export async function upsertProposal(
  db: Exec,
  values: Omit<typeof scoreProposals.$inferInsert, 'id' | 'state' | 'createdAt'>,
) {
  const [row] = await db
    .insert(scoreProposals)
    .values(values)
    .onConflictDoUpdate({
      target: [scoreProposals.sourceKind, scoreProposals.sourceId, scoreProposals.studentId],
      set: {
        courseId: sql`excluded.course_id`,
        semesterId: sql`excluded.semester_id`,
        scoreItemId: sql`excluded.score_item_id`,
        score: sql`excluded.score`,
        sourceLabel: sql`excluded.source_label`,
        state: 'pending',
        decidedBy: null,
        decidedAt: null,
        createdAt: sql`now()`,
      },
    })
    .returning();
  return row!;
}

const listed = {
  id: scoreProposals.id,
  courseId: scoreProposals.courseId,
  semesterId: scoreProposals.semesterId,
  studentId: scoreProposals.studentId,
  matricNo: students.matricNo,
  name: sql<string>`upper(${students.lastName}) || ' ' || ${students.firstName}`,
  scoreItemId: scoreProposals.scoreItemId,
  scoreItem: scoreItems.name,
  score: scoreProposals.score,
  sourceKind: scoreProposals.sourceKind,
  sourceId: scoreProposals.sourceId,
  sourceLabel: scoreProposals.sourceLabel,
  state: scoreProposals.state,
  createdAt: scoreProposals.createdAt,
};
export type ListedProposal = Awaited<ReturnType<typeof proposalsOf>>[number];

/** A sheet's (course and semester) proposals, pending first, then by student. */
export async function proposalsOf(db: Exec, courseId: number, semesterId: number) {
  return db
    .select(listed)
    .from(scoreProposals)
    .innerJoin(students, eq(students.id, scoreProposals.studentId))
    .innerJoin(scoreItems, eq(scoreItems.id, scoreProposals.scoreItemId))
    .where(and(eq(scoreProposals.courseId, courseId), eq(scoreProposals.semesterId, semesterId)))
    .orderBy(sql`${scoreProposals.state} <> 'pending'`, asc(students.matricNo), asc(scoreProposals.id));
}

export async function proposal(db: Exec, id: number, lock = false) {
  const q = db
    .select(listed)
    .from(scoreProposals)
    .innerJoin(students, eq(students.id, scoreProposals.studentId))
    .innerJoin(scoreItems, eq(scoreItems.id, scoreProposals.scoreItemId))
    .where(eq(scoreProposals.id, id));
  const [row] = lock ? await q.for('update', { of: scoreProposals }) : await q;
  return row ?? null;
}

export async function decide(db: Exec, id: number, state: 'accepted' | 'kept', adminId: number) {
  await db
    .update(scoreProposals)
    .set({ state, decidedBy: adminId, decidedAt: new Date() })
    .where(eq(scoreProposals.id, id));
}

/** Removes a source's pending proposals (the source was deleted); decided ones stay as history. */
export async function deletePending(db: Exec, sourceKind: string, sourceId: number) {
  await db
    .delete(scoreProposals)
    .where(
      and(
        eq(scoreProposals.sourceKind, sourceKind),
        eq(scoreProposals.sourceId, sourceId),
        eq(scoreProposals.state, 'pending'),
      ),
    );
}
