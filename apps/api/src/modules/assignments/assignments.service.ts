import { createHash } from 'node:crypto';
import {
  ASSIGNMENT_LIMITS,
  ASSIGNMENT_MESSAGES as M,
  ASSIGNMENT_PAGE as PAGE,
  DUE_SOON_HOURS,
  NOTIFICATION_TYPES,
  OFFERING_MESSAGES,
  STATUS,
  type AssignmentInput,
  type AssignmentStudentState,
  type AssignmentView,
  type GradeInput,
  type LatePolicy,
  type Receipt,
  type StudentAssignment,
  type SubmissionView,
  assignmentInput,
} from '@portal/contracts';
import type { Db } from '../../db/client.js';
import { audit } from '../../platform/audit.js';
import type { Exec } from '../../platform/db.js';
import { badRequest, conflict, forbidden, notFound } from '../../platform/errors.js';
import { newStorageKey, type FileStorage } from '../../platform/storage.js';
import type { FileKind } from '../../platform/uploads.js';
import * as offerings from '../offerings/offerings.service.js';
import type { OfferingFacts, StaffCaller } from '../offerings/offerings.service.js';
import { publish } from '../notifications/notifications.service.js';
import { activeScoreItems, proposeScores, withdrawProposals } from '../results/proposals.service.js';
import * as repo from './assignments.repository.js';

/**
 * Assignments (issue 25): the offering's lecturers set, publish, grade and return them; the offering's
 * registered students and its auditors submit (files and/or text) and get a receipt. Access is decided
 * by the offerings module; notifications go through `publish` in the change's transaction; returned
 * grades of the registered are proposed to the course's score sheet through the results module (an
 * auditor gets their grade and comment back, but no score on the sheet).
 */

export interface AssignmentsDeps {
  db: Db;
  storage: FileStorage;
}

export interface ReceivedFile {
  buffer: Buffer;
  fileName: string;
  kind: FileKind;
  mime: string;
}

const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);
const STUDENT_LINK = NOTIFICATION_TYPES.assignments.path;
/** Assignments are the classroom's: the registered and the auditors take them. */
const TAKERS = { auditors: true } as const;

// ───────────────────────────── views ─────────────────────────────

async function scoreItemNames(db: Exec) {
  return new Map((await activeScoreItems(db)).map((i) => [i.id, i]));
}

function view(
  a: repo.AssignmentRow,
  o: Pick<OfferingFacts, 'code' | 'title'>,
  files: repo.FileRow[],
  items: Map<number, { name: string }>,
): AssignmentView {
  return {
    Id: a.id,
    CourseId: a.courseId,
    SessionId: a.sessionId,
    Code: o.code,
    CourseTitle: o.title,
    Title: a.title,
    Instructions: a.instructions,
    OpensAt: a.opensAt.toISOString(),
    DueAt: a.dueAt.toISOString(),
    LatePolicy: a.latePolicy as LatePolicy,
    LateUntil: iso(a.lateUntil),
    LatePenalty: a.latePenalty,
    MaxScore: a.maxScore,
    ScoreItemId: a.scoreItemId,
    ScoreItem: a.scoreItemId ? (items.get(a.scoreItemId)?.name ?? null) : null,
    Published: a.publishedAt !== null,
    Files: files
      .filter((f) => f.assignmentId === a.id)
      .map((f) => ({ Id: f.id, Name: f.fileName, Mime: f.fileMime, Size: f.fileSize })),
  };
}

function submissionView(s: repo.ListedSubmission): SubmissionView {
  const r = s.submission;
  return {
    Id: r.id,
    StudentId: r.studentId,
    MatricNo: s.matricNo,
    Name: s.name,
    Text: r.text,
    FileName: r.fileName,
    FileSize: r.fileSize,
    Sha256: r.sha256,
    SubmittedAt: r.submittedAt.toISOString(),
    Late: r.late,
    Penalty: r.penalty,
    Score: r.score,
    Comment: r.comment,
    ReturnedAt: iso(r.returnedAt),
  };
}

