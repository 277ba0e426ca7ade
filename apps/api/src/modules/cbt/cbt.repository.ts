import { and, asc, desc, eq, gt, ilike, inArray, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import {
  admins,
  cbtAnswerLog,
  cbtAttemptEvents,
  cbtAttempts,
  cbtExams,
  cbtQuestions,
  cbtTopics,
  students,
} from '../../db/schema/index.js';
import { countSql, likeEscape, type Exec } from '../../platform/db.js';

export type TopicRow = typeof cbtTopics.$inferSelect;
export type QuestionRow = typeof cbtQuestions.$inferSelect;
export type QuestionInsert = typeof cbtQuestions.$inferInsert;
export type ExamRow = typeof cbtExams.$inferSelect;
export type ExamInsert = typeof cbtExams.$inferInsert;
export type AttemptRow = typeof cbtAttempts.$inferSelect;
export type AttemptInsert = typeof cbtAttempts.$inferInsert;
export type LogRow = typeof cbtAnswerLog.$inferSelect;
export type LogInsert = typeof cbtAnswerLog.$inferInsert;

/** Active admin accounts, by name or e-mail, for naming invigilators. */
export async function staffAccounts(db: Exec, search: string | undefined, ids?: readonly number[]) {
  const like = search ? `%${likeEscape(search)}%` : null;
  return db
    .select({ id: admins.id, firstName: admins.firstName, lastName: admins.lastName, email: admins.email })
    .from(admins)
    .where(
      and(
        eq(admins.isActive, true),
        ids ? inArray(admins.id, ids.length ? [...ids] : [0]) : undefined,
        like
          ? or(ilike(admins.email, like), ilike(sql`${admins.firstName} || ' ' || ${admins.lastName}`, like))
          : undefined,
      ),
    )
    .orderBy(asc(admins.lastName), asc(admins.firstName))
    .limit(ids ? 1000 : 50);
}

// ── topics ──

export async function topicsOf(db: Exec, courseId: number) {
  return db
    .select({
      topic: cbtTopics,
      questions: sql<number>`count(${cbtQuestions.id}) filter (where ${cbtQuestions.retiredAt} is null)::int`,
    })
    .from(cbtTopics)
    .leftJoin(cbtQuestions, eq(cbtQuestions.topicId, cbtTopics.id))
    .where(eq(cbtTopics.courseId, courseId))
    .groupBy(cbtTopics.id)
    .orderBy(asc(cbtTopics.name));
}

export async function topic(db: Exec, id: number) {
  const [row] = await db.select().from(cbtTopics).where(eq(cbtTopics.id, id));
  return row ?? null;
}

export async function topicsByName(db: Exec, courseId: number) {
  return db.select().from(cbtTopics).where(eq(cbtTopics.courseId, courseId));
}

export async function insertTopic(db: Exec, courseId: number, name: string) {
  const [row] = await db.insert(cbtTopics).values({ courseId, name }).onConflictDoNothing().returning();
  return row ?? null;
}

export async function renameTopic(db: Exec, id: number, name: string) {
  const [row] = await db.update(cbtTopics).set({ name }).where(eq(cbtTopics.id, id)).returning();
  return row!;
}

export async function topicQuestionCount(db: Exec, id: number) {
  const [row] = await db.select({ n: countSql() }).from(cbtQuestions).where(eq(cbtQuestions.topicId, id));
  return row?.n ?? 0;
}

export async function deleteTopic(db: Exec, id: number) {
  await db.delete(cbtTopics).where(eq(cbtTopics.id, id));
}

/** Whether any exam of the course draws from the topic. */
export async function topicDrawn(db: Exec, courseId: number, topicId: number) {
  const [row] = await db
    .select({ id: cbtExams.id })
    .from(cbtExams)
    .where(
      and(
        eq(cbtExams.courseId, courseId),
        sql`exists (select 1 from jsonb_array_elements(${cbtExams.sections}) s where s->'topicIds' @> ${JSON.stringify([topicId])}::jsonb)`,
      ),
    )
    .limit(1);
  return Boolean(row);
}

// ── questions ──

export async function questionsPage(
  db: Exec,
  q: { courseId: number; topicId?: number; search?: string; retired: boolean; limit: number; offset: number },
) {
  const where = and(
    eq(cbtQuestions.courseId, q.courseId),
    q.topicId ? eq(cbtQuestions.topicId, q.topicId) : undefined,
    q.retired ? isNotNull(cbtQuestions.retiredAt) : isNull(cbtQuestions.retiredAt),
    q.search ? ilike(cbtQuestions.text, `%${likeEscape(q.search)}%`) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db.select().from(cbtQuestions).where(where).orderBy(asc(cbtQuestions.id)).limit(q.limit).offset(q.offset),
    db.select({ n: countSql() }).from(cbtQuestions).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export async function question(db: Exec, id: number, lock = false) {
  const qy = db.select().from(cbtQuestions).where(eq(cbtQuestions.id, id));
  const [row] = lock ? await qy.for('update') : await qy;
  return row ?? null;
}

export async function questionsByIds(db: Exec, ids: readonly number[]) {
  if (!ids.length) return [];
  return db
    .select()
    .from(cbtQuestions)
    .where(inArray(cbtQuestions.id, [...ids]));
}

/** Every question of a course (or a topic), in use ones only, by topic then id (for export). */
export async function bankOf(db: Exec, courseId: number, topicId?: number) {
  return db
    .select({ q: cbtQuestions, topic: cbtTopics.name })
    .from(cbtQuestions)
    .innerJoin(cbtTopics, eq(cbtTopics.id, cbtQuestions.topicId))
    .where(
      and(
        eq(cbtQuestions.courseId, courseId),
        isNull(cbtQuestions.retiredAt),
        topicId ? eq(cbtQuestions.topicId, topicId) : undefined,
      ),
    )
    .orderBy(asc(cbtTopics.name), asc(cbtQuestions.id));
}

/** The drawable pool of these topics: not retired. */
export async function pool(db: Exec, topicIds: readonly number[]) {
  if (!topicIds.length) return [];
  return db
    .select({
      id: cbtQuestions.id,
      topicId: cbtQuestions.topicId,
      kind: cbtQuestions.kind,
      optionCount: sql<number>`jsonb_array_length(${cbtQuestions.options})::int`,
    })
    .from(cbtQuestions)
    .where(and(inArray(cbtQuestions.topicId, [...topicIds]), isNull(cbtQuestions.retiredAt)));
}

export async function insertQuestions(db: Exec, values: QuestionInsert[]) {
  if (!values.length) return [];
  return db.insert(cbtQuestions).values(values).returning();
}

export async function updateQuestion(db: Exec, id: number, set: Partial<QuestionInsert>) {
  const [row] = await db
    .update(cbtQuestions)
    .set({ ...set, updatedAt: new Date() })
    .where(eq(cbtQuestions.id, id))
    .returning();
  return row!;
}

export async function deleteQuestion(db: Exec, id: number) {
  await db.delete(cbtQuestions).where(eq(cbtQuestions.id, id));
}

export async function markUsed(db: Exec, ids: readonly number[], at: Date) {
  if (!ids.length) return;
  await db
    .update(cbtQuestions)
    .set({ usedAt: at })
    .where(and(inArray(cbtQuestions.id, [...ids]), isNull(cbtQuestions.usedAt)));
}

// ── exams ──

export async function exam(db: Exec, id: number, lock = false) {
  const qy = db.select().from(cbtExams).where(eq(cbtExams.id, id));
  const [row] = lock ? await qy.for('update') : await qy;
  return row ?? null;
}

export async function examsOf(db: Exec, courseId: number, sessionId: number) {
  return db
    .select()
    .from(cbtExams)
    .where(and(eq(cbtExams.courseId, courseId), eq(cbtExams.sessionId, sessionId)))
    .orderBy(desc(cbtExams.opensAt), desc(cbtExams.id));
}

export async function publishedOf(db: Exec, offerings: readonly { courseId: number; sessionId: number }[]) {
  if (!offerings.length) return [];
  return db
    .select()
    .from(cbtExams)
    .where(
      and(
        isNotNull(cbtExams.publishedAt),
        sql`(${cbtExams.courseId}, ${cbtExams.sessionId}) in (${sql.join(
          offerings.map((o) => sql`(${o.courseId}::int, ${o.sessionId}::int)`),
          sql`, `,
        )})`,
      ),
    )
    .orderBy(asc(cbtExams.opensAt), asc(cbtExams.id));
}

export async function insertExam(db: Exec, values: ExamInsert) {
  const [row] = await db.insert(cbtExams).values(values).returning();
  return row!;
}

export async function updateExam(db: Exec, id: number, set: Partial<ExamInsert>) {
  const [row] = await db
    .update(cbtExams)
    .set({ ...set, updatedAt: new Date() })
    .where(eq(cbtExams.id, id))
    .returning();
  return row!;
}

export async function deleteExam(db: Exec, id: number) {
  await db.delete(cbtExams).where(eq(cbtExams.id, id));
}

/** Per exam: attempts started and submitted (cancelled ones left out). */
export async function attemptCounts(db: Exec, examIds: readonly number[]) {
  if (!examIds.length) return new Map<number, { started: number; submitted: number }>();
  const rows = await db
    .select({
      examId: cbtAttempts.examId,
      started: countSql(),
      submitted: sql<number>`count(${cbtAttempts.submittedAt})::int`,
    })
    .from(cbtAttempts)
    .where(and(inArray(cbtAttempts.examId, [...examIds]), isNull(cbtAttempts.cancelledAt)))
    .groupBy(cbtAttempts.examId);
  return new Map(rows.map((r) => [r.examId, { started: r.started, submitted: r.submitted }]));
}

/** Whether the exam has any attempt, cancelled ones included. */
export async function hasAttempts(db: Exec, examId: number) {
  const [row] = await db
    .select({ id: cbtAttempts.id })
    .from(cbtAttempts)
    .where(eq(cbtAttempts.examId, examId))
    .limit(1);
  return Boolean(row);
}

// ── attempts ──

export async function attempt(db: Exec, id: number, lock = false) {
  const qy = db.select().from(cbtAttempts).where(eq(cbtAttempts.id, id));
  const [row] = lock ? await qy.for('update') : await qy;
  return row ?? null;
}

/** The student's live (not cancelled) attempt at an exam. */
export async function liveAttempt(db: Exec, examId: number, studentId: number, lock = false) {
  const qy = db
    .select()
    .from(cbtAttempts)
    .where(
      and(
        eq(cbtAttempts.examId, examId),
        eq(cbtAttempts.studentId, studentId),
        isNull(cbtAttempts.cancelledAt),
      ),
    );
  const [row] = lock ? await qy.for('update') : await qy;
  return row ?? null;
}

/** The attempt's row as a batch of answers is checked against: the columns the checks read. */
export async function attemptForAnswers(db: Exec, id: number) {
  const [row] = await db
    .select({
      id: cbtAttempts.id,
      studentId: cbtAttempts.studentId,
      paper: cbtAttempts.paper,
      endsAt: cbtAttempts.endsAt,
      machineId: cbtAttempts.machineId,
      lastSeq: cbtAttempts.lastSeq,
      position: cbtAttempts.position,
      answered: cbtAttempts.answered,
      submittedAt: cbtAttempts.submittedAt,
      submitReason: cbtAttempts.submitReason,
      cancelledAt: cbtAttempts.cancelledAt,
    })
    .from(cbtAttempts)
    .where(eq(cbtAttempts.id, id));
  return row ?? null;
}

/** The attempts still being sat (open, ending after `endsAfter`): whose each is, and its paper. */
export function openAttemptPapers(db: Exec, endsAfter: Date) {
  return db
    .select({ id: cbtAttempts.id, studentId: cbtAttempts.studentId, paper: cbtAttempts.paper })
    .from(cbtAttempts)
    .where(
      and(
        isNull(cbtAttempts.submittedAt),
        isNull(cbtAttempts.cancelledAt),
        gt(cbtAttempts.endsAt, endsAfter),
      ),
    );
}

/** Inserts an attempt unless the student has a live one (the partial unique index): null then. */
export async function insertAttempt(db: Exec, values: AttemptInsert) {
  const [row] = await db
    .insert(cbtAttempts)
    .values(values)
    .onConflictDoNothing({
      target: [cbtAttempts.examId, cbtAttempts.studentId],
      where: sql`${cbtAttempts.cancelledAt} is null`,
    })
    .returning();
  return row ?? null;
}

export async function updateAttempt(db: Exec, id: number, set: Partial<AttemptInsert>) {
  const [row] = await db.update(cbtAttempts).set(set).where(eq(cbtAttempts.id, id)).returning();
  return row!;
}

/**
 * Submits an attempt once: the update holds only while it is open (not submitted, not cancelled),
 * so of any number of racing submitters exactly one gets the row back.
 */
export async function closeAttempt(db: Exec, id: number, set: Partial<AttemptInsert>) {
  const [row] = await db
    .update(cbtAttempts)
    .set(set)
    .where(and(eq(cbtAttempts.id, id), isNull(cbtAttempts.submittedAt), isNull(cbtAttempts.cancelledAt)))
    .returning();
  return row ?? null;
}

export async function attemptsOfExam(db: Exec, examId: number) {
  return db.select().from(cbtAttempts).where(eq(cbtAttempts.examId, examId)).orderBy(asc(cbtAttempts.id));
}

export async function studentAttempts(db: Exec, studentId: number, examIds: readonly number[]) {
  if (!examIds.length) return [];
  return db
    .select()
    .from(cbtAttempts)
    .where(
      and(
        eq(cbtAttempts.studentId, studentId),
        inArray(cbtAttempts.examId, [...examIds]),
        isNull(cbtAttempts.cancelledAt),
      ),
    );
}

/** Open attempts whose end (plus grace) has passed: the sweep's work. */
export async function overdueAttempts(db: Exec, before: Date, limit = 500) {
  return db
    .select({ id: cbtAttempts.id })
    .from(cbtAttempts)
    .where(
      and(isNull(cbtAttempts.submittedAt), isNull(cbtAttempts.cancelledAt), lt(cbtAttempts.endsAt, before)),
    )
    .orderBy(asc(cbtAttempts.endsAt))
    .limit(limit);
}

export async function extendOpen(db: Exec, examId: number, minutes: number, attemptId: number | null) {
  return db
    .update(cbtAttempts)
    .set({
      endsAt: sql`${cbtAttempts.endsAt} + make_interval(mins => ${minutes}::int)`,
      extraMinutes: sql`${cbtAttempts.extraMinutes} + ${minutes}::int`,
    })
    .where(
      and(
        eq(cbtAttempts.examId, examId),
        attemptId ? eq(cbtAttempts.id, attemptId) : undefined,
        isNull(cbtAttempts.submittedAt),
        isNull(cbtAttempts.cancelledAt),
      ),
    )
    .returning();
}

export async function attemptByReceipt(db: Exec, receiptId: string) {
  const [row] = await db.select().from(cbtAttempts).where(eq(cbtAttempts.receiptId, receiptId));
  return row ?? null;
}

export async function studentFacts(db: Exec, studentId: number) {
  const [row] = await db
    .select({
      matricNo: students.matricNo,
      firstName: students.firstName,
      lastName: students.lastName,
      otherName: students.otherName,
    })
    .from(students)
    .where(eq(students.id, studentId));
  return row ?? null;
}

// ── the log ──

/** One new entry of the log, as a batch appends it (the attempt, machine and arrival are the batch's). */
export interface NewAnswer {
  seq: number;
  questionId: number;
  answer: unknown;
  flagged: boolean;
  givenAt: Date;
}

/**
 * The attempt a batch is written to, as the batch was checked: either as read (its last Seq and end
 * unchanged since), or not read at all (a batch of new answers checked against the paper this
 * process holds: the attempt must be at the Seq before the batch's first, not overdue, and not end
 * before the batch's last answer was given).
 */
export type BatchTarget =
  | { id: number; lastSeq: number; endsAt: Date }
  | { id: number; lastSeq: number; endsAfter: Date; endsNotBefore: Date };

/**
 * A batch's write, in one statement, if the attempt is still as the batch was checked against (same
 * last Seq and machine, open, its end as `target` says): holds its row (FOR NO KEY UPDATE — the lock
 * an update of non-key columns takes, so the log's key-share locks on it do not wait), appends the
 * entries, counts the questions whose latest entry (the log before the statement and these entries: a
 * statement does not see its own inserts) holds an answer, and sets the attempt's last Seq, that
 * count, the position (kept when null) and when it was last seen. A concurrent change (committed
 * before or while this runs: the row is checked again once held) leaves everything as it was.
 * Answers the count, the position and the end, or null when the attempt is not as expected.
 */
export async function appendAnswers(
  db: Exec,
  target: BatchTarget,
  entries: readonly NewAnswer[],
  set: { lastSeq: number; position: number | null; machineId: string; at: Date },
) {
  // JSON carries the batch as one parameter; a null answer is SQL NULL, as the log holds a cleared answer.
  const batch = JSON.stringify(
    entries.map((e) => ({
      seq: e.seq,
      question_id: e.questionId,
      answer: e.answer ?? null,
      flagged: e.flagged,
      given_at: e.givenAt.toISOString(),
    })),
  );
  const ends =
    'endsAt' in target
      ? sql`ends_at = ${target.endsAt.toISOString()}::timestamptz`
      : sql`ends_at > ${target.endsAfter.toISOString()}::timestamptz and ends_at >= ${target.endsNotBefore.toISOString()}::timestamptz`;
  const { rows } = (await db.execute(sql`
    with held as materialized (
      select id from ${cbtAttempts}
       where id = ${target.id}::int and last_seq = ${target.lastSeq}::int and ${ends}
         and machine_id = ${set.machineId}::text and submitted_at is null and cancelled_at is null
         for no key update
    ), added as (
      insert into ${cbtAnswerLog} (attempt_id, seq, question_id, answer, flagged, given_at, received_at, machine_id)
      select held.id, b.seq, b.question_id, b.answer, b.flagged, b.given_at, ${set.at.toISOString()}::timestamptz,
             ${set.machineId}::text
        from held, jsonb_to_recordset(${batch}::jsonb)
          as b(seq int, question_id int, answer jsonb, flagged boolean, given_at timestamptz)
      returning question_id, seq, answer
    ), latest as (
      select distinct on (question_id) answer
        from (select question_id, seq, answer from ${cbtAnswerLog} where attempt_id = ${target.id}::int
              union all select question_id, seq, answer from added) l
       order by question_id, seq desc
    )
    update ${cbtAttempts}
       set last_seq = ${set.lastSeq}::int,
           answered = case when ${entries.length}::int = 0 then answered
             else (select count(*)::int from latest where answer is not null and answer <> 'null'::jsonb) end,
           position = coalesce(${set.position}::int, position),
           last_seen_at = ${set.at.toISOString()}::timestamptz
     where id = (select id from held)
    returning answered, position, ends_at`)) as unknown as {
    rows: { answered: number; position: number; ends_at: string | Date }[];
  };
  const row = rows[0];
  return row
    ? { answered: Number(row.answered), position: Number(row.position), endsAt: new Date(row.ends_at) }
    : null;
}

/** Log entries of an attempt with these seqs (for comparing replays). */
export async function logSeqs(db: Exec, attemptId: number, seqs: readonly number[]) {
  if (!seqs.length) return [];
  return db
    .select()
    .from(cbtAnswerLog)
    .where(and(eq(cbtAnswerLog.attemptId, attemptId), inArray(cbtAnswerLog.seq, [...seqs])));
}

/** The current answer per question: the latest log entry for it. */
export async function currentAnswers(db: Exec, attemptId: number) {
  const { rows } = (await db.execute(sql`
    select distinct on (question_id) question_id, seq, answer, flagged, given_at
      from ${cbtAnswerLog} where attempt_id = ${attemptId}
     order by question_id, seq desc`)) as unknown as {
    rows: { question_id: number; seq: number; answer: unknown; flagged: boolean; given_at: Date | string }[];
  };
  return rows.map((r) => ({
    questionId: Number(r.question_id),
    seq: Number(r.seq),
    answer: r.answer,
    flagged: r.flagged,
    givenAt: new Date(r.given_at),
  }));
}

export async function logOf(db: Exec, attemptId: number) {
  return db
    .select()
    .from(cbtAnswerLog)
    .where(eq(cbtAnswerLog.attemptId, attemptId))
    .orderBy(asc(cbtAnswerLog.seq));
}

/** The current answers of every attempt of an exam: attempt → question → answer. */
export async function currentAnswersOfExam(db: Exec, examId: number) {
  const { rows } = (await db.execute(sql`
    select distinct on (l.attempt_id, l.question_id) l.attempt_id, l.question_id, l.answer
      from ${cbtAnswerLog} l join ${cbtAttempts} a on a.id = l.attempt_id
     where a.exam_id = ${examId}
     order by l.attempt_id, l.question_id, l.seq desc`)) as unknown as {
    rows: { attempt_id: number; question_id: number; answer: unknown }[];
  };
  const out = new Map<number, Map<number, unknown>>();
  for (const r of rows) {
    const a = out.get(Number(r.attempt_id)) ?? new Map<number, unknown>();
    a.set(Number(r.question_id), r.answer);
    out.set(Number(r.attempt_id), a);
  }
  return out;
}

// ── events ──

export async function addEvent(db: Exec, attemptId: number, kind: string, detail = '') {
  await db.insert(cbtAttemptEvents).values({ attemptId, kind, detail: detail.slice(0, 1000) });
}

export async function eventsOf(db: Exec, attemptId: number) {
  return db
    .select()
    .from(cbtAttemptEvents)
    .where(eq(cbtAttemptEvents.attemptId, attemptId))
    .orderBy(asc(cbtAttemptEvents.id));
}

/** Restarts (cancelled attempts) per student of an exam. */
export async function cancelledCounts(db: Exec, examId: number) {
  const rows = await db
    .select({ studentId: cbtAttempts.studentId, n: countSql() })
    .from(cbtAttempts)
    .where(and(eq(cbtAttempts.examId, examId), isNotNull(cbtAttempts.cancelledAt)))
    .groupBy(cbtAttempts.studentId);
  return new Map(rows.map((r) => [r.studentId, r.n]));
}
