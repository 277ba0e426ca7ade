import {
  COURSE_REGISTRATION_MESSAGES as M,
  STATUS,
  checkCourseChoice,
  choiceProblemMessage,
  koboToNaira,
  mustRegister,
  type CourseRegistrationInput,
  type CourseRegistrationPage,
  type RegistrationCourse,
  type RegistrationHistoryEntry,
  type RegistrationState,
  type RegistrationSummary,
  type WindowState,
} from '@portal/contracts';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import type { AuthContext } from '../../platform/auth.js';
import type { Exec } from '../../platform/db.js';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../platform/errors.js';
import { newPublicId } from '../../platform/ids.js';
import type { FileStorage } from '../../platform/storage.js';
import { institutionToday, isoRequired, iso } from '../../platform/time.js';
import { schoolFeesStanding } from '../payments/payments.service.js';
import { ownStudentId } from '../students/students.service.js';
import * as repo from './courses.repository.js';

/**
 * A student's semester course registration: the window, the fee gate, the courses offered with
 * carry-overs first, the unit limits and prerequisites — all checked on the server inside the
 * transaction that holds the registration's row — and the append-only history of every change.
 */

export interface CoursesDeps {
  db: Db;
  storage: FileStorage;
  config: Pick<Config, 'PUBLIC_URL' | 'JWT_SECRET' | 'SESSION_TTL'>;
}

// ───────────────────────────── the window ─────────────────────────────

/** The last day a registration may still be changed (add/drop). */
const addDropUntil = (w: repo.SemesterWindow) => w.addDropClosesOn ?? w.lateClosesOn ?? w.closesOn;

/** Where a semester's registration window stands on `today` (YYYY-MM-DD, the institution's time). */
export function windowState(w: repo.SemesterWindow, today = institutionToday()): WindowState {
  if (!w.opensOn || !w.closesOn) return 'none';
  if (today < w.opensOn) return 'upcoming';
  if (!w.windowOpen) return 'closed';
  if (today <= w.closesOn) return 'open';
  if (w.lateClosesOn && today <= w.lateClosesOn) return 'late';
  const until = addDropUntil(w);
  if (until && today <= until) return 'addDrop';
  return 'closed';
}

/** The semester a student's page opens on: the one whose window is open now, else the next, else the current. */
async function chooseSemester(db: Exec, semesterId?: number): Promise<repo.SemesterWindow | null> {
  const all = await repo.semestersWithWindows(db, semesterId);
  if (semesterId !== undefined) return all[0] ?? null;
  const today = institutionToday();
  const live = all.find((w) => ['open', 'late', 'addDrop'].includes(windowState(w, today)));
  const upcoming = all
    .filter((w) => windowState(w, today) === 'upcoming')
    .sort((a, b) => (a.opensOn! < b.opensOn! ? -1 : 1))[0];
  return live ?? upcoming ?? all.find((w) => w.isCurrent) ?? all[0] ?? null;
}

// ───────────────────────────── what the student may choose ─────────────────────────────

interface Offer {
  courses: RegistrationCourse[];
  limits: { minUnits: number; maxUnits: number };
}

/** Passed courses, and carry-overs: courses whose latest published attempt failed. */
function standing(results: readonly { courseId: number; passed: boolean }[]) {
  const passed = new Set<number>();
  const latestFailed = new Map<number, boolean>();
  for (const r of results) {
    if (r.passed) passed.add(r.courseId);
    latestFailed.set(r.courseId, !r.passed);
  }
  const carryOvers = [...latestFailed].filter(([id, failed]) => failed && !passed.has(id)).map(([id]) => id);
  return { passed, carryOvers };
}

/**
 * The courses a student may register in a semester: carry-overs first, then compulsory, then electives.
 * `results`: the student's published results when the caller has read them (the page), else read here.
 */
