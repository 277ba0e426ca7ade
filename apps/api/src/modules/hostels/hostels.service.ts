import {
  HOSTEL_MESSAGES as M,
  STATUS,
  koboToNaira,
  type AllocationRow,
  type AllocationSource,
  type AllocationState,
  type BallotResult,
  type BedSpace,
  type FeeRule,
  type HostelApplicationInput,
  type HostelApplicationPage,
  type HostelRound,
  type HostelRoundInput,
  type HostelWindowState,
  type PublishedBallot,
  type RoundState,
  type StudentAllocation,
  type StudentDashboard,
} from '@portal/contracts';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import type { StoredQuota } from '../../db/schema/index.js';
import type { AuthContext } from '../../platform/auth.js';
import { audit, type AuditActor } from '../../platform/audit.js';
import { errorMentions, PG_UNIQUE_VIOLATION, pgErrorCode, paged, type Exec } from '../../platform/db.js';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../platform/errors.js';
import { newPublicId } from '../../platform/ids.js';
import type { Mailer } from '../../platform/mail.js';
import { formatLongDate } from '../../platform/pdf.js';
import type { FileStorage } from '../../platform/storage.js';
import { iso, isoRequired } from '../../platform/time.js';
import { schoolFeesStanding } from '../payments/payments.service.js';
import { ownStudent } from '../students/students.service.js';
import { newSeed, runBallot, seedHash } from './ballot.js';
import * as repo from './hostels.repository.js';

/**
 * Hostel allocation: rounds (set up, published with the hash of their seed, drawn once), the
 * student's application and eligibility, the ballot in one transaction, reserved rooms assigned by
 * hand, the hostel fee, lapses and give-ups that pass the bed to the waiting list. Changes of a bed
 * after the draw are taken one at a time per round (the round's row), and the database's partial
 * unique indexes hold the invariants whatever the code does: no bed held twice, no student holding two.
 */

export interface HostelsDeps {
  db: Db;
  storage: FileStorage;
  mailer: Pick<Mailer, 'enqueue' | 'kick'>;
  config: Pick<Config, 'PUBLIC_URL' | 'JWT_SECRET' | 'SESSION_TTL'>;
}

const DAY_MS = 86_400_000;
const PAGE = 'HostelAllocation';
/** A bed held and not yet paid for: what its student may give up. */
const UNPAID_HELD: AllocationState[] = ['allocated', 'reserved'];

export const slipVerifyUrl = (publicUrl: string, publicId: string) =>
  `${publicUrl}/portal/HostelSlip?id=${encodeURIComponent(publicId)}`;
export const SLIP_PATH = '/api/student/hostel/slip.pdf';

// ───────────────────────────── rounds ─────────────────────────────

export function windowOf(round: repo.RoundRow, now = new Date()): HostelWindowState {
  if (round.state === 'draft') return 'draft';
  if (round.state === 'drawn') return 'drawn';
  if (now < round.opensAt) return 'upcoming';
  if (now < round.closesAt) return 'open';
  return 'closed';
}

async function roundView(db: Exec, round: repo.RoundRow, applications?: number): Promise<HostelRound> {
  const [fees, sessions, levels, counts] = await Promise.all([
    repo.roundFees(db, round.id),
    repo.sessionNames(db, [round.sessionId]),
    repo.levelNames(db),
    applications === undefined ? repo.applicationCounts(db, [round.id]) : null,
  ]);
  return {
    Id: round.id,
    SessionId: round.sessionId,
    Session: sessions.get(round.sessionId) ?? '',
    Name: round.name,
    OpensAt: isoRequired(round.opensAt),
    ClosesAt: isoRequired(round.closesAt),
    PaymentDays: round.paymentDays,
    FeeRule: round.feeRule as FeeRule,
    LevelIds: round.levelIds,
    Levels: round.levelIds.map((id) => levels.get(id) ?? String(id)),
    Quotas: round.quotas.map((q) => ({ Name: q.name, Percent: q.percent, LevelIds: q.levelIds })),
    Fees: fees.map((f) => ({
      HostelId: f.hostelId,
      Amount: koboToNaira(f.amountKobo),
      Hostel: f.hostel,
      Gender: f.gender,
    })),
    State: round.state as RoundState,
    Window: windowOf(round),
    SeedHash: round.seedHash,
    Seed: round.state === 'drawn' ? round.seed : null,
    PublishedAt: iso(round.publishedAt),
    DrawnAt: iso(round.drawnAt),
    Applications: applications ?? counts?.get(round.id) ?? 0,
  };
}

