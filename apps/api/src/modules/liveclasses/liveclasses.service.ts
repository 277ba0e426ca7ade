import { createHmac, randomUUID } from 'node:crypto';
import {
  LIVE_CLASS_API as API,
  LIVE_CLASS_LIMITS as LIMITS,
  LIVE_CLASS_MESSAGES as M,
  LIVE_CLASS_PAGES as PAGES,
  LIVE_CLASS_STUDENT_PAGE,
  OFFERING_MESSAGES,
  STATUS,
  type LiveClass,
  type LiveClassAttendee,
  type LiveClassReviewRow,
  type LiveClassState,
} from '@portal/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import { audit } from '../../platform/audit.js';
import type { Exec } from '../../platform/db.js';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../platform/errors.js';
import { MeetingEngineError, type MeetingEngine } from '../../platform/meetings/index.js';
import { safeEqual } from '../../platform/payments/http.js';
import { sheetFile } from '../../platform/sheets.js';
import { publish } from '../notifications/notifications.service.js';
import * as offerings from '../offerings/offerings.service.js';
import type { StaffCaller } from '../offerings/offerings.service.js';
import * as repo from './liveclasses.repository.js';

export interface LiveClassDeps {
  db: Db;
  engine: MeetingEngine;
  config: Pick<Config, 'JWT_SECRET' | 'PUBLIC_URL' | 'LIVE_CLASS_MAX_MINUTES'>;
  log: FastifyBaseLogger;
}

const MINUTE = 60_000;
/** Live classes are the classroom's: its registered students and its auditors join them. */
const TAKERS = { auditors: true } as const;
/** How long after its last sighting a user who is gone is counted as present (one sync period and a half). */
const LEFT_GRACE_SECONDS = 90;

// ───────────────────────────── time and views ─────────────────────────────

const LAGOS_TEXT = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Africa/Lagos',
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hour12: false,
});

/** '27 Nov 2026, 10:00' style, in Lagos. */
export const lagosText = (d: Date) => LAGOS_TEXT.format(d);

export const endsAt = (c: repo.ClassRow) => new Date(c.startsAt.getTime() + c.durationMinutes * MINUTE);

export function stateOf(c: repo.ClassRow, now: Date): LiveClassState {
  if (c.state === 'cancelled') return 'cancelled';
  if (c.endedAt) return 'ended';
  if (c.startedAt) return now < endsAt(c) ? 'live' : 'ended';
  return now < endsAt(c) ? 'scheduled' : 'missed';
}

function view(
  c: repo.ClassRow,
  facts: { code: string; title: string; lecturer: string; attended: number },
  now: Date,
  who: 'student' | 'staff',
): LiveClass {
  const state = stateOf(c, now);
  const early = who === 'student' ? LIMITS.joinEarlyMinutes : LIMITS.startEarlyMinutes;
  const opens = new Date(c.startsAt.getTime() - early * MINUTE);
  return {
    Id: c.id,
    CourseId: c.courseId,
    SessionId: c.sessionId,
    Code: facts.code,
    CourseTitle: facts.title,
    Title: c.title,
    StartsAt: c.startsAt.toISOString(),
    EndsAt: endsAt(c).toISOString(),
    DurationMinutes: c.durationMinutes,
    Record: c.record,
    State: state,
    Lecturer: facts.lecturer,
    StartedAt: c.startedAt?.toISOString() ?? null,
    EndedAt: c.endedAt?.toISOString() ?? null,
    Recording: c.recordingUrl ? { Url: c.recordingUrl, FileUrl: c.recordingFileUrl } : null,
    CanJoin: (state === 'scheduled' || state === 'live') && now >= opens,
    JoinOpensAt: opens.toISOString(),
    Attended: facts.attended,
  };
}

