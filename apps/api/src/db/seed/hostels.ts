import { createHash, randomBytes } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../client.js';
import {
  academicSessions,
  blocks,
  campuses,
  hostelFees,
  hostelRounds,
  hostels,
  levels,
  rooms,
} from '../schema/index.js';

/**
 * Hostel allocation's demo data (issue 15): the inventory (Main Campus, a hall for men and one for
 * women, their blocks and rooms, the first room of each block reserved), and the 2024/2025 round, published, its window open from a
 * week before the seeding day to three weeks after, over Zik Hall (male) and Queen Amina Hall
 * (female). School fees must be paid in full: DIT/2024/0004 may apply, DIT/2024/0002 is told what is
 * owed. Quotas: final year (400 level) 30 %, first year (100 level) 40 %, the rest open.
 */

/** Main Campus: a male and a female hostel, two blocks each, rooms of four bed spaces. */
export const DEMO_HOSTELS = [
  { name: 'Zik Hall', gender: 'Male', blocks: ['Block A', 'Block B'] },
  { name: 'Queen Amina Hall', gender: 'Female', blocks: ['Block C', 'Block D'] },
] as const;
/** Rooms per floor of a block; floors 1 and 2 (A101–A105, A201–A205). */
const ROOMS_PER_FLOOR = 5;
const FLOORS = 2;

/** The hostel inventory, by its names (a second run adds nothing). */
export async function seedHostelInventory(db: Db): Promise<void> {
  await db
    .insert(campuses)
    .values({ name: 'Main Campus', address: 'Km 5, Demo Road, Minna, Niger State' })
    .onConflictDoNothing();
  const [campus] = await db.select().from(campuses).where(eq(campuses.name, 'Main Campus'));
  await db
    .insert(hostels)
    .values(DEMO_HOSTELS.map((h) => ({ name: h.name, gender: h.gender, campusId: campus!.id })))
    .onConflictDoNothing();
  const hostelRows = await db
    .select()
    .from(hostels)
    .where(
      inArray(
        hostels.name,
        DEMO_HOSTELS.map((h) => h.name),
      ),
    );
  for (const h of DEMO_HOSTELS) {
    const hostel = hostelRows.find((r) => r.name === h.name)!;
    await db
      .insert(blocks)
      .values(h.blocks.map((name) => ({ name, hostelId: hostel.id, floors: FLOORS })))
      .onConflictDoNothing();
    const blockRows = await db.select().from(blocks).where(eq(blocks.hostelId, hostel.id));
    for (const name of h.blocks) {
      const block = blockRows.find((b) => b.name === name)!;
      const letter = name.slice(-1);
      await db
        .insert(rooms)
        .values(
          Array.from({ length: FLOORS * ROOMS_PER_FLOOR }, (_, i) => {
            const number = `${letter}${Math.floor(i / ROOMS_PER_FLOOR) + 1}0${(i % ROOMS_PER_FLOOR) + 1}`;
            // The first room of each block is kept for the hall warden's use and special needs.
            return { number, blockId: block.id, gender: h.gender, bedSpaces: 4, isReserved: i === 0 };
          }),
        )
        .onConflictDoNothing();
    }
  }
}

export const HOSTEL_ROUND_NAME = '2024/2025 Hostel Allocation';
/** Fees per bed space, in kobo. */
export const DEMO_HOSTEL_FEES: Record<(typeof DEMO_HOSTELS)[number]['name'], number> = {
  'Zik Hall': 3_500_000,
  'Queen Amina Hall': 4_000_000,
};

const DAY_MS = 86_400_000;

export async function seedHostelRound(db: Db): Promise<void> {
  const [session] = await db.select().from(academicSessions).where(eq(academicSessions.name, '2024/2025'));
  if (!session) return;
  const [existing] = await db.select().from(hostelRounds).where(eq(hostelRounds.sessionId, session.id));
  if (existing) return;
  const levelRows = await db
    .select()
    .from(levels)
    .where(inArray(levels.name, ['100 Level', '400 Level']));
  const levelId = (name: string) => levelRows.find((l) => l.name === name)?.id;
  const now = Date.now();
  const seed = randomBytes(32).toString('hex');
  const [round] = await db
    .insert(hostelRounds)
    .values({
      sessionId: session.id,
      name: HOSTEL_ROUND_NAME,
      opensAt: new Date(now - 7 * DAY_MS),
      closesAt: new Date(now + 21 * DAY_MS),
      paymentDays: 14,
      feeRule: 'full',
      levelIds: [],
      quotas: [
        { name: 'Final year', percent: 30, levelIds: [levelId('400 Level')].filter((x) => x !== undefined) },
        { name: 'First year', percent: 40, levelIds: [levelId('100 Level')].filter((x) => x !== undefined) },
        { name: 'Open', percent: 30, levelIds: [] },
      ],
      seed,
      seedHash: createHash('sha256').update(seed).digest('hex'),
      state: 'published',
      publishedAt: new Date(now - 8 * DAY_MS),
    })
    .onConflictDoNothing()
    .returning();
  if (!round) return;
  const hostelRows = await db
    .select({ id: hostels.id, name: hostels.name })
    .from(hostels)
    .where(
      inArray(
        hostels.name,
        DEMO_HOSTELS.map((h) => h.name),
      ),
    );
  await db
    .insert(hostelFees)
    .values(
      hostelRows.map((h) => ({
        roundId: round.id,
        hostelId: h.id,
        amountKobo: DEMO_HOSTEL_FEES[h.name as keyof typeof DEMO_HOSTEL_FEES],
      })),
    )
    .onConflictDoNothing();
}
