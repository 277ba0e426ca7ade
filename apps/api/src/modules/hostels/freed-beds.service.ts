import { HOSTEL_MESSAGES as M, STATUS, type AllocationState } from '@portal/contracts';
import type { AuthContext } from '../../platform/auth.js';
import type { Exec } from '../../platform/db.js';
import { conflict, forbidden } from '../../platform/errors.js';
import { newPublicId } from '../../platform/ids.js';
import { formatLongDate } from '../../platform/pdf.js';
import * as repo from './hostels.repository.js';
import { callerFacts, pageOf, type HostelsDeps } from './hostels.service.js';
import { payByOf } from './rounds.service.js';

/**
 * Freed beds: an allocation lapses unpaid past its deadline or its student gives it up, and the bed
 * goes at once to the waiting list. Changes of a bed after the draw are taken one at a time per round
 * (the round's row).
 */

/** A bed held and not yet paid for: what its student may give up. */
const UNPAID_HELD: AllocationState[] = ['allocated', 'reserved'];

/**
 * A bed freed by a lapse or a give-up goes to the first on the waiting list of the room's gender
 * (in the same transaction, which holds the round), who is e-mailed. Reserved rooms' beds stay out
 * of the ballot, and so does every bed while the school's hostel ballot is off (a reserved bed
 * given up after its room was released to the ballot): nothing is allocated by the ballot then. The
 * switch's row is held shared, as a round's publish and draw hold it, so it cannot go off meanwhile.
 */
async function offerFreedBed(
  tx: Exec,
  deps: Pick<HostelsDeps, 'mailer' | 'config'>,
  round: repo.RoundRow,
  freed: repo.AllocationRecord,
  now: Date,
): Promise<boolean> {
  if (round.state !== 'drawn') return false;
  if (!(await repo.ballotEnabled(tx, 'share'))) return false;
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
    payBy: payByOf(round, now),
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

/** POST /api/student/hostel/give-up: the student's own held allocation ends; the bed goes to the waiting list. */
export async function giveUp(
  deps: HostelsDeps,
  auth: AuthContext | null,
  allocationId: number,
  now = new Date(),
) {
  const student = await callerFacts(deps.db, auth);
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
  return { Status: STATUS.ok, Message: M.gaveUp, Data: await pageOf(deps.db, student) };
}