async function views(
  db: Exec,
  rows: repo.ClassRow[],
  now: Date,
  who: 'student' | 'staff',
): Promise<LiveClass[]> {
  const courseIds = [...new Set(rows.map((r) => r.courseId))];
  const [courseRows, names, attended] = await Promise.all([
    offerings.coursesByIds(db, courseIds),
    repo.adminNames(
      db,
      rows.map((r) => r.lecturerId),
    ),
    repo.attendedCounts(
      db,
      rows.map((r) => r.id),
    ),
  ]);
  const course = new Map(courseRows.map((c) => [c.id, c]));
  return rows.map((r) =>
    view(
      r,
      {
        code: course.get(r.courseId)?.code ?? '',
        title: course.get(r.courseId)?.title ?? '',
        lecturer: names.get(r.lecturerId) ?? '',
        attended: attended.get(r.id) ?? 0,
      },
      now,
      who,
    ),
  );
}

const asEngineError = (error: unknown): never => {
  if (error instanceof MeetingEngineError)
    throw new AppError(503, error.kind === 'unreachable' ? M.engineDown : M.engineRefused);
  throw error;
};

// ───────────────────────────── staff: offerings and scheduling ─────────────────────────────

export async function getOffering(
  deps: LiveClassDeps,
  caller: StaffCaller,
  courseId: number,
  sessionId: number,
) {
  const { db } = deps;
  const o = await offerings.authorOffering(db, caller, courseId, sessionId, PAGES.manage);
  const [rows, lecturers, roster] = await Promise.all([
    repo.classesOfOffering(db, courseId, sessionId),
    offerings.lecturersOf(db, [o]),
    offerings.rosterIds(db, o, TAKERS),
  ]);
  return {
    Status: STATUS.ok,
    Data: {
      CourseId: o.courseId,
      SessionId: o.sessionId,
      Code: o.code,
      Title: o.title,
      Semester: o.term,
      Session: o.session,
      Lecturers: (lecturers.get(`${courseId}:${sessionId}`) ?? []).map((l) => l.name),
      Enrolled: roster.length,
      Classes: await views(db, rows, new Date(), 'staff'),
      MaxMinutes: deps.config.LIVE_CLASS_MAX_MINUTES,
    },
  };
}

interface Slot {
  startsAt: Date;
  durationMinutes: number;
}

/** The scheduling rules, with the reason: not in the past, not too long, not over the lecturer's own class. */
async function checkSlot(
  deps: LiveClassDeps,
  tx: Exec,
  lecturerId: number,
  slot: Slot,
  exceptId: number | null,
  now: Date,
) {
  if (slot.startsAt.getTime() < now.getTime()) throw badRequest(M.inPast);
  if (slot.durationMinutes > deps.config.LIVE_CLASS_MAX_MINUTES)
    throw badRequest(M.tooLong(deps.config.LIVE_CLASS_MAX_MINUTES));
  const end = new Date(slot.startsAt.getTime() + slot.durationMinutes * MINUTE);
  const clash = await repo.overlapping(tx, lecturerId, slot.startsAt, end, exceptId);
  if (clash) throw conflict(M.overlap(clash.title, lagosText(clash.startsAt)));
}

async function notifyStudents(tx: Exec, o: offerings.OfferingFacts, title: string) {
  const ids = await offerings.rosterIds(tx, o, TAKERS);
  await publish(tx, {
    type: 'liveClassRoom',
    recipientKind: 'Student',
    recipientIds: ids,
    title: `${o.code}: ${title}`,
    link: LIVE_CLASS_STUDENT_PAGE,
  });
}

