import { createHash, randomBytes } from 'node:crypto';
import {
  CBT_API,
  CBT_LIMITS as L,
  CBT_MESSAGES as M,
  CBT_PAGE as PAGE,
  CBT_RECEIPT_PAGE,
  NOTIFICATION_TYPES,
  OFFERING_MESSAGES,
  QUESTION_KINDS,
  STATUS,
  canonicalAnswersText,
  examInput,
  questionInput,
  questionsQuery,
  type AnswerValue,
  type AnswersInput,
  type AttemptView,
  type CandidateView,
  type CurrentAnswer,
  type ExamInput,
  type ExamReceipt,
  type ExamStaffState,
  type ExamStudentState,
  type ExamView,
  type ExtendInput,
  type QuestionInput,
  type QuestionKind,
  type QuestionView,
  type StudentExam,
  type SubmitReason,
  answersInput,
} from '@portal/contracts';
import type { z } from 'zod';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import type { CbtHall } from '../../db/schema/index.js';
import { audit } from '../../platform/audit.js';
import type { Exec } from '../../platform/db.js';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../platform/errors.js';
import { newPublicId } from '../../platform/ids.js';
import type { Job } from '../../platform/jobs.js';
import type { FileStorage } from '../../platform/storage.js';
import { fullName } from '../../platform/verification.js';
import * as offerings from '../offerings/offerings.service.js';
import type { OfferingFacts, StaffCaller } from '../offerings/offerings.service.js';
import { publish } from '../notifications/notifications.service.js';
import { activeScoreItems, proposeScores } from '../results/proposals.service.js';
import * as repo from './cbt.repository.js';
import { drawPaper, earned, fitsKind, itemAnalysis, type MarkedQuestion, type PaperItem } from './marking.js';

/**
 * Computer-based tests (issue 27): the course's question bank, exams of an offering, the sitting
 * (a server-held clock, an acknowledged answer log, one machine at a time), submission (by the
 * candidate, the invigilator or the server at time up), marking, proposals to the score sheet,
 * invigilation and item analysis. Access is decided by the offerings module.
 */

export interface CbtDeps {
  db: Db;
  storage: FileStorage;
  config: Pick<Config, 'PUBLIC_URL'>;
  /** The time-up job (one per attempt, due at its end plus the grace). */
  timeUpJob?: Job<{ attemptId: number }>;
}

const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);
const GRACE_MS = L.graceSeconds * 1000;
const STUDENT_LINK = NOTIFICATION_TYPES.exams.path;
/** Exams are sat by the students registered for the course only: an auditor sits none. */
const CANDIDATES = { auditors: false } as const;
const round2 = (x: number) => Math.round(x * 100) / 100;

export const receiptUrl = (publicUrl: string, id: string) =>
  `${publicUrl}/portal${CBT_RECEIPT_PAGE}?id=${encodeURIComponent(id)}`;

// ───────────────────────────── shared ─────────────────────────────

async function scoreItemMap(db: Exec) {
  return new Map((await activeScoreItems(db)).map((i) => [i.id, i]));
}

export function questionView(q: repo.QuestionRow, topic: string): QuestionView {
  return {
    Id: q.id,
    CourseId: q.courseId,
    TopicId: q.topicId,
    Topic: topic,
    Kind: q.kind as QuestionKind,
    Text: q.text,
    Options: q.options.map((o, i) => ({ Id: i, Text: o.text, Correct: o.correct })),
    Answer: q.answerTrue,
    Value: q.value,
    Tolerance: q.tolerance,
    Marks: q.marks,
    HasImage: q.imageKey !== null,
    Retired: q.retiredAt !== null,
    Used: q.usedAt !== null,
  };
}

const asMarked = (q: repo.QuestionRow): MarkedQuestion => ({
  kind: q.kind as QuestionKind,
  options: q.options,
  answerTrue: q.answerTrue,
  value: q.value,
  tolerance: q.tolerance,
  marks: q.marks,
});

/** An answer as stored and hashed: a multiple choice's ids in ascending order. */
export function normalAnswer(a: AnswerValue): AnswerValue {
  if (a && 'Choices' in a) return { Choices: [...a.Choices].sort((x, y) => x - y) };
  return a;
}
const sameAnswer = (x: unknown, y: AnswerValue) =>
  JSON.stringify(normalAnswer((x ?? null) as AnswerValue)) === JSON.stringify(normalAnswer(y));

// ───────────────────────────── staff: offerings, bank ─────────────────────────────

export async function scoreItems(db: Db) {
  const items = await activeScoreItems(db);
  return { Status: STATUS.ok, Data: items.map((i) => ({ Id: i.id, Name: i.name, Max: i.max })) };
}

export async function staffList(db: Db, search: string | undefined) {
  const rows = await repo.staffAccounts(db, search);
  return {
    Status: STATUS.ok,
    Data: rows.map((r) => ({ Id: r.id, Name: `${r.firstName} ${r.lastName}`.trim(), Email: r.email })),
  };
}

const ownCourse = (db: Exec, caller: StaffCaller, courseId: number) =>
  offerings.authorCourse(db, caller, courseId, PAGE);

export async function listTopics(db: Db, caller: StaffCaller, courseId: number) {
  await ownCourse(db, caller, courseId);
  const rows = await repo.topicsOf(db, courseId);
  return {
    Status: STATUS.ok,
    Data: rows.map((r) => ({
      Id: r.topic.id,
      CourseId: r.topic.courseId,
      Name: r.topic.name,
      Questions: r.questions,
    })),
  };
}

export async function createTopic(db: Db, caller: StaffCaller, courseId: number, name: string) {
  await ownCourse(db, caller, courseId);
  return db.transaction(async (tx) => {
    const row = await repo.insertTopic(tx, courseId, name);
    if (!row) throw conflict(M.topicExists);
    await audit(tx, {
      actor: caller,
      page: PAGE,
      action: 'create',
      entity: 'cbt_topic',
      entityId: row.id,
      after: row,
    });
    return {
      Status: STATUS.ok,
      Message: M.topicSaved,
      Data: { Id: row.id, CourseId: courseId, Name: row.name, Questions: 0 },
    };
  });
}

async function ownTopic(db: Exec, caller: StaffCaller, id: number) {
  const t = await repo.topic(db, id);
  if (!t) throw notFound(M.topicNotFound);
  await ownCourse(db, caller, t.courseId);
  return t;
}

export async function renameTopic(db: Db, caller: StaffCaller, id: number, name: string) {
  const t = await ownTopic(db, caller, id);
  const taken = (await repo.topicsByName(db, t.courseId)).some(
    (o) => o.id !== id && o.name.toLowerCase() === name.toLowerCase(),
  );
  if (taken) throw conflict(M.topicExists);
  return db.transaction(async (tx) => {
    const row = await repo.renameTopic(tx, id, name);
    await audit(tx, {
      actor: caller,
      page: PAGE,
      action: 'rename',
      entity: 'cbt_topic',
      entityId: id,
      before: t,
      after: row,
    });
    const n = (await repo.topicsOf(tx, t.courseId)).find((r) => r.topic.id === id)?.questions ?? 0;
    return {
      Status: STATUS.ok,
      Message: M.topicSaved,
      Data: { Id: id, CourseId: t.courseId, Name: row.name, Questions: n },
    };
  });
}

export async function deleteTopic(db: Db, caller: StaffCaller, id: number) {
  const t = await ownTopic(db, caller, id);
  return db.transaction(async (tx) => {
    if ((await repo.topicQuestionCount(tx, id)) > 0 || (await repo.topicDrawn(tx, t.courseId, id)))
      throw conflict(M.topicInUse);
    await repo.deleteTopic(tx, id);
    await audit(tx, {
      actor: caller,
      page: PAGE,
      action: 'delete',
      entity: 'cbt_topic',
      entityId: id,
      before: t,
    });
    return { Status: STATUS.ok, Message: M.topicDeleted };
  });
}

export async function listQuestions(
  db: Db,
  caller: StaffCaller,
  courseId: number,
  q: z.output<typeof questionsQuery>,
) {
  await ownCourse(db, caller, courseId);
  const [{ rows, total }, topics] = await Promise.all([
    repo.questionsPage(db, {
      courseId,
      topicId: q.topicId,
      search: q.search,
      retired: q.retired,
      limit: q.pageSize,
      offset: (q.page - 1) * q.pageSize,
    }),
    repo.topicsByName(db, courseId),
  ]);
  const names = new Map(topics.map((t) => [t.id, t.name]));
  return {
    Status: STATUS.ok,
    Data: rows.map((r) => questionView(r, names.get(r.topicId) ?? '')),
    Page: q.page,
    PageSize: q.pageSize,
    Total: total,
  };
}