async function offer(
  db: Exec,
  student: repo.StudentFacts,
  semester: repo.SemesterWindow,
  results?: readonly { courseId: number; passed: boolean }[],
): Promise<Offer> {
  const none: Offer = { courses: [], limits: { minUnits: 0, maxUnits: 0 } };
  if (student.departmentId === null || student.levelId === null) return none;
  const [offered, { passed, carryOvers }, limits] = await Promise.all([
    repo.offeredCourses(db, {
      departmentId: student.departmentId,
      sessionId: semester.sessionId,
      levelId: student.levelId,
      term: semester.term,
    }),
    results ? standing(results) : repo.publishedResults(db, student.id).then(standing),
    student.programmeId === null
      ? Promise.resolve(null)
      : repo.unitLimits(db, student.programmeId, student.levelId, semester.term),
  ]);
  const carried = await repo.coursesByIds(db, carryOvers);
  const ids = [...carried.map((c) => c.courseId), ...offered.map((c) => c.courseId)];
  const prereqs = await repo.prerequisitesOf(db, ids);
  const make = (
    c: { courseId: number; code: string; title: string; units: number; type: string },
    carryOver: boolean,
  ): RegistrationCourse => {
    const needs = prereqs.filter((p) => p.courseId === c.courseId);
    const missing = needs.find((p) => !passed.has(p.prerequisiteId));
    const course = {
      CourseId: c.courseId,
      Code: c.code,
      Title: c.title,
      Units: c.units,
      Type: c.type === 'Elective' ? ('Elective' as const) : ('Compulsory' as const),
      CarryOver: carryOver,
      Blocked: passed.has(c.courseId)
        ? M.alreadyPassed(c.code)
        : missing
          ? M.prerequisite(c.code, missing.code)
          : null,
      Prerequisites: needs.map((p) => ({ Code: p.code, Passed: passed.has(p.prerequisiteId) })),
    };
    return { ...course, Required: mustRegister(course) };
  };
  const carriedIds = new Set(carryOvers);
  const list = [
    ...[...carried].sort((a, b) => a.code.localeCompare(b.code)).map((c) => make(c, true)),
    ...offered
      .filter((c) => c.type === 'Compulsory' && !carriedIds.has(c.courseId))
      .map((c) => make(c, false)),
    ...offered
      .filter((c) => c.type !== 'Compulsory' && !carriedIds.has(c.courseId))
      .map((c) => make(c, false)),
  ];
  return {
    courses: list,
    limits: limits ?? { minUnits: 1, maxUnits: 60 },
  };
}

/** Refuses a choice the rules do not allow (400, naming the course or the limit); returns the chosen courses. */
export function checkChoice(courseIds: readonly number[], o: Offer): RegistrationCourse[] {
  const limits = { MinUnits: o.limits.minUnits, MaxUnits: o.limits.maxUnits };
  const { chosen, problems } = checkCourseChoice(o.courses, limits, courseIds);
  if (problems[0]) throw badRequest(choiceProblemMessage(problems[0]));
  return chosen;
}

// ───────────────────────────── the gate ─────────────────────────────

interface Gate {
  state: WindowState;
  fees: CourseRegistrationPage['Fees'];
  lateFeeKobo: number;
  lateFeePaid: boolean;
  reason: string | null;
}

async function gate(
  db: Exec,
  student: repo.StudentFacts,
  semester: repo.SemesterWindow,
  registration: repo.RegistrationRow | null,
  standingOf: typeof schoolFeesStanding = schoolFeesStanding,
  /** Whether the semester's late fee is paid, when the caller has read it (the page). */
  lateFeeKnown?: boolean,
): Promise<Gate> {
  const state = windowState(semester);
  const standingFees = await standingOf(db, student.id, semester.sessionId);
  const fees = {
    Cleared: standingFees?.cleared ?? false,
    Total: koboToNaira(standingFees?.totalKobo ?? 0),
    Paid: koboToNaira(standingFees?.paidKobo ?? 0),
    Outstanding: koboToNaira(standingFees?.balanceKobo ?? 0),
    MinimumFirstInstalment: koboToNaira(standingFees?.minimumFirstKobo ?? 0),
  };
  const lateFeeKobo = state === 'late' && !registration ? (semester.lateFeeKobo ?? 0) : 0;
  // The late fee is a purpose of the payments registry (late-fee.ts); none when the school sets no fee.
  const lateFeePaid =
    lateFeeKobo === 0 || (lateFeeKnown ?? (await repo.lateFeePaid(db, student.id, semester.id)));
  // Days travel as ISO dates: the message writes them in English and the web in the user's language.
  const long = (d: string | null) => d ?? '';
  let reason: string | null = null;
  if (state === 'none') reason = M.noSemester;
  else if (state === 'upcoming') reason = M.notOpenYet(long(semester.opensOn));
  else if (state === 'closed')
    reason = registration ? M.addDropClosed(long(addDropUntil(semester))) : M.closed(long(lastDay(semester)));
  else if (state === 'addDrop' && !registration)
    reason = M.closed(long(semester.lateClosesOn ?? semester.closesOn));
  else if (!fees.Cleared)
    reason =
      standingFees && standingFees.paidKobo > 0
        ? M.feesOwed(standingFees.balanceKobo)
        : standingFees && standingFees.minimumFirstKobo < standingFees.totalKobo
          ? M.feesMinimum(standingFees.balanceKobo, standingFees.minimumFirstKobo)
          : M.feesOwed(standingFees?.balanceKobo ?? 0);
  else if (!lateFeePaid) reason = M.lateFeeUnpaid(lateFeeKobo);
  return { state, fees, lateFeeKobo, lateFeePaid, reason };
}