function receiptOf(r: repo.SubmissionRow): Receipt {
  return {
    SubmissionId: r.id,
    ReceivedAt: r.submittedAt.toISOString(),
    Sha256: r.sha256,
    Late: r.late,
    Penalty: r.penalty,
    FileName: r.fileName,
    FileSize: r.fileSize,
    TextLength: r.text.length,
  };
}

// ───────────────────────────── staff ─────────────────────────────

async function ownAssignment(db: Exec, caller: StaffCaller, id: number, lock = false) {
  const a = await repo.assignment(db, id, lock);
  if (!a) throw notFound(M.notFound);
  const o = await offerings.authorOffering(db, caller, a.courseId, a.sessionId, PAGE);
  return { a, o };
}

export async function scoreItems(db: Db) {
  const items = await activeScoreItems(db);
  return { Status: STATUS.ok, Data: items.map((i) => ({ Id: i.id, Name: i.name, Max: i.max })) };
}

export async function offeringAssignments(db: Db, caller: StaffCaller, courseId: number, sessionId: number) {
  const o = await offerings.authorOffering(db, caller, courseId, sessionId, PAGE);
  const list = await repo.assignmentsOf(db, courseId, sessionId);
  const ids = list.map((a) => a.id);
  const [files, subs, items, roster] = await Promise.all([
    repo.filesOf(db, ids),
    repo.submissionsOf(db, ids),
    scoreItemNames(db),
    offerings.rosterIds(db, o, TAKERS),
  ]);
  return {
    Status: STATUS.ok,
    Data: list.map((a) => {
      const mine = subs.filter((s) => s.submission.assignmentId === a.id).map((s) => s.submission);
      return {
        ...view(a, o, files, items),
        Submitted: mine.length,
        Graded: mine.filter((s) => s.score !== null).length,
        Returned: mine.filter((s) => s.returnedAt !== null).length,
        Enrolled: roster.length,
      };
    }),
  };
}

export async function assignmentDetail(db: Db, caller: StaffCaller, id: number) {
  const { a, o } = await ownAssignment(db, caller, id);
  const [files, subs, items, roster] = await Promise.all([
    repo.filesOf(db, [a.id]),
    repo.submissionsOf(db, [a.id]),
    scoreItemNames(db),
    offerings.rosterIds(db, o, TAKERS),
  ]);
  const rows = subs.map((s) => s.submission);
  return {
    Status: STATUS.ok,
    Data: {
      ...view(a, o, files, items),
      Submitted: rows.length,
      Graded: rows.filter((s) => s.score !== null).length,
      Returned: rows.filter((s) => s.returnedAt !== null).length,
      Enrolled: roster.length,
      Submissions: subs.map(submissionView),
    },
  };
}

/** The row values of an input (checked again here: the contract's refinements, and the score item). */
async function valuesOf(db: Exec, raw: AssignmentInput) {
  const input = assignmentInput.parse(raw);
  if (input.ScoreItemId !== null && !(await scoreItemNames(db)).has(input.ScoreItemId))
    throw badRequest(M.scoreItemUnknown);
  const accept = input.LatePolicy === 'accept';
  return {
    title: input.Title,
    instructions: input.Instructions,
    opensAt: new Date(input.OpensAt),
    dueAt: new Date(input.DueAt),
    latePolicy: input.LatePolicy,
    lateUntil: accept && input.LateUntil ? new Date(input.LateUntil) : null,
    latePenalty: accept ? input.LatePenalty : null,
    maxScore: input.MaxScore,
    scoreItemId: input.ScoreItemId,
  };
}

export async function createAssignment(
  db: Db,
  caller: StaffCaller,
  courseId: number,
  sessionId: number,
  input: AssignmentInput,
) {
  const o = await offerings.authorOffering(db, caller, courseId, sessionId, PAGE);
  const values = await valuesOf(db, input);
  const row = await db.transaction(async (tx) => {
    const created = await repo.insertAssignment(tx, {
      ...values,
      courseId,
      sessionId,
      createdBy: caller.adminId,
    });
    await audit(tx, {
      actor: caller,
      page: PAGE,
      action: 'create',
      entity: 'assignment',
      entityId: created.id,
      after: created,
    });
    return created;
  });
  return { Status: STATUS.ok, Message: M.saved, Data: view(row, o, [], await scoreItemNames(db)) };
}

