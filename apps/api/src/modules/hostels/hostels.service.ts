import {
  HOSTEL_MESSAGES as M,
  STATUS,
  koboToNaira,
  type AllocationSource,
  type AllocationState,
  type BallotResult,
  type HostelApplicationInput,
  type HostelApplicationPage,
  type StudentAllocation,
  type StudentDashboard,
} from '@portal/contracts';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import type { AuthContext } from '../../platform/auth.js';
import type { Exec } from '../../platform/db.js';
import { AppError, badRequest, conflict, notFound } from '../../platform/errors.js';
import type { Mailer } from '../../platform/mail.js';
import type { FileStorage } from '../../platform/storage.js';
import { iso, isoRequired } from '../../platform/time.js';
import { schoolFeesStanding } from '../payments/payments.service.js';
import { ownStudent } from '../students/students.service.js';
import { bedSpaceOf } from './allocations.service.js';
import * as repo from './hostels.repository.js';
import { roundOr404, windowOf } from './rounds.service.js';

/**
 * Hostel allocation, the student's side: the round on show, eligibility with every reason against,
 * the application (up to three preferences, changed inside the window), the allocation and its fee,
 * and the dashboard's hostel card. The module's other rooms: rounds (rounds.service), the ballot
 * (draw.service, ballot.ts), lapses and give-ups that pass a bed to the waiting list
 * (freed-beds.service), reserved rooms (reservations.service), the registry's reading of allocations
 * (allocations.service), the fee (hostel-fee.ts) and the slip (slip.ts). The database's partial unique
 * indexes hold the invariants whatever the code does: no bed held twice, no student holding two.
 */

export interface HostelsDeps {
  db: Db;
  storage: FileStorage;
  mailer: Pick<Mailer, 'enqueue' | 'kick'>;
  config: Pick<Config, 'PUBLIC_URL' | 'JWT_SECRET' | 'SESSION_TTL'>;
}

export const SLIP_PATH = '/api/student/hostel/slip.pdf';

export async function callerFacts(db: Db, auth: AuthContext | null) {
  const own = await ownStudent({ db }, auth);
  const facts = await repo.studentFacts(db, { id: own.id });
  if (!facts) throw notFound();
  return facts;
}

/** Every reason the student may not apply to the round now (none: they may). */
async function reasonsAgainst(
  db: Exec,
  round: repo.RoundRow,
  student: repo.StudentFacts,
  fees?: Awaited<ReturnType<typeof repo.roundFees>>,
  now = new Date(),
  standingOf: typeof schoolFeesStanding = schoolFeesStanding,
) {
  const reasons: string[] = [];
  const window = windowOf(round, now);
  if (window === 'upcoming') reasons.push(M.notOpenYet(round.opensAt));
  else if (window !== 'open') reasons.push(M.closed(round.closesAt));
  if (!student.isActive) reasons.push(M.inactive);
  const standing = await standingOf(db, student.id, round.sessionId);
  if (standing && round.feeRule === 'full' && standing.paidKobo < standing.totalKobo)
    reasons.push(M.feesOwed(standing.balanceKobo));
  if (standing && round.feeRule === 'minimum' && !standing.cleared)
    reasons.push(M.feesMinimum(standing.minimumFirstKobo));
  if (round.levelIds.length && (student.levelId === null || !round.levelIds.includes(student.levelId)))
    reasons.push(M.wrongLevel(student.level ?? 'your'));
  if (!student.gender) reasons.push(M.noGender);
  else {
    const offered = fees ?? (await repo.roundFees(db, round.id));
    if (!offered.some((f) => f.gender === student.gender)) reasons.push(M.noGenderHostel);
  }
  return reasons;
}

async function studentAllocationOf(
  db: Db,
  latestAllocationId: number | null,
): Promise<StudentAllocation | null> {
  if (latestAllocationId === null) return null;
  const d = (await repo.allocationDetail(db, latestAllocationId))!;
  return {
    Id: d.id,
    State: d.state as AllocationState,
    Source: d.source as AllocationSource,
    BedSpace: bedSpaceOf(d),
    Fee: koboToNaira(d.feeKobo ?? 0),
    PayBy: iso(d.payBy),
    PaidAt: iso(d.paidAt),
    SlipUrl: d.state === 'paid' ? SLIP_PATH : null,
  };
}

/**
 * The student's page. `known`: what the caller has just read and checked (an application accepted
 * inside the window: the round, its fees, no reason against), so it is not read again.
 */