export async function schedule(
  deps: LiveClassDeps,
  caller: StaffCaller,
  courseId: number,
  sessionId: number,
  input: { Title: string; StartsAt: string; DurationMinutes: number; Record: boolean; RepeatWeeks: number },
) {
  const { db } = deps;
  const o = await offerings.authorOffering(db, caller, courseId, sessionId, PAGES.manage);
  const now = new Date();
  const first = new Date(input.StartsAt);
  const seriesId = input.RepeatWeeks > 1 ? randomUUID() : null;
  const rows = await db.transaction(async (tx) => {
    await repo.lockLecturer(tx, caller.adminId);
    const made: repo.NewClassRow[] = [];
    for (let week = 0; week < input.RepeatWeeks; week += 1) {
      const startsAt = new Date(first.getTime() + week * 7 * 24 * 60 * MINUTE);
      await checkSlot(
        deps,
        tx,
        caller.adminId,
        { startsAt, durationMinutes: input.DurationMinutes },
        null,
        now,
      );
      made.push({
        courseId,
        sessionId,
        lecturerId: caller.adminId,
        title: input.Title,
        startsAt,
        durationMinutes: input.DurationMinutes,
        record: input.Record,
        seriesId,
        meetingId: `lc-${randomUUID()}`,
      });
    }
    // Weekly classes of one series never overlap each other (a class lasts under a week).
    const inserted = await repo.insertClasses(tx, made);
    await notifyStudents(
      tx,
      o,
      inserted.length > 1
        ? `${inserted.length} live classes “${input.Title}” scheduled, weekly from ${lagosText(first)}`
        : `live class “${input.Title}” scheduled for ${lagosText(first)}`,
    );
    await audit(tx, {
      actor: caller,
      page: PAGES.manage,
      action: 'create',
      entity: 'live_class',
      entityId: inserted[0]!.id,
      after: { ids: inserted.map((r) => r.id), ...input },
    });
    return inserted;
  });
  return {
    Status: STATUS.ok,
    Message: M.scheduled(rows.length),
    Data: await views(db, rows, now, 'staff'),
  };
}

/** A class the caller may act on as a lecturer of its offering (or the page's administrator). */
async function authorClass(deps: LiveClassDeps, caller: StaffCaller, id: number) {
  const c = await repo.classById(deps.db, id);
  if (!c) throw notFound(M.classNotFound);
  const o = await offerings.authorOffering(deps.db, caller, c.courseId, c.sessionId, PAGES.manage);
  return { c, o };
}

export async function update(
  deps: LiveClassDeps,
  caller: StaffCaller,
  id: number,
  input: { Title: string; StartsAt: string; DurationMinutes: number; Record: boolean },
) {
  const { db } = deps;
  const { c, o } = await authorClass(deps, caller, id);
  if (c.state === 'cancelled') throw conflict(M.isCancelled);
  if (c.startedAt) throw conflict(M.hasStarted);
  const now = new Date();
  const startsAt = new Date(input.StartsAt);
  const row = await db.transaction(async (tx) => {
    await repo.lockLecturer(tx, c.lecturerId);
    await checkSlot(deps, tx, c.lecturerId, { startsAt, durationMinutes: input.DurationMinutes }, c.id, now);
    const moved = startsAt.getTime() !== c.startsAt.getTime();
    const updated = await repo.updateClass(tx, c.id, {
      title: input.Title,
      startsAt,
      durationMinutes: input.DurationMinutes,
      record: input.Record,
      // A class moved later is reminded again before its new time.
      ...(moved ? { remindedAt: null } : {}),
    });
    await notifyStudents(
      tx,
      o,
      `live class “${input.Title}” changed: now ${lagosText(startsAt)}, ${input.DurationMinutes} min`,
    );
    await audit(tx, {
      actor: caller,
      page: PAGES.manage,
      action: 'update',
      entity: 'live_class',
      entityId: c.id,
      before: c,
      after: updated,
    });
    return updated;
  });
  const [data] = await views(db, [row], now, 'staff');
  return { Status: STATUS.ok, Message: M.updated, Data: data! };
}

export async function cancel(deps: LiveClassDeps, caller: StaffCaller, id: number) {
  const { db } = deps;
  const { c, o } = await authorClass(deps, caller, id);
  if (c.state === 'cancelled') throw conflict(M.isCancelled);
  if (c.startedAt) throw conflict(M.hasStarted);
  const row = await db.transaction(async (tx) => {
    const updated = await repo.updateClass(tx, c.id, { state: 'cancelled' });
    await notifyStudents(tx, o, `live class “${c.title}” of ${lagosText(c.startsAt)} cancelled`);
    await audit(tx, {
      actor: caller,
      page: PAGES.manage,
      action: 'cancel',
      entity: 'live_class',
      entityId: c.id,
      before: c,
      after: updated,
    });
    return updated;
  });
  const [data] = await views(db, [row], new Date(), 'staff');
  return { Status: STATUS.ok, Message: M.cancelled, Data: data! };
}

