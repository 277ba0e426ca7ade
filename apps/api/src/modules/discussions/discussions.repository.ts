import { and, asc, desc, eq, inArray, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { DISCUSSION_LIMITS } from '@portal/contracts';
import {
  admins,
  departments,
  discussionPosts,
  discussionReports,
  discussionThreads,
  discussionTypes,
  levels,
  students,
} from '../../db/schema/index.js';
import { countSql, type Exec } from '../../platform/db.js';

/** A board: the learning discussion of an offering, the student discussion of a department and level, or the general one. */
export type Board =
  | { kind: 'learning'; courseId: number; sessionId: number }
  | { kind: 'student'; departmentId: number; levelId: number }
  | { kind: 'general' };

export type AuthorKind = 'Student' | 'Admin';
export interface Person {
  kind: AuthorKind;
  id: number;
}

const EDIT_MINUTES = DISCUSSION_LIMITS.editMinutes;
const T = discussionThreads;
const P = discussionPosts;

function boardWhere(b: Board): SQL {
  switch (b.kind) {
    case 'learning':
      return and(eq(T.kind, 'learning'), eq(T.courseId, b.courseId), eq(T.sessionId, b.sessionId))!;
    case 'student':
      return and(eq(T.kind, 'student'), eq(T.departmentId, b.departmentId), eq(T.levelId, b.levelId))!;
    default:
      return eq(T.kind, 'general');
  }
}

export function boardOf(row: {
  kind: string;
  courseId: number | null;
  sessionId: number | null;
  departmentId: number | null;
  levelId: number | null;
}): Board {
  if (row.kind === 'learning')
    return { kind: 'learning', courseId: row.courseId!, sessionId: row.sessionId! };
  if (row.kind === 'student')
    return { kind: 'student', departmentId: row.departmentId!, levelId: row.levelId! };
  return { kind: 'general' };
}

/** An author's name: a student's or an admin's first and last name. */
const nameOf = (kind: AnyColumn, id: AnyColumn) => sql<string>`coalesce(
  case when ${kind} = 'Student'
    then (select ${students.firstName} || ' ' || ${students.lastName} from ${students} where ${students.id} = ${id})
    else (select ${admins.firstName} || ' ' || ${admins.lastName} from ${admins} where ${admins.id} = ${id})
  end, '')`;

const opening = sql`(select o.hidden from discussion_posts o where o.thread_id = ${T.id} and o.opening)`;

const threadColumns = {
  id: T.id,
  kind: T.kind,
  courseId: T.courseId,
  sessionId: T.sessionId,
  departmentId: T.departmentId,
  levelId: T.levelId,
  typeId: T.typeId,
  typeName: discussionTypes.name,
  title: T.title,
  authorKind: T.authorKind,
  authorId: T.authorId,
  authorName: nameOf(T.authorKind, T.authorId),
  pinned: T.pinned,
  locked: T.locked,
  hidden: sql<boolean>`coalesce(${opening}, false)`,
  answerPostId: T.answerPostId,
  replyCount: T.replyCount,
  createdAt: T.createdAt,
  lastActivityAt: T.lastActivityAt,
};

export type ThreadRow = Awaited<ReturnType<typeof thread>> & {};

// ───────────────────────────── reference ─────────────────────────────

export async function activeTypes(db: Exec) {
  return db
    .select({ id: discussionTypes.id, name: discussionTypes.name })
    .from(discussionTypes)
    .where(eq(discussionTypes.isActive, true))
    .orderBy(asc(discussionTypes.name));
}

export async function isActiveType(db: Exec, id: number) {
  const rows = await db
    .select({ id: discussionTypes.id })
    .from(discussionTypes)
    .where(and(eq(discussionTypes.id, id), eq(discussionTypes.isActive, true)))
    .limit(1);
  return rows.length > 0;
}

/** The student's department and level, with their names. */
export async function studentPlace(db: Exec, studentId: number) {
  const [row] = await db
    .select({
      departmentId: students.departmentId,
      levelId: students.levelId,
      department: departments.name,
      level: levels.name,
    })
    .from(students)
    .leftJoin(departments, eq(departments.id, students.departmentId))
    .leftJoin(levels, eq(levels.id, students.levelId))
    .where(eq(students.id, studentId));
  return row ?? null;
}

export async function placeName(db: Exec, departmentId: number, levelId: number) {
  const [d] = await db
    .select({ name: departments.name })
    .from(departments)
    .where(eq(departments.id, departmentId));
  const [l] = await db.select({ name: levels.name }).from(levels).where(eq(levels.id, levelId));
  return d && l ? `${d.name} · ${l.name}` : null;
}

// ───────────────────────────── threads ─────────────────────────────

/** A board's threads: pinned first, newest activity first; hidden ones only for moderators. */
export async function threadsOf(
  db: Exec,
  board: Board,
  q: { withHidden: boolean; limit: number; offset: number },
) {
  const where = q.withHidden
    ? boardWhere(board)
    : and(boardWhere(board), sql`not coalesce(${opening}, false)`);
  const [rows, [total]] = await Promise.all([
    db
      .select(threadColumns)
      .from(T)
      .innerJoin(discussionTypes, eq(discussionTypes.id, T.typeId))
      .where(where)
      .orderBy(desc(T.pinned), desc(T.lastActivityAt), desc(T.id))
      .limit(q.limit)
      .offset(q.offset),
    db.select({ n: countSql() }).from(T).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export async function thread(db: Exec, id: number) {
  const [row] = await db
    .select(threadColumns)
    .from(T)
    .innerJoin(discussionTypes, eq(discussionTypes.id, T.typeId))
    .where(eq(T.id, id));
  return row ?? null;
}

export async function insertThread(
  tx: Exec,
  v: { board: Board; typeId: number; title: string; author: Person },
) {
  const b = v.board;
  const [row] = await tx
    .insert(T)
    .values({
      kind: b.kind,
      courseId: b.kind === 'learning' ? b.courseId : null,
      sessionId: b.kind === 'learning' ? b.sessionId : null,
      departmentId: b.kind === 'student' ? b.departmentId : null,
      levelId: b.kind === 'student' ? b.levelId : null,
      typeId: v.typeId,
      title: v.title,
      authorKind: v.author.kind,
      authorId: v.author.id,
    })
    .returning({ id: T.id });
  return row!.id;
}

/** A new reply: one more reply, and the thread's activity is now. */
export async function touchThread(tx: Exec, threadId: number) {
  await tx
    .update(T)
    .set({ replyCount: sql`${T.replyCount} + 1`, lastActivityAt: sql`now()` })
    .where(eq(T.id, threadId));
}

export async function setThread(
  tx: Exec,
  threadId: number,
  set: Partial<{ title: string; locked: boolean; pinned: boolean; answerPostId: number | null }>,
) {
  await tx.update(T).set(set).where(eq(T.id, threadId));
}

// ───────────────────────────── posts ─────────────────────────────

const postColumns = {
  id: P.id,
  threadId: P.threadId,
  opening: P.opening,
  body: P.body,
  authorKind: P.authorKind,
  authorId: P.authorId,
  authorName: nameOf(P.authorKind, P.authorId),
  hidden: P.hidden,
  createdAt: P.createdAt,
  editedAt: P.editedAt,
  /** Still within the edit window, by the database's clock. */
  editable: sql<boolean>`${P.createdAt} > now() - make_interval(mins => ${EDIT_MINUTES})`,
};
export type PostRow = Awaited<ReturnType<typeof post>> & {};

export async function post(db: Exec, id: number) {
  const [row] = await db.select(postColumns).from(P).where(eq(P.id, id));
  return row ?? null;
}

export async function openingOf(db: Exec, threadId: number) {
  const [row] = await db
    .select(postColumns)
    .from(P)
    .where(and(eq(P.threadId, threadId), eq(P.opening, true)));
  return row ?? null;
}

/** A thread's replies, oldest first; hidden ones only for moderators. */
export async function repliesOf(
  db: Exec,
  threadId: number,
  q: { withHidden: boolean; limit: number; offset: number },
) {
  const where = and(
    eq(P.threadId, threadId),
    eq(P.opening, false),
    q.withHidden ? undefined : eq(P.hidden, false),
  );
  const [rows, [total]] = await Promise.all([
    db
      .select(postColumns)
      .from(P)
      .where(where)
      .orderBy(asc(P.createdAt), asc(P.id))
      .limit(q.limit)
      .offset(q.offset),
    db.select({ n: countSql() }).from(P).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export async function insertPost(
  tx: Exec,
  v: { threadId: number; opening: boolean; body: string; author: Person },
) {
  const [row] = await tx
    .insert(P)
    .values({
      threadId: v.threadId,
      opening: v.opening,
      body: v.body,
      authorKind: v.author.kind,
      authorId: v.author.id,
    })
    .returning({ id: P.id });
  return row!.id;
}

/**
 * The author's edit, only while the edit window is open by the database's clock (one statement, so
 * the check and the change cannot drift apart). Answers whether it was made.
 */
export async function editPost(tx: Exec, id: number, body: string): Promise<boolean> {
  const rows = await tx
    .update(P)
    .set({ body, editedAt: sql`now()` })
    .where(and(eq(P.id, id), sql`${P.createdAt} > now() - make_interval(mins => ${EDIT_MINUTES})`))
    .returning({ id: P.id });
  return rows.length > 0;
}

export async function setHidden(tx: Exec, id: number, hidden: boolean) {
  await tx.update(P).set({ hidden }).where(eq(P.id, id));
}

/** Everyone who wrote in the thread (its author and repliers). */
export async function participants(db: Exec, threadId: number): Promise<Person[]> {
  const rows = await db
    .selectDistinct({ kind: P.authorKind, id: P.authorId })
    .from(P)
    .where(eq(P.threadId, threadId));
  return rows.map((r) => ({ kind: r.kind as AuthorKind, id: r.id }));
}

// ───────────────────────────── reports ─────────────────────────────

/** A report, once per user per post: false when this user reported it already. */
export async function insertReport(tx: Exec, postId: number, who: Person, reason: string) {
  const rows = await tx
    .insert(discussionReports)
    .values({ postId, reporterKind: who.kind, reporterId: who.id, reason })
    .onConflictDoNothing()
    .returning({ id: discussionReports.id });
  return rows.length > 0;
}

/** Per post: how many reported it, and whether `who` did. */
export async function reportFacts(db: Exec, postIds: readonly number[], who: Person) {
  const map = new Map<number, { count: number; mine: boolean }>();
  if (postIds.length === 0) return map;
  const rows = await db
    .select({
      postId: discussionReports.postId,
      count: countSql(),
      mine: sql<boolean>`bool_or(${discussionReports.reporterKind} = ${who.kind} and ${discussionReports.reporterId} = ${who.id})`,
    })
    .from(discussionReports)
    .where(inArray(discussionReports.postId, [...postIds]))
    .groupBy(discussionReports.postId);
  for (const r of rows) map.set(r.postId, { count: r.count, mine: r.mine });
  return map;
}

/** A board's reported posts, most reported first. */
export async function reportsOf(db: Exec, board: Board, q: { limit: number; offset: number }) {
  const R = discussionReports;
  const where = boardWhere(board);
  const [rows, [total]] = await Promise.all([
    db
      .select({
        postId: P.id,
        threadId: T.id,
        threadTitle: T.title,
        body: P.body,
        author: nameOf(P.authorKind, P.authorId),
        hidden: P.hidden,
        reports: countSql(),
        reasons: sql<string[]>`array_agg(${R.reason} order by ${R.createdAt} desc)`,
        lastReportedAt: sql<Date>`max(${R.createdAt})`.mapWith(R.createdAt),
      })
      .from(R)
      .innerJoin(P, eq(P.id, R.postId))
      .innerJoin(T, eq(T.id, P.threadId))
      .where(where)
      .groupBy(P.id, T.id)
      .orderBy(desc(countSql()), desc(sql`max(${R.createdAt})`))
      .limit(q.limit)
      .offset(q.offset),
    db
      .select({ n: sql<number>`count(distinct ${R.postId})::int` })
      .from(R)
      .innerJoin(P, eq(P.id, R.postId))
      .innerJoin(T, eq(T.id, P.threadId))
      .where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}