export async function listRounds(db: Db) {
  const rounds = await repo.listRounds(db);
  const counts = await repo.applicationCounts(
    db,
    rounds.map((r) => r.id),
  );
  const data = [];
  for (const r of rounds) data.push(await roundView(db, r, counts.get(r.id) ?? 0));
  return { Status: STATUS.ok, Data: data };
}

async function roundOr404(db: Exec, id: number, lock?: Parameters<typeof repo.findRound>[2]) {
  const round = await repo.findRound(db, id, lock);
  if (!round) throw notFound(M.roundNotFound);
  return round;
}

function checkRoundInput(input: HostelRoundInput) {
  if (new Date(input.ClosesAt) <= new Date(input.OpensAt)) throw badRequest(M.windowOrder);
  const levelled = input.Quotas.filter((q) => q.LevelIds.length > 0);
  if (levelled.reduce((s, q) => s + q.Percent, 0) > 100) throw badRequest(M.quotasOver);
}

const roundValues = (input: HostelRoundInput) => ({
  sessionId: input.SessionId,
  name: input.Name,
  opensAt: new Date(input.OpensAt),
  closesAt: new Date(input.ClosesAt),
  paymentDays: input.PaymentDays,
  feeRule: input.FeeRule,
  levelIds: [...new Set(input.LevelIds)],
  quotas: input.Quotas.map<StoredQuota>((q) => ({
    name: q.Name,
    percent: q.Percent,
    levelIds: [...new Set(q.LevelIds)],
  })),
});

const feeValues = (input: HostelRoundInput) =>
  [...new Map(input.Fees.map((f) => [f.HostelId, Math.round(f.Amount * 100)]))].map(
    ([hostelId, amountKobo]) => ({
      hostelId,
      amountKobo,
    }),
  );

/** POST /api/admin/hostel-rounds: a draft round with a new seed (its hash is what students will see). */
export async function createRound(db: Db, actor: AuditActor, input: HostelRoundInput) {
  checkRoundInput(input);
  const seed = newSeed();
  const round = await db.transaction(async (tx) => {
    const row = await repo.insertRound(tx, { ...roundValues(input), seed, seedHash: seedHash(seed) });
    if (!row) throw conflict(M.sessionTaken);
    await repo.replaceFees(tx, row.id, feeValues(input));
    await audit(tx, {
      actor,
      page: PAGE,
      action: 'create',
      entity: 'hostel_round',
      entityId: row.id,
      after: { ...input, seedHash: row.seedHash },
    });
    return row;
  });
  return { Status: STATUS.ok, Message: 'Round created.', Data: await roundView(db, round) };
}

/** PUT /api/admin/hostel-rounds/:id: only a draft changes (students have seen nothing yet). */
export async function updateRound(db: Db, actor: AuditActor, id: number, input: HostelRoundInput) {
  checkRoundInput(input);
  const round = await db
    .transaction(async (tx) => {
      const before = await roundOr404(tx, id, 'update');
      if (before.state !== 'draft') throw conflict(M.onlyDraft);
      const row = await repo.updateRound(tx, id, roundValues(input), 'draft');
      if (!row) throw conflict(M.onlyDraft);
      await repo.replaceFees(tx, id, feeValues(input));
      await audit(tx, {
        actor,
        page: PAGE,
        action: 'update',
        entity: 'hostel_round',
        entityId: id,
        before: { ...before, seed: undefined },
        after: input,
      });
      return row;
    })
    .catch((error: unknown) => {
      if (pgErrorCode(error) === PG_UNIQUE_VIOLATION) throw conflict(M.sessionTaken);
      throw error;
    });
  return { Status: STATUS.ok, Message: 'Round saved.', Data: await roundView(db, round) };
}