export async function updateAssignment(db: Db, caller: StaffCaller, id: number, input: AssignmentInput) {
  const values = await valuesOf(db, input);
  const { row, o } = await db.transaction(async (tx) => {
    const { a, o } = await ownAssignment(tx, caller, id, true);
    const updated = await repo.updateAssignment(tx, id, values);
    await audit(tx, {
      actor: caller,
      page: PAGE,
      action: 'update',
      entity: 'assignment',
      entityId: id,
      before: a,
      after: updated,
    });
    return { row: updated, o };
  });
  const [files, items] = await Promise.all([repo.filesOf(db, [id]), scoreItemNames(db)]);
  return { Status: STATUS.ok, Message: M.saved, Data: view(row, o, files, items) };
}

/** Deletes an assignment with its attachments and submissions; the stored files go after the commit. */
export async function deleteAssignment(deps: AssignmentsDeps, caller: StaffCaller, id: number) {
  const keys = await deps.db.transaction(async (tx) => {
    const { a } = await ownAssignment(tx, caller, id, true);
    const [files, subs] = await Promise.all([repo.filesOf(tx, [id]), repo.submissionsOf(tx, [id])]);
    await repo.deleteAssignment(tx, id);
    await withdrawProposals(tx, 'assignment', id);
    await audit(tx, {
      actor: caller,
      page: PAGE,
      action: 'delete',
      entity: 'assignment',
      entityId: id,
      before: { ...a, submissions: subs.length },
    });
    return [
      ...files.map((f) => f.fileKey),
      ...subs.flatMap((s) => (s.submission.fileKey ? [s.submission.fileKey] : [])),
    ];
  });
  await Promise.all(keys.map((k) => deps.storage.delete(k).catch(() => undefined)));
  return { Status: STATUS.ok, Message: M.deleted };
}

export async function publishAssignment(db: Db, caller: StaffCaller, id: number) {
  const { row, o } = await db.transaction(async (tx) => {
    const { a, o } = await ownAssignment(tx, caller, id, true);
    if (a.publishedAt) throw conflict(M.alreadyPublished);
    const updated = await repo.updateAssignment(tx, id, { publishedAt: new Date() });
    await publish(tx, {
      type: 'assignments',
      recipientKind: 'Student',
      recipientIds: await offerings.rosterIds(tx, o, TAKERS),
      title: M.publishedTitle(o.code, a.title),
      link: STUDENT_LINK,
    });
    await audit(tx, {
      actor: caller,
      page: PAGE,
      action: 'publish',
      entity: 'assignment',
      entityId: id,
      after: { title: a.title },
    });
    return { row: updated, o };
  });
  const [files, items] = await Promise.all([repo.filesOf(db, [id]), scoreItemNames(db)]);
  return { Status: STATUS.ok, Message: M.published, Data: view(row, o, files, items) };
}

export async function addFile(deps: AssignmentsDeps, caller: StaffCaller, id: number, file: ReceivedFile) {
  const { a } = await ownAssignment(deps.db, caller, id);
  const key = newStorageKey(`assignments/${a.id}`, 'attachment', extensionOf(file));
  await deps.storage.put(key, file.buffer);
  try {
    const row = await deps.db.transaction(async (tx) => {
      await ownAssignment(tx, caller, id, true);
      if ((await repo.filesOf(tx, [id])).length >= ASSIGNMENT_LIMITS.files) throw conflict(M.tooManyFiles);
      const created = await repo.insertFile(tx, {
        assignmentId: id,
        fileKey: key,
        fileName: file.fileName.slice(0, 200),
        fileMime: file.mime,
        fileSize: file.buffer.length,
      });
      await audit(tx, {
        actor: caller,
        page: PAGE,
        action: 'attach',
        entity: 'assignment',
        entityId: id,
        after: { file: created.fileName },
      });
      return created;
    });
    return {
      Status: STATUS.ok,
      Message: M.saved,
      Data: { Id: row.id, Name: row.fileName, Mime: row.fileMime, Size: row.fileSize },
    };
  } catch (error) {
    await deps.storage.delete(key).catch(() => undefined);
    throw error;
  }
}