const lastDay = (w: repo.SemesterWindow) => w.lateClosesOn ?? w.closesOn;

// ───────────────────────────── reading a registration ─────────────────────────────

function displayName(p: { lastName: string; firstName: string; otherName: string | null }) {
  return [p.lastName.toUpperCase(), p.firstName, p.otherName].filter(Boolean).join(' ');
}

export async function summaryOf(db: Exec, reg: repo.RegistrationRow): Promise<RegistrationSummary> {
  const [courses, decidedBy] = await Promise.all([
    repo.registrationCourses(db, [reg.id]),
    repo.adminName(db, reg.decidedBy),
  ]);
  return summaryFrom(reg, courses, decidedBy);
}

/** A registration as the pages show it, from its row, its courses and the name of who decided it. */
function summaryFrom(
  reg: repo.RegistrationRow,
  courses: readonly repo.RegistrationCourseRow[],
  decidedBy: string | null,
): RegistrationSummary {
  return {
    Id: reg.id,
    PublicId: reg.publicId,
    State: reg.state as RegistrationState,
    Version: reg.version,
    TotalUnits: reg.totalUnits,
    Comment: reg.comment,
    IsLate: reg.isLate,
    SubmittedAt: isoRequired(reg.submittedAt),
    DecidedAt: iso(reg.decidedAt),
    DecidedBy: decidedBy,
    ApprovedAt: iso(reg.approvedAt),
    Courses: courses.map((c) => ({
      CourseId: c.courseId,
      Code: c.code,
      Title: c.title,
      Units: c.units,
      CarryOver: c.carryOver,
      Requested: c.requested,
      Approved: c.approved,
    })),
  };
}

export async function historyOf(db: Exec, registrationId: number): Promise<RegistrationHistoryEntry[]> {
  return historyFrom(await repo.registrationEvents(db, registrationId));
}

/** A registration's history as the pages show it, from its events (newest change first). */
function historyFrom(events: readonly repo.RegistrationEventRow[]): RegistrationHistoryEntry[] {
  return events.map((e) => ({
    At: isoRequired(e.at),
    Kind: e.kind as RegistrationHistoryEntry['Kind'],
    Version: e.version,
    By: e.actorName,
    ByKind: e.actorKind === 'Admin' ? 'Admin' : 'Student',
    Course: e.course,
    Comment: e.comment,
  }));
}

export const courseFormPath = (semesterId: number) =>
  `/api/student/course-registration/form.pdf?semesterId=${semesterId}`;