/** POST …/publish: students see the round, its window and the hash of its seed; before the window opens. */
export async function publishRound(db: Db, actor: AuditActor, id: number, now = new Date()) {
  const round = await db.transaction(async (tx) => {
    const before = await roundOr404(tx, id, 'update');
    if (before.state !== 'draft') throw conflict(M.onlyDraft);
    if (now >= before.opensAt) throw conflict(M.publishLate);
    const row = (await repo.updateRound(tx, id, { state: 'published', publishedAt: now }, 'draft'))!;
    await repo.appendEvents(tx, [
      { roundId: id, kind: 'published', actorKind: 'Admin', actorId: actor.adminId, detail: row.seedHash },
    ]);
    await audit(tx, {
      actor,
      page: PAGE,
      action: 'publish',
      entity: 'hostel_round',
      entityId: id,
      after: { seedHash: row.seedHash },
    });
    return row;
  });
  return { Status: STATUS.ok, Message: M.published, Data: await roundView(db, round) };
}

/** POST …/close: the registry closes the application window now (audited). */
export async function closeRound(db: Db, actor: AuditActor, id: number, now = new Date()) {
  const round = await db.transaction(async (tx) => {
    const before = await roundOr404(tx, id, 'update');
    if (before.state !== 'published') throw conflict(M.closedNow);
    if (now >= before.closesAt) return before;
    const opensAt = before.opensAt < now ? before.opensAt : new Date(now.getTime() - 1000);
    const row = (await repo.updateRound(tx, id, { closesAt: now, opensAt }))!;
    await audit(tx, {
      actor,
      page: PAGE,
      action: 'close',
      entity: 'hostel_round',
      entityId: id,
      before: { closesAt: before.closesAt },
      after: { closesAt: now },
    });
    return row;
  });
  return { Status: STATUS.ok, Message: M.closedNow, Data: await roundView(db, round) };
}

// ───────────────────────────── the draw ─────────────────────────────

/**
 * POST …/draw. One transaction holding the round's row: refused before the window closes; once
 * drawn, the stored result is answered again (idempotent). The ballot is a pure function of the
 * revealed seed and the published inputs (ballot.ts).
 */