// ───────────────────────────── the engine: meetings, links, callbacks ─────────────────────────────

const sign = (secret: string, text: string) => createHmac('sha256', secret).update(text).digest('base64url');

/** The meeting-ended callback's address for a class: signed, so only the engine we told it to can call it. */
function endCallbackUrl(deps: LiveClassDeps, c: repo.ClassRow): string {
  const sig = sign(deps.config.JWT_SECRET, `ended:${c.meetingId}`);
  return `${deps.config.PUBLIC_URL}${API.endedCallback}?c=${c.id}&sig=${sig}`;
}

/** Creates the class's meeting on the engine (idempotent while it runs). */
async function ensureMeeting(deps: LiveClassDeps, c: repo.ClassRow, code: string, now: Date) {
  const remaining = Math.ceil((endsAt(c).getTime() - now.getTime()) / MINUTE);
  await deps.engine
    .create({
      meetingId: c.meetingId,
      name: `${code}: ${c.title}`,
      record: c.record,
      // The engine closes the room a little after the slot, whoever forgets to end it.
      durationMinutes: Math.max(1, remaining) + 15,
      welcome: `Welcome to ${code}: ${c.title}.`,
      logoutUrl: `${deps.config.PUBLIC_URL}${API.left(c.id)}`,
      endCallbackUrl: endCallbackUrl(deps, c),
      recordingReadyUrl: `${deps.config.PUBLIC_URL}${API.recordingCallback}`,
    })
    .catch(asEngineError);
}

export interface LinkUser {
  kind: 'Student' | 'Admin';
  id: number;
}

/** A join link for one user and class: signed, short-lived, naming the user. */
function joinLink(deps: LiveClassDeps, classId: number, user: LinkUser, now: Date) {
  const exp = Math.floor(now.getTime() / 1000) + LIMITS.joinLinkSeconds;
  const u = `${user.kind}:${user.id}`;
  const sig = sign(deps.config.JWT_SECRET, `join:${classId}:${u}:${exp}`);
  const query = new URLSearchParams({ u, exp: String(exp), sig });
  return {
    Status: STATUS.ok,
    Data: {
      Url: `${deps.config.PUBLIC_URL}${API.go(classId)}?${query.toString()}`,
      ExpiresAt: new Date(exp * 1000).toISOString(),
    },
  };
}

/** The lecturer starts the class: the meeting is created on the engine first, so an engine that is down changes nothing. */
export async function start(deps: LiveClassDeps, caller: StaffCaller, id: number) {
  const { db } = deps;
  const { c, o } = await authorClass(deps, caller, id);
  const now = new Date();
  const state = stateOf(c, now);
  if (state === 'cancelled') throw conflict(M.isCancelled);
  if (state === 'ended' || state === 'missed') throw conflict(M.hasEnded);
  if (now.getTime() < c.startsAt.getTime() - LIMITS.startEarlyMinutes * MINUTE)
    throw conflict(M.startTooEarly);
  await ensureMeeting(deps, c, o.code, now);
  await db.transaction(async (tx) => {
    await repo.markStarted(tx, c.id, now);
    if (!c.startedAt)
      await audit(tx, {
        actor: caller,
        page: PAGES.manage,
        action: 'start',
        entity: 'live_class',
        entityId: c.id,
      });
  });
  return joinLink(deps, c.id, { kind: 'Admin', id: caller.adminId }, now);
}

export async function end(deps: LiveClassDeps, caller: StaffCaller, id: number) {
  const { db } = deps;
  const { c } = await authorClass(deps, caller, id);
  if (!c.startedAt || c.endedAt) throw conflict(M.hasEnded);
  await syncAttendance(deps, c).catch(() => undefined);
  await deps.engine.end(c.meetingId).catch(asEngineError);
  await finish(deps, c.id, new Date());
  await audit(db, { actor: caller, page: PAGES.manage, action: 'end', entity: 'live_class', entityId: c.id });
  return { Status: STATUS.ok, Message: M.ended };
}