export async function removeFile(deps: AssignmentsDeps, caller: StaffCaller, fileId: number) {
  const f = await repo.file(deps.db, fileId);
  if (!f) throw notFound(M.fileNotFound);
  await deps.db.transaction(async (tx) => {
    await ownAssignment(tx, caller, f.assignmentId, true);
    await repo.deleteFile(tx, fileId);
    await audit(tx, {
      actor: caller,
      page: PAGE,
      action: 'detach',
      entity: 'assignment',
      entityId: f.assignmentId,
      before: { file: f.fileName },
    });
  });
  await deps.storage.delete(f.fileKey).catch(() => undefined);
  return { Status: STATUS.ok, Message: M.deleted };
}

/** An attachment for its assignment's lecturers. */
export async function staffFile(db: Db, caller: StaffCaller, fileId: number) {
  const f = await repo.file(db, fileId);
  if (!f) throw notFound(M.fileNotFound);
  await ownAssignment(db, caller, f.assignmentId);
  return f;
}

/** A submission for its assignment's lecturers. */
export async function staffSubmission(db: Db, caller: StaffCaller, submissionId: number) {
  const s = await repo.submission(db, submissionId);
  if (!s) throw notFound(M.submissionNotFound);
  const { a } = await ownAssignment(db, caller, s.assignmentId);
  return { s, a };
}

/** The assignment's submissions for the zip: the lecturer's access checked first. */
export async function submissionsForZip(db: Db, caller: StaffCaller, id: number) {
  const { a, o } = await ownAssignment(db, caller, id);
  return { a, o, submissions: await repo.submissionsOf(db, [id]) };
}

export async function gradeSubmission(db: Db, caller: StaffCaller, submissionId: number, input: GradeInput) {
  const s = await repo.submission(db, submissionId);
  if (!s) throw notFound(M.submissionNotFound);
  return db.transaction(async (tx) => {
    const { a } = await ownAssignment(tx, caller, s.assignmentId, true);
    const score = input.Score;
    if (score > a.maxScore) throw badRequest(M.gradeAboveMax(a.maxScore));
    const comment = (input.Comment ?? '').trim();
    const updated = await repo.gradeSubmission(tx, submissionId, {
      score,
      comment,
      gradedBy: caller.adminId,
    });
    await audit(tx, {
      actor: caller,
      page: PAGE,
      action: 'grade',
      entity: 'assignment_submission',
      entityId: submissionId,
      before: { score: s.score, comment: s.comment },
      after: { score, comment },
    });
    const [listed] = (await repo.submissionsOf(tx, [a.id])).filter((x) => x.submission.id === updated.id);
    return { Status: STATUS.ok, Message: M.graded, Data: submissionView(listed!) };
  });
}

/**
 * Returns the graded submissions not yet returned: their students are notified (type 3) and, where
 * the assignment feeds a score item, each grade (less the late penalty, scaled to the item's
 * maximum) is proposed to the course's score sheet — all in one transaction.
 */