export async function draw(db: Db, actor: AuditActor, id: number, now = new Date()) {
  const message = await db.transaction(async (tx) => {
    const round = await roundOr404(tx, id, 'update');
    if (round.state === 'drawn') return M.drawDone;
    if (round.state !== 'published') throw conflict(M.notPublished);
    if (now < round.closesAt) throw conflict(M.drawNotYet);
    const [applications, beds, fees] = await Promise.all([
      repo.applicationsOfRound(tx, id),
      repo.ballotBeds(tx, id),
      repo.roundFees(tx, id),
    ]);
    // A student given a reserved room by hand before the draw is not drawn again.
    const holding = new Set(await repo.studentsHoldingBeds(tx, id));
    const drawn = applications.filter((a) => !holding.has(a.studentId));
    const outcome = runBallot({
      seed: round.seed,
      applicants: drawn.map((a) => ({
        key: a.matricNo,
        levelId: a.levelId,
        gender: a.gender,
        preferences: a.preferences,
      })),
      beds,
      quotas: round.quotas,
    });
    const byMatric = new Map(drawn.map((a) => [a.matricNo, a]));
    const payBy = new Date(now.getTime() + round.paymentDays * DAY_MS);
    const inserted = await repo.insertAllocations(
      tx,
      outcome.placements.map((p) => ({
        publicId: newPublicId(),
        roundId: id,
        studentId: byMatric.get(p.key)!.studentId,
        roomId: p.roomId,
        bed: p.bed,
        state: 'allocated',
        source: 'ballot',
        quota: p.quota,
        allocatedBy: actor.adminId,
        allocatedAt: now,
        payBy,
      })),
    );
    await repo.insertWaiting(
      tx,
      outcome.waiting.map((key, i) => ({
        roundId: id,
        position: i + 1,
        studentId: byMatric.get(key)!.studentId,
        gender: byMatric.get(key)!.gender,
      })),
    );
    const result: BallotResult = {
      RoundId: id,
      DrawnAt: isoRequired(now),
      Seed: round.seed,
      SeedHash: round.seedHash,
      Applicants: drawn.length,
      Beds: beds.length,
      Allocated: outcome.placements.length,
      Waiting: outcome.waiting.length,
      Quotas: outcome.seats.map((s) => ({ Name: s.name, Seats: s.seats, Allocated: s.allocated })),
      Hostels: fees.map((f) => ({
        Hostel: f.hostel,
        Beds: beds.filter((b) => b.hostelId === f.hostelId).length,
        Allocated: outcome.placements.filter((p) => p.hostelId === f.hostelId).length,
      })),
    };
    await repo.updateRound(
      tx,
      id,
      {
        state: 'drawn',
        drawnAt: now,
        drawnBy: actor.adminId,
        result,
        ballotBeds: beds.map((b) => [b.hostelId, b.roomId, b.bed, b.gender]),
      },
      'published',
    );
    await repo.appendEvents(tx, [
      {
        roundId: id,
        kind: 'drawn',
        actorKind: 'Admin',
        actorId: actor.adminId,
        detail: `seed ${round.seed}: ${result.Allocated} allocated, ${result.Waiting} waiting`,
      },
      ...inserted.map((a) => ({
        roundId: id,
        allocationId: a.id,
        studentId: a.studentId,
        kind: 'allocated',
        actorKind: 'Admin',
        actorId: actor.adminId,
      })),
    ]);
    await audit(tx, {
      actor,
      page: PAGE,
      action: 'draw',
      entity: 'hostel_round',
      entityId: id,
      after: result,
    });
    return `Drawn: ${result.Allocated} bed spaces allocated, ${result.Waiting} on the waiting list.`;
  });
  const round = await roundOr404(db, id);
  return { Status: STATUS.ok, Message: message, Data: round.result as BallotResult };
}

export async function drawResult(db: Db, id: number) {
  const round = await roundOr404(db, id);
  if (round.state !== 'drawn') throw notFound(M.drawNotYet);
  return { Status: STATUS.ok, Data: round.result as BallotResult };
}

/** GET /api/hostel-rounds/:id/ballot (public once drawn): everything needed to re-run the draw. */
export async function publishedBallot(
  db: Db,
  id: number,
): Promise<{ Status: string; Data: PublishedBallot }> {
  const round = await roundOr404(db, id);
  if (round.state !== 'drawn') throw notFound(M.drawNotYet);
  const [applications, allocations, waiting] = await Promise.all([
    repo.applicationsOfRound(db, id),
    repo.ballotAllocations(db, id),
    repo.waitingListOf(db, id),
  ]);
  const result = round.result as BallotResult;
  const inBallot = new Set([...allocations.map((a) => a.matricNo), ...waiting.map((w) => w.matricNo)]);
  return {
    Status: STATUS.ok,
    Data: {
      Result: result,
      Quotas: round.quotas.map((q) => ({ Name: q.name, Percent: q.percent, LevelIds: q.levelIds })),
      Applicants: applications
        .filter((a) => inBallot.has(a.matricNo))
        .map((a) => ({
          MatricNo: a.matricNo,
          LevelId: a.levelId,
          Gender: a.gender,
          Preferences: a.preferences,
        })),
      Beds: (round.ballotBeds ?? []).map(([HostelId, RoomId, Bed, Gender]) => ({
        HostelId,
        RoomId,
        Bed,
        Gender,
      })),
      Allocations: allocations.map((a) => ({
        MatricNo: a.matricNo,
        RoomId: a.roomId,
        Bed: a.bed,
        Quota: a.quota ?? '',
      })),
      WaitingList: waiting.map((w) => ({ Position: w.position, MatricNo: w.matricNo })),
    },
  };
}

// ───────────────────────────── freed beds and the waiting list ─────────────────────────────

/**
 * A bed freed by a lapse or a give-up goes to the first on the waiting list of the room's gender
 * (in the same transaction, which holds the round), who is e-mailed. Reserved rooms' beds stay out
 * of the ballot.
 */
