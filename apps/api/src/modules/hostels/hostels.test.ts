import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  HOSTEL_MESSAGES as M,
  type BallotResult,
  type HostelAvailability,
  type PublishedBallot,
} from '@portal/contracts';
import {
  auditLog,
  hostelAllocations,
  hostelEvents,
  hostelRounds,
  hostelWaitingList,
  mailOutbox,
  schoolSettings,
  students,
} from '../../db/schema/index.js';
import { pdfTextContent } from '../../platform/pdf.js';
import { login, type TestApp } from '../../../test/helpers.js';
import { settle, startPaymentsApp, submitCheckout } from '../payments/test-support.js';
import { runBallot } from './ballot.js';
import {
  expectAddsUp,
  keepRooms,
  paidStudent as makePaidStudent,
  seededRound,
  hostelCalls,
  STUDENT_HOSTEL_PAGE as PAGE,
} from './test-support.js';

// Hostel allocation on the seeded 2024/2025 round (window open): eligibility, applications, the
// draw and its re-run from the published ballot, the hostel fee through the sandbox gateway, the
// slip and its public page, reserved rooms, lapses and give-ups passing beds to the waiting list.
// Each hostel keeps two ballot rooms of four beds (eight beds a hostel), so the waiting list fills.

type Auth = Record<string, string>;