function questionValues(input: z.output<typeof questionInput>) {
  const choice = input.Kind === 'single' || input.Kind === 'multiple';
  return {
    topicId: input.TopicId,
    kind: input.Kind,
    text: input.Text,
    options: choice ? input.Options.map((o) => ({ text: o.Text, correct: o.Correct })) : [],
    answerTrue: input.Kind === 'truefalse' ? input.Answer : null,
    value: input.Kind === 'numeric' ? input.Value : null,
    tolerance: input.Kind === 'numeric' ? input.Tolerance : null,
    marks: input.Marks,
  };
}

async function topicOfCourse(db: Exec, courseId: number, topicId: number) {
  const t = await repo.topic(db, topicId);
  if (!t) throw badRequest(M.topicNotFound);
  if (t.courseId !== courseId) throw badRequest(M.topicOtherCourse);
  return t;
}

export async function createQuestion(db: Db, caller: StaffCaller, courseId: number, input: QuestionInput) {
  await ownCourse(db, caller, courseId);
  const parsed = questionInput.parse(input);
  const t = await topicOfCourse(db, courseId, parsed.TopicId);
  return db.transaction(async (tx) => {
    const [row] = await repo.insertQuestions(tx, [
      { ...questionValues(parsed), courseId, createdBy: caller.adminId },
    ]);
    await audit(tx, {
      actor: caller,
      page: PAGE,
      action: 'create',
      entity: 'cbt_question',
      entityId: row!.id,
      after: row,
    });
    return { Status: STATUS.ok, Message: M.questionSaved, Data: questionView(row!, t.name) };
  });
}

async function ownQuestion(db: Exec, caller: StaffCaller, id: number, lock = false) {
  const q = await repo.question(db, id, lock);
  if (!q) throw notFound(M.questionNotFound);
  await ownCourse(db, caller, q.courseId);
  return q;
}

export async function getQuestion(db: Db, caller: StaffCaller, id: number) {
  const q = await ownQuestion(db, caller, id);
  const t = await repo.topic(db, q.topicId);
  return { Status: STATUS.ok, Data: questionView(q, t?.name ?? '') };
}

export async function updateQuestion(db: Db, caller: StaffCaller, id: number, input: QuestionInput) {
  const parsed = questionInput.parse(input);
  return db.transaction(async (tx) => {
    const q = await ownQuestion(tx, caller, id, true);
    if (q.usedAt) throw conflict(M.questionInUse);
    const t = await topicOfCourse(tx, q.courseId, parsed.TopicId);
    const row = await repo.updateQuestion(tx, id, questionValues(parsed));
    await audit(tx, {
      actor: caller,
      page: PAGE,
      action: 'update',
      entity: 'cbt_question',
      entityId: id,
      before: q,
      after: row,
    });
    return { Status: STATUS.ok, Message: M.questionSaved, Data: questionView(row, t.name) };
  });
}

/** Deletes a question never sat; one in a started paper is retired instead (kept for those papers). */
export async function deleteQuestion(d: CbtDeps, caller: StaffCaller, id: number) {
  const { retired, imageKey } = await d.db.transaction(async (tx) => {
    const q = await ownQuestion(tx, caller, id, true);
    if (q.usedAt) {
      if (!q.retiredAt) await repo.updateQuestion(tx, id, { retiredAt: new Date() });
      await audit(tx, { actor: caller, page: PAGE, action: 'retire', entity: 'cbt_question', entityId: id });
      return { retired: true, imageKey: null };
    }
    await repo.deleteQuestion(tx, id);
    await audit(tx, {
      actor: caller,
      page: PAGE,
      action: 'delete',
      entity: 'cbt_question',
      entityId: id,
      before: q,
    });
    return { retired: false, imageKey: q.imageKey };
  });
  if (imageKey) await d.storage.delete(imageKey).catch(() => undefined);
  return { Status: STATUS.ok, Message: retired ? M.questionRetired : M.questionDeleted };
}

export async function setImage(
  d: CbtDeps,
  caller: StaffCaller,
  id: number,
  file: { buffer: Buffer; kind: string; mime: string },
) {
  const q = await ownQuestion(d.db, caller, id);
  if (q.usedAt) throw conflict(M.questionInUse);
  const key = `cbt/questions/${id}-${randomBytes(8).toString('hex')}.${file.kind}`;
  await d.storage.put(key, file.buffer);
  let old: string | null = null;
  try {
    await d.db.transaction(async (tx) => {
      const locked = await ownQuestion(tx, caller, id, true);
      if (locked.usedAt) throw conflict(M.questionInUse);
      old = locked.imageKey;
      await repo.updateQuestion(tx, id, { imageKey: key, imageMime: file.mime });
      await audit(tx, { actor: caller, page: PAGE, action: 'image', entity: 'cbt_question', entityId: id });
    });
  } catch (error) {
    await d.storage.delete(key).catch(() => undefined);
    throw error;
  }
  if (old) await d.storage.delete(old).catch(() => undefined);
  return { Status: STATUS.ok, Message: M.imageSaved };
}

export async function removeImage(d: CbtDeps, caller: StaffCaller, id: number) {
  const old = await d.db.transaction(async (tx) => {
    const q = await ownQuestion(tx, caller, id, true);
    if (q.usedAt) throw conflict(M.questionInUse);
    if (!q.imageKey) throw notFound(M.imageNotFound);
    await repo.updateQuestion(tx, id, { imageKey: null, imageMime: null });
    await audit(tx, {
      actor: caller,
      page: PAGE,
      action: 'image-remove',
      entity: 'cbt_question',
      entityId: id,
    });
    return q.imageKey;
  });
  await d.storage.delete(old).catch(() => undefined);
  return { Status: STATUS.ok, Message: M.imageRemoved };
}

export async function staffImage(db: Db, caller: StaffCaller, id: number) {
  const q = await ownQuestion(db, caller, id);
  if (!q.imageKey) throw notFound(M.imageNotFound);
  return { key: q.imageKey, mime: q.imageMime ?? 'image/png' };
}

// ── import and export ──

export interface ImportQuestion {
  line: number;
  topic: string | null;
  kind: QuestionKind;
  text: string;
  options: { text: string; correct: boolean }[];
  answerTrue: boolean | null;
  value: number | null;
  tolerance: number | null;
  marks: number;
}

/**
 * Saves parsed questions, all or nothing: problems (already found by the parser) refuse the whole
 * file with each problem by line; topics named by the file are found by name or created.
 */
export async function importQuestions(
  db: Db,
  caller: StaffCaller,
  courseId: number,
  parsed: { questions: ImportQuestion[]; problems: { Line: number; Message: string }[] },
  defaultTopicId: number | null,
  format: string,
) {
  await ownCourse(db, caller, courseId);
  const problems = [...parsed.problems];
  if (defaultTopicId !== null) await topicOfCourse(db, courseId, defaultTopicId);
  if (defaultTopicId === null)
    for (const q of parsed.questions)
      if (!q.topic) problems.push({ Line: q.line, Message: M.importTopicNeeded });
  if (problems.length) {
    problems.sort((a, b) => a.Line - b.Line);
    throw new AppError(
      400,
      M.importProblems(problems.length),
      STATUS.invalid,
      {},
      problems.map((p) => ({ path: String(p.Line), message: p.Message })),
    );
  }
  return db.transaction(async (tx) => {
    const existing = new Map(
      (await repo.topicsByName(tx, courseId)).map((t) => [t.name.toLowerCase(), t.id]),
    );
    const created: string[] = [];
    for (const q of parsed.questions) {
      if (!q.topic || existing.has(q.topic.toLowerCase())) continue;
      const row = await repo.insertTopic(tx, courseId, q.topic);
      if (row) {
        existing.set(q.topic.toLowerCase(), row.id);
        created.push(row.name);
      }
    }
    const rows = parsed.questions.map((q) => ({
      courseId,
      topicId: q.topic ? existing.get(q.topic.toLowerCase())! : defaultTopicId!,
      kind: q.kind,
      text: q.text,
      options: q.options,
      answerTrue: q.answerTrue,
      value: q.value,
      tolerance: q.tolerance,
      marks: q.marks,
      createdBy: caller.adminId,
    }));
    for (let i = 0; i < rows.length; i += 500) await repo.insertQuestions(tx, rows.slice(i, i + 500));
    await audit(tx, {
      actor: caller,
      page: PAGE,
      action: 'import',
      entity: 'cbt_question',
      entityId: null,
      after: { courseId, format, questions: rows.length, topicsCreated: created },
    });
    return {
      Status: STATUS.ok,
      Message: M.imported(rows.length),
      Data: { Imported: rows.length, TopicsCreated: created, Problems: [] },
    };
  });
}