async function offerFreedBed(
  tx: Exec,
  deps: Pick<HostelsDeps, 'mailer' | 'config'>,
  round: repo.RoundRow,
  freed: repo.AllocationRecord,
  now: Date,
): Promise<boolean> {
  if (round.state !== 'drawn') return false;
  const room = await repo.roomWithHostel(tx, freed.roomId);
  if (!room || room.isReserved || !room.isActive) return false;
  const next = await repo.nextWaiting(tx, round.id, room.gender);
  if (!next) return false;
  const allocation = await repo.insertAllocation(tx, {
    publicId: newPublicId(),
    roundId: round.id,
    studentId: next.studentId,
    roomId: freed.roomId,
    bed: freed.bed,
    state: 'allocated',
    source: 'waiting_list',
    allocatedAt: now,
    payBy: new Date(now.getTime() + round.paymentDays * DAY_MS),
  });
  await repo.markOffered(tx, round.id, next.position, allocation.id);
  await repo.appendEvents(tx, [
    {
      roundId: round.id,
      allocationId: allocation.id,
      studentId: next.studentId,
      kind: 'offered',
      actorKind: 'System',
      detail: `waiting list position ${next.position}`,
    },
  ]);
  const student = await repo.studentFacts(tx, { id: next.studentId });
  if (student) {
    const bed = `${room.hostel}, ${room.block}, Room ${room.room}, Bed ${freed.bed}`;
    await deps.mailer.enqueue(
      {
        to: student.email,
        subject: 'A hostel bed space has been allocated to you',
        text:
          `Dear ${student.firstName},\n\nA bed space has become free and, as number ${next.position} on the ` +
          `waiting list, it has been allocated to you: ${bed}.\n\nPay the hostel fee by ` +
          `${formatLongDate(allocation.payBy)} on the portal (${deps.config.PUBLIC_URL}/portal/student/applyforhostel), ` +
          `or the bed goes to the next student on the list.\n`,
      },
      tx,
    );
  }
  return true;
}

/**
 * Lapses every allocation unpaid past its deadline and passes each bed on (one round's row at a
 * time, like every change of a bed). Callable from the admin page and run on a timer.
 */
export async function lapseOverdue(deps: Pick<HostelsDeps, 'db' | 'mailer' | 'config'>, now = new Date()) {
  let lapsed = 0;
  let offered = 0;
  for (const due of await repo.overdueAllocations(deps.db, now)) {
    const done = await deps.db.transaction(async (tx) => {
      const round = await repo.findRound(tx, due.roundId, 'no key update');
      if (!round) return null;
      const row = await repo.moveAllocation(tx, due.id, ['allocated'], 'lapsed', { endedAt: now });
      if (!row || !row.payBy || row.payBy >= now) {
        if (row) throw new Error('lapse raced a change of the deadline');
        return null;
      }
      await repo.appendEvents(tx, [
        {
          roundId: round.id,
          allocationId: row.id,
          studentId: row.studentId,
          kind: 'lapsed',
          actorKind: 'System',
        },
      ]);
      return offerFreedBed(tx, deps, round, row, now);
    });
    if (done !== null) {
      lapsed += 1;
      if (done) offered += 1;
    }
  }
  if (offered) deps.mailer.kick();
  return { Status: STATUS.ok, Message: M.lapsed(lapsed), Data: { Lapsed: lapsed, Offered: offered } };
}

// ───────────────────────────── reserved rooms ─────────────────────────────

