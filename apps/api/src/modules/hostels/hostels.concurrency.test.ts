import { and, eq, inArray, or, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HostelAvailability } from '@portal/contracts';
import { hostelAllocations, hostelApplications } from '../../db/schema/index.js';
import { openDatabase } from '../../db/client.js';
import { newPublicId } from '../../platform/ids.js';
import { login, startTestApp, type TestApp } from '../../../test/helpers.js';
import { expectAddsUp, keepRooms, paidStudent, seededRound } from './test-support.js';

// The invariants under the rush, on PostgreSQL with real concurrent connections (and on PGlite, one
// connection, as a check of the logic): no bed space held twice, no student holding two, the counts
// of availability adding up — while the draw, reserved-room assignments, lapses and give-ups happen at
// the same moment. The constraints are tested directly too: concurrent inserts of one bed or one
// student, on connections of their own, leave exactly one.

type Auth = Record<string, string>;

describe('hostel allocation under the rush', () => {
  let t: TestApp;
  let admin: Auth;
  let roundId: number;
  let zik: number;
  let amina: number;
  let reservedRooms: { id: number; gender: string }[];
  const people: { id: number; matricNo: string; gender: string; auth: Auth }[] = [];

  beforeAll(async () => {
    t = await startTestApp({}, { jobs: false });
    admin = (await login(t.app, 'Admin', 'admin@demo.edu.ng')).auth;
    ({ roundId, zik, amina } = await seededRound(db()));
    reservedRooms = (await keepRooms(db(), [zik, amina], ['A101', 'A102', 'C101', 'C102'])).filter(
      (r) => r.isReserved,
    );
    for (let i = 1; i <= 24; i++) {
      const gender = i % 2 ? 'Female' : 'Male';
      people.push(
        await paidStudent(t.app, db(), {
          matricNo: `DIT/2024/7${String(i).padStart(3, '0')}`,
          email: `rush-hall${i}@demo.edu.ng`,
          gender,
        }),
      );
    }
  }, 240_000);
  afterAll(() => t?.close(), 60_000);

  const db = () => t.database.db;
  const post = (url: string, headers: Auth, payload?: unknown) =>
    t.app.inject({ method: 'POST', url, headers, payload: (payload ?? {}) as object });
  const hostelOf = (gender: string) => (gender === 'Female' ? amina : zik);

  async function expectInvariants() {
    const twiceBed = await db().execute(sql`
      select round_id, room_id, bed from hostel_allocations where state in ('allocated', 'reserved', 'paid')
      group by round_id, room_id, bed having count(*) > 1`);
    expect((twiceBed as unknown as { rows: unknown[] }).rows).toEqual([]);
    const twiceStudent = await db().execute(sql`
      select round_id, student_id from hostel_allocations where state in ('allocated', 'reserved', 'paid')
      group by round_id, student_id having count(*) > 1`);
    expect((twiceStudent as unknown as { rows: unknown[] }).rows).toEqual([]);
    const res = await t.app.inject({ method: 'GET', url: '/api/admin/hostel-availability', headers: admin });
    const a: HostelAvailability = res.json().Data;
    expectAddsUp(a);
    return a;
  }

  it('takes 24 students applying at once (each pressing twice): one application each', async () => {
    const results = await Promise.all(
      people.flatMap((p) => {
        const body = { RoundId: roundId, HostelIds: [hostelOf(p.gender)] };
        return [
          post('/api/student/hostel/application', p.auth, body),
          post('/api/student/hostel/application', p.auth, body),
        ];
      }),
    );
    expect(results.map((r) => r.statusCode).every((c) => c === 200)).toBe(true);
    const apps = await db().select().from(hostelApplications).where(eq(hostelApplications.roundId, roundId));
    expect(apps.filter((a) => people.some((p) => p.id === a.studentId))).toHaveLength(24);
  });

  it('draws twice at once while reserved rooms are assigned and given up: one draw, no bed or student twice', async () => {
    // Before the draw: one reserved bed assigned, to be given up at the moment of the draw.
    const early = people[0]!;
    const reservedFor = (gender: string) => reservedRooms.find((r) => r.gender === gender)!.id;
    const first = await post('/api/admin/hostel-reserved', admin, {
      RoundId: roundId,
      RoomId: reservedFor(early.gender),
      Bed: 1,
      MatricNo: early.matricNo,
      Reason: 'Sports: national team',
    });
    expect(first.statusCode, first.body).toBe(200);
    expect((await post(`/api/admin/hostel-rounds/${roundId}/close`, admin)).statusCode).toBe(200);
    const male = reservedFor('Male');
    const [d1, d2, r1, r2, r3, g] = await Promise.all([
      post(`/api/admin/hostel-rounds/${roundId}/draw`, admin),
      post(`/api/admin/hostel-rounds/${roundId}/draw`, admin),
      // Two students (neither applied) given one reserved bed at once: one is refused.
      post('/api/admin/hostel-reserved', admin, {
        RoundId: roundId,
        RoomId: male,
        Bed: 2,
        MatricNo: 'DIT/2024/0002',
        Reason: 'Students’ union',
      }),
      post('/api/admin/hostel-reserved', admin, {
        RoundId: roundId,
        RoomId: male,
        Bed: 2,
        MatricNo: 'DIT/2023/0003',
        Reason: 'Disability',
      }),
      // A student of the ballot given a reserved bed by hand as it is drawn: either first, never both.
      post('/api/admin/hostel-reserved', admin, {
        RoundId: roundId,
        RoomId: male,
        Bed: 3,
        MatricNo: people[1]!.matricNo,
        Reason: 'Sports',
      }),
      post('/api/student/hostel/give-up', early.auth, { AllocationId: first.json().Data.Id }),
    ]);
    expect([d1.statusCode, d2.statusCode]).toEqual([200, 200]);
    expect(d1.json().Data).toEqual(d2.json().Data);
    expect([r1.statusCode, r2.statusCode].sort()).toEqual([200, 409]);
    expect([200, 409]).toContain(r3.statusCode);
    expect(g.statusCode).toBe(200);
    const drawnEvents = await db().execute(
      sql`select count(*)::int as n from hostel_events where round_id = ${roundId} and kind = 'drawn'`,
    );
    expect((drawnEvents as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(1);
    const a = await expectInvariants();
    expect(a.Totals.Beds).toBe(16);
  });

  it('lapses, gives up and assigns by hand at the same moment: beds pass to the waiting list once each', async () => {
    const held = await db()
      .select()
      .from(hostelAllocations)
      .where(and(eq(hostelAllocations.roundId, roundId), eq(hostelAllocations.state, 'allocated')));
    expect(held.length).toBeGreaterThanOrEqual(4);
    // Every ballot allocation is overdue; half are also given up by their students at the same moment.
    await db()
      .update(hostelAllocations)
      .set({ payBy: new Date(Date.now() - 1000) })
      .where(and(eq(hostelAllocations.roundId, roundId), eq(hostelAllocations.state, 'allocated')));
    const givingUp = held.slice(0, Math.ceil(held.length / 2));
    const waitingStudents = people.filter((p) => !held.some((h) => h.studentId === p.id));
    const calls = [
      post('/api/admin/hostel-allocations/lapse', admin),
      post('/api/admin/hostel-allocations/lapse', admin),
      ...givingUp.map((h) =>
        post('/api/student/hostel/give-up', people.find((p) => p.id === h.studentId)!.auth, {
          AllocationId: h.id,
        }),
      ),
      // A waiting student assigned a reserved bed by hand while the lapse may offer them a freed one.
      ...waitingStudents.slice(0, 2).map((p, i) =>
        post('/api/admin/hostel-reserved', admin, {
          RoundId: roundId,
          RoomId: reservedRooms.find((r) => r.gender === p.gender)!.id,
          Bed: 3 + i,
          MatricNo: p.matricNo,
          Reason: 'Medical',
        }),
      ),
    ];
    const results = await Promise.all(calls);
    for (const r of results) expect([200, 409], r.body).toContain(r.statusCode);
    const ended = await db()
      .select()
      .from(hostelAllocations)
      .where(
        inArray(
          hostelAllocations.id,
          held.map((h) => h.id),
        ),
      );
    // Each overdue allocation ended exactly once: lapsed or given up.
    expect(ended.every((e) => e.state === 'lapsed' || e.state === 'given_up')).toBe(true);
    await expectInvariants();
    const offers = await db().execute(sql`
      select allocation_id from hostel_waiting_list where round_id = ${roundId} and allocation_id is not null`);
    const offered = (offers as unknown as { rows: { allocation_id: number }[] }).rows;
    expect(new Set(offered.map((o) => o.allocation_id)).size).toBe(offered.length);
  });

  it('refuses, in the database, a bed or a student twice even from separate connections at once', async () => {
    const url = t.databaseUrl;
    const conns = url
      ? await Promise.all(Array.from({ length: 4 }, () => openDatabase({ url, dataDir: t.config.DATA_DIR })))
      : [t.database, t.database, t.database, t.database];
    try {
      const room = reservedRooms[0]!;
      const taker = people.slice(20, 24);
      const insert = (i: number, bed: number, studentId: number) =>
        conns[i]!.db.insert(hostelAllocations)
          .values({
            publicId: newPublicId(),
            roundId,
            studentId,
            roomId: room.id,
            bed,
            state: 'reserved',
            source: 'reserved',
          })
          .then(
            () => 'ok',
            () => 'refused',
          );
      // Four students holding nothing, one bed held by nobody.
      await db()
        .update(hostelAllocations)
        .set({ state: 'given_up' })
        .where(
          or(
            and(eq(hostelAllocations.roomId, room.id), eq(hostelAllocations.bed, 4)),
            inArray(
              hostelAllocations.studentId,
              taker.map((p) => p.id),
            ),
          ),
        );
      const sameBed = await Promise.all(taker.map((p, i) => insert(i, 4, p.id)));
      expect(sameBed.filter((r) => r === 'ok')).toHaveLength(1);
      // One student (who holds nothing now), four beds.
      const winner = taker[sameBed.indexOf('ok')]!;
      await db()
        .update(hostelAllocations)
        .set({ state: 'given_up' })
        .where(and(eq(hostelAllocations.roundId, roundId), eq(hostelAllocations.studentId, winner.id)));
      const sameStudent = await Promise.all([1, 2, 3, 4].map((bed, i) => insert(i, bed, winner.id)));
      expect(sameStudent.filter((r) => r === 'ok').length).toBeLessThanOrEqual(1);
      await expectInvariants();
    } finally {
      if (url) await Promise.all(conns.map((c) => c.close()));
    }
  });
});