/** The class ended: everyone still inside leaves now; once only. */
async function finish(deps: LiveClassDeps, classId: number, at: Date) {
  await deps.db.transaction(async (tx) => {
    const ended = await repo.markEnded(tx, classId, at);
    if (ended) await repo.closeAllAttendance(tx, classId, at);
  });
}

/** A student asks to join: registered for the offering, within the window, the class started. */
export async function studentJoin(deps: LiveClassDeps, studentId: number, id: number) {
  const c = await repo.classById(deps.db, id);
  if (!c) throw forbidden(OFFERING_MESSAGES.notEnrolled);
  await offerings.enrolledOffering(deps.db, studentId, c.courseId, c.sessionId, TAKERS);
  const now = new Date();
  checkJoinWindow(c, now);
  return joinLink(deps, c.id, { kind: 'Student', id: studentId }, now);
}

function checkJoinWindow(c: repo.ClassRow, now: Date) {
  const state = stateOf(c, now);
  if (state === 'cancelled') throw conflict(M.isCancelled);
  if (state === 'ended' || state === 'missed') throw conflict(M.ended);
  if (now.getTime() < c.startsAt.getTime() - LIMITS.joinEarlyMinutes * MINUTE) throw conflict(M.joinTooEarly);
  if (!c.startedAt) throw conflict(M.notStarted);
}

/**
 * The join link is followed: its signature and age are checked, the class still open, the join
 * recorded (once while the user is inside), and the browser sent to the engine's room as that user.
 */
export async function follow(
  deps: LiveClassDeps,
  id: number,
  q: { u: string; exp: number; sig: string },
): Promise<string> {
  const now = new Date();
  const expected = sign(deps.config.JWT_SECRET, `join:${id}:${q.u}:${q.exp}`);
  if (!safeEqual(q.sig, expected) || q.exp * 1000 < now.getTime()) throw forbidden(M.linkInvalid);
  const [kind, rawId] = q.u.split(':');
  const userId = Number(rawId);
  if ((kind !== 'Student' && kind !== 'Admin') || !Number.isInteger(userId)) throw forbidden(M.linkInvalid);
  const c = await repo.classById(deps.db, id);
  if (!c) throw notFound(M.classNotFound);
  const o = await offerings.offering(deps.db, c.courseId, c.sessionId);
  if (!o) throw notFound(OFFERING_MESSAGES.offeringNotFound);
  const fullName =
    kind === 'Student'
      ? ((await repo.studentName(deps.db, userId)) ?? 'Student')
      : ((await repo.adminNames(deps.db, [userId])).get(userId) ?? 'Lecturer');
  if (kind === 'Student') checkJoinWindow(c, now);
  else if (stateOf(c, now) !== 'live') throw conflict(M.hasEnded);
  // The sandbox keeps meetings in memory: a class the portal knows is running is recreated.
  await ensureMeeting(deps, c, o.code, now);
  await repo.openAttendance(deps.db, { classId: c.id, userKind: kind, userId, fullName, at: now });
  return deps.engine.joinUrl({
    meetingId: c.meetingId,
    fullName,
    userId: q.u,
    role: kind === 'Admin' ? 'MODERATOR' : 'VIEWER',
  });
}

/**
 * Reads who is in the room (getMeetingInfo): present users are seen now, users not listed have left
 * (at most LEFT_GRACE_SECONDS after they were last seen), users listed without an open stretch are
 * added. A meeting the engine no longer knows has ended.
 */
