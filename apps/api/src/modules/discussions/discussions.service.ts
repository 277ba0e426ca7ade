import {
  DISCUSSION_MESSAGES as M,
  DISCUSSION_LIMITS,
  DISCUSSION_PAGES,
  DISCUSSION_STUDENT_PAGE,
  STATUS,
  adminPagePath,
  type DiscussionBoard,
  type DiscussionKind,
  type DiscussionPost,
  type DiscussionThread,
  type EditPostInput,
  type NewThreadInput,
} from '@portal/contracts';
import type { Db } from '../../db/client.js';
import { audit, type AuditActor } from '../../platform/audit.js';
import type { Exec } from '../../platform/db.js';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../platform/errors.js';
import type { RateLimits } from '../../platform/rate-limit.js';
import { sanitizeRichText } from '../../platform/sanitize.js';
import { publish } from '../notifications/notifications.service.js';
import * as offerings from '../offerings/offerings.service.js';
import * as repo from './discussions.repository.js';
import type { Board, Person } from './discussions.repository.js';

/**
 * Discussions (issue 25). Who takes part in a board and who moderates it is decided here, once:
 * - learning: the offering's registered students and auditors (offerings.enrolledOffering with
 *   auditors) and its lecturers or
 *   the `learningdiscussion` administrator (offerings.authorOffering), who also moderate;
 * - student: the students of the department and level (a student's own only); admins holding
 *   `studentdiscussion` take part and moderate;
 * - general: everyone signed in; admins holding `generaldiscussion` moderate.
 */

export interface DiscussionDeps {
  db: Db;
  rateLimits: RateLimits;
}

/** The signed-in user: a student, or an admin with the pages their roles grant (and their e-mail, for the trail). */
export type Caller =
  { kind: 'Student'; id: number } | { kind: 'Admin'; id: number; staff: offerings.StaffCaller };

interface Access {
  board: Board;
  canModerate: boolean;
  offering: offerings.OfferingFacts | null;
}

const personOf = (c: Caller): Person => ({ kind: c.kind, id: c.id });
const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** The board a query or input names (its columns checked for the kind: 400 when missing). */
export function boardFrom(q: {
  kind: DiscussionKind;
  courseId?: number;
  sessionId?: number;
  departmentId?: number;
  levelId?: number;
}): Board | { kind: 'student'; departmentId?: number; levelId?: number } {
  if (q.kind === 'learning') {
    if (!q.courseId || !q.sessionId) throw badRequest(M.boardIncomplete);
    return { kind: 'learning', courseId: q.courseId, sessionId: q.sessionId };
  }
  if (q.kind === 'student') return { kind: 'student', departmentId: q.departmentId, levelId: q.levelId };
  return { kind: 'general' };
}

/** Whether the caller takes part in the board, and whether they moderate it; 403 otherwise. */
async function access(
  db: Exec,
  caller: Caller,
  wanted: Board | { kind: 'student'; departmentId?: number; levelId?: number },
): Promise<Access> {
  if (wanted.kind === 'learning') {
    if (caller.kind === 'Student') {
      const o = await offerings.enrolledOffering(db, caller.id, wanted.courseId, wanted.sessionId, {
        auditors: true,
      });
      return { board: wanted, canModerate: false, offering: o };
    }
    const o = await offerings.authorOffering(
      db,
      caller.staff,
      wanted.courseId,
      wanted.sessionId,
      DISCUSSION_PAGES.learning,
    );
    return { board: wanted, canModerate: true, offering: o };
  }
  if (wanted.kind === 'student') {
    if (caller.kind === 'Student') {
      const place = await repo.studentPlace(db, caller.id);
      if (!place?.departmentId || !place.levelId) throw forbidden(M.notMember);
      // A student's own board, whatever was asked: a guessed department learns nothing.
      if (
        (wanted.departmentId && wanted.departmentId !== place.departmentId) ||
        (wanted.levelId && wanted.levelId !== place.levelId)
      )
        throw forbidden(M.notMember);
      const board: Board = { kind: 'student', departmentId: place.departmentId, levelId: place.levelId };
      return { board, canModerate: false, offering: null };
    }
    if (!caller.staff.pages.includes(DISCUSSION_PAGES.student)) throw forbidden(M.notMember);
    if (!wanted.departmentId || !wanted.levelId) throw badRequest(M.boardIncomplete);
    const board: Board = { kind: 'student', departmentId: wanted.departmentId, levelId: wanted.levelId };
    return { board, canModerate: true, offering: null };
  }
  const canModerate = caller.kind === 'Admin' && caller.staff.pages.includes(DISCUSSION_PAGES.general);
  return { board: { kind: 'general' }, canModerate, offering: null };
}