async function pageOf(db: Exec, studentId: number, semesterId?: number): Promise<CourseRegistrationPage> {
  // The semesters are reference data; the student's facts, results and registration of the semester
  // with its courses and history are then one read.
  const semester = await chooseSemester(db, semesterId);
  const rows = await repo.registrationPageRows(db, studentId, semester?.id ?? 0);
  if (!rows) throw notFound();
  const { facts: student, registration } = rows;
  if (semesterId !== undefined && !semester) throw notFound('Semester not found.');
  const empty = { Cleared: false, Total: 0, Paid: 0, Outstanding: 0, MinimumFirstInstalment: 0 };
  if (!semester)
    return {
      Semester: null,
      Window: {
        State: 'none',
        OpensOn: null,
        ClosesOn: null,
        LateClosesOn: null,
        AddDropClosesOn: null,
        LateFee: 0,
        LateFeePaid: true,
      },
      Fees: empty,
      Limits: { MinUnits: 0, MaxUnits: 0 },
      Courses: [],
      Registration: null,
      History: [],
      CanSubmit: false,
      Reason: M.noSemester,
      FormUrl: null,
    };
  // The fee standing is priced from the facts read above, not from a read of the student's row of its own.
  const standingOf: typeof schoolFeesStanding = (d, id, sessionId) =>
    schoolFeesStanding(d, id, sessionId, id === student.id ? student : undefined);
  const [o, g] = await Promise.all([
    offer(db, student, semester, rows.results),
    gate(db, student, semester, registration, standingOf, rows.lateFeePaid),
  ]);
  const summary = registration ? summaryFrom(registration, rows.courses, rows.decidedByName) : null;
  const history = historyFrom(rows.events);
  return {
    Semester: { Id: semester.id, Name: semester.name, Term: semester.term, Session: semester.sessionName },
    Window: {
      State: g.state,
      OpensOn: semester.opensOn,
      ClosesOn: semester.closesOn,
      LateClosesOn: semester.lateClosesOn,
      AddDropClosesOn: semester.opensOn ? addDropUntil(semester) : null,
      LateFee: koboToNaira(g.lateFeeKobo),
      LateFeePaid: g.lateFeePaid,
    },
    Fees: g.fees,
    Limits: { MinUnits: o.limits.minUnits, MaxUnits: o.limits.maxUnits },
    Courses: o.courses,
    Registration: summary,
    History: history,
    CanSubmit: g.reason === null && o.courses.length > 0,
    Reason:
      g.reason ?? (o.courses.length === 0 ? 'No courses are offered to your level this semester.' : null),
    FormUrl: registration ? courseFormPath(semester.id) : null,
  };
}

async function factsOf(db: Exec, studentId: number): Promise<repo.StudentFacts> {
  const facts = await repo.studentFacts(db, studentId);
  if (!facts) throw notFound();
  return facts;
}

async function callerFacts(deps: CoursesDeps, auth: AuthContext | null): Promise<repo.StudentFacts> {
  return factsOf(deps.db, ownStudentId(auth));
}

/** GET /api/student/course-registration */
export async function getRegistrationPage(deps: CoursesDeps, auth: AuthContext | null, semesterId?: number) {
  return { Status: STATUS.ok, Data: await pageOf(deps.db, ownStudentId(auth), semesterId) };
}

/** The semester the student's registration page opens on (reference data: no read of the student's). */
export const registrationSemester = (db: Exec) => chooseSemester(db);

/**
 * The student dashboard's card: the semester the page opens on, its window, the page's reason against
 * submitting and the registration's state, by the page's own rules (without the course offer, which
 * only the page needs).
 */
export async function registrationCard(
  db: Exec,
  studentId: number,
  standingOf: typeof schoolFeesStanding = schoolFeesStanding,
  /** The student's facts when the caller has read them (the dashboard), so they are not read again. */
  known?: repo.StudentFacts,
  /** The semester the page opens on, when the caller has asked (`registrationSemester`). */
  knownSemester?: repo.SemesterWindow | null,
) {
  const semester = knownSemester !== undefined ? knownSemester : await chooseSemester(db);
  // The registration and the fee standing need only the semester: read together.
  const [student, registration, fees] = await Promise.all([
    known ?? repo.studentFacts(db, studentId),
    semester ? repo.findRegistration(db, { studentId, semesterId: semester.id }) : null,
    semester ? standingOf(db, studentId, semester.sessionId) : null,
  ]);
  if (!student || !semester)
    return { semester: null, state: 'none' as WindowState, reason: M.noSemester, registration: null };
  const g = await gate(db, student, semester, registration, async () => fees);
  return { semester, state: g.state, reason: g.reason, registration };
}

// ───────────────────────────── submitting ─────────────────────────────

/**
 * POST /api/student/course-registration. In one transaction holding the registration's row: the
 * idempotency key (a repeated press answers what the first did), the version the page showed, the
 * window, the fees and every rule; then the courses and the history. Two tabs submitting at once
 * are taken one after the other, and the second is refused as stale.
 */