export async function syncAttendance(
  deps: LiveClassDeps,
  c: repo.ClassRow,
  /** A join younger than this may not have reached the room yet, so its absence is not a leave. */
  arrivingMs = 30_000,
): Promise<void> {
  if (!c.startedAt || c.endedAt) return;
  const now = new Date();
  let info;
  try {
    info = await deps.engine.getMeetingInfo(c.meetingId);
  } catch (error) {
    if (error instanceof MeetingEngineError) {
      deps.log.warn({ err: error, classId: c.id }, 'live class: getMeetingInfo failed');
      return;
    }
    throw error;
  }
  if (!info) {
    if (deps.engine.kind === 'sandbox' && now < endsAt(c)) return;
    await finish(deps, c.id, now);
    return;
  }
  const present = new Map(info.attendees.map((a) => [a.userId, a]));
  await deps.db.transaction(async (tx) => {
    const open = await repo.openAttendanceOf(tx, c.id);
    const seen: number[] = [];
    const gone: number[] = [];
    for (const row of open) {
      if (present.has(`${row.userKind}:${row.userId}`)) seen.push(row.id);
      // A join a few seconds old may not have reached the room yet.
      else if (row.seenAt > row.joinedAt || now.getTime() - row.joinedAt.getTime() > arrivingMs)
        gone.push(row.id);
    }
    await repo.markSeen(tx, seen, now);
    await repo.closeAttendance(tx, gone, now, LEFT_GRACE_SECONDS);
    const openKeys = new Set(open.map((r) => `${r.userKind}:${r.userId}`));
    for (const [key, a] of present) {
      if (openKeys.has(key)) continue;
      const [kind, rawId] = key.split(':');
      const userId = Number(rawId);
      if (
        (kind !== 'Student' && kind !== 'Admin') ||
        !Number.isInteger(userId) ||
        userId < 1 ||
        userId > 2_147_483_647
      )
        continue;
      await repo.openAttendance(tx, {
        classId: c.id,
        userKind: kind,
        userId,
        fullName: a.fullName.slice(0, 200),
        at: now,
      });
    }
  });
}

/** A user came back from the room (the meeting's logout URL): who is inside is read again. */
export async function left(deps: LiveClassDeps, id: number): Promise<void> {
  const c = await repo.classById(deps.db, id);
  // Someone has just left the room: a join only seconds old that the room does not list is a leave.
  if (c)
    await syncAttendance(deps, c, 3_000).catch((error) =>
      deps.log.warn({ err: error }, 'live class sync failed'),
    );
}

/**
 * The meeting-ended callback. Its URL was signed for the class's meeting; the engine is then asked,
 * so a replayed call for a meeting still running changes nothing.
 */
export async function endedCallback(
  deps: LiveClassDeps,
  q: { c?: string; sig?: string },
): Promise<{ status: number; body: string }> {
  const id = Number(q.c);
  if (!Number.isInteger(id) || id < 1 || id > 2_147_483_647 || !q.sig)
    return { status: 401, body: 'unknown meeting' };
  const c = await repo.classById(deps.db, id);
  if (!c || !safeEqual(q.sig, sign(deps.config.JWT_SECRET, `ended:${c.meetingId}`)))
    return { status: 401, body: 'checksum error' };
  if (!c.startedAt || c.endedAt) return { status: 200, body: 'ok' };
  let running: boolean;
  try {
    running = await deps.engine.isMeetingRunning(c.meetingId);
  } catch {
    return { status: 503, body: 'engine not answering' };
  }
  if (!running) await finish(deps, c.id, new Date());
  return { status: 200, body: 'ok' };
}

/** The recording-ready callback: the JWT must be the shared secret's; the recording is then read from the engine. */
export async function recordingCallback(
  deps: LiveClassDeps,
  signedParameters: string | undefined,
): Promise<{ status: number; body: string }> {
  const claim = signedParameters ? deps.engine.verifyRecordingReady(signedParameters) : null;
  if (!claim) return { status: 401, body: 'checksum error' };
  const c = await repo.classByMeetingId(deps.db, claim.meetingId);
  if (!c) return { status: 404, body: 'unknown meeting' };
  let recordings;
  try {
    recordings = await deps.engine.getRecordings(c.meetingId);
  } catch {
    return { status: 503, body: 'engine not answering' };
  }
  const recording = recordings.find((r) => r.recordId === claim.recordId && r.published);
  if (!recording) return { status: 404, body: 'unknown recording' };
  const page = recording.formats.find((f) => f.type === 'presentation') ?? recording.formats[0];
  const file = recording.formats.find((f) => ['video', 'podcast', 'mp4'].includes(f.type));
  if (!page) return { status: 404, body: 'no playback' };
  await repo.setRecording(deps.db, c.id, {
    recordingId: recording.recordId,
    recordingUrl: page.url,
    recordingFileUrl: file?.url ?? null,
    at: new Date(),
  });
  return { status: 200, body: 'ok' };
}