/** POST /api/admin/hostel-reserved: a bed of a reserved room assigned by hand with a reason; audited. */
export async function assignReserved(
  deps: Pick<HostelsDeps, 'db'>,
  actor: AuditActor,
  input: { RoundId: number; RoomId: number; Bed: number; MatricNo: string; Reason: string },
  now = new Date(),
) {
  const id = await deps.db
    .transaction(async (tx) => {
      const round = await roundOr404(tx, input.RoundId, 'no key update');
      const room = await repo.roomWithHostel(tx, input.RoomId);
      if (!room || !room.isActive) throw notFound('Room not found.');
      if (!room.isReserved) throw badRequest(M.notReservedRoom);
      if (input.Bed > room.bedSpaces) throw badRequest(M.bedOutOfRange(room.bedSpaces));
      const fees = await repo.roundFees(tx, round.id);
      if (!fees.some((f) => f.hostelId === room.hostelId)) throw badRequest(M.preferenceNotOffered);
      const student = await repo.studentFacts(tx, { matricNo: input.MatricNo.trim().toUpperCase() });
      if (!student || !student.isActive) throw notFound(M.studentNotFound);
      if (student.gender !== room.gender) throw badRequest(M.genderMismatch);
      const row = await repo.insertAllocation(tx, {
        publicId: newPublicId(),
        roundId: round.id,
        studentId: student.id,
        roomId: room.roomId,
        bed: input.Bed,
        state: 'reserved',
        source: 'reserved',
        reason: input.Reason,
        allocatedBy: actor.adminId,
        allocatedAt: now,
      });
      await repo.appendEvents(tx, [
        {
          roundId: round.id,
          allocationId: row.id,
          studentId: student.id,
          kind: 'reserved',
          actorKind: 'Admin',
          actorId: actor.adminId,
          detail: input.Reason,
        },
      ]);
      await audit(tx, {
        actor,
        page: 'AllocateReservedRoom',
        action: 'assign',
        entity: 'hostel_allocation',
        entityId: row.id,
        after: { ...input, room: `${room.hostel} ${room.block} ${room.room}` },
      });
      return row.id;
    })
    .catch((error: unknown) => {
      if (pgErrorCode(error) === PG_UNIQUE_VIOLATION) {
        if (errorMentions(error, 'hostel_allocations_one_per_student')) throw conflict(M.studentHasBed);
        if (errorMentions(error, 'hostel_allocations_one_per_bed')) throw conflict(M.bedTaken);
      }
      throw error;
    });
  const detail = await repo.allocationDetail(deps.db, id);
  return { Status: STATUS.ok, Message: M.reservedAssigned, Data: rowOf(detail!) };
}

// ───────────────────────────── reading allocations ─────────────────────────────

function bedSpaceOf(d: { hostel: string; block: string; room: string; bed: number }): BedSpace {
  return {
    Hostel: d.hostel,
    Block: d.block,
    Room: d.room,
    Bed: d.bed,
    Label: `${d.hostel}, ${d.block}, Room ${d.room}, Bed ${d.bed}`,
  };
}

const displayName = (p: { lastName: string; firstName: string; otherName: string | null }) =>
  [p.lastName.toUpperCase(), p.firstName, p.otherName].filter(Boolean).join(' ');

function rowOf(d: NonNullable<Awaited<ReturnType<typeof repo.allocationDetail>>>): AllocationRow {
  return {
    Id: d.id,
    MatricNo: d.matricNo,
    Name: displayName(d),
    BedSpace: bedSpaceOf(d),
    State: d.state as AllocationState,
    Source: d.source as AllocationSource,
    Quota: d.quota,
    Reason: d.reason,
    By: d.by,
    AllocatedAt: isoRequired(d.allocatedAt),
    PayBy: iso(d.payBy),
  };
}

async function latestRoundId(db: Exec, roundId?: number) {
  if (roundId) return roundId;
  return repo.registryRound(db);
}

export async function listAllocations(
  db: Db,
  q: { roundId?: number; source?: AllocationSource; search?: string; page: number; pageSize: number },
) {
  const roundId = await latestRoundId(db, q.roundId);
  if (!roundId) return paged([], q.page, q.pageSize, 0);
  const { rows, total } = await repo.listAllocations(db, { ...q, roundId });
  return paged(rows.map(rowOf), q.page, q.pageSize, total);
}