export async function bankForExport(db: Db, caller: StaffCaller, courseId: number, topicId?: number) {
  const course = await ownCourse(db, caller, courseId);
  const rows = await repo.bankOf(db, courseId, topicId);
  return {
    code: course.code,
    questions: rows.map(({ q, topic }): ImportQuestion => ({
      line: 0,
      topic,
      kind: q.kind as QuestionKind,
      text: q.text,
      options: q.options,
      answerTrue: q.answerTrue,
      value: q.value,
      tolerance: q.tolerance,
      marks: q.marks,
    })),
  };
}

// ───────────────────────────── staff: exams ─────────────────────────────

function stateOf(e: repo.ExamRow, started: number): ExamStaffState {
  if (started > 0) return 'sat';
  return e.publishedAt ? 'published' : 'draft';
}

async function examViews(
  db: Exec,
  exams: repo.ExamRow[],
  o: Pick<OfferingFacts, 'code' | 'title' | 'courseId' | 'sessionId' | 'semesterId'>,
) {
  const [items, counts, roster] = await Promise.all([
    scoreItemMap(db),
    repo.attemptCounts(
      db,
      exams.map((e) => e.id),
    ),
    offerings.rosterIds(db, o, CANDIDATES),
  ]);
  const staffIds = [...new Set(exams.flatMap((e) => e.halls.flatMap((h) => h.invigilatorIds)))];
  const staffRows = staffIds.length ? await repo.staffAccounts(db, undefined, staffIds) : [];
  const names = new Map(staffRows.map((s) => [s.id, `${s.firstName} ${s.lastName}`.trim()]));
  return exams.map((e): ExamView => {
    const c = counts.get(e.id) ?? { started: 0, submitted: 0 };
    return {
      Id: e.id,
      CourseId: e.courseId,
      SessionId: e.sessionId,
      Code: o.code,
      CourseTitle: o.title,
      Title: e.title,
      Instructions: e.instructions,
      OpensAt: e.opensAt.toISOString(),
      ClosesAt: e.closesAt.toISOString(),
      DurationMinutes: e.durationMinutes,
      Sections: e.sections.map((s) => ({ TopicIds: s.topicIds, Count: s.count })),
      Questions: e.sections.reduce((n, s) => n + s.count, 0),
      ShuffleQuestions: e.shuffleQuestions,
      ShuffleOptions: e.shuffleOptions,
      PassMark: e.passMark,
      ScoreItemId: e.scoreItemId,
      ScoreItem: e.scoreItemId ? (items.get(e.scoreItemId)?.name ?? null) : null,
      Halls: e.halls.map((h) => ({
        Name: h.name,
        Capacity: h.capacity,
        InvigilatorIds: h.invigilatorIds,
        Invigilators: h.invigilatorIds.map((id) => names.get(id) ?? ''),
      })),
      ReviewAfterRelease: e.reviewAfterRelease,
      State: stateOf(e, c.started),
      PublishedAt: iso(e.publishedAt),
      ReleasedAt: iso(e.releasedAt),
      Withdrawn: e.withdrawn,
      Enrolled: roster.length,
      Started: c.started,
      Submitted: c.submitted,
    };
  });
}

async function examValues(db: Exec, courseId: number, raw: ExamInput) {
  const input = examInput.parse(raw);
  if (input.ScoreItemId !== null && !(await scoreItemMap(db)).has(input.ScoreItemId))
    throw badRequest(M.scoreItemUnknown);
  const topicIds = input.Sections.flatMap((s) => s.TopicIds);
  const topics = await repo.topicsByName(db, courseId);
  const own = new Set(topics.map((t) => t.id));
  if (topicIds.some((t) => !own.has(t))) throw badRequest(M.topicOtherCourse);
  const pool = await repo.pool(db, topicIds);
  for (const s of input.Sections) {
    const set = new Set(s.TopicIds);
    const available = pool.filter((q) => set.has(q.topicId)).length;
    if (available < s.Count) throw badRequest(M.sectionTooFew(s.Count, available));
  }
  const invigilators = [...new Set(input.Halls.flatMap((h) => h.InvigilatorIds))];
  if (
    invigilators.length &&
    (await repo.staffAccounts(db, undefined, invigilators)).length !== invigilators.length
  )
    throw badRequest(M.invigilatorUnknown);
  return {
    title: input.Title,
    instructions: input.Instructions,
    opensAt: new Date(input.OpensAt),
    closesAt: new Date(input.ClosesAt),
    durationMinutes: input.DurationMinutes,
    sections: input.Sections.map((s) => ({ topicIds: s.TopicIds, count: s.Count })),
    shuffleQuestions: input.ShuffleQuestions,
    shuffleOptions: input.ShuffleOptions,
    passMark: input.PassMark,
    scoreItemId: input.ScoreItemId,
    halls: input.Halls.map((h): CbtHall => ({
      name: h.Name,
      capacity: h.Capacity,
      invigilatorIds: h.InvigilatorIds,
    })),
    reviewAfterRelease: input.ReviewAfterRelease,
  };
}

async function ownExam(db: Exec, caller: StaffCaller, id: number, lock = false) {
  const e = await repo.exam(db, id, lock);
  if (!e) throw notFound(M.examNotFound);
  const o = await offerings.authorOffering(db, caller, e.courseId, e.sessionId, PAGE);
  return { e, o };
}

export async function offeringExams(db: Db, caller: StaffCaller, courseId: number, sessionId: number) {
  const o = await offerings.authorOffering(db, caller, courseId, sessionId, PAGE);
  return { Status: STATUS.ok, Data: await examViews(db, await repo.examsOf(db, courseId, sessionId), o) };
}

export async function createExam(
  db: Db,
  caller: StaffCaller,
  courseId: number,
  sessionId: number,
  input: ExamInput,
) {
  const o = await offerings.authorOffering(db, caller, courseId, sessionId, PAGE);
  const values = await examValues(db, courseId, input);
  const row = await db.transaction(async (tx) => {
    const created = await repo.insertExam(tx, { ...values, courseId, sessionId, createdBy: caller.adminId });
    await audit(tx, {
      actor: caller,
      page: PAGE,
      action: 'create',
      entity: 'cbt_exam',
      entityId: created.id,
      after: created,
    });
    return created;
  });
  return { Status: STATUS.ok, Message: M.examSaved, Data: (await examViews(db, [row], o))[0]! };
}

export async function getExam(db: Db, caller: StaffCaller, id: number) {
  const { e, o } = await ownExam(db, caller, id);
  return { Status: STATUS.ok, Data: (await examViews(db, [e], o))[0]! };
}

export async function updateExam(db: Db, caller: StaffCaller, id: number, input: ExamInput) {
  const { e: found } = await ownExam(db, caller, id);
  const values = await examValues(db, found.courseId, input);
  const { row, o } = await db.transaction(async (tx) => {
    const { e, o } = await ownExam(tx, caller, id, true);
    if (await repo.hasAttempts(tx, id)) throw conflict(M.examHasAttempts);
    const updated = await repo.updateExam(tx, id, values);
    await audit(tx, {
      actor: caller,
      page: PAGE,
      action: 'update',
      entity: 'cbt_exam',
      entityId: id,
      before: e,
      after: updated,
    });
    return { row: updated, o };
  });
  return { Status: STATUS.ok, Message: M.examSaved, Data: (await examViews(db, [row], o))[0]! };
}

export async function deleteExam(db: Db, caller: StaffCaller, id: number) {
  return db.transaction(async (tx) => {
    const { e } = await ownExam(tx, caller, id, true);
    if (await repo.hasAttempts(tx, id)) throw conflict(M.examHasAttempts);
    await repo.deleteExam(tx, id);
    await audit(tx, {
      actor: caller,
      page: PAGE,
      action: 'delete',
      entity: 'cbt_exam',
      entityId: id,
      before: e,
    });
    return { Status: STATUS.ok, Message: M.examDeleted };
  });
}

/** Publishes an exam: type 7 (`exams`) to the offering's roster, in the same transaction. */
export async function publishExam(db: Db, caller: StaffCaller, id: number) {
  const { row, o } = await db.transaction(async (tx) => {
    const { e, o } = await ownExam(tx, caller, id, true);
    if (e.publishedAt) throw conflict(M.alreadyPublished);
    const updated = await repo.updateExam(tx, id, { publishedAt: new Date() });
    await publish(tx, {
      type: 'exams',
      recipientKind: 'Student',
      recipientIds: await offerings.rosterIds(tx, o, CANDIDATES),
      title: M.publishedTitle(o.code, e.title),
      link: STUDENT_LINK,
    });
    await audit(tx, {
      actor: caller,
      page: PAGE,
      action: 'publish',
      entity: 'cbt_exam',
      entityId: id,
      after: { title: e.title },
    });
    return { row: updated, o };
  });
  return { Status: STATUS.ok, Message: M.examPublished, Data: (await examViews(db, [row], o))[0]! };
}