describe('hostel allocation', () => {
  let t: TestApp & { url: string };
  let admin: Auth;
  let s2: Auth;
  let s4: Auth;
  let roundId: number;
  let zik: number;
  let amina: number;

  beforeAll(async () => {
    t = await startPaymentsApp();
    admin = (await login(t.app, 'Admin', 'admin@demo.edu.ng')).auth;
    s2 = (await login(t.app, 'Student', 'DIT/2024/0002')).auth;
    s4 = (await login(t.app, 'Student', 'DIT/2024/0004')).auth;
    ({ roundId, zik, amina } = await seededRound(db()));
    // Two ballot rooms per hostel stay in use (A102, A103; C102, C103), and the reserved rooms.
    await keepRooms(db(), [zik, amina], ['A101', 'A102', 'A103', 'C101', 'C102', 'C103']);
  }, 180_000);
  afterAll(() => t?.close(), 60_000);

  const db = () => t.database.db;
  const { get, post, page } = hostelCalls(() => t.app);
  const apply = (auth: Auth, hostelIds: number[]) =>
    post('/api/student/hostel/application', auth, { RoundId: roundId, HostelIds: hostelIds });

  /** A new student with the session's school fees paid, like DIT/2024/0004 (female) or DIT/2024/0002 (male). */
  let made = 0;
  async function paidStudent(gender: 'Male' | 'Female') {
    made += 1;
    return makePaidStudent(t.app, db(), {
      matricNo: `DIT/2024/8${String(made).padStart(3, '0')}`,
      email: `hall${made}@demo.edu.ng`,
      gender,
    });
  }

  describe('applying', () => {
    it('lets DIT/2024/0004 (fees paid) apply: the open round, the hash of its seed, the female hostel and its fee', async () => {
      const p = await page(s4);
      expect(p.Round).toMatchObject({ Name: '2024/2025 Hostel Allocation', Window: 'open', Seed: null });
      expect(p.Round!.SeedHash).toMatch(/^[0-9a-f]{64}$/);
      expect(p.Hostels).toEqual([{ Id: amina, Name: 'Queen Amina Hall', Fee: 40000 }]);
      expect(p.CanApply).toBe(true);
      expect(p.Reasons).toEqual([]);
    });

    it('tells DIT/2024/0002 (fees owing) why it cannot apply, and refuses the application', async () => {
      const p = await page(s2);
      expect(p.CanApply).toBe(false);
      expect(p.Reasons).toEqual([M.feesOwed(9_650_000)]);
      const res = await apply(s2, [zik]);
      expect(res.statusCode).toBe(409);
      expect(res.json().Message).toBe(M.feesOwed(9_650_000));
    });

    it('refuses a hostel of the other gender and a repeated choice; a second submission replaces the preferences', async () => {
      expect((await apply(s4, [zik])).statusCode).toBe(400);
      expect((await apply(s4, [amina, amina])).statusCode).toBe(400);
      const [a, b] = await Promise.all([apply(s4, [amina]), apply(s4, [amina])]);
      expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
      const p = await page(s4);
      expect(p.Application?.Preferences).toEqual([amina]);
      expect(p.Allocation).toBeNull();
    });

    it('refuses a level the round does not take, and says so', async () => {
      const [round] = await db().select().from(hostelRounds).where(eq(hostelRounds.id, roundId));
      await db()
        .update(hostelRounds)
        .set({ levelIds: [999] })
        .where(eq(hostelRounds.id, roundId));
      try {
        const p = await page(s4);
        expect(p.Reasons).toEqual([M.wrongLevel('100 Level')]);
      } finally {
        await db()
          .update(hostelRounds)
          .set({ levelIds: round!.levelIds })
          .where(eq(hostelRounds.id, roundId));
      }
    });
  });

  describe('the draw and after', () => {
    const women: Awaited<ReturnType<typeof paidStudent>>[] = [];
    const men: Awaited<ReturnType<typeof paidStudent>>[] = [];
    let result: BallotResult;

    beforeAll(async () => {
      for (let i = 0; i < 11; i++) women.push(await paidStudent('Female'));
      for (let i = 0; i < 5; i++) men.push(await paidStudent('Male'));
      for (const w of women) expect((await apply(w.auth, [amina])).statusCode).toBe(200);
      for (const m of men) expect((await apply(m.auth, [zik])).statusCode).toBe(200);
    }, 120_000);

    it('refuses the draw while the window is open', async () => {
      const res = await post(`/api/admin/hostel-rounds/${roundId}/draw`, admin);
      expect(res.statusCode).toBe(409);
      expect(res.json().Message).toBe(M.drawNotYet);
    });

    it('draws once the window closes: quotas in turn, a numbered waiting list, audited, idempotent', async () => {
      expect((await post(`/api/admin/hostel-rounds/${roundId}/close`, admin)).statusCode).toBe(200);
      expect((await apply(women[0]!.auth, [amina])).json().Message).toMatch(/closed/);
      const res = await post(`/api/admin/hostel-rounds/${roundId}/draw`, admin);
      expect(res.statusCode, res.body).toBe(200);
      result = res.json().Data;
      // 12 female applicants (DIT/2024/0004 too) for 8 beds; 5 male applicants for 8 beds.
      expect(result).toMatchObject({ Applicants: 17, Beds: 16, Allocated: 13, Waiting: 4 });
      expect(result.Quotas.map((q) => q.Name)).toEqual(['Final year', 'First year', 'Open']);
      expect(result.Quotas.reduce((s, q) => s + q.Allocated, 0)).toBe(13);
      expect(result.Quotas[1]).toMatchObject({ Seats: 6, Allocated: 6 });
      expect(result.Hostels).toEqual(
        expect.arrayContaining([
          { Hostel: 'Queen Amina Hall', Beds: 8, Allocated: 8 },
          { Hostel: 'Zik Hall', Beds: 8, Allocated: 5 },
        ]),
      );
      const again = await post(`/api/admin/hostel-rounds/${roundId}/draw`, admin);
      expect(again.statusCode).toBe(200);
      expect(again.json().Message).toBe(M.drawDone);
      expect(again.json().Data).toEqual(result);
      const held = await db().select().from(hostelAllocations).where(eq(hostelAllocations.roundId, roundId));
      expect(held).toHaveLength(13);
      const waiting = await db()
        .select()
        .from(hostelWaitingList)
        .where(eq(hostelWaitingList.roundId, roundId));
      expect(waiting.map((w) => w.position).sort((a, b) => a - b)).toEqual([1, 2, 3, 4]);
      const trail = await db()
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.entity, 'hostel_round'), eq(auditLog.action, 'draw')));
      expect(trail).toHaveLength(1);
    });

    it('publishes the seed and the inputs: re-running the draw with the revealed seed gives the same allocation', async () => {
      const res = await get(`/api/hostel-rounds/${roundId}/ballot`, {});
      expect(res.statusCode, res.body).toBe(200);
      const ballot: PublishedBallot = res.json().Data;
      const [round] = await db().select().from(hostelRounds).where(eq(hostelRounds.id, roundId));
      expect(ballot.Result.Seed).toBe(round!.seed);
      const { createHash } = await import('node:crypto');
      expect(createHash('sha256').update(ballot.Result.Seed).digest('hex')).toBe(round!.seedHash);
      const rerun = runBallot({
        seed: ballot.Result.Seed,
        applicants: ballot.Applicants.map((a) => ({
          key: a.MatricNo,
          levelId: a.LevelId,
          gender: a.Gender,
          preferences: a.Preferences,
        })),
        beds: ballot.Beds.map((b) => ({
          hostelId: b.HostelId,
          roomId: b.RoomId,
          bed: b.Bed,
          gender: b.Gender,
        })),
        quotas: ballot.Quotas.map((q) => ({ name: q.Name, percent: q.Percent, levelIds: q.LevelIds })),
      });
      const key = (x: {
        MatricNo?: string;
        key?: string;
        RoomId?: number;
        roomId?: number;
        Bed?: number;
        bed?: number;
      }) => `${x.MatricNo ?? x.key}@${x.RoomId ?? x.roomId}/${x.Bed ?? x.bed}`;
      expect(rerun.placements.map(key).sort()).toEqual(ballot.Allocations.map(key).sort());
      expect(rerun.waiting).toEqual(ballot.WaitingList.map((w) => w.MatricNo));
      // The student sees the seed too.
      expect((await page(s4)).Round!.Seed).toBe(round!.seed);
    });

    it('shows availability by hostel, block and room, adding up', async () => {
      const res = await get('/api/admin/hostel-availability', admin);
      expect(res.statusCode, res.body).toBe(200);
      const a: HostelAvailability = res.json().Data;
      expectAddsUp(a);
      expect(a.Totals).toMatchObject({ Beds: 24, Allocated: 13, Occupied: 0, Reserved: 8, Free: 3 });
    });

    it('takes the hostel fee through the gateway once; the slip’s QR opens the public page', async () => {
      const allocated = await firstAllocated();
      const started = await post('/api/AddPayeePaymentMonnify?payType=2', allocated.auth);
      expect(started.statusCode, started.body).toBe(200);
      const data = started.json().Data as { checkOutUrl: string; Amount: number };
      expect([35000, 40000]).toContain(data.Amount);
      const back = await submitCheckout(data.checkOutUrl, { webhook: 'twice' });
      expect(back.pathname).toBe('/portal/student/applyforhostel');
      await settle(t);
      const p = await page(allocated.auth);
      expect(p.Allocation).toMatchObject({ State: 'paid', SlipUrl: '/api/student/hostel/slip.pdf' });
      const again = await post('/api/AddPayeePaymentMonnify?payType=2', allocated.auth);
      expect(again.statusCode).toBe(409);
      expect(again.json().Message).toBe(M.alreadyPaid);

      const pdf = await get('/api/student/hostel/slip.pdf', allocated.auth);
      expect(pdf.statusCode).toBe(200);
      const text = await pdfTextContent(pdf.rawPayload);
      expect(text).toContain('HOSTEL ALLOCATION SLIP');
      expect(text).toContain(allocated.matricNo);
      const [row] = await db()
        .select()
        .from(hostelAllocations)
        .where(eq(hostelAllocations.studentId, allocated.id));
      expect(text).toContain(`/portal/HostelSlip?id=${row!.publicId}`);
      const verify = await get(`/api/hostel-slips/verify?id=${row!.publicId}`, {});
      expect(verify.statusCode).toBe(200);
      expect(verify.json().Data).toMatchObject({
        MatricNo: allocated.matricNo,
        Valid: true,
        State: 'paid',
        BedSpace: { Label: p.Allocation!.BedSpace.Label },
      });
      expect((await get(`/api/hostel-slips/verify?id=${'0'.repeat(32)}`, {})).statusCode).toBe(404);
    });

    it('lapses an unpaid allocation at its deadline; the bed goes to the next on the waiting list, who is e-mailed', async () => {
      const victim = await firstAllocated('Female');
      const waitingWomen = await db()
        .select()
        .from(hostelWaitingList)
        .where(and(eq(hostelWaitingList.roundId, roundId), eq(hostelWaitingList.gender, 'Female')));
      const firstPosition = Math.min(...waitingWomen.map((w) => w.position));
      const [row] = await db()
        .update(hostelAllocations)
        .set({ payBy: new Date(Date.now() - 60_000) })
        .where(eq(hostelAllocations.studentId, victim.id))
        .returning();
      const res = await post('/api/admin/hostel-allocations/lapse', admin);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().Data).toEqual({ Lapsed: 1, Offered: 1 });
      const [next] = await db()
        .select()
        .from(hostelWaitingList)
        .where(and(eq(hostelWaitingList.roundId, roundId), eq(hostelWaitingList.position, firstPosition)));
      expect(next!.allocationId).not.toBeNull();
      const [offer] = await db()
        .select()
        .from(hostelAllocations)
        .where(eq(hostelAllocations.id, next!.allocationId!));
      expect(offer).toMatchObject({
        roomId: row!.roomId,
        bed: row!.bed,
        state: 'allocated',
        source: 'waiting_list',
      });
      // The next on the list may be any female applicant, DIT/2024/0004 included (the seed is random).
      const [student] = await db().select().from(students).where(eq(students.id, offer!.studentId));
      const mail = await db().select().from(mailOutbox).where(eq(mailOutbox.to, student!.email));
      expect(mail.length).toBe(1);
      expect((await page(victim.auth)).Allocation?.State).toBe('lapsed');
      // Money for the lapsed allocation arriving later is refunded, never credited.
      expect((await post('/api/AddPayeePaymentMonnify?payType=2', victim.auth)).statusCode).toBe(409);
    });

    it('lets a student give up; the bed goes to the waiting list; an allocation cannot be given up twice or by another', async () => {
      const leaving = await firstAllocated('Female');
      const p = await page(leaving.auth);
      const other = women.find((w) => w.id !== leaving.id)!;
      expect(
        (await post('/api/student/hostel/give-up', other.auth, { AllocationId: p.Allocation!.Id }))
          .statusCode,
      ).toBe(403);
      const res = await post('/api/student/hostel/give-up', leaving.auth, { AllocationId: p.Allocation!.Id });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().Data.Allocation.State).toBe('given_up');
      const twice = await post('/api/student/hostel/give-up', leaving.auth, {
        AllocationId: p.Allocation!.Id,
      });
      expect(twice.statusCode).toBe(409);
      const offered = await db()
        .select()
        .from(hostelWaitingList)
        .where(
          and(eq(hostelWaitingList.roundId, roundId), sql`${hostelWaitingList.allocationId} is not null`),
        );
      expect(offered).toHaveLength(2);
      const a: HostelAvailability = (await get('/api/admin/hostel-availability', admin)).json().Data;
      expectAddsUp(a);
    });

    it('passes no freed bed to the waiting list while the school’s hostel ballot is off', async () => {
      // Set directly: the registry's switch refuses to go off while beds await payment, so a bed is
      // freed with the ballot off only when a reserved room has been released to the ballot since.
      const offeredSoFar = async () =>
        (
          await db()
            .select()
            .from(hostelWaitingList)
            .where(
              and(eq(hostelWaitingList.roundId, roundId), sql`${hostelWaitingList.allocationId} is not null`),
            )
        ).length;
      const before = await offeredSoFar();
      const leaving = await firstAllocated('Female');
      const p = await page(leaving.auth);
      await db().update(schoolSettings).set({ hostelBallotEnabled: false });
      try {
        const res = await post('/api/student/hostel/give-up', leaving.auth, {
          AllocationId: p.Allocation!.Id,
        });
        expect(res.statusCode, res.body).toBe(200);
        expect(res.json().Data.Allocation.State).toBe('given_up');
        expect(await offeredSoFar()).toBe(before);
        // The bed stays free: nobody holds it.
        const [freed] = await db()
          .select()
          .from(hostelAllocations)
          .where(eq(hostelAllocations.id, p.Allocation!.Id));
        const holders = await db()
          .select()
          .from(hostelAllocations)
          .where(
            and(
              eq(hostelAllocations.roomId, freed!.roomId),
              eq(hostelAllocations.bed, freed!.bed),
              inArray(hostelAllocations.state, ['allocated', 'reserved', 'paid']),
            ),
          );
        expect(holders).toEqual([]);
      } finally {
        await db().update(schoolSettings).set({ hostelBallotEnabled: true });
      }
    });

    it('assigns a reserved room by hand with a reason, audited and listed; refuses a taken bed, a ballot room and a student with a bed', async () => {
      const reserved = await get('/api/admin/hostel-reserved', admin);
      expect(reserved.statusCode).toBe(200);
      const roomsList = reserved.json().Data.Rooms as { RoomId: number; Room: string; Gender: string }[];
      expect(roomsList.map((r) => r.Room)).toEqual(['C101', 'A101']);
      const a101 = roomsList.find((r) => r.Room === 'A101')!;
      const body = {
        RoundId: roundId,
        RoomId: a101.RoomId,
        Bed: 2,
        MatricNo: 'DIT/2024/0002',
        Reason: 'Students’ union president',
      };
      const res = await post('/api/admin/hostel-reserved', admin, body);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().Data).toMatchObject({
        State: 'reserved',
        Source: 'reserved',
        Reason: 'Students’ union president',
      });
      const taken = await post('/api/admin/hostel-reserved', admin, { ...body, MatricNo: men[0]!.matricNo });
      expect(taken.statusCode).toBe(409);
      const twice = await post('/api/admin/hostel-reserved', admin, { ...body, Bed: 3 });
      expect(twice.statusCode).toBe(409);
      expect(twice.json().Message).toBe(M.studentHasBed);
      const ballotRoom = (
        await db().select().from(hostelAllocations).where(eq(hostelAllocations.source, 'ballot'))
      )[0]!;
      const notReserved = await post('/api/admin/hostel-reserved', admin, {
        ...body,
        RoomId: ballotRoom.roomId,
        MatricNo: 'DIT/2023/0003',
      });
      expect(notReserved.statusCode).toBe(400);
      const listed = (await get('/api/admin/hostel-reserved', admin))
        .json()
        .Data.Rooms.find((r: { Room: string }) => r.Room === 'A101');
      expect(listed.Beds[1].Allocation).toMatchObject({
        MatricNo: 'DIT/2024/0002',
        Reason: 'Students’ union president',
      });
      const trail = await db().select().from(auditLog).where(eq(auditLog.page, 'AllocateReservedRoom'));
      expect(trail).toHaveLength(1);
      // The student sees it and may pay.
      expect((await page(s2)).Allocation).toMatchObject({ State: 'reserved', Source: 'reserved' });
    });

    it('keeps the history append-only', async () => {
      const error = await db()
        .execute(sql`update hostel_events set detail = 'x'`)
        .catch((e: unknown) => e as { cause?: unknown });
      expect(String((error as { cause?: unknown }).cause ?? error)).toMatch(/append-only/);
      const events = await db().select().from(hostelEvents).where(eq(hostelEvents.roundId, roundId));
      expect(events.filter((e) => e.kind === 'drawn')).toHaveLength(1);
    });

    async function firstAllocated(gender?: 'Male' | 'Female') {
      const list = gender === 'Male' ? men : gender === 'Female' ? women : [...men, ...women];
      const held = await db()
        .select()
        .from(hostelAllocations)
        .where(
          and(
            eq(hostelAllocations.roundId, roundId),
            eq(hostelAllocations.state, 'allocated'),
            inArray(
              hostelAllocations.studentId,
              list.map((s) => s.id),
            ),
          ),
        );
      return list.find((s) => s.id === held[0]!.studentId)!;
    }
  });

  it('answers 404 for a round that is not drawn, and keeps a draft round from students', async () => {
    expect((await get(`/api/hostel-rounds/999999/ballot`, {})).statusCode).toBe(404);
    const refused = await t.app.inject({ method: 'GET', url: PAGE });
    expect(refused.statusCode).toBe(401);
  });
});