/** A thread the caller may read (hidden ones only for moderators: 404 otherwise). */
async function threadAccess(db: Exec, caller: Caller, threadId: number) {
  const thread = await repo.thread(db, threadId);
  if (!thread) throw notFound(M.threadNotFound);
  const a = await access(db, caller, repo.boardOf(thread));
  if (thread.hidden && !a.canModerate) throw notFound(M.threadNotFound);
  return { thread, ...a };
}

/** Moderation needs the board's moderator: 403 otherwise. The admin's audit actor. */
function moderator(caller: Caller, a: Access): AuditActor {
  if (caller.kind !== 'Admin' || !a.canModerate) throw forbidden(M.notModerator);
  return caller.staff;
}

function threadView(row: NonNullable<Awaited<ReturnType<typeof repo.thread>>>): DiscussionThread {
  return {
    Id: row.id,
    Kind: row.kind as DiscussionKind,
    Title: row.title,
    Type: row.typeName,
    TypeId: row.typeId,
    Author: { Kind: row.authorKind as Person['kind'], Id: row.authorId, Name: row.authorName },
    Pinned: row.pinned,
    Locked: row.locked,
    Hidden: row.hidden,
    AnswerPostId: row.answerPostId,
    Replies: row.replyCount,
    CreatedAt: row.createdAt.toISOString(),
    LastActivityAt: row.lastActivityAt.toISOString(),
  };
}

function postView(
  row: repo.PostRow,
  caller: Caller,
  facts: Map<number, { count: number; mine: boolean }>,
  canModerate: boolean,
): DiscussionPost {
  const mine = row.authorKind === caller.kind && row.authorId === caller.id;
  const f = facts.get(row.id);
  return {
    Id: row.id,
    ThreadId: row.threadId,
    Opening: row.opening,
    Body: row.hidden && !canModerate ? '' : row.body,
    Author: { Kind: row.authorKind as Person['kind'], Id: row.authorId, Name: row.authorName },
    Hidden: row.hidden,
    CreatedAt: row.createdAt.toISOString(),
    EditedAt: iso(row.editedAt),
    Mine: mine,
    CanEdit: mine && row.editable,
    Reports: canModerate ? (f?.count ?? 0) : 0,
    ReportedByMe: f?.mine ?? false,
  };
}

/** Sanitised text; 400 when nothing is left of it. */
function cleanBody(html: string): string {
  const clean = sanitizeRichText(html);
  const hasText = clean.replace(/<[^>]*>/g, '').trim().length > 0;
  if (!hasText && !/<img\s/i.test(clean)) throw badRequest(M.bodyEmpty);
  if (clean.length > DISCUSSION_LIMITS.storedBody) throw badRequest(M.bodyTooLong);
  return clean;
}

/** Posting is limited per user (PostgreSQL-backed, shared by every process): 429 with our own words. */
async function countPost(deps: DiscussionDeps, caller: Caller) {
  try {
    await deps.rateLimits.hit([
      {
        key: `discussion-post:${caller.kind}:${caller.id}`,
        limit: DISCUSSION_LIMITS.postsPerMinute,
        windowSeconds: 60,
      },
    ]);
  } catch (error) {
    if (error instanceof AppError && error.statusCode === 429)
      throw new AppError(429, M.tooFast, error.status, error.headers);
    throw error;
  }
}

// ───────────────────────────── boards ─────────────────────────────

function boardView(b: Board, name: string): DiscussionBoard {
  return {
    Kind: b.kind,
    CourseId: b.kind === 'learning' ? b.courseId : null,
    SessionId: b.kind === 'learning' ? b.sessionId : null,
    DepartmentId: b.kind === 'student' ? b.departmentId : null,
    LevelId: b.kind === 'student' ? b.levelId : null,
    Name: name,
  };
}

