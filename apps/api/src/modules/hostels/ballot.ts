import { createHash, randomBytes } from 'node:crypto';

/**
 * The ballot, a pure function of its published inputs: anyone holding the revealed seed, the
 * applicants (matric number, level, gender, preferences), the quotas and the beds in order gets the
 * same allocation. Applicants are ordered by sha256(seed + ':' + matric number); quotas are filled in
 * turn (each its share of the beds, rounded down, among the students of its levels), then the open
 * remainder (with the seats the quotas left unfilled) takes everyone still unplaced. An applicant takes a free bed of their gender in their
 * first preference that has one, else in any hostel; whoever is left joins the waiting list in draw
 * order. Applying early changes nothing: the order depends on the seed alone.
 */

export interface BallotApplicant {
  /** The matric number: what the draw key is made from and what the published list shows. */
  key: string;
  levelId: number | null;
  gender: string;
  preferences: readonly number[];
}

export interface BallotBed {
  hostelId: number;
  roomId: number;
  bed: number;
  gender: string;
}

export interface BallotQuota {
  name: string;
  percent: number;
  /** Empty: the open quota. */
  levelIds: readonly number[];
}

export interface BallotPlacement {
  key: string;
  hostelId: number;
  roomId: number;
  bed: number;
  quota: string;
}

export interface BallotOutcome {
  placements: BallotPlacement[];
  /** Matric numbers, position 1 first. */
  waiting: string[];
  seats: { name: string; seats: number; allocated: number }[];
}

export const OPEN_QUOTA = 'Open';

export const newSeed = () => randomBytes(32).toString('hex');
export const seedHash = (seed: string) => createHash('sha256').update(seed).digest('hex');
export const drawKey = (seed: string, key: string) =>
  createHash('sha256').update(`${seed}:${key}`).digest('hex');

/** Applicants in the order the seed gives them. */
export function drawOrder<T extends { key: string }>(seed: string, applicants: readonly T[]): T[] {
  return applicants
    .map((a) => ({ a, k: drawKey(seed, a.key) }))
    .sort((x, y) => (x.k < y.k ? -1 : x.k > y.k ? 1 : x.a.key < y.a.key ? -1 : 1))
    .map((x) => x.a);
}

export function runBallot(input: {
  seed: string;
  applicants: readonly BallotApplicant[];
  beds: readonly BallotBed[];
  quotas: readonly BallotQuota[];
}): BallotOutcome {
  const order = drawOrder(input.seed, input.applicants);
  // Free beds per hostel and gender, in the order given (hostel, block, room, bed).
  const free = new Map<string, BallotBed[]>();
  const slot = (hostelId: number, gender: string) => `${hostelId}|${gender}`;
  for (const b of input.beds) {
    const k = slot(b.hostelId, b.gender);
    if (!free.has(k)) free.set(k, []);
    free.get(k)!.push(b);
  }
  const next = new Map<string, number>();
  const hostelIds = [...new Set(input.beds.map((b) => b.hostelId))];
  const take = (hostelId: number, gender: string): BallotBed | null => {
    const k = slot(hostelId, gender);
    const list = free.get(k);
    const i = next.get(k) ?? 0;
    if (!list || i >= list.length) return null;
    next.set(k, i + 1);
    return list[i]!;
  };
  const place = (a: BallotApplicant): BallotBed | null => {
    for (const h of a.preferences) {
      const bed = take(h, a.gender);
      if (bed) return bed;
    }
    for (const h of hostelIds) {
      const bed = take(h, a.gender);
      if (bed) return bed;
    }
    return null;
  };

  const total = input.beds.length;
  const levelled = input.quotas.filter((q) => q.levelIds.length > 0);
  const open = input.quotas.find((q) => q.levelIds.length === 0)?.name ?? OPEN_QUOTA;
  const placed = new Set<string>();
  const placements: BallotPlacement[] = [];
  const seats: BallotOutcome['seats'] = [];
  const fill = (name: string, capacity: number, fits: (a: BallotApplicant) => boolean) => {
    let allocated = 0;
    for (const a of order) {
      if (allocated >= capacity) break;
      if (placed.has(a.key) || !fits(a)) continue;
      const bed = place(a);
      if (!bed) continue;
      placed.add(a.key);
      allocated += 1;
      placements.push({ key: a.key, hostelId: bed.hostelId, roomId: bed.roomId, bed: bed.bed, quota: name });
    }
    seats.push({ name, seats: capacity, allocated });
  };
  for (const q of levelled) {
    const levels = new Set(q.levelIds);
    fill(q.name, Math.floor((total * q.percent) / 100), (a) => a.levelId !== null && levels.has(a.levelId));
  }
  // Seats a levelled quota could not fill pass to the open quota: each quota counts the seats it used,
  // and the open quota the rest, so the seats add up to the beds.
  for (const s of seats) s.seats = s.allocated;
  fill(open, total - placements.length, () => true);
  return { placements, waiting: order.filter((a) => !placed.has(a.key)).map((a) => a.key), seats };
}