/** Releases the results: candidates see their score (and their answers where the exam allows); type 7 to them. */
export async function releaseExam(db: Db, caller: StaffCaller, id: number) {
  const { row, o } = await db.transaction(async (tx) => {
    const { e, o } = await ownExam(tx, caller, id, true);
    if (!e.publishedAt) throw conflict(M.notPublished);
    const updated = await repo.updateExam(tx, id, { releasedAt: new Date() });
    const sat = (await repo.attemptsOfExam(tx, id)).filter((a) => a.submittedAt && !a.cancelledAt);
    await publish(tx, {
      type: 'exams',
      recipientKind: 'Student',
      recipientIds: sat.map((a) => a.studentId),
      title: M.releasedTitle(o.code, e.title),
      link: STUDENT_LINK,
    });
    await audit(tx, { actor: caller, page: PAGE, action: 'release', entity: 'cbt_exam', entityId: id });
    return { row: updated, o };
  });
  return { Status: STATUS.ok, Message: M.examReleased, Data: (await examViews(db, [row], o))[0]! };
}

// ───────────────────────────── marking and submission ─────────────────────────────

/** Marks a paper: earned per question, the score and the maximum over the questions not withdrawn. */
function markPaper(
  paper: readonly PaperItem[],
  questions: Map<number, repo.QuestionRow>,
  answers: Map<number, unknown>,
  withdrawn: readonly number[],
) {
  const out = new Set(withdrawn);
  const marks: Record<string, number> = {};
  let score = 0;
  let max = 0;
  for (const item of paper) {
    const q = questions.get(item.q);
    if (!q) continue;
    const e = earned(asMarked(q), (answers.get(item.q) ?? null) as AnswerValue);
    marks[String(item.q)] = e;
    if (out.has(item.q)) continue;
    score += e;
    max += q.marks;
  }
  return { marks, score, max };
}

function rescore(
  paper: readonly PaperItem[],
  marks: Record<string, number>,
  questions: Map<number, repo.QuestionRow>,
  withdrawn: readonly number[],
) {
  const out = new Set(withdrawn);
  let score = 0;
  let max = 0;
  for (const item of paper) {
    if (out.has(item.q)) continue;
    score += marks[String(item.q)] ?? 0;
    max += questions.get(item.q)?.marks ?? 0;
  }
  return { score, max };
}

const percentOf = (score: number | null, max: number | null) =>
  score === null || !max ? (max === 0 && score !== null ? 0 : null) : round2((score / max) * 100);

async function proposeFor(
  tx: Exec,
  e: repo.ExamRow,
  rows: { studentId: number; score: number | null; maxScore: number | null }[],
) {
  if (!e.scoreItemId || !rows.length) return;
  const item = (await scoreItemMap(tx)).get(e.scoreItemId);
  const o = await offerings.offering(tx, e.courseId, e.sessionId);
  if (!item || !o?.semesterId) return;
  await proposeScores(
    tx,
    rows.map((r) => ({
      courseId: e.courseId,
      semesterId: o.semesterId!,
      scoreItemId: item.id,
      studentId: r.studentId,
      score: r.maxScore ? ((r.score ?? 0) / r.maxScore) * item.max : 0,
      sourceKind: 'cbt',
      sourceId: e.id,
      sourceLabel: e.title,
    })),
  );
}

/**
 * Submits an open attempt in the caller's transaction, once: marks the paper from the current
 * answers, writes the receipt (public id, answers count, SHA-256 of the canonical final answers)
 * by a conditional update, and proposes the score. Null when it was not open (already submitted,
 * cancelled) — so racing submitters submit once.
 */
export async function submitIn(tx: Exec, attemptId: number, reason: SubmitReason, now = new Date()) {
  const a = await repo.attempt(tx, attemptId, true);
  if (!a || a.submittedAt || a.cancelledAt) return null;
  const e = (await repo.exam(tx, a.examId))!;
  const [current, questions] = await Promise.all([
    repo.currentAnswers(tx, a.id),
    repo.questionsByIds(
      tx,
      a.paper.map((p) => p.q),
    ),
  ]);
  const answers = new Map(current.map((c) => [c.questionId, c.answer]));
  const { marks, score, max } = markPaper(
    a.paper,
    new Map(questions.map((q) => [q.id, q])),
    answers,
    e.withdrawn,
  );
  const finals = current
    .filter((c) => c.answer !== null && c.answer !== undefined)
    .map((c) => ({ QuestionId: c.questionId, Answer: normalAnswer(c.answer as AnswerValue) }));
  const sha = createHash('sha256').update(canonicalAnswersText(finals), 'utf8').digest('hex');
  const closed = await repo.closeAttempt(tx, attemptId, {
    submittedAt: now,
    submitReason: reason,
    score,
    maxScore: max,
    marks,
    receiptId: newPublicId(),
    receiptSha256: sha,
    receiptAnswers: finals.length,
    answered: finals.length,
  });
  if (!closed) return null;
  await repo.addEvent(tx, attemptId, 'submit', reason);
  await proposeFor(tx, e, [closed]);
  return closed;
}

const isOverdue = (a: Pick<repo.AttemptRow, 'submittedAt' | 'cancelledAt' | 'endsAt'>, now: Date) =>
  !a.submittedAt && !a.cancelledAt && now.getTime() >= a.endsAt.getTime() + GRACE_MS;

/**
 * The time-up job's handler: submits the attempt if it is still open and its end (plus the grace)
 * has passed; an attempt extended since is left to the job its extension sent. Once however many
 * processes run it (the conditional update).
 */
export async function timeUp(db: Db, attemptId: number, now = new Date()) {
  return db.transaction(async (tx) => {
    const a = await repo.attempt(tx, attemptId, true);
    if (!a || !isOverdue(a, now)) return null;
    return submitIn(tx, attemptId, 'timeUp', now);
  });
}

/** The safety net: submits every open attempt whose end (plus the grace) has passed. */
export async function sweep(db: Db, now = new Date()) {
  const due = await repo.overdueAttempts(db, new Date(now.getTime() - GRACE_MS));
  let n = 0;
  for (const { id } of due) if (await timeUp(db, id, now)) n += 1;
  return n;
}

async function scheduleTimeUp(d: CbtDeps, tx: Exec, a: { id: number; endsAt: Date }) {
  if (!d.timeUpJob) return;
  await d.timeUpJob.send(
    { attemptId: a.id },
    { db: tx, startAfter: new Date(a.endsAt.getTime() + GRACE_MS + 1000) },
  );
}

// ───────────────────────────── students ─────────────────────────────

function receiptOf(d: CbtDeps, a: repo.AttemptRow): ExamReceipt | null {
  if (!a.submittedAt || !a.receiptId) return null;
  return {
    PublicId: a.receiptId,
    Answers: a.receiptAnswers ?? 0,
    Questions: a.paper.length,
    Sha256: a.receiptSha256 ?? '',
    SubmittedAt: a.submittedAt.toISOString(),
    SubmitReason: (a.submitReason ?? 'candidate') as SubmitReason,
    VerifyUrl: receiptUrl(d.config.PUBLIC_URL, a.receiptId),
  };
}

/** The roster's hall of each student: the roster in matric order fills the halls in order, the last takes the rest. */
function hallsOf(halls: readonly CbtHall[], roster: readonly { studentId: number }[]) {
  const out = new Map<number, number>();
  if (!halls.length) return out;
  let hall = 0;
  let used = 0;
  for (const r of roster) {
    while (hall < halls.length - 1 && used >= halls[hall]!.capacity) {
      hall += 1;
      used = 0;
    }
    out.set(r.studentId, hall);
    used += 1;
  }
  return out;
}

/**
 * The attempt's paper as the candidate sees it — questions in the drawn order, options as shuffled,
 * no keys — with each question's row (for what a released review adds) and the current answers.
 */