// ───────────────────────────── students ─────────────────────────────

export async function studentClasses(deps: LiveClassDeps, studentId: number) {
  const { db } = deps;
  const { offerings: mine } = await offerings.currentOfferingsOf(db, studentId, TAKERS);
  const rows = await repo.classesOfOfferings(db, mine);
  const now = new Date();
  const all = await views(db, rows, now, 'student');
  // A cancelled class still ahead stays listed (as cancelled), so the student sees the change.
  const ahead = (c: LiveClass) =>
    c.State === 'scheduled' || c.State === 'live' || (c.State === 'cancelled' && new Date(c.StartsAt) > now);
  const behind = (c: LiveClass) => c.State === 'ended' || c.State === 'missed';
  return {
    Status: STATUS.ok,
    Data: {
      Upcoming: all.filter(ahead),
      Past: all.filter(behind).sort((a, b) => b.StartsAt.localeCompare(a.StartsAt)),
    },
  };
}

// ───────────────────────────── attendance ─────────────────────────────

const minutesOf = (seconds: number) => Math.round((seconds / 60) * 10) / 10;

export async function attendance(deps: LiveClassDeps, caller: StaffCaller, id: number) {
  const { db } = deps;
  const { c, o } = await authorClass(deps, caller, id);
  await syncAttendance(deps, c);
  const fresh = (await repo.classById(db, id))!;
  const now = new Date();
  const until = fresh.endedAt ?? now;
  const [totals, roster, [classView]] = await Promise.all([
    repo.attendanceTotals(db, id, until < now ? until : now),
    offerings.rosterIds(db, o, TAKERS),
    views(db, [fresh], now, 'staff'),
  ]);
  const attendees: LiveClassAttendee[] = totals.map((t) => ({
    Kind: t.userKind === 'Admin' ? 'Admin' : 'Student',
    UserId: t.userId,
    Name: t.fullName,
    MatricNo: t.matricNo,
    FirstJoinedAt: t.firstJoinedAt.toISOString(),
    LastLeftAt: t.present ? null : (t.lastLeftAt?.toISOString() ?? null),
    Present: t.present,
    Joins: t.joins,
    Minutes: minutesOf(t.seconds),
  }));
  return { Status: STATUS.ok, Data: { Class: classView!, Enrolled: roster.length, Attendees: attendees } };
}

const CSV_COLUMNS = [
  { header: 'Matric No', cell: (r: LiveClassAttendee) => r.MatricNo ?? '' },
  { header: 'Name', cell: (r: LiveClassAttendee) => r.Name },
  { header: 'Role', cell: (r: LiveClassAttendee) => (r.Kind === 'Admin' ? 'Lecturer' : 'Student') },
  { header: 'First joined (Lagos)', cell: (r: LiveClassAttendee) => lagosText(new Date(r.FirstJoinedAt)) },
  {
    header: 'Last left (Lagos)',
    cell: (r: LiveClassAttendee) => (r.LastLeftAt ? lagosText(new Date(r.LastLeftAt)) : ''),
  },
  { header: 'Joins', cell: (r: LiveClassAttendee) => r.Joins },
  { header: 'Minutes', cell: (r: LiveClassAttendee) => r.Minutes },
] as const;

export async function attendanceCsv(deps: LiveClassDeps, caller: StaffCaller, id: number) {
  const { Data } = await attendance(deps, caller, id);
  await audit(deps.db, {
    actor: caller,
    page: PAGES.manage,
    action: 'export',
    entity: 'live_class_attendance',
    entityId: id,
    after: { rows: Data.Attendees.length },
  });
  const code = Data.Class.Code.replace(/[^A-Za-z0-9]/g, '');
  return sheetFile({
    columns: CSV_COLUMNS,
    batches: async function* () {
      yield Data.Attendees;
    },
    format: 'csv',
    fileName: `${code}-live-class-${id}-attendance.csv`,
    sheetName: code,
  });
}