/** A student's boards: the learning discussions of this semester's offerings, their own student discussion, the general one. */
export async function boards(deps: DiscussionDeps, caller: Caller) {
  const { db } = deps;
  const data: DiscussionBoard[] = [];
  if (caller.kind === 'Student') {
    const current = await offerings.currentOfferingsOf(db, caller.id, { auditors: true });
    const facts = await Promise.all(
      current.offerings.map((o) => offerings.offering(db, o.courseId, o.sessionId)),
    );
    for (const o of facts)
      if (o)
        data.push(
          boardView(
            { kind: 'learning', courseId: o.courseId, sessionId: o.sessionId },
            `${o.code} · ${o.title}`,
          ),
        );
    const place = await repo.studentPlace(db, caller.id);
    if (place?.departmentId && place.levelId)
      data.push(
        boardView(
          { kind: 'student', departmentId: place.departmentId, levelId: place.levelId },
          `${place.department ?? ''} · ${place.level ?? ''}`,
        ),
      );
  }
  data.push(boardView({ kind: 'general' }, ''));
  return { Status: STATUS.ok, Data: data };
}

// ───────────────────────────── threads ─────────────────────────────

export async function listThreads(
  deps: DiscussionDeps,
  caller: Caller,
  q: Parameters<typeof boardFrom>[0] & { page: number; pageSize: number },
) {
  const { db } = deps;
  const a = await access(db, caller, boardFrom(q));
  const [{ rows, total }, types] = await Promise.all([
    repo.threadsOf(db, a.board, {
      withHidden: a.canModerate,
      limit: q.pageSize,
      offset: (q.page - 1) * q.pageSize,
    }),
    repo.activeTypes(db),
  ]);
  return {
    Status: STATUS.ok,
    Data: rows.map(threadView),
    Page: q.page,
    PageSize: q.pageSize,
    Total: total,
    Types: types.map((t) => ({ Id: t.id, Name: t.name })),
    CanModerate: a.canModerate,
  };
}

export async function getThread(
  deps: DiscussionDeps,
  caller: Caller,
  threadId: number,
  q: { page: number; pageSize: number },
) {
  const { db } = deps;
  const a = await threadAccess(db, caller, threadId);
  const [opening, replies] = await Promise.all([
    repo.openingOf(db, threadId),
    repo.repliesOf(db, threadId, {
      withHidden: a.canModerate,
      limit: q.pageSize,
      offset: (q.page - 1) * q.pageSize,
    }),
  ]);
  if (!opening) throw notFound(M.threadNotFound);
  const facts = await repo.reportFacts(db, [opening.id, ...replies.rows.map((r) => r.id)], personOf(caller));
  return {
    Status: STATUS.ok,
    Data: {
      ...threadView(a.thread),
      Opening: postView(opening, caller, facts, a.canModerate),
      Replies: replies.rows.map((r) => postView(r, caller, facts, a.canModerate)),
      ReplyPage: q.page,
      ReplyPageSize: q.pageSize,
      ReplyTotal: replies.total,
      CanModerate: a.canModerate,
      CanMarkAnswer: a.canModerate,
    },
  };
}

/** Where a thread opens: the student's page, or the staff page of its kind. */
const threadLink = (kind: 'Student' | 'Admin', b: Board, threadId: number) =>
  kind === 'Student'
    ? `${DISCUSSION_STUDENT_PAGE}?thread=${threadId}`
    : `${adminPagePath(DISCUSSION_PAGES[b.kind])}?thread=${threadId}`;

/**
 * Type 5 (learning discussion) for a new thread or reply in a learning discussion: to the people who
 * take part in the thread (its author and repliers) and the offering's lecturers, never the poster.
 */
