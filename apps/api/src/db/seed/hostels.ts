import { createHash, randomBytes } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../client.js';
import { academicSessions, hostelFees, hostelRounds, hostels, levels } from '../schema/index.js';
import { DEMO_HOSTELS } from './setup.js';

/**
 * Hostel allocation's demo data (issue 15): the 2024/2025 round, published, its window open from a
 * week before the seeding day to three weeks after, over Zik Hall (male) and Queen Amina Hall
 * (female). School fees must be paid in full: DIT/2024/0004 may apply, DIT/2024/0002 is told what is
 * owed. Quotas: final year (400 level) 30 %, first year (100 level) 40 %, the rest open.
 */

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