async function paperOf(db: Exec, a: repo.AttemptRow) {
  const [questions, current] = await Promise.all([
    repo.questionsByIds(
      db,
      a.paper.map((p) => p.q),
    ),
    repo.currentAnswers(db, a.id),
  ]);
  const byId = new Map(questions.map((q) => [q.id, q]));
  const items = a.paper.map((item, i) => {
    const q = byId.get(item.q)!;
    return {
      q,
      view: {
        QuestionId: q.id,
        Number: i + 1,
        Kind: q.kind as QuestionKind,
        Text: q.text,
        ImageUrl: q.imageKey ? CBT_API.image(a.id, q.id) : null,
        Options: item.o.map((id) => ({ Id: id, Text: q.options[id]?.text ?? '' })),
        Marks: q.marks,
      },
    };
  });
  return { items, current };
}

async function attemptView(d: CbtDeps, a: repo.AttemptRow, machine: string | null): Promise<AttemptView> {
  const e = (await repo.exam(d.db, a.examId))!;
  const [o, { items, current }] = await Promise.all([
    offerings.offering(d.db, e.courseId, e.sessionId),
    paperOf(d.db, a),
  ]);
  return {
    AttemptId: a.id,
    ExamId: e.id,
    Code: o?.code ?? '',
    CourseTitle: o?.title ?? '',
    Title: e.title,
    Instructions: e.instructions,
    State: a.submittedAt ? 'submitted' : 'inProgress',
    StartedAt: a.startedAt.toISOString(),
    EndsAt: a.endsAt.toISOString(),
    ServerNow: new Date().toISOString(),
    ExtraMinutes: a.extraMinutes,
    LastSeq: a.lastSeq,
    Position: a.position,
    Superseded: machine !== null && a.machineId !== machine && !a.submittedAt,
    Paper: items.map((i) => i.view),
    Answers: current.map((c): CurrentAnswer => ({
      QuestionId: c.questionId,
      Answer: (c.answer ?? null) as AnswerValue,
      Flagged: c.flagged,
      Seq: c.seq,
      GivenAt: c.givenAt.toISOString(),
    })),
    Receipt: receiptOf(d, a),
  };
}

/** A published exam of an offering the student takes (else 403 whatever the id; unpublished 404). */
async function enrolledExam(db: Exec, studentId: number, examId: number) {
  const e = await repo.exam(db, examId);
  if (!e) throw forbidden(OFFERING_MESSAGES.notEnrolled);
  const o = await offerings.enrolledOffering(db, studentId, e.courseId, e.sessionId, CANDIDATES);
  if (!e.publishedAt) throw notFound(M.examNotFound);
  return { e, o };
}

/** The student's own attempt (another's, or none, is the same 403). */
async function ownAttempt(db: Exec, studentId: number, attemptId: number, lock = false) {
  const a = await repo.attempt(db, attemptId, lock);
  if (!a || a.studentId !== studentId) throw forbidden(M.notYourAttempt);
  return a;
}

export async function studentExams(d: CbtDeps, studentId: number) {
  const { db } = d;
  const { offerings: current } = await offerings.currentOfferingsOf(db, studentId, CANDIDATES);
  const exams = await repo.publishedOf(db, current);
  const attempts = await repo.studentAttempts(
    db,
    studentId,
    exams.map((e) => e.id),
  );
  const facts = new Map<string, OfferingFacts>();
  for (const c of current) {
    const f = await offerings.offering(db, c.courseId, c.sessionId);
    if (f) facts.set(`${c.courseId}:${c.sessionId}`, f);
  }
  const now = new Date();
  const data: StudentExam[] = [];
  for (const e of exams) {
    const o = facts.get(`${e.courseId}:${e.sessionId}`);
    const a = attempts.find((x) => x.examId === e.id) ?? null;
    let state: ExamStudentState;
    let secondsLeft: number | null = null;
    if (a?.submittedAt) state = 'submitted';
    else if (a) {
      state = 'inProgress';
      secondsLeft = Math.max(0, Math.floor((a.endsAt.getTime() - now.getTime()) / 1000));
    } else if (now < e.opensAt) state = 'upcoming';
    else if (now >= e.closesAt) state = 'closed';
    else {
      state = 'open';
      secondsLeft = Math.floor((e.closesAt.getTime() - now.getTime()) / 1000);
    }
    let hall: string | null = null;
    if (e.halls.length && o) {
      const index = hallsOf(e.halls, await offerings.roster(db, o, CANDIDATES)).get(studentId);
      hall = index === undefined ? null : e.halls[index]!.name;
    }
    const released = e.releasedAt !== null;
    const percent = released && a?.submittedAt ? percentOf(a.score, a.maxScore) : null;
    data.push({
      ExamId: e.id,
      CourseId: e.courseId,
      SessionId: e.sessionId,
      Code: o?.code ?? '',
      CourseTitle: o?.title ?? '',
      Title: e.title,
      Instructions: e.instructions,
      OpensAt: e.opensAt.toISOString(),
      ClosesAt: e.closesAt.toISOString(),
      DurationMinutes: e.durationMinutes,
      Questions: e.sections.reduce((n, s) => n + s.count, 0),
      State: state,
      Hall: hall,
      AttemptId: a?.id ?? null,
      EndsAt: iso(a?.endsAt),
      SecondsLeft: secondsLeft,
      Receipt: a ? receiptOf(d, a) : null,
      Released: released,
      Percent: percent,
      Passed: percent === null ? null : percent >= e.passMark,
      CanReview: released && e.reviewAfterRelease && Boolean(a?.submittedAt),
    });
  }
  return { Status: STATUS.ok, Data: { ServerNow: now.toISOString(), Exams: data } };
}

/**
 * Opens the exam for the candidate on this machine: starts the attempt inside the window (one per
 * student and exam: two concurrent starts make one), or resumes it; a different machine takes it
 * over (logged, counted). An attempt past its end is submitted first.
 */
export async function openExam(d: CbtDeps, studentId: number, examId: number, machine: string) {
  const { db } = d;
  const { e } = await enrolledExam(db, studentId, examId);
  let a = await repo.liveAttempt(db, examId, studentId);
  const now = new Date();
  if (a && isOverdue(a, now)) {
    await timeUp(db, a.id, now);
    a = await repo.attempt(db, a.id);
  }
  if (!a) {
    if (now < e.opensAt) throw conflict(M.notYetOpen);
    if (now >= e.closesAt) throw conflict(M.windowClosed);
    const seed = randomBytes(16).toString('hex');
    const pool = await repo.pool(
      db,
      e.sections.flatMap((s) => s.topicIds),
    );
    const drawn = drawPaper(seed, e, pool);
    if (!('paper' in drawn)) throw conflict(M.sectionTooFew(drawn.count, drawn.available));
    const ends = Math.min(now.getTime() + e.durationMinutes * 60_000, e.closesAt.getTime());
    const inserted = await db.transaction(async (tx) => {
      const row = await repo.insertAttempt(tx, {
        examId,
        studentId,
        seed,
        paper: drawn.paper,
        startedAt: now,
        endsAt: new Date(ends),
        machineId: machine,
        lastSeenAt: now,
      });
      if (!row) return null;
      await repo.markUsed(
        tx,
        drawn.paper.map((p) => p.q),
        now,
      );
      await repo.addEvent(tx, row.id, 'start', machine);
      await scheduleTimeUp(d, tx, row);
      return row;
    });
    if (inserted) return { Status: STATUS.ok, Data: await attemptView(d, inserted, machine) };
    // Another request started it first: this one resumes it.
    a = await repo.liveAttempt(db, examId, studentId);
    if (!a) throw conflict(M.attemptNotFound);
  }
  if (!a.submittedAt && a.machineId !== machine) {
    a = await db.transaction(async (tx) => {
      const locked = (await repo.attempt(tx, a!.id, true))!;
      if (locked.submittedAt || locked.machineId === machine) return locked;
      const moved = await repo.updateAttempt(tx, locked.id, {
        machineId: machine,
        machineChanges: locked.machineChanges + 1,
        lastSeenAt: new Date(),
      });
      await repo.addEvent(tx, locked.id, 'takeover', `${locked.machineId} → ${machine}`);
      return moved;
    });
  }
  return { Status: STATUS.ok, Data: await attemptView(d, a, machine) };
}

export async function sitting(d: CbtDeps, studentId: number, attemptId: number, machine: string) {
  let a = await ownAttempt(d.db, studentId, attemptId);
  if (isOverdue(a, new Date())) {
    await timeUp(d.db, a.id);
    a = (await repo.attempt(d.db, a.id))!;
  }
  return { Status: STATUS.ok, Data: await attemptView(d, a, machine) };
}

function refuseClosed(
  a: Pick<repo.AttemptRow, 'cancelledAt' | 'submittedAt' | 'submitReason' | 'machineId'>,
  machine: string,
) {
  if (a.cancelledAt) throw conflict(M.restarted);
  if (a.submittedAt) throw conflict(a.submitReason === 'timeUp' ? M.timeUp : M.alreadySubmitted);
  if (a.machineId !== machine) throw conflict(M.superseded);
}

