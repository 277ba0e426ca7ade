import { and, asc, desc, eq, gt, inArray, isNull, lt, ne, sql } from 'drizzle-orm';
import { admins, courses, liveClassAttendance, liveClasses, students } from '../../db/schema/index.js';
import { countSql, type Exec } from '../../platform/db.js';

export type ClassRow = typeof liveClasses.$inferSelect;
export type NewClassRow = typeof liveClasses.$inferInsert;
export type AttendanceRow = typeof liveClassAttendance.$inferSelect;

/** Two writes about one lecturer's timetable never interleave (the overlap check, then the insert). */
export async function lockLecturer(tx: Exec, lecturerId: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('live_classes'), ${lecturerId})`);
}

export async function insertClasses(tx: Exec, rows: NewClassRow[]): Promise<ClassRow[]> {
  return tx.insert(liveClasses).values(rows).returning();
}

export async function classById(db: Exec, id: number): Promise<ClassRow | null> {
  const [row] = await db.select().from(liveClasses).where(eq(liveClasses.id, id)).limit(1);
  return row ?? null;
}

export async function classByMeetingId(db: Exec, meetingId: string): Promise<ClassRow | null> {
  const [row] = await db.select().from(liveClasses).where(eq(liveClasses.meetingId, meetingId)).limit(1);
  return row ?? null;
}

export async function classesOfOffering(db: Exec, courseId: number, sessionId: number): Promise<ClassRow[]> {
  return db
    .select()
    .from(liveClasses)
    .where(and(eq(liveClasses.courseId, courseId), eq(liveClasses.sessionId, sessionId)))
    .orderBy(asc(liveClasses.startsAt), asc(liveClasses.id));
}

/** Classes of these offerings (`courseId:sessionId`), soonest first. */
export async function classesOfOfferings(
  db: Exec,
  offerings: readonly { courseId: number; sessionId: number }[],
): Promise<ClassRow[]> {
  if (offerings.length === 0) return [];
  const wanted = new Set(offerings.map((o) => `${o.courseId}:${o.sessionId}`));
  const rows = await db
    .select()
    .from(liveClasses)
    .where(
      and(
        inArray(liveClasses.courseId, [...new Set(offerings.map((o) => o.courseId))]),
        inArray(liveClasses.sessionId, [...new Set(offerings.map((o) => o.sessionId))]),
      ),
    )
    .orderBy(asc(liveClasses.startsAt), asc(liveClasses.id));
  return rows.filter((r) => wanted.has(`${r.courseId}:${r.sessionId}`));
}

/** A class of the lecturer's (not cancelled) that overlaps [start, end), other than `exceptId`. */
export async function overlapping(
  db: Exec,
  lecturerId: number,
  start: Date,
  end: Date,
  exceptId: number | null,
): Promise<ClassRow | null> {
  const [row] = await db
    .select()
    .from(liveClasses)
    .where(
      and(
        eq(liveClasses.lecturerId, lecturerId),
        eq(liveClasses.state, 'scheduled'),
        // A class that ended early frees the rest of its slot.
        isNull(liveClasses.endedAt),
        exceptId === null ? undefined : ne(liveClasses.id, exceptId),
        lt(liveClasses.startsAt, end),
        gt(sql`${liveClasses.startsAt} + make_interval(mins => ${liveClasses.durationMinutes})`, start),
      ),
    )
    .orderBy(asc(liveClasses.startsAt))
    .limit(1);
  return row ?? null;
}

export async function updateClass(tx: Exec, id: number, patch: Partial<NewClassRow>): Promise<ClassRow> {
  const [row] = await tx
    .update(liveClasses)
    .set({ ...patch, updatedAt: new Date() })
    .where(eq(liveClasses.id, id))
    .returning();
  return row!;
}

/** Marks the class started once (the first start wins). */
export async function markStarted(tx: Exec, id: number, at: Date): Promise<void> {
  await tx
    .update(liveClasses)
    .set({ startedAt: sql`coalesce(${liveClasses.startedAt}, ${at})`, updatedAt: new Date() })
    .where(eq(liveClasses.id, id));
}

/** Marks the class ended unless it already is; the row when this call ended it. */
export async function markEnded(tx: Exec, id: number, at: Date): Promise<ClassRow | null> {
  const [row] = await tx
    .update(liveClasses)
    .set({ endedAt: at, updatedAt: new Date() })
    .where(
      and(eq(liveClasses.id, id), isNull(liveClasses.endedAt), sql`${liveClasses.startedAt} is not null`),
    )
    .returning();
  return row ?? null;
}

export async function setRecording(
  tx: Exec,
  id: number,
  r: { recordingId: string; recordingUrl: string; recordingFileUrl: string | null; at: Date },
): Promise<void> {
  await tx
    .update(liveClasses)
    .set({
      recordingId: r.recordingId,
      recordingUrl: r.recordingUrl,
      recordingFileUrl: r.recordingFileUrl,
      recordingReadyAt: r.at,
      updatedAt: new Date(),
    })
    .where(eq(liveClasses.id, id));
}

/** Classes whose 15-minute reminder is due (start within `minutes`, not reminded, not cancelled). */
export async function dueReminders(db: Exec, now: Date, minutes: number): Promise<ClassRow[]> {
  return db
    .select()
    .from(liveClasses)
    .where(
      and(
        eq(liveClasses.state, 'scheduled'),
        isNull(liveClasses.remindedAt),
        gt(liveClasses.startsAt, now),
        lt(liveClasses.startsAt, new Date(now.getTime() + minutes * 60_000)),
      ),
    )
    .limit(200);
}

/** Sets the reminder flag if nobody has: true for the one caller that set it. */
export async function claimReminder(tx: Exec, id: number, now: Date): Promise<boolean> {
  const rows = await tx
    .update(liveClasses)
    .set({ remindedAt: now })
    .where(and(eq(liveClasses.id, id), isNull(liveClasses.remindedAt)))
    .returning({ id: liveClasses.id });
  return rows.length === 1;
}

/** Classes started and not ended (the engine is asked about them). */
export async function runningClasses(db: Exec): Promise<ClassRow[]> {
  return db
    .select()
    .from(liveClasses)
    .where(and(sql`${liveClasses.startedAt} is not null`, isNull(liveClasses.endedAt)))
    .limit(200);
}

// ───────────────────────────── attendance ─────────────────────────────

/** Opens a stretch of presence unless one is open (the partial unique index decides). */
export async function openAttendance(
  tx: Exec,
  a: { classId: number; userKind: 'Student' | 'Admin'; userId: number; fullName: string; at: Date },
): Promise<boolean> {
  const rows = await tx
    .insert(liveClassAttendance)
    .values({
      classId: a.classId,
      userKind: a.userKind,
      userId: a.userId,
      fullName: a.fullName,
      joinedAt: a.at,
      seenAt: a.at,
    })
    .onConflictDoNothing()
    .returning({ id: liveClassAttendance.id });
  return rows.length === 1;
}

export async function openAttendanceOf(db: Exec, classId: number): Promise<AttendanceRow[]> {
  return db
    .select()
    .from(liveClassAttendance)
    .where(and(eq(liveClassAttendance.classId, classId), isNull(liveClassAttendance.leftAt)));
}

export async function markSeen(tx: Exec, ids: readonly number[], at: Date): Promise<void> {
  if (ids.length === 0) return;
  await tx
    .update(liveClassAttendance)
    .set({ seenAt: at })
    .where(inArray(liveClassAttendance.id, [...ids]));
}

/**
 * Closes stretches: the user left between their last sighting and now, so at most `graceSeconds`
 * after it (never before they joined).
 */
export async function closeAttendance(tx: Exec, ids: readonly number[], at: Date, graceSeconds: number) {
  if (ids.length === 0) return;
  await tx
    .update(liveClassAttendance)
    .set({
      leftAt: sql`greatest(${liveClassAttendance.joinedAt}, least(${at}::timestamptz, ${liveClassAttendance.seenAt} + make_interval(secs => ${graceSeconds})))`,
    })
    .where(and(inArray(liveClassAttendance.id, [...ids]), isNull(liveClassAttendance.leftAt)));
}

/** At the end of the meeting everyone still inside leaves. */
export async function closeAllAttendance(tx: Exec, classId: number, at: Date): Promise<void> {
  await tx
    .update(liveClassAttendance)
    .set({ leftAt: sql`greatest(${liveClassAttendance.joinedAt}, ${at}::timestamptz)` })
    .where(and(eq(liveClassAttendance.classId, classId), isNull(liveClassAttendance.leftAt)));
}

export interface AttendeeTotals {
  userKind: string;
  userId: number;
  fullName: string;
  matricNo: string | null;
  firstJoinedAt: Date;
  lastLeftAt: Date | null;
  present: boolean;
  joins: number;
  seconds: number;
}

/** Per user of a class: first join, last leave, stretches, seconds present (an open stretch up to `now`). */
export async function attendanceTotals(db: Exec, classId: number, now: Date): Promise<AttendeeTotals[]> {
  const a = liveClassAttendance;
  const rows = await db
    .select({
      userKind: a.userKind,
      userId: a.userId,
      fullName: sql<string>`max(${a.fullName})`,
      matricNo: sql<string | null>`max(${students.matricNo})`,
      firstJoinedAt: sql<Date>`min(${a.joinedAt})`,
      lastLeftAt: sql<Date | null>`max(${a.leftAt})`,
      present: sql<boolean>`bool_or(${a.leftAt} is null)`,
      joins: countSql(),
      seconds: sql<number>`coalesce(sum(extract(epoch from (coalesce(${a.leftAt}, greatest(${a.joinedAt}, ${now}::timestamptz)) - ${a.joinedAt}))), 0)::float8`,
    })
    .from(a)
    .leftJoin(students, and(eq(a.userKind, 'Student'), eq(students.id, a.userId)))
    .where(eq(a.classId, classId))
    .groupBy(a.userKind, a.userId)
    .orderBy(sql`min(${a.joinedAt})`);
  return rows.map((r) => ({
    ...r,
    firstJoinedAt: new Date(r.firstJoinedAt),
    lastLeftAt: r.lastLeftAt ? new Date(r.lastLeftAt) : null,
    seconds: Number(r.seconds),
  }));
}

/** Students who attended, per class. */
export async function attendedCounts(db: Exec, classIds: readonly number[]): Promise<Map<number, number>> {
  if (classIds.length === 0) return new Map();
  const rows = await db
    .select({
      classId: liveClassAttendance.classId,
      n: sql<number>`count(distinct ${liveClassAttendance.userId})::int`,
    })
    .from(liveClassAttendance)
    .where(
      and(inArray(liveClassAttendance.classId, [...classIds]), eq(liveClassAttendance.userKind, 'Student')),
    )
    .groupBy(liveClassAttendance.classId);
  return new Map(rows.map((r) => [r.classId, r.n]));
}

/** Per student over an offering's classes: classes attended and seconds. */
export async function offeringStudentTotals(db: Exec, classIds: readonly number[], now: Date) {
  if (classIds.length === 0) return [];
  const a = liveClassAttendance;
  return db
    .select({
      studentId: a.userId,
      classes: sql<number>`count(distinct ${a.classId})::int`,
      seconds: sql<number>`coalesce(sum(extract(epoch from (coalesce(${a.leftAt}, greatest(${a.joinedAt}, ${now}::timestamptz)) - ${a.joinedAt}))), 0)::float8`,
    })
    .from(a)
    .where(and(inArray(a.classId, [...classIds]), eq(a.userKind, 'Student')))
    .groupBy(a.userId);
}

// ───────────────────────────── review ─────────────────────────────

export async function reviewPage(db: Exec, limit: number, offset: number) {
  const [rows, [total]] = await Promise.all([
    db
      .select({
        cls: liveClasses,
        code: courses.code,
        lecturer: sql<string>`trim(coalesce(${admins.lastName}, '') || ' ' || coalesce(${admins.firstName}, ''))`,
      })
      .from(liveClasses)
      .innerJoin(courses, eq(courses.id, liveClasses.courseId))
      .innerJoin(admins, eq(admins.id, liveClasses.lecturerId))
      .orderBy(desc(liveClasses.startsAt), desc(liveClasses.id))
      .limit(limit)
      .offset(offset),
    db.select({ n: countSql() }).from(liveClasses),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export async function adminNames(db: Exec, ids: readonly number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: admins.id, firstName: admins.firstName, lastName: admins.lastName })
    .from(admins)
    .where(inArray(admins.id, [...new Set(ids)]));
  return new Map(rows.map((r) => [r.id, `${r.lastName ?? ''} ${r.firstName ?? ''}`.trim()]));
}

export async function studentName(db: Exec, id: number): Promise<string | null> {
  const [row] = await db
    .select({ firstName: students.firstName, lastName: students.lastName })
    .from(students)
    .where(eq(students.id, id))
    .limit(1);
  return row ? `${row.lastName ?? ''} ${row.firstName ?? ''}`.trim() : null;
}