async function notifyLearning(tx: Exec, a: Access, threadId: number, title: string, poster: Person) {
  if (a.board.kind !== 'learning' || !a.offering) return;
  const people = await repo.participants(tx, threadId);
  const lecturers = await offerings.lecturerAdminIds(tx, a.board.courseId, a.board.sessionId);
  const notPoster = (p: Person) => !(p.kind === poster.kind && p.id === poster.id);
  const everyone = [...people, ...lecturers.map((id): Person => ({ kind: 'Admin', id }))].filter(notPoster);
  for (const kind of ['Student', 'Admin'] as const) {
    const ids = everyone.filter((p) => p.kind === kind).map((p) => p.id);
    if (ids.length === 0) continue;
    await publish(tx, {
      type: 'learningDiscussion',
      recipientKind: kind,
      recipientIds: ids,
      title: `${a.offering.code}: ${title}`,
      link: threadLink(kind, a.board, threadId),
    });
  }
}

export async function createThread(deps: DiscussionDeps, caller: Caller, input: NewThreadInput) {
  const { db } = deps;
  const a = await access(
    db,
    caller,
    boardFrom({
      kind: input.Kind,
      courseId: input.CourseId,
      sessionId: input.SessionId,
      departmentId: input.DepartmentId,
      levelId: input.LevelId,
    }),
  );
  if (!(await repo.isActiveType(db, input.TypeId))) throw badRequest(M.typeUnknown);
  const body = cleanBody(input.Body);
  await countPost(deps, caller);
  const author = personOf(caller);
  const id = await db.transaction(async (tx) => {
    const threadId = await repo.insertThread(tx, {
      board: a.board,
      typeId: input.TypeId,
      title: input.Title,
      author,
    });
    await repo.insertPost(tx, { threadId, opening: true, body, author });
    await notifyLearning(tx, a, threadId, input.Title, author);
    return threadId;
  });
  const row = await repo.thread(db, id);
  return { Status: STATUS.ok, Message: M.posted, Data: threadView(row!) };
}

export async function reply(deps: DiscussionDeps, caller: Caller, threadId: number, text: string) {
  const { db } = deps;
  const a = await threadAccess(db, caller, threadId);
  if (a.thread.locked) throw conflict(M.locked);
  const body = cleanBody(text);
  await countPost(deps, caller);
  const author = personOf(caller);
  const postId = await db.transaction(async (tx) => {
    const id = await repo.insertPost(tx, { threadId, opening: false, body, author });
    await repo.touchThread(tx, threadId);
    await notifyLearning(tx, a, threadId, a.thread.title, author);
    return id;
  });
  const row = await repo.post(db, postId);
  return { Status: STATUS.ok, Message: M.posted, Data: postView(row!, caller, new Map(), a.canModerate) };
}

/** The author's edit within 15 minutes of posting (the database's clock); a thread's title with its opening post. */
export async function editPost(deps: DiscussionDeps, caller: Caller, postId: number, input: EditPostInput) {
  const { db } = deps;
  const found = await repo.post(db, postId);
  if (!found) throw notFound(M.postNotFound);
  const a = await threadAccess(db, caller, found.threadId);
  if (found.hidden && !a.canModerate) throw notFound(M.postNotFound);
  if (found.authorKind !== caller.kind || found.authorId !== caller.id) throw forbidden(M.notYourPost);
  if (a.thread.locked) throw conflict(M.locked);
  const body = cleanBody(input.Body);
  await db.transaction(async (tx) => {
    if (!(await repo.editPost(tx, postId, body))) throw forbidden(M.editWindow);
    if (found.opening && input.Title) await repo.setThread(tx, found.threadId, { title: input.Title });
  });
  const row = await repo.post(db, postId);
  return { Status: STATUS.ok, Message: M.saved, Data: postView(row!, caller, new Map(), a.canModerate) };
}

export async function report(deps: DiscussionDeps, caller: Caller, postId: number, reason: string) {
  const { db } = deps;
  const found = await repo.post(db, postId);
  if (!found) throw notFound(M.postNotFound);
  const a = await threadAccess(db, caller, found.threadId);
  if (found.hidden && !a.canModerate) throw notFound(M.postNotFound);
  const made = await db.transaction((tx) => repo.insertReport(tx, postId, personOf(caller), reason));
  if (!made) throw conflict(M.alreadyReported);
  return { Status: STATUS.ok, Message: M.reported };
}