/**
 * How many times a batch is checked again when its attempt changed between the read and the write
 * (another batch, a takeover, an extension, the submission): each such change is another writer's
 * success, so this is never reached in practice.
 */
const SAVE_ROUNDS = 10;

/**
 * Takes a batch of answers, all or nothing: Seqs strictly increasing; those already stored must be
 * the same answers (acknowledged again), the new ones must continue from the attempt's last Seq
 * with no gap; each for a question of the paper, in its shape, given by the end.
 *
 * Checked against the attempt as read, then written by one statement (`appendAnswers`) that holds
 * the attempt's row only if it is still as read, appends the new answers, counts the answered
 * questions and updates the attempt: a batch costs two round trips to the database (three with a
 * replay), and the row is held for that statement only. Concurrent batches are thus taken one after
 * the other: the later one finds the attempt changed, is checked again against it (a replay of what
 * the first stored is acknowledged again) and written or refused.
 */
export async function saveAnswers(
  d: CbtDeps,
  studentId: number,
  attemptId: number,
  machine: string,
  raw: AnswersInput,
) {
  const input = answersInput.parse(raw);
  const items = input.Answers;
  for (let i = 1; i < items.length; i++)
    if (items[i]!.Seq <= items[i - 1]!.Seq) throw badRequest(M.seqsNotIncreasing);
  const saved = await saveNewAnswers(d, studentId, attemptId, machine, input);
  if (saved) return saved;
  for (let round = 1; round <= SAVE_ROUNDS; round++) {
    const a = await repo.attemptForAnswers(d.db, attemptId);
    if (!a || a.studentId !== studentId) throw forbidden(M.notYourAttempt);
    holdPaper(d.db, a);
    refuseClosed(a, machine);
    const now = new Date();
    if (isOverdue(a, now)) {
      await timeUp(d.db, attemptId);
      throw conflict(M.timeUp);
    }
    const rows = await checkBatch(d.db, a, items, now);
    const lastSeq = rows.length ? rows[rows.length - 1]!.seq : a.lastSeq;
    const position = positionIn(a.paper.length, input.Position) ?? a.position;
    const written = await repo.appendAnswers(d.db, a, rows, {
      lastSeq,
      position,
      machineId: machine,
      at: now,
    });
    if (written) return savedAnswer(items, lastSeq, written);
  }
  throw new Error(`cbt: attempt ${attemptId} changed under ${SAVE_ROUNDS} batches in a row`);
}

const savedAnswer = (
  items: z.output<typeof answersInput>['Answers'],
  lastSeq: number,
  written: { answered: number; position: number; endsAt: Date },
) => ({
  Status: STATUS.ok,
  Data: {
    Accepted: items.map((i) => i.Seq),
    LastSeq: lastSeq,
    Position: written.position,
    Answered: written.answered,
    EndsAt: written.endsAt.toISOString(),
    ServerNow: new Date().toISOString(),
  },
});

/**
 * What a save checks that never changes once an attempt is drawn: whose it is, and its paper's
 * questions with each one's kind and number of options. Each process holds them for the attempts
 * being sat, per database handle, so that a batch of new answers is checked here and written in one
 * statement, without reading the attempt first (its paper is most of the row). Filled as attempts
 * are read for a save, and for every attempt still being sat when the process starts: a restarted
 * server meets every candidate's held answer at once. Immutable, so every process may hold it.
 */
interface HeldPaper {
  studentId: number;
  /** The paper's question ids, ascending; `facts[i]` is question i's kind (its index) × 256 + its options. */
  questionIds: Int32Array;
  facts: Uint16Array;
}

/** Attempts whose paper a process holds, per handle (under 1 KB each: 60 questions take 360 bytes). */
const HELD_PAPERS_MAX = 20_000;
const heldPapers = new WeakMap<object, Map<number, HeldPaper>>();

function holdPaper(db: object, a: { id: number; studentId: number; paper: readonly PaperItem[] }): void {
  let papers = heldPapers.get(db);
  if (!papers) heldPapers.set(db, (papers = new Map()));
  if (papers.has(a.id)) return;
  const items = [...a.paper].sort((x, y) => x.q - y.q);
  papers.set(a.id, {
    studentId: a.studentId,
    questionIds: Int32Array.from(items, (p) => p.q),
    facts: Uint16Array.from(items, (p) => QUESTION_KINDS.indexOf(p.k as QuestionKind) * 256 + p.o.length),
  });
  if (papers.size > HELD_PAPERS_MAX) papers.delete(papers.keys().next().value!);
}

/** A question of a held paper: its kind and number of options, or undefined when not in the paper. */
function heldQuestion(held: HeldPaper, questionId: number) {
  let low = 0;
  let high = held.questionIds.length - 1;
  while (low <= high) {
    const middle = (low + high) >> 1;
    const id = held.questionIds[middle]!;
    if (id === questionId) {
      const fact = held.facts[middle]!;
      const kind = QUESTION_KINDS[fact >> 8];
      return kind && { kind, optionCount: fact & 255 };
    }
    if (id < questionId) low = middle + 1;
    else high = middle - 1;
  }
  return undefined;
}

/** Holds the papers of the attempts still being sat (at start-up). */
export async function holdOpenPapers(db: Db): Promise<void> {
  for (const a of await repo.openAttemptPapers(db, new Date(Date.now() - GRACE_MS))) holdPaper(db, a);
}

/**
 * A batch of new answers (continuing some Seq with no gap) to an attempt whose paper this process
 * holds: checked against the paper and written in one statement, which holds only if the attempt is
 * still open on this machine at the Seq before the batch's first, not overdue, and not ending before
 * the batch's last answer was given. Anything else — a replay, a gap, another machine, an attempt
 * submitted or overdue, an answer that does not fit, a paper not held — answers null, and the batch
 * takes the full path, which reads the attempt and answers or refuses it with the reason.
 */
async function saveNewAnswers(
  d: CbtDeps,
  studentId: number,
  attemptId: number,
  machine: string,
  input: z.output<typeof answersInput>,
) {
  const items = input.Answers;
  const held = heldPapers.get(d.db)?.get(attemptId);
  if (!held || held.studentId !== studentId || items.length === 0) return null;
  const first = items[0]!.Seq;
  const now = new Date();
  const rows: repo.NewAnswer[] = [];
  for (const [k, it] of items.entries()) {
    const question = heldQuestion(held, it.QuestionId);
    if (it.Seq !== first + k || !question || !fitsKind(question, it.Answer)) return null;
    rows.push(logEntry(it, now));
  }
  const lastSeq = items[items.length - 1]!.Seq;
  const written = await repo.appendAnswers(
    d.db,
    {
      id: attemptId,
      lastSeq: first - 1,
      endsAfter: new Date(now.getTime() - GRACE_MS),
      endsNotBefore: new Date(Math.max(...rows.map((r) => r.givenAt.getTime()))),
    },
    rows,
    {
      lastSeq,
      position: positionIn(held.questionIds.length, input.Position) ?? null,
      machineId: machine,
      at: now,
    },
  );
  return written && savedAnswer(items, lastSeq, written);
}

/**
 * A batch against the attempt as read: already-stored Seqs must be the stored answers; the new ones
 * continue from the last Seq with no gap, each for a question of the paper, in its shape, given by
 * the end (a time later than now is now). Answers the new entries to append; throws the refusal.
 */
async function checkBatch(
  db: Exec,
  a: NonNullable<Awaited<ReturnType<typeof repo.attemptForAnswers>>>,
  items: z.output<typeof answersInput>['Answers'],
  now: Date,
) {
  const old = items.filter((i) => i.Seq <= a.lastSeq);
  const stored = new Map(
    (
      await repo.logSeqs(
        db,
        a.id,
        old.map((i) => i.Seq),
      )
    ).map((r) => [r.seq, r]),
  );
  for (const it of old) {
    const s = stored.get(it.Seq);
    if (!s || s.questionId !== it.QuestionId || s.flagged !== it.Flagged || !sameAnswer(s.answer, it.Answer))
      throw conflict(M.outOfOrder(it.Seq, a.lastSeq));
  }
  const fresh = items.filter((i) => i.Seq > a.lastSeq);
  fresh.forEach((it, k) => {
    if (it.Seq !== a.lastSeq + 1 + k) throw conflict(M.outOfOrder(it.Seq, a.lastSeq));
  });
  const paper = new Map(a.paper.map((p) => [p.q, p]));
  const rows: repo.NewAnswer[] = [];
  for (const it of fresh) {
    const p = paper.get(it.QuestionId);
    if (!p) throw conflict(M.notInPaper(it.QuestionId));
    if (!fitsKind({ kind: p.k as QuestionKind, optionCount: p.o.length }, it.Answer))
      throw badRequest(M.answerShape(it.Seq));
    const row = logEntry(it, now);
    if (row.givenAt.getTime() > a.endsAt.getTime()) throw conflict(M.givenAfterEnd(it.Seq));
    rows.push(row);
  }
  return rows;
}

