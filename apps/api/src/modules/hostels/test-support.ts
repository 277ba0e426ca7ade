import { eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { HostelApplicationPage, HostelAvailability } from '@portal/contracts';
import type { Db } from '../../db/client.js';
import { blocks, feeAccounts, hostelRounds, hostels, rooms, students } from '../../db/schema/index.js';
import { newPublicId } from '../../platform/ids.js';
import { login } from '../../../test/helpers.js';

/** Every bed is free, reserved, allocated or occupied: the counts add up at every level. */
export function expectAddsUp(a: HostelAvailability) {
  const sum = (c: { Free: number; Reserved: number; Allocated: number; Occupied: number }) =>
    c.Free + c.Reserved + c.Allocated + c.Occupied;
  expect(sum(a.Totals)).toBe(a.Totals.Beds);
  for (const h of a.Hostels) {
    expect(sum(h)).toBe(h.Beds);
    expect(h.Blocks.reduce((s, b) => s + b.Beds, 0)).toBe(h.Beds);
    for (const b of h.Blocks) {
      expect(sum(b)).toBe(b.Beds);
      expect(b.Rooms.reduce((s, r) => s + r.Beds, 0)).toBe(b.Beds);
      for (const r of b.Rooms) expect(sum(r)).toBe(r.Beds);
    }
  }
  expect(a.Hostels.reduce((s, h) => s + h.Beds, 0)).toBe(a.Totals.Beds);
}

/** The seeded round and halls. */
export async function seededRound(db: Db) {
  const [round] = await db.select().from(hostelRounds);
  const hs = await db.select().from(hostels);
  return {
    roundId: round!.id,
    zik: hs.find((h) => h.name === 'Zik Hall')!.id,
    amina: hs.find((h) => h.name === 'Queen Amina Hall')!.id,
  };
}

/** Only the rooms named stay in use in the seeded halls (fewer beds: the waiting list fills); answers them. */
export async function keepRooms(db: Db, hostelIds: number[], keep: readonly string[]) {
  const all = await db
    .select({ id: rooms.id, number: rooms.number, gender: rooms.gender, isReserved: rooms.isReserved })
    .from(rooms)
    .innerJoin(blocks, eq(blocks.id, rooms.blockId))
    .where(inArray(blocks.hostelId, hostelIds));
  await db
    .update(rooms)
    .set({ isActive: false })
    .where(
      inArray(
        rooms.id,
        all.filter((r) => !keep.includes(r.number)).map((r) => r.id),
      ),
    );
  return all.filter((r) => keep.includes(r.number));
}

/** A new student like DIT/2024/0004 with the session's school fees paid, of a gender, signed in. */
export async function paidStudent(
  app: FastifyInstance,
  db: Db,
  s: { matricNo: string; email: string; gender: 'Male' | 'Female' },
) {
  const [model] = await db.select().from(students).where(eq(students.matricNo, 'DIT/2024/0004'));
  const { id: modelId, ...copy } = model!;
  const [row] = await db
    .insert(students)
    .values({ ...copy, ...s, publicId: newPublicId() })
    .returning();
  const [account] = await db.select().from(feeAccounts).where(eq(feeAccounts.studentId, modelId));
  await db
    .insert(feeAccounts)
    .values({ ...account!, id: undefined, studentId: row!.id, paidKobo: account!.dueKobo });
  return { id: row!.id, ...s, auth: (await login(app, 'Student', s.matricNo)).auth };
}

/** The student's hostel page. */
export const STUDENT_HOSTEL_PAGE = '/api/student/hostel';

/** The calls the hostel suites make as a signed-in caller; `app` is read at call time (booted in beforeAll). */
export function hostelCalls(app: () => FastifyInstance) {
  type Auth = Record<string, string>;
  const get = (url: string, headers: Auth) => app().inject({ method: 'GET', url, headers });
  const post = (url: string, headers: Auth, payload?: unknown) =>
    app().inject({ method: 'POST', url, headers, payload: (payload ?? {}) as object });
  const page = async (auth: Auth): Promise<HostelApplicationPage> => {
    const res = await get(STUDENT_HOSTEL_PAGE, auth);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().Data;
  };
  return { get, post, page };
}