export async function returnGraded(db: Db, caller: StaffCaller, id: number) {
  return db.transaction(async (tx) => {
    const { a, o } = await ownAssignment(tx, caller, id, true);
    if (!a.publishedAt) throw conflict(M.notPublished);
    const returned = await repo.returnGraded(tx, id, new Date());
    if (!returned.length) throw conflict(M.nothingToReturn);
    await publish(tx, {
      type: 'assignments',
      recipientKind: 'Student',
      recipientIds: returned.map((r) => r.studentId),
      title: M.returnedTitle(o.code, a.title),
      link: STUDENT_LINK,
    });
    const item = a.scoreItemId ? (await scoreItemNames(tx)).get(a.scoreItemId) : undefined;
    // The score sheet is the registered students': an auditor's grade goes back to them only.
    const registered =
      item && o.semesterId ? new Set(await offerings.rosterIds(tx, o, { auditors: false })) : null;
    if (item && o.semesterId && registered)
      await proposeScores(
        tx,
        returned
          .filter((r) => registered.has(r.studentId))
          .map((r) => ({
            courseId: a.courseId,
            semesterId: o.semesterId!,
            scoreItemId: item.id,
            studentId: r.studentId,
            score: (((r.score ?? 0) * (100 - r.penalty)) / 100 / a.maxScore) * item.max,
            sourceKind: 'assignment',
            sourceId: a.id,
            sourceLabel: a.title,
          })),
      );
    await audit(tx, {
      actor: caller,
      page: PAGE,
      action: 'return',
      entity: 'assignment',
      entityId: id,
      after: { returned: returned.length },
    });
    return { Status: STATUS.ok, Message: M.returned(returned.length) };
  });
}

// ───────────────────────────── students ─────────────────────────────

/** Where the assignment stands for the student now, and whether a submission is taken. */
export function standing(a: repo.AssignmentRow, sub: repo.SubmissionRow | null, now: Date) {
  const t = now.getTime();
  const due = a.dueAt.getTime();
  const lateOpen = a.latePolicy === 'accept' && a.lateUntil !== null && t <= a.lateUntil.getTime();
  const open = t >= a.opensAt.getTime();
  const canSubmit = open && (t <= due || (!sub && lateOpen));
  let state: AssignmentStudentState;
  if (sub?.returnedAt) state = 'graded';
  else if (sub) state = sub.late ? 'late' : 'submitted';
  else if (!open) state = 'upcoming';
  else if (t > due) state = lateOpen ? 'late' : 'closed';
  else state = due - t <= DUE_SOON_HOURS * 3600_000 ? 'dueSoon' : 'open';
  return { state, canSubmit, wouldBeLate: canSubmit && t > due };
}

export async function studentAssignments(db: Db, studentId: number) {
  const { offerings: current } = await offerings.currentOfferingsOf(db, studentId, TAKERS);
  const list = await repo.publishedOf(db, current);
  const ids = list.map((a) => a.id);
  const [files, subs, items, facts] = await Promise.all([
    repo.filesOf(db, ids),
    repo.studentSubmissions(db, studentId, ids),
    scoreItemNames(db),
    Promise.all(current.map((c) => offerings.offering(db, c.courseId, c.sessionId))),
  ]);
  const factsOf = new Map(facts.filter((f) => f !== null).map((f) => [`${f.courseId}:${f.sessionId}`, f]));
  const now = new Date();
  const data: StudentAssignment[] = list.map((a) => {
    const sub = subs.find((s) => s.assignmentId === a.id) ?? null;
    const { state, canSubmit, wouldBeLate } = standing(a, sub, now);
    const o = factsOf.get(`${a.courseId}:${a.sessionId}`) ?? { code: '', title: '' };
    return {
      ...view(a, o, files, items),
      State: state,
      CanSubmit: canSubmit,
      WouldBeLate: wouldBeLate,
      Submission: sub
        ? {
            Text: sub.text,
            FileName: sub.fileName,
            FileSize: sub.fileSize,
            Receipt: receiptOf(sub),
            // The grade and comment show once returned.
            Score: sub.returnedAt ? sub.score : null,
            Comment: sub.returnedAt ? sub.comment : null,
            ReturnedAt: iso(sub.returnedAt),
          }
        : null,
    };
  });
  return { Status: STATUS.ok, Data: { ServerTime: now.toISOString(), Assignments: data } };
}

/** A published assignment of an offering the student takes (else 403, whatever the id; unpublished 404). */
async function enrolledAssignment(db: Exec, studentId: number, id: number) {
  const a = await repo.assignment(db, id);
  if (!a) throw forbidden(OFFERING_MESSAGES.notEnrolled);
  await offerings.enrolledOffering(db, studentId, a.courseId, a.sessionId, TAKERS);
  if (!a.publishedAt) throw notFound(M.notFound);
  return a;
}

