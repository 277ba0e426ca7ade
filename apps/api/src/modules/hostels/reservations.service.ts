import { HOSTEL_MESSAGES as M, STATUS } from '@portal/contracts';
import type { Db } from '../../db/client.js';
import { audit, type AuditActor } from '../../platform/audit.js';
import { errorMentions, PG_UNIQUE_VIOLATION, pgErrorCode } from '../../platform/db.js';
import { badRequest, conflict, notFound } from '../../platform/errors.js';
import { newPublicId } from '../../platform/ids.js';
import { latestRoundId, rowOf } from './allocations.service.js';
import * as repo from './hostels.repository.js';
import { roundOr404 } from './rounds.service.js';

/**
 * Reserved rooms: their beds stay out of the ballot and the waiting list; the registry assigns them
 * by hand, with a reason, audited.
 */

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

/** POST /api/admin/hostel-reserved: a bed of a reserved room assigned by hand with a reason; audited. */
export async function assignReserved(
  db: Db,
  actor: AuditActor,
  input: { RoundId: number; RoomId: number; Bed: number; MatricNo: string; Reason: string },
  now = new Date(),
) {
  const id = await db
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
  const detail = await repo.allocationDetail(db, id);
  return { Status: STATUS.ok, Message: M.reservedAssigned, Data: rowOf(detail!) };
}