export async function markAnswer(
  deps: DiscussionDeps,
  caller: Caller,
  threadId: number,
  postId: number | null,
) {
  const { db } = deps;
  const a = await threadAccess(db, caller, threadId);
  if (caller.kind !== 'Admin' || !a.canModerate) throw forbidden(M.answerNotAllowed);
  if (postId !== null) {
    const p = await repo.post(db, postId);
    if (!p || p.threadId !== threadId || p.opening) throw badRequest(M.answerNotReply);
  }
  await db.transaction(async (tx) => {
    await repo.setThread(tx, threadId, { answerPostId: postId });
    await audit(tx, {
      actor: caller.staff,
      page: DISCUSSION_PAGES[a.board.kind],
      action: postId === null ? 'clear-answer' : 'mark-answer',
      entity: 'discussion_thread',
      entityId: threadId,
      before: { answerPostId: a.thread.answerPostId },
      after: { answerPostId: postId },
    });
  });
  return { Status: STATUS.ok, Message: postId === null ? M.answerCleared : M.answerMarked };
}

// ───────────────────────────── moderation ─────────────────────────────

export async function setPostHidden(deps: DiscussionDeps, caller: Caller, postId: number, hidden: boolean) {
  const { db } = deps;
  const found = await repo.post(db, postId);
  if (!found) throw notFound(M.postNotFound);
  const thread = await repo.thread(db, found.threadId);
  const a = await access(db, caller, repo.boardOf(thread!));
  const actor = moderator(caller, a);
  await db.transaction(async (tx) => {
    await repo.setHidden(tx, postId, hidden);
    await audit(tx, {
      actor,
      page: DISCUSSION_PAGES[a.board.kind],
      action: hidden ? 'hide' : 'restore',
      entity: 'discussion_post',
      entityId: postId,
      before: { hidden: found.hidden },
      after: { hidden },
    });
  });
  return { Status: STATUS.ok, Message: hidden ? M.hidden : M.restored };
}

export async function setThreadFlag(
  deps: DiscussionDeps,
  caller: Caller,
  threadId: number,
  flag: 'locked' | 'pinned',
  value: boolean,
) {
  const { db } = deps;
  const thread = await repo.thread(db, threadId);
  if (!thread) throw notFound(M.threadNotFound);
  const a = await access(db, caller, repo.boardOf(thread));
  const actor = moderator(caller, a);
  await db.transaction(async (tx) => {
    await repo.setThread(tx, threadId, { [flag]: value });
    await audit(tx, {
      actor,
      page: DISCUSSION_PAGES[a.board.kind],
      action: flag === 'locked' ? (value ? 'lock' : 'unlock') : value ? 'pin' : 'unpin',
      entity: 'discussion_thread',
      entityId: threadId,
      before: { [flag]: thread[flag] },
      after: { [flag]: value },
    });
  });
  const message =
    flag === 'locked' ? (value ? M.lockedDone : M.unlockedDone) : value ? M.pinnedDone : M.unpinnedDone;
  return { Status: STATUS.ok, Message: message };
}

export async function listReports(
  deps: DiscussionDeps,
  caller: Caller,
  q: Parameters<typeof boardFrom>[0] & { page: number; pageSize: number },
) {
  const { db } = deps;
  const a = await access(db, caller, boardFrom(q));
  moderator(caller, a);
  const { rows, total } = await repo.reportsOf(db, a.board, {
    limit: q.pageSize,
    offset: (q.page - 1) * q.pageSize,
  });
  const text = (html: string) =>
    html
      .replace(/<[^>]*>/g, ' ')
      .replace(/\s+/g, ' ')
      .trim()
      .slice(0, 200);
  return {
    Status: STATUS.ok,
    Data: rows.map((r) => ({
      PostId: r.postId,
      ThreadId: r.threadId,
      ThreadTitle: r.threadTitle,
      Excerpt: text(r.body),
      Author: r.author,
      Hidden: r.hidden,
      Reports: r.reports,
      Reasons: r.reasons,
      LastReportedAt: r.lastReportedAt.toISOString(),
    })),
    Page: q.page,
    PageSize: q.pageSize,
    Total: total,
  };
}