/** Refuses a submission the assignment's times and policy do not take now (nothing is saved). */
function checkTiming(a: repo.AssignmentRow, existing: repo.SubmissionRow | null, now: Date) {
  const t = now.getTime();
  if (t < a.opensAt.getTime()) throw conflict(M.notOpen);
  if (t <= a.dueAt.getTime()) return { late: false, penalty: 0 };
  if (a.latePolicy !== 'accept') throw conflict(M.refusedAfterDue);
  if (existing) throw conflict(M.replaceAfterDue);
  if (!a.lateUntil || t > a.lateUntil.getTime()) throw conflict(M.refusedAfterLateLimit);
  return { late: true, penalty: a.latePenalty ?? 0 };
}

function extensionOf(file: ReceivedFile) {
  return file.kind === 'csv' ? 'txt' : file.kind;
}

/**
 * Takes a submission (or its replacement before the due time). The receipt's hash is the SHA-256
 * of the text's UTF-8 bytes followed by the file's bytes — exactly what is stored. One row per
 * assignment and student (a unique constraint), so two at once leave one; the file is stored
 * before the row and removed again when the row is not written.
 */
export async function submit(
  deps: AssignmentsDeps,
  studentId: number,
  id: number,
  input: { text: string; file?: ReceivedFile },
) {
  const { db, storage } = deps;
  const text = input.text.replace(/\r\n/g, '\n');
  if (text.length > ASSIGNMENT_LIMITS.text) throw badRequest(M.textTooLong);
  if (!text.trim() && !input.file) throw badRequest(M.emptySubmission);
  const a = await enrolledAssignment(db, studentId, id);
  const before = await repo.submissionOf(db, id, studentId);
  checkTiming(a, before, new Date());
  const hash = createHash('sha256').update(text, 'utf8');
  if (input.file) hash.update(input.file.buffer);
  const sha256 = hash.digest('hex');
  const key = input.file
    ? newStorageKey(`assignments/${id}/submissions`, `s${studentId}`, extensionOf(input.file))
    : null;
  if (key && input.file) await storage.put(key, input.file.buffer);
  let saved: repo.SubmissionRow;
  let replaced: string | null = null;
  try {
    saved = await db.transaction(async (tx) => {
      await repo.lockStudentSubmission(tx, id, studentId);
      const existing = await repo.submissionOf(tx, id, studentId);
      const now = new Date();
      const { late, penalty } = checkTiming(a, existing, now);
      replaced = existing?.fileKey ?? null;
      return repo.upsertSubmission(tx, {
        assignmentId: id,
        studentId,
        text,
        fileKey: key,
        fileName: input.file ? input.file.fileName.slice(0, 200) : null,
        fileMime: input.file?.mime ?? null,
        fileSize: input.file?.buffer.length ?? null,
        sha256,
        submittedAt: now,
        late,
        penalty,
      });
    });
  } catch (error) {
    if (key) await storage.delete(key).catch(() => undefined);
    throw error;
  }
  if (replaced && replaced !== key) await storage.delete(replaced).catch(() => undefined);
  return {
    Status: STATUS.ok,
    Message: saved.late ? M.submittedLate(saved.penalty) : M.submitted,
    Data: receiptOf(saved),
  };
}

export async function ownSubmissionFile(db: Db, studentId: number, id: number) {
  await enrolledAssignment(db, studentId, id);
  const s = await repo.submissionOf(db, id, studentId);
  if (!s?.fileKey) throw notFound(M.submissionNotFound);
  return s;
}

export async function studentFile(db: Db, studentId: number, fileId: number) {
  const f = await repo.file(db, fileId);
  if (!f) throw forbidden(OFFERING_MESSAGES.notEnrolled);
  await enrolledAssignment(db, studentId, f.assignmentId);
  return f;
}