export async function submitRegistration(
  deps: CoursesDeps,
  auth: AuthContext | null,
  input: CourseRegistrationInput,
) {
  const student = await callerFacts(deps, auth);
  const [semester] = await repo.semestersWithWindows(deps.db, input.SemesterId);
  if (!semester) throw notFound('Semester not found.');
  const actorName = displayName(student);
  const key = { studentId: student.id, semesterId: semester.id };

  const message = await deps.db.transaction(async (tx) => {
    let registration = await repo.findRegistration(tx, key, true);
    if (registration) {
      if (await repo.hasIdempotencyKey(tx, registration.id, input.IdempotencyKey)) return null;
      if (input.ExpectedVersion !== registration.version) throw conflict(M.stale);
    }
    const g = await gate(tx, student, semester, registration);
    if (g.reason) throw new AppError(409, g.reason, STATUS.invalid);
    const chosen = checkChoice(input.CourseIds, await offer(tx, student, semester));
    const totalUnits = chosen.reduce((s, c) => s + c.Units, 0);
    const now = new Date();

    if (!registration) {
      registration = await repo.insertRegistration(tx, {
        publicId: newPublicId(),
        studentId: student.id,
        semesterId: semester.id,
        levelId: student.levelId,
        departmentId: student.departmentId,
        state: 'submitted',
        version: 1,
        totalUnits,
        isLate: g.state === 'late',
        submittedAt: now,
      });
      if (!registration) {
        // Another request opened it first (a double click, another tab): this one is a repeat or stale.
        const first = await repo.findRegistration(tx, key, true);
        if (first && (await repo.hasIdempotencyKey(tx, first.id, input.IdempotencyKey))) return null;
        throw conflict(M.stale);
      }
      await repo.replaceRequestedCourses(tx, registration.id, rows(chosen));
      await repo.appendEvents(tx, [
        {
          registrationId: registration.id,
          version: 1,
          kind: 'submitted',
          actorKind: 'Student',
          actorId: student.id,
          actorName,
          comment: `${chosen.map((c) => c.Code).join(', ')} (${totalUnits} units)`,
          idempotencyKey: input.IdempotencyKey,
          at: now,
        },
      ]);
      return M.submitted;
    }

    const before = await repo.registrationCourses(tx, [registration.id]);
    const wasRequested = new Set(before.filter((c) => c.requested).map((c) => c.courseId));
    const ids = new Set(chosen.map((c) => c.CourseId));
    const added = chosen.filter((c) => !wasRequested.has(c.CourseId));
    const dropped = before.filter((c) => c.requested && !ids.has(c.courseId));
    if (added.length === 0 && dropped.length === 0 && registration.state !== 'returned')
      throw badRequest(M.unchanged);
    const version = registration.version + 1;
    const updated = await repo.updateRegistration(
      tx,
      registration.id,
      { state: 'submitted', version, totalUnits, comment: null, submittedAt: now },
      { version: registration.version, state: registration.state },
    );
    if (!updated) throw conflict(M.stale);
    await repo.replaceRequestedCourses(tx, registration.id, rows(chosen));
    const event = {
      registrationId: registration.id,
      version,
      actorKind: 'Student',
      actorId: student.id,
      actorName,
      at: now,
    };
    await repo.appendEvents(tx, [
      { ...event, kind: 'resubmitted', idempotencyKey: input.IdempotencyKey, comment: `${totalUnits} units` },
      ...added.map((c) => ({ ...event, kind: 'course_added', courseId: c.CourseId })),
      ...dropped.map((c) => ({ ...event, kind: 'course_dropped', courseId: c.courseId })),
    ]);
    return M.resubmitted;
  });
  const page = await pageOf(deps.db, student.id, semester.id);
  return {
    Status: STATUS.ok,
    Message: message ?? (page.Registration?.Version === 1 ? M.submitted : M.resubmitted),
    Data: page,
  };
}

const rows = (chosen: RegistrationCourse[]) =>
  chosen.map((c) => ({ courseId: c.CourseId, units: c.Units, carryOver: c.CarryOver }));

// ───────────────────────────── for the course form and its public page ─────────────────────────────

/** The caller's registration of a semester, or 404. */
export async function ownRegistration(deps: CoursesDeps, auth: AuthContext | null, semesterId: number) {
  const student = await callerFacts(deps, auth);
  const registration = await repo.findRegistration(deps.db, { studentId: student.id, semesterId });
  if (!registration) throw notFound(M.noRegistration);
  return registration;
}

export async function registrationByPublicId(db: Exec, publicId: string) {
  const registration = await repo.findRegistration(db, { publicId });
  if (!registration) throw notFound(M.formNotFound);
  return registration;
}

export function assertStudent(auth: AuthContext | null) {
  if (!auth || auth.kind !== 'Student') throw forbidden();
}
