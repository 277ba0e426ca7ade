import {
  HOSTEL_MESSAGES as M,
  STATUS,
  type AllocationRow,
  type AllocationSource,
  type AllocationState,
  type BedSpace,
  type HostelAvailability,
} from '@portal/contracts';
import type { Db } from '../../db/client.js';
import { paged, type Exec } from '../../platform/db.js';
import { notFound } from '../../platform/errors.js';
import { iso, isoRequired } from '../../platform/time.js';
import * as repo from './hostels.repository.js';

/** Reading allocations: the registry's list, the availability of bed spaces, one allocation. */

export function bedSpaceOf(d: { hostel: string; block: string; room: string; bed: number }): BedSpace {
  return {
    Hostel: d.hostel,
    Block: d.block,
    Room: d.room,
    Bed: d.bed,
    Label: `${d.hostel}, ${d.block}, Room ${d.room}, Bed ${d.bed}`,
  };
}

export const displayName = (p: { lastName: string; firstName: string; otherName: string | null }) =>
  [p.lastName.toUpperCase(), p.firstName, p.otherName].filter(Boolean).join(' ');

export function rowOf(d: NonNullable<Awaited<ReturnType<typeof repo.allocationDetail>>>): AllocationRow {
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

export async function latestRoundId(db: Exec, roundId?: number) {
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
  const hostels: HostelAvailability['Hostels'] = [];
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

export async function allocationByPublicId(db: Exec, publicId: string) {
  const found = await repo.findAllocation(db, { publicId });
  if (!found) throw notFound(M.slipNotFound);
  return found;
}

export async function allocationDetailOf(db: Exec, id: number) {
  const detail = await repo.allocationDetail(db, id);
  if (!detail) throw notFound(M.noAllocation);
  return detail;
}