/** An answer of a batch as the log keeps it. The device's clock may run ahead: a time later than now is now. */
const logEntry = (it: z.output<typeof answersInput>['Answers'][number], now: Date): repo.NewAnswer => ({
  seq: it.Seq,
  questionId: it.QuestionId,
  answer: normalAnswer(it.Answer),
  flagged: it.Flagged,
  givenAt: new Date(Math.min(Date.parse(it.GivenAt), now.getTime())),
});

/** The position a batch asks for, within the paper (undefined: the batch asks for none). */
const positionIn = (paperLength: number, asked: number | undefined) =>
  asked === undefined ? undefined : Math.min(asked, Math.max(0, paperLength - 1));

/** The candidate submits (again: the same receipt). */
export async function submitOwn(d: CbtDeps, studentId: number, attemptId: number, machine: string) {
  const a = await ownAttempt(d.db, studentId, attemptId);
  if (a.cancelledAt) throw conflict(M.restarted);
  if (!a.submittedAt) {
    if (a.machineId !== machine) throw conflict(M.superseded);
    await d.db.transaction((tx) =>
      submitIn(tx, attemptId, isOverdue(a, new Date()) ? 'timeUp' : 'candidate'),
    );
  }
  const after = (await repo.attempt(d.db, attemptId))!;
  return { Status: STATUS.ok, Message: M.submitted, Data: receiptOf(d, after)! };
}

export async function receiptFacts(d: CbtDeps, a: repo.AttemptRow) {
  const e = (await repo.exam(d.db, a.examId))!;
  const [o, s] = await Promise.all([
    offerings.offering(d.db, e.courseId, e.sessionId),
    repo.studentFacts(d.db, a.studentId),
  ]);
  return { e, o, s };
}

export async function ownReceiptAttempt(d: CbtDeps, studentId: number, attemptId: number) {
  const a = await ownAttempt(d.db, studentId, attemptId);
  if (!a.submittedAt || !a.receiptId) throw notFound(M.receiptNotFound);
  return a;
}

/** GET ?id: what a receipt certifies, and whether the log still hashes to it. */
export async function verifyReceipt(d: CbtDeps, publicId: string, institution: string) {
  const a = await repo.attemptByReceipt(d.db, publicId);
  if (!a || !a.submittedAt) throw notFound(M.receiptNotFound);
  const { e, o, s } = await receiptFacts(d, a);
  const finals = (await repo.currentAnswers(d.db, a.id))
    .filter((c) => c.answer !== null && c.answer !== undefined)
    .map((c) => ({ QuestionId: c.questionId, Answer: normalAnswer(c.answer as AnswerValue) }));
  const sha = createHash('sha256').update(canonicalAnswersText(finals), 'utf8').digest('hex');
  return {
    Status: STATUS.ok,
    Data: {
      Institution: institution,
      Name: s ? fullName(s) : '',
      MatricNo: s?.matricNo ?? '',
      Code: o?.code ?? '',
      CourseTitle: o?.title ?? '',
      Exam: e.title,
      Session: o?.session ?? '',
      StartedAt: a.startedAt.toISOString(),
      SubmittedAt: a.submittedAt.toISOString(),
      SubmitReason: (a.submitReason ?? 'candidate') as SubmitReason,
      Answers: a.receiptAnswers ?? 0,
      Questions: a.paper.length,
      Sha256: a.receiptSha256 ?? '',
      Intact: sha === a.receiptSha256,
    },
  };
}

export async function review(d: CbtDeps, studentId: number, attemptId: number) {
  const a = await ownAttempt(d.db, studentId, attemptId);
  const e = (await repo.exam(d.db, a.examId))!;
  if (!a.submittedAt || !e.releasedAt || !e.reviewAfterRelease) throw conflict(M.reviewNotAvailable);
  const { items, current } = await paperOf(d.db, a);
  const answers = new Map(current.map((c) => [c.questionId, c.answer as AnswerValue]));
  const out = new Set(e.withdrawn);
  const percent = percentOf(a.score, a.maxScore) ?? 0;
  return {
    Status: STATUS.ok,
    Data: {
      AttemptId: a.id,
      Title: e.title,
      Score: a.score ?? 0,
      MaxScore: a.maxScore ?? 0,
      Percent: percent,
      Passed: percent >= e.passMark,
      Questions: items.map(({ q, view }) => {
        return {
          ...view,
          Options: view.Options.map((o) => ({ ...o, Correct: q.options[o.Id]?.correct ?? false })),
          Answer: answers.get(q.id) ?? null,
          Key: { True: q.answerTrue, Value: q.value, Tolerance: q.tolerance },
          Earned: a.marks?.[String(q.id)] ?? 0,
          Withdrawn: out.has(q.id),
        };
      }),
    },
  };
}

export async function studentImage(d: CbtDeps, studentId: number, attemptId: number, questionId: number) {
  const a = await ownAttempt(d.db, studentId, attemptId);
  if (!a.paper.some((p) => p.q === questionId)) throw conflict(M.notInPaper(questionId));
  const q = await repo.question(d.db, questionId);
  if (!q?.imageKey) throw notFound(M.imageNotFound);
  return { key: q.imageKey, mime: q.imageMime ?? 'image/png' };
}

// ───────────────────────────── invigilation ─────────────────────────────

/** The exam for its lecturers, the page's administrator, or one of its invigilators. */
async function invigilatedExam(db: Exec, caller: StaffCaller, id: number, lock = false) {
  const e = await repo.exam(db, id, lock);
  if (!e) throw notFound(M.examNotFound);
  try {
    const o = await offerings.authorOffering(db, caller, e.courseId, e.sessionId, PAGE);
    return { e, o };
  } catch (error) {
    if (!(error instanceof AppError) || error.statusCode !== 403) throw error;
    if (!e.halls.some((h) => h.invigilatorIds.includes(caller.adminId))) throw forbidden(M.notInvigilator);
    return { e, o: (await offerings.offering(db, e.courseId, e.sessionId))! };
  }
}

async function invigilatedAttempt(db: Exec, caller: StaffCaller, attemptId: number) {
  const a = await repo.attempt(db, attemptId, true);
  if (!a) throw notFound(M.attemptNotFound);
  const { e, o } = await invigilatedExam(db, caller, a.examId);
  return { a, e, o };
}

export async function candidates(db: Db, caller: StaffCaller, id: number, hall: number | undefined) {
  const { e, o } = await invigilatedExam(db, caller, id);
  const [roster, attempts, restarts, view] = await Promise.all([
    offerings.roster(db, o, CANDIDATES),
    repo.attemptsOfExam(db, id),
    repo.cancelledCounts(db, id),
    examViews(db, [e], o),
  ]);
  const halls = hallsOf(e.halls, roster);
  const now = Date.now();
  const questions = e.sections.reduce((n, s) => n + s.count, 0);
  const live = new Map(attempts.filter((a) => !a.cancelledAt).map((a) => [a.studentId, a]));
  const list: CandidateView[] = roster
    .filter((r) => hall === undefined || halls.get(r.studentId) === hall)
    .map((r) => {
      const a = live.get(r.studentId);
      const open = a && !a.submittedAt;
      return {
        StudentId: r.studentId,
        MatricNo: r.matricNo,
        Name: r.name,
        Hall: halls.get(r.studentId) ?? null,
        State: !a ? 'notStarted' : a.submittedAt ? 'submitted' : 'inProgress',
        AttemptId: a?.id ?? null,
        StartedAt: iso(a?.startedAt),
        EndsAt: iso(a?.endsAt),
        ExtraMinutes: a?.extraMinutes ?? 0,
        Answered: a?.answered ?? 0,
        Questions: a?.paper.length ?? questions,
        LastSeenAt: iso(a?.lastSeenAt),
        Offline: Boolean(open && now - a!.lastSeenAt.getTime() > L.offlineSeconds * 1000),
        MachineChanges: a?.machineChanges ?? 0,
        SubmittedAt: iso(a?.submittedAt),
        SubmitReason: (a?.submitReason ?? null) as SubmitReason | null,
        Percent: a?.submittedAt ? percentOf(a.score, a.maxScore) : null,
        Restarts: restarts.get(r.studentId) ?? 0,
      };
    });
  return {
    Status: STATUS.ok,
    Data: { ServerNow: new Date().toISOString(), Exam: view[0]!, Candidates: list },
  };
}