/** GET /api/admin/hostel-availability: bed spaces by hostel, block and room; the counts add up. */
export async function availability(db: Db, roundIdAsked?: number) {
  const roundId = await latestRoundId(db, roundIdAsked);
  const rooms = await repo.roomCounts(db, roundId);
  const zero = () => ({ Beds: 0, Free: 0, Reserved: 0, Allocated: 0, Occupied: 0 });
  const add = (to: ReturnType<typeof zero>, c: ReturnType<typeof zero>) => {
    to.Beds += c.Beds;
    to.Free += c.Free;
    to.Reserved += c.Reserved;
    to.Allocated += c.Allocated;
    to.Occupied += c.Occupied;
  };
  const totals = zero();
  const hostels: HostelAvailabilityData['Hostels'] = [];
  for (const r of rooms) {
    const rest = r.beds - r.allocated - r.occupied;
    const counts = {
      Beds: r.beds,
      Free: r.isReserved ? 0 : rest,
      Reserved: r.isReserved ? rest : 0,
      Allocated: r.allocated,
      Occupied: r.occupied,
    };
    let hostel = hostels.find((h) => h.HostelId === r.hostelId);
    if (!hostel) {
      hostel = { HostelId: r.hostelId, Hostel: r.hostel, Gender: r.gender, ...zero(), Blocks: [] };
      hostels.push(hostel);
    }
    let block = hostel.Blocks.find((b) => b.BlockId === r.blockId);
    if (!block) {
      block = { BlockId: r.blockId, Block: r.block, ...zero(), Rooms: [] };
      hostel.Blocks.push(block);
    }
    block.Rooms.push({ RoomId: r.roomId, Room: r.room, IsReserved: r.isReserved, ...counts });
    add(block, counts);
    add(hostel, counts);
    add(totals, counts);
  }
  return { Status: STATUS.ok, Data: { RoundId: roundId, Totals: totals, Hostels: hostels } };
}
type HostelAvailabilityData = import('@portal/contracts').HostelAvailability;

/** GET /api/admin/hostel-reserved: the reserved rooms, each bed and who holds it, with the reason. */
export async function reservedRooms(db: Db, roundIdAsked?: number) {
  const roundId = await latestRoundId(db, roundIdAsked);
  const rooms = await repo.reservedRoomsOf(db, roundId);
  const held = roundId
    ? await repo.heldInRooms(
        db,
        roundId,
        rooms.map((r) => r.roomId),
      )
    : [];
  return {
    Status: STATUS.ok,
    Data: {
      RoundId: roundId,
      Rooms: rooms.map((r) => ({
        RoomId: r.roomId,
        Hostel: r.hostel,
        Block: r.block,
        Room: r.room,
        Gender: r.gender,
        BedSpaces: r.bedSpaces,
        Beds: Array.from({ length: r.bedSpaces }, (_, i) => {
          const a = held.find((h) => h.roomId === r.roomId && h.bed === i + 1);
          return { Bed: i + 1, Allocation: a ? rowOf(a) : null };
        }),
      })),
    },
  };
}

// ───────────────────────────── the student ─────────────────────────────