export async function offeringAttendance(
  deps: LiveClassDeps,
  caller: StaffCaller,
  courseId: number,
  sessionId: number,
) {
  const { db } = deps;
  const o = await offerings.authorOffering(db, caller, courseId, sessionId, PAGES.manage);
  const now = new Date();
  const classes = (await repo.classesOfOffering(db, courseId, sessionId)).filter((c) => c.startedAt);
  const [roster, totals] = await Promise.all([
    offerings.roster(db, o, TAKERS),
    repo.offeringStudentTotals(
      db,
      classes.map((c) => c.id),
      now,
    ),
  ]);
  const byStudent = new Map(totals.map((t) => [t.studentId, t]));
  return {
    Status: STATUS.ok,
    Data: {
      Classes: classes.length,
      Students: roster.map((s) => ({
        StudentId: s.studentId,
        MatricNo: s.matricNo,
        Name: s.name,
        ClassesAttended: byStudent.get(s.studentId)?.classes ?? 0,
        Minutes: minutesOf(Number(byStudent.get(s.studentId)?.seconds ?? 0)),
      })),
    },
  };
}

// ───────────────────────────── review (/app/classroomReview) ─────────────────────────────

export async function review(deps: LiveClassDeps, q: { page: number; pageSize: number }) {
  const { db } = deps;
  const { rows, total } = await repo.reviewPage(db, q.pageSize, (q.page - 1) * q.pageSize);
  const now = new Date();
  const keys = [...new Set(rows.map(({ cls }) => `${cls.courseId}:${cls.sessionId}`))];
  const [attended, facts] = await Promise.all([
    repo.attendedCounts(
      db,
      rows.map((r) => r.cls.id),
    ),
    // Reference data (cached): each offering of the page once.
    Promise.all(
      keys.map((key) => {
        const [courseId, sessionId] = key.split(':').map(Number) as [number, number];
        return offerings.offering(db, courseId, sessionId);
      }),
    ),
  ]);
  const enrolledBy = await offerings.rosterSizes(
    db,
    facts.filter((o) => o !== null),
    TAKERS,
  );
  const data: LiveClassReviewRow[] = rows.map(({ cls, code, lecturer }) => {
    const state = stateOf(cls, now);
    const enrolled = enrolledBy.get(`${cls.courseId}:${cls.sessionId}`) ?? 0;
    const came = attended.get(cls.id) ?? 0;
    const ranUntil = cls.endedAt ?? (state === 'live' ? now : endsAt(cls));
    return {
      Id: cls.id,
      Code: code,
      Title: cls.title,
      Lecturer: lecturer,
      StartsAt: cls.startsAt.toISOString(),
      State: state,
      DurationMinutes: cls.durationMinutes,
      RanMinutes: cls.startedAt
        ? Math.max(0, Math.round((ranUntil.getTime() - cls.startedAt.getTime()) / MINUTE))
        : null,
      Enrolled: enrolled,
      Attended: came,
      AttendanceRate: enrolled ? Math.round((Math.min(came, enrolled) / enrolled) * 100) : 0,
      Recording: Boolean(cls.recordingUrl),
      NeverStarted: state === 'missed',
    };
  });
  return { Status: STATUS.ok, Data: data, Page: q.page, PageSize: q.pageSize, Total: total };
}

// ───────────────────────────── the periodic job ─────────────────────────────

/**
 * Every minute, once across processes: the 15-minute reminders (each class once: the flag is set by
 * a conditional update in the transaction that publishes), and who is in the running classes.
 */
export async function tick(deps: LiveClassDeps, now = new Date()): Promise<{ reminded: number }> {
  const { db } = deps;
  let reminded = 0;
  for (const c of await repo.dueReminders(db, now, LIMITS.reminderMinutes)) {
    const done = await db.transaction(async (tx) => {
      if (!(await repo.claimReminder(tx, c.id, now))) return false;
      const o = await offerings.offering(tx, c.courseId, c.sessionId);
      if (o) await notifyStudents(tx, o, `live class “${c.title}” starts at ${lagosText(c.startsAt)}`);
      return true;
    });
    if (done) reminded += 1;
  }
  for (const c of await repo.runningClasses(db)) await syncAttendance(deps, c);
  return { reminded };
}