export async function extend(d: CbtDeps, caller: StaffCaller, id: number, input: ExtendInput) {
  return d.db.transaction(async (tx) => {
    await invigilatedExam(tx, caller, id, true);
    const rows = await repo.extendOpen(tx, id, input.Minutes, input.AttemptId ?? null);
    if (input.AttemptId && !rows.length) throw conflict(M.attemptNotOpen);
    for (const a of rows) {
      await repo.addEvent(tx, a.id, 'extend', `+${input.Minutes} min: ${input.Reason}`);
      await scheduleTimeUp(d, tx, a);
    }
    await audit(tx, {
      actor: caller,
      page: PAGE,
      action: 'extend',
      entity: 'cbt_exam',
      entityId: id,
      after: { attemptIds: rows.map((a) => a.id), minutes: input.Minutes, reason: input.Reason },
    });
    return { Status: STATUS.ok, Message: M.extended(rows.length, input.Minutes) };
  });
}

export async function endAttempt(db: Db, caller: StaffCaller, attemptId: number, reason: string) {
  return db.transaction(async (tx) => {
    const { a } = await invigilatedAttempt(tx, caller, attemptId);
    if (a.submittedAt || a.cancelledAt) throw conflict(M.attemptNotOpen);
    await submitIn(tx, attemptId, 'ended');
    await repo.addEvent(tx, attemptId, 'end', reason);
    await audit(tx, {
      actor: caller,
      page: PAGE,
      action: 'end',
      entity: 'cbt_attempt',
      entityId: attemptId,
      after: { reason },
    });
    return { Status: STATUS.ok, Message: M.attemptEnded };
  });
}

export async function restartAttempt(db: Db, caller: StaffCaller, attemptId: number, reason: string) {
  return db.transaction(async (tx) => {
    const { a } = await invigilatedAttempt(tx, caller, attemptId);
    if (a.cancelledAt) throw conflict(M.attemptNotOpen);
    await repo.updateAttempt(tx, attemptId, { cancelledAt: new Date(), cancelReason: reason });
    await repo.addEvent(tx, attemptId, 'restart', reason);
    await audit(tx, {
      actor: caller,
      page: PAGE,
      action: 'restart',
      entity: 'cbt_attempt',
      entityId: attemptId,
      before: { submittedAt: a.submittedAt, score: a.score },
      after: { reason },
    });
    return { Status: STATUS.ok, Message: M.restartAllowed };
  });
}

export async function staffAttempt(db: Db, caller: StaffCaller, attemptId: number) {
  const a = await repo.attempt(db, attemptId);
  if (!a) throw notFound(M.attemptNotFound);
  await invigilatedExam(db, caller, a.examId);
  const [log, events, s] = await Promise.all([
    repo.logOf(db, a.id),
    repo.eventsOf(db, a.id),
    repo.studentFacts(db, a.studentId),
  ]);
  return {
    Status: STATUS.ok,
    Data: {
      AttemptId: a.id,
      StudentId: a.studentId,
      MatricNo: s?.matricNo ?? '',
      Name: s ? fullName(s) : '',
      StartedAt: a.startedAt.toISOString(),
      EndsAt: a.endsAt.toISOString(),
      SubmittedAt: iso(a.submittedAt),
      SubmitReason: (a.submitReason ?? null) as SubmitReason | null,
      CancelledAt: iso(a.cancelledAt),
      Score: a.score,
      MaxScore: a.maxScore,
      Log: log.map((l) => ({
        Seq: l.seq,
        QuestionId: l.questionId,
        Answer: (l.answer ?? null) as AnswerValue,
        Flagged: l.flagged,
        GivenAt: l.givenAt.toISOString(),
        ReceivedAt: l.receivedAt.toISOString(),
        MachineId: l.machineId,
      })),
      Events: events.map((ev) => ({ At: ev.at.toISOString(), Kind: ev.kind, Detail: ev.detail })),
    },
  };
}

// ───────────────────────────── analysis ─────────────────────────────

export async function analysis(db: Db, caller: StaffCaller, id: number) {
  const { e } = await ownExam(db, caller, id);
  const attempts = (await repo.attemptsOfExam(db, id)).filter((a) => a.submittedAt && !a.cancelledAt);
  const qids = [...new Set(attempts.flatMap((a) => a.paper.map((p) => p.q)))];
  const [questions, answers, topics] = await Promise.all([
    repo.questionsByIds(db, qids),
    repo.currentAnswersOfExam(db, id),
    repo.topicsByName(db, e.courseId),
  ]);
  const topicName = new Map(topics.map((t) => [t.id, t.name]));
  const withdrawn = new Set(e.withdrawn);
  const figures = itemAnalysis(
    questions
      .filter((q) => !withdrawn.has(q.id))
      .map((q) => ({ id: q.id, kind: q.kind as QuestionKind, marks: q.marks, options: q.options.length })),
    attempts.map((a) => ({
      earned: Object.fromEntries(Object.entries(a.marks ?? {}).map(([k, v]) => [Number(k), v])),
      answers: Object.fromEntries([...(answers.get(a.id) ?? new Map()).entries()]) as Record<
        number,
        AnswerValue
      >,
    })),
  );
  const percents = attempts.map((a) => percentOf(a.score, a.maxScore) ?? 0);
  const sorted = [...questions].sort((x, y) => x.id - y.id);
  return {
    Status: STATUS.ok,
    Data: {
      Submitted: attempts.length,
      MeanPercent: percents.length ? round2(percents.reduce((s, x) => s + x, 0) / percents.length) : null,
      Passed: percents.filter((p) => p >= e.passMark).length,
      Questions: sorted.map((q) => {
        const f = figures.get(q.id);
        const candidatesHeld = attempts.filter((a) => a.paper.some((p) => p.q === q.id)).length;
        const counts = f?.optionCounts ?? [];
        return {
          QuestionId: q.id,
          Kind: q.kind as QuestionKind,
          Text: q.text,
          Topic: topicName.get(q.topicId) ?? '',
          Candidates: f?.candidates ?? candidatesHeld,
          Answered: f?.answered ?? 0,
          Facility: f?.facility ?? null,
          Discrimination: f?.discrimination ?? null,
          PointBiserial: f?.pointBiserial ?? null,
          Options:
            q.kind === 'truefalse'
              ? [
                  { Id: 0, Text: 'True', Correct: q.answerTrue === true, Count: counts[0] ?? 0 },
                  { Id: 1, Text: 'False', Correct: q.answerTrue === false, Count: counts[1] ?? 0 },
                ]
              : q.options.map((o, i) => ({ Id: i, Text: o.text, Correct: o.correct, Count: counts[i] ?? 0 })),
          Withdrawn: withdrawn.has(q.id),
        };
      }),
    },
  };
}

/** Withdraws a question from an exam after the fact: every submitted attempt re-marked, proposals updated. */
export async function withdrawQuestion(
  db: Db,
  caller: StaffCaller,
  id: number,
  questionId: number,
  reason: string,
) {
  return db.transaction(async (tx) => {
    const { e } = await ownExam(tx, caller, id, true);
    const attempts = await repo.attemptsOfExam(tx, id);
    if (!attempts.some((a) => a.paper.some((p) => p.q === questionId))) throw conflict(M.notInExam);
    if (e.withdrawn.includes(questionId)) throw conflict(M.alreadyWithdrawn);
    const withdrawn = [...e.withdrawn, questionId];
    const updatedExam = await repo.updateExam(tx, id, { withdrawn });
    const questions = new Map(
      (await repo.questionsByIds(tx, [...new Set(attempts.flatMap((a) => a.paper.map((p) => p.q)))])).map(
        (q) => [q.id, q],
      ),
    );
    const remarked: repo.AttemptRow[] = [];
    for (const a of attempts) {
      if (!a.submittedAt || a.cancelledAt || !a.marks) continue;
      const { score, max } = rescore(a.paper, a.marks, questions, withdrawn);
      remarked.push(await repo.updateAttempt(tx, a.id, { score, maxScore: max }));
      await repo.addEvent(tx, a.id, 'remark', `question ${questionId} withdrawn: ${reason}`);
    }
    await proposeFor(tx, updatedExam, remarked);
    await audit(tx, {
      actor: caller,
      page: PAGE,
      action: 'withdraw',
      entity: 'cbt_exam',
      entityId: id,
      after: { questionId, reason, remarked: remarked.length },
    });
    return { Status: STATUS.ok, Message: M.questionWithdrawn(remarked.length) };
  });
}