async function callerFacts(deps: Pick<HostelsDeps, 'db'>, auth: AuthContext | null) {
  const own = await ownStudent(deps, auth);
  const facts = await repo.studentFacts(deps.db, { id: own.id });
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
  deps: Pick<HostelsDeps, 'db'>,
  latestAllocationId: number | null,
): Promise<StudentAllocation | null> {
  if (latestAllocationId === null) return null;
  const d = (await repo.allocationDetail(deps.db, latestAllocationId))!;
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
async function pageOf(
  deps: Pick<HostelsDeps, 'db'>,
  student: repo.StudentFacts,
  known?: { round: repo.RoundRow; fees: Awaited<ReturnType<typeof repo.roundFees>>; reasons: string[] },
  standingOf?: typeof schoolFeesStanding,
): Promise<HostelApplicationPage> {
  const round = known?.round ?? (await repo.studentRound(deps.db, student.id));
  if (!round)
    return {
      Round: null,
      Hostels: [],
      CanApply: false,
      Reasons: [M.noRound],
      Application: null,
      Allocation: null,
      WaitingPosition: null,
      Result: null,
    };
  // The round's fees are read once, for the page and for the reasons against applying.
  const feesRead = known?.fees ?? repo.keptRoundFees(deps.db, round.id);
  // The student's application, waiting place and allocation in one read; the bed's detail after it.
  const inRound = repo.studentInRound(deps.db, round.id, student.id);
  const [fees, reasons, { application, waiting }, allocation, sessions] = await Promise.all([
    feesRead,
    known?.reasons ??
      Promise.resolve(feesRead).then((f) =>
        reasonsAgainst(deps.db, round, student, f, undefined, standingOf),
      ),
    inRound,
    inRound.then((r) => studentAllocationOf(deps, r.latestAllocationId)),
    repo.sessionNames(deps.db, [round.sessionId]),
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
  const page = student ? await pageOf({ db }, student, undefined, standingOf) : null;
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
export async function getStudentPage(deps: Pick<HostelsDeps, 'db'>, auth: AuthContext | null) {
  const student = await callerFacts(deps, auth);
  return { Status: STATUS.ok, Data: await pageOf(deps, student) };
}

/**
 * POST /api/student/hostel/application. Inside the window, for an eligible student: one application
 * per round (a second replaces the preferences). The round's row is held in key-share mode, so many
 * apply at once but none while the draw runs.
 */
export async function apply(
  deps: Pick<HostelsDeps, 'db'>,
  auth: AuthContext | null,
  input: HostelApplicationInput,
) {
  const student = await callerFacts(deps, auth);
  if (new Set(input.HostelIds).size !== input.HostelIds.length) throw badRequest(M.preferenceRepeated);
  const done = await deps.db.transaction(async (tx) => {
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
  const page = await pageOf(deps, student, { round: done.round, fees: done.fees, reasons: [] });
  return { Status: STATUS.ok, Message: done.inserted ? M.applied : M.updated, Data: page };
}

/** POST /api/student/hostel/give-up: the student's own held allocation ends; the bed goes to the waiting list. */
export async function giveUp(
  deps: HostelsDeps,
  auth: AuthContext | null,
  allocationId: number,
  now = new Date(),
) {
  const student = await callerFacts(deps, auth);
  const offered = await deps.db.transaction(async (tx) => {
    const current = await repo.findAllocation(tx, { id: allocationId });
    if (!current || current.studentId !== student.id) throw forbidden(M.notYours);
    const round = (await repo.findRound(tx, current.roundId, 'no key update'))!;
    // A paid bed is not given up here: its fee would be owed back (see the README).
    const row = await repo.moveAllocation(tx, allocationId, UNPAID_HELD, 'given_up', { endedAt: now });
    if (!row) {
      const ended = await repo.findAllocation(tx, { id: allocationId });
      throw conflict(ended?.state === 'paid' ? M.paidNoGiveUp : M.cannotGiveUp);
    }
    await repo.appendEvents(tx, [
      {
        roundId: round.id,
        allocationId: row.id,
        studentId: student.id,
        kind: 'given_up',
        actorKind: 'Student',
        actorId: student.id,
      },
    ]);
    return offerFreedBed(tx, deps, round, row, now);
  });
  if (offered) deps.mailer.kick();
  return { Status: STATUS.ok, Message: M.gaveUp, Data: await pageOf(deps, student) };
}

/** The caller's paid allocation, for the slip: the newest paid one, whichever round is on show. */
export async function ownPaidAllocation(deps: Pick<HostelsDeps, 'db'>, auth: AuthContext | null) {
  const student = await callerFacts(deps, auth);
  const paid = await repo.paidAllocationOf(deps.db, student.id);
  if (paid) return paid;
  const round = await repo.studentRound(deps.db, student.id);
  const latest = round ? await repo.latestAllocation(deps.db, round.id, student.id) : null;
  if (!latest) throw notFound(M.noAllocation);
  throw conflict(M.slipUnpaid);
}

export async function allocationByPublicId(db: Exec, publicId: string) {
  const found = await repo.findAllocation(db, { publicId });
  if (!found) throw notFound(M.slipNotFound);
  return found;
}

export { bedSpaceOf, displayName };

export async function allocationDetailOf(db: Exec, id: number) {
  const detail = await repo.allocationDetail(db, id);
  if (!detail) throw notFound(M.noAllocation);
  return detail;
}
