import { HOSTEL_MESSAGES as M, STATUS, type BallotResult, type PublishedBallot } from '@portal/contracts';
import type { Db } from '../../db/client.js';
import { audit, type AuditActor } from '../../platform/audit.js';
import { conflict, notFound } from '../../platform/errors.js';
import { newPublicId } from '../../platform/ids.js';
import { isoRequired } from '../../platform/time.js';
import { runBallot } from './ballot.js';
import * as repo from './hostels.repository.js';
import { ALLOCATION_PAGE, ballotInUse, payByOf, roundOr404 } from './rounds.service.js';

/** The ballot of a round: drawn once, in one transaction; its result and its published inputs. */

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
    await ballotInUse(tx);
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
    const payBy = payByOf(round, now);
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
      page: ALLOCATION_PAGE,
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