export async function pageOf(
  db: Db,
  student: repo.StudentFacts,
  known?: { round: repo.RoundRow; fees: Awaited<ReturnType<typeof repo.roundFees>>; reasons: string[] },
  standingOf?: typeof schoolFeesStanding,
): Promise<HostelApplicationPage> {
  // The school's hostel ballot switch (kept as reference data): off, no one applies, whatever the round.
  // The student's round is read with the student's place in it.
  const [found, ballotOn] = await Promise.all([
    known ? { round: known.round, place: null } : repo.studentRoundAndPlace(db, student.id),
    known ? true : repo.ballotEnabled(db),
  ]);
  const round = found?.round ?? null;
  if (!round)
    return {
      Round: null,
      Hostels: [],
      CanApply: false,
      Reasons: [ballotOn ? M.noRound : M.ballotOff],
      Application: null,
      Allocation: null,
      WaitingPosition: null,
      Result: null,
    };
  // The round's fees are read once, for the page and for the reasons against applying.
  const feesRead = known?.fees ?? repo.keptRoundFees(db, round.id);
  // The student's application, waiting place and allocation in one read; the bed's detail after it.
  const inRound = found?.place ? Promise.resolve(found.place) : repo.studentInRound(db, round.id, student.id);
  const [fees, reasons, { application, waiting }, allocation, sessions] = await Promise.all([
    feesRead,
    known?.reasons ??
      (ballotOn
        ? Promise.resolve(feesRead).then((f) => reasonsAgainst(db, round, student, f, undefined, standingOf))
        : [M.ballotOff]),
    inRound,
    inRound.then((r) => studentAllocationOf(db, r.latestAllocationId)),
    repo.sessionNames(db, [round.sessionId]),
  ]);
  return {
    Round: {
      Id: round.id,
      Name: round.name,
      Session: sessions.get(round.sessionId) ?? '',
      OpensAt: isoRequired(round.opensAt),
      ClosesAt: isoRequired(round.closesAt),
      PaymentDays: round.paymentDays,
      Window: windowOf(round),
      SeedHash: round.seedHash,
      Seed: round.state === 'drawn' ? round.seed : null,
    },
    Hostels: fees
      .filter((f) => f.gender === student.gender)
      .map((f) => ({ Id: f.hostelId, Name: f.hostel, Fee: koboToNaira(f.amountKobo) })),
    CanApply: reasons.length === 0,
    Reasons: reasons,
    Application: application
      ? {
          Preferences: application.preferences,
          SubmittedAt: isoRequired(application.submittedAt),
          UpdatedAt: isoRequired(application.updatedAt),
        }
      : null,
    Allocation: allocation,
    WaitingPosition: waiting && !waiting.allocationId ? waiting.position : null,
    Result: round.state === 'drawn' ? (round.result as BallotResult) : null,
  };
}

/** The student dashboard's hostel card: the hostel page, condensed. */
export async function studentHostelCard(
  db: Db,
  studentId: number,
  standingOf?: typeof schoolFeesStanding,
  /** The student's facts when the caller has read them (the dashboard), so they are not read again. */
  known?: repo.StudentFacts,
): Promise<StudentDashboard['Hostel']> {
  const student = known ?? (await repo.studentFacts(db, { id: studentId }));
  const page = student ? await pageOf(db, student, undefined, standingOf) : null;
  const round = page?.Round ?? null;
  const allocation = page?.Allocation ?? null;
  return {
    Open: round?.Window === 'open',
    CanApply: page?.CanApply ?? false,
    Window: round?.Window ?? null,
    OpensAt: round?.OpensAt ?? null,
    ClosesAt: round?.ClosesAt ?? null,
    Reason: page?.Reasons[0] ?? null,
    Applied: !!page?.Application,
    WaitingPosition: page?.WaitingPosition ?? null,
    Allocation: allocation && {
      State: allocation.State,
      BedSpace: allocation.BedSpace.Label,
      Fee: allocation.Fee,
      PayBy: allocation.PayBy,
    },
  };
}

/** GET /api/student/hostel */
export async function getStudentPage(db: Db, auth: AuthContext | null) {
  const student = await callerFacts(db, auth);
  return { Status: STATUS.ok, Data: await pageOf(db, student) };
}

/**
 * POST /api/student/hostel/application. Inside the window, for an eligible student: one application
 * per round (a second replaces the preferences). The round's row is held in key-share mode, so many
 * apply at once but none while the draw runs.
 */
export async function apply(db: Db, auth: AuthContext | null, input: HostelApplicationInput) {
  const student = await callerFacts(db, auth);
  if (new Set(input.HostelIds).size !== input.HostelIds.length) throw badRequest(M.preferenceRepeated);
  const done = await db.transaction(async (tx) => {
    if (!(await repo.ballotEnabled(tx))) throw new AppError(409, M.ballotOff, STATUS.invalid);
    const round = await roundOr404(tx, input.RoundId, 'key share');
    if (round.state === 'draft') throw notFound(M.roundNotFound);
    const fees = await repo.roundFees(tx, round.id);
    const reasons = await reasonsAgainst(tx, round, student, fees);
    if (reasons.length) throw new AppError(409, reasons[0]!, STATUS.invalid);
    const allowed = new Set(fees.filter((f) => f.gender === student.gender).map((f) => f.hostelId));
    if (!input.HostelIds.every((h) => allowed.has(h))) throw badRequest(M.preferenceNotOffered);
    const row = await repo.upsertApplication(tx, {
      roundId: round.id,
      studentId: student.id,
      levelId: student.levelId,
      gender: student.gender!,
      preferences: input.HostelIds,
    });
    return { inserted: row.inserted, round, fees };
  });
  const page = await pageOf(db, student, { round: done.round, fees: done.fees, reasons: [] });
  return { Status: STATUS.ok, Message: done.inserted ? M.applied : M.updated, Data: page };
}

/** The caller's paid allocation, for the slip: the newest paid one, whichever round is on show. */
export async function ownPaidAllocation(db: Db, auth: AuthContext | null) {
  const student = await callerFacts(db, auth);
  const paid = await repo.paidAllocationOf(db, student.id);
  if (paid) return paid;
  const round = await repo.studentRound(db, student.id);
  const latest = round ? await repo.latestAllocation(db, round.id, student.id) : null;
  if (!latest) throw notFound(M.noAllocation);
  throw conflict(M.slipUnpaid);
}
