import {
  HOSTEL_MESSAGES as M,
  STATUS,
  koboToNaira,
  type FeeRule,
  type HostelRound,
  type HostelRoundInput,
  type HostelWindowState,
  type RoundState,
} from '@portal/contracts';
import type { Db } from '../../db/client.js';
import type { StoredQuota } from '../../db/schema/index.js';
import { audit, type AuditActor } from '../../platform/audit.js';
import { PG_UNIQUE_VIOLATION, pgErrorCode, type Exec } from '../../platform/db.js';
import { badRequest, conflict, notFound } from '../../platform/errors.js';
import { iso, isoRequired } from '../../platform/time.js';
import { newSeed, seedHash } from './ballot.js';
import * as repo from './hostels.repository.js';

/**
 * Allocation rounds: set up and changed while a draft (a new seed, whose hash students see), published
 * before the window opens, closed early by the registry. Every change is audited.
 */

/** The page the registry's round actions are audited under. */
export const ALLOCATION_PAGE = 'HostelAllocation';
const DAY_MS = 86_400_000;

/** When an allocation made at `from` must be paid for: the round's payment days later. */
export const payByOf = (round: repo.RoundRow, from: Date) =>
  new Date(from.getTime() + round.paymentDays * DAY_MS);

export function windowOf(round: repo.RoundRow, now = new Date()): HostelWindowState {
  if (round.state === 'draft') return 'draft';
  if (round.state === 'drawn') return 'drawn';
  if (now < round.opensAt) return 'upcoming';
  if (now < round.closesAt) return 'open';
  return 'closed';
}

/**
 * A round as the registry sees it. `ballotOn`: the school's hostel ballot switch when the caller has
 * read it (a list reads it once); off, a round still to be published or drawn says why it cannot be.
 */
async function roundView(
  db: Exec,
  round: repo.RoundRow,
  applications?: number,
  ballotOn?: boolean,
): Promise<HostelRound> {
  const [fees, sessions, levels, counts, ballot] = await Promise.all([
    repo.roundFees(db, round.id),
    repo.sessionNames(db, [round.sessionId]),
    repo.levelNames(db),
    applications === undefined ? repo.applicationCounts(db, [round.id]) : null,
    ballotOn ?? repo.ballotEnabled(db),
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
    Reason: !ballot && (round.state === 'draft' || round.state === 'published') ? M.ballotOffRound : null,
  };
}

export async function listRounds(db: Db) {
  const [rounds, ballotOn] = await Promise.all([repo.listRounds(db), repo.ballotEnabled(db)]);
  const counts = await repo.applicationCounts(
    db,
    rounds.map((r) => r.id),
  );
  const data = [];
  for (const r of rounds) data.push(await roundView(db, r, counts.get(r.id) ?? 0, ballotOn));
  return { Status: STATUS.ok, Data: data };
}

export async function roundOr404(db: Exec, id: number, lock?: Parameters<typeof repo.findRound>[2]) {
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
      page: ALLOCATION_PAGE,
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
        page: ALLOCATION_PAGE,
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

/**
 * Refuses a round's start (publish, draw) while the school's hostel ballot is off. The switch's row
 * is held (shared) until the transaction ends: the registry cannot turn it off meanwhile, and a
 * change already made is seen.
 */
export async function ballotInUse(tx: Exec): Promise<void> {
  if (!(await repo.ballotEnabled(tx, 'share'))) throw conflict(M.ballotOffRound);
}

/**
 * The safe point of the school's hostel ballot switch (issue 28), run by the registry inside its
 * change of `school-settings` (wired in modules/index.ts): turning it off is refused, naming the
 * round, while a round is published and not drawn (taking applications, about to, or awaiting its
 * draw) or holds allocations still to be paid for, whose lapses pass beds to its waiting list.
 * Turning it on, or leaving it as it is, is always allowed.
 */
export async function hostelBallotSwitchGuard(tx: Exec, values: Record<string, unknown>): Promise<void> {
  if (values.hostelBallotEnabled !== false) return;
  if (!(await repo.ballotEnabled(tx, 'update'))) return;
  const { published, awaitingLapses } = await repo.roundsAtWork(tx);
  const now = new Date();
  const [round] = published;
  if (round) {
    if (now < round.opensAt) throw conflict(M.ballotBusyUpcoming(round.name, round.opensAt));
    if (now < round.closesAt) throw conflict(M.ballotBusyOpen(round.name, round.closesAt));
    throw conflict(M.ballotBusyDraw(round.name));
  }
  const [lapsing] = awaitingLapses;
  if (lapsing) throw conflict(M.ballotBusyLapses(lapsing.name, lapsing.n, lapsing.lastPayBy));
}

/** POST …/publish: students see the round, its window and the hash of its seed; before the window opens. */
export async function publishRound(db: Db, actor: AuditActor, id: number, now = new Date()) {
  const round = await db.transaction(async (tx) => {
    const before = await roundOr404(tx, id, 'update');
    if (before.state !== 'draft') throw conflict(M.onlyDraft);
    if (now >= before.opensAt) throw conflict(M.publishLate);
    await ballotInUse(tx);
    const row = (await repo.updateRound(tx, id, { state: 'published', publishedAt: now }, 'draft'))!;
    await repo.appendEvents(tx, [
      { roundId: id, kind: 'published', actorKind: 'Admin', actorId: actor.adminId, detail: row.seedHash },
    ]);
    await audit(tx, {
      actor,
      page: ALLOCATION_PAGE,
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
      page: ALLOCATION_PAGE,
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
