import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  HOSTEL_MESSAGES as M,
  type BallotResult,
  type CourseRegistrationPage,
  type StudentDashboard,
} from '@portal/contracts';
import { academicSessions, hostelAllocations, hostelFeePayments, payments } from '../../db/schema/index.js';
import { pdfTextContent } from '../../platform/pdf.js';
import { login, type TestApp } from '../../../test/helpers.js';
import { settle, startPaymentsApp, submitCheckout } from '../payments/test-support.js';
import { keepRooms, paidStudent, seededRound, hostelCalls } from './test-support.js';

// The hostel fee against the allocation it was started for (issue 22): next session's round published
// ahead of its window hides nothing of this session's; money for a lapsed or given-up allocation is
// flagged for a refund and listed by the bursary; a paid bed is not given up online; the dashboard's
// hostel and course registration cards say what their pages say.

type Auth = Record<string, string>;
type Student = Awaited<ReturnType<typeof paidStudent>>;
const DAY_MS = 86_400_000;

describe('the hostel fee and the round a student sees', () => {
  let t: TestApp & { url: string };
  let admin: Auth;
  let s2: Auth;
  let roundId: number;
  let nextRoundId: number;
  let amina: number;
  const women: Student[] = [];

  const db = () => t.database.db;
  const { get, post, page } = hostelCalls(() => t.app);
  const dashboard = async (auth: Auth): Promise<StudentDashboard> => {
    const res = await get('/api/student/dashboard', auth);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().Data;
  };
  const start = async (auth: Auth, body: object = {}) => {
    const res = await post('/api/AddPayeePaymentMonnify?payType=2', auth, body);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().Data as { checkOutUrl: string; TransactionRef: string; Amount: number };
  };
  const paymentOf = async (reference: string) =>
    (await db().select().from(payments).where(eq(payments.reference, reference)))[0]!;
  const allocationOf = async (studentId: number) =>
    (
      await db()
        .select()
        .from(hostelAllocations)
        .where(and(eq(hostelAllocations.roundId, roundId), eq(hostelAllocations.studentId, studentId)))
    )[0]!;
  const refundsListed = async (reference: string) => {
    const res = await get(
      `/api/admin/bursary/payments?state=all&flag=duplicate&search=${encodeURIComponent(reference)}`,
      admin,
    );
    expect(res.statusCode, res.body).toBe(200);
    return res.json().Data as { reference: string; state: string; flagKind: string }[];
  };

  beforeAll(async () => {
    t = await startPaymentsApp();
    admin = (await login(t.app, 'Admin', 'admin@demo.edu.ng')).auth;
    s2 = (await login(t.app, 'Student', 'DIT/2024/0002')).auth;
    let zik: number;
    ({ roundId, zik, amina } = await seededRound(db()));
    await keepRooms(db(), [zik, amina], ['A102', 'A103', 'C102', 'C103']);
    for (let i = 1; i <= 4; i++) {
      women.push(
        await paidStudent(t.app, db(), {
          matricNo: `DIT/2024/7${String(i).padStart(3, '0')}`,
          email: `fee${i}@demo.edu.ng`,
          gender: 'Female',
        }),
      );
    }
    for (const w of women)
      expect(
        (await post('/api/student/hostel/application', w.auth, { RoundId: roundId, HostelIds: [amina] }))
          .statusCode,
      ).toBe(200);
  }, 180_000);
  afterAll(() => t?.close(), 60_000);

  it('while the window is open, tells a student who owes fees on the dashboard what the hostel page says, and no Apply', async () => {
    const p = await page(s2);
    const d = await dashboard(s2);
    expect(p.CanApply).toBe(false);
    expect(d.Hostel).toMatchObject({ Open: true, CanApply: false, Window: 'open', Reason: p.Reasons[0] });
    // The course registration card is the page's: its window, semester and refusal.
    const reg: CourseRegistrationPage = (await get('/api/student/course-registration', s2)).json().Data;
    expect(d.CourseRegistration).toMatchObject({
      State: reg.Window.State,
      Semester: reg.Semester?.Name ?? null,
      Registration: reg.Registration ? { State: reg.Registration.State } : null,
    });
    if (reg.Courses.length) expect(d.CourseRegistration.Reason).toBe(reg.Reason);
    // An applicant sees their application, not an invitation.
    expect((await dashboard(women[0]!.auth)).Hostel).toMatchObject({ Applied: true, CanApply: true });
  });

  describe('after the draw, with next session’s round published', () => {
    beforeAll(async () => {
      expect((await post(`/api/admin/hostel-rounds/${roundId}/close`, admin)).statusCode).toBe(200);
      const drawn = await post(`/api/admin/hostel-rounds/${roundId}/draw`, admin);
      expect(drawn.statusCode, drawn.body).toBe(200);
      const result = drawn.json().Data as BallotResult;
      expect(result).toMatchObject({ Allocated: 4, Waiting: 0 });
      // The seats the quotas left unfilled pass to the open quota: the seats add up to the beds.
      expect(result.Quotas.reduce((sum, q) => sum + q.Seats, 0)).toBe(result.Beds);
      for (const q of result.Quotas) expect(q.Allocated).toBeLessThanOrEqual(q.Seats);
      const [next] = await db().insert(academicSessions).values({ name: '2025/2026' }).returning();
      const now = Date.now();
      const created = await post('/api/admin/hostel-rounds', admin, {
        SessionId: next!.id,
        Name: '2025/2026 Hostel Allocation',
        OpensAt: new Date(now + 60 * DAY_MS).toISOString(),
        ClosesAt: new Date(now + 90 * DAY_MS).toISOString(),
        PaymentDays: 14,
        FeeRule: 'full',
        LevelIds: [],
        Quotas: [],
        Fees: [{ HostelId: amina, Amount: 99000 }],
      });
      expect(created.statusCode, created.body).toBe(200);
      nextRoundId = created.json().Data.Id;
      expect((await post(`/api/admin/hostel-rounds/${nextRoundId}/publish`, admin)).statusCode).toBe(200);
    }, 120_000);

    it('shows the student this session’s round and bed; the dashboard says the fee is due and by when', async () => {
      const w = women[0]!;
      const p = await page(w.auth);
      expect(p.Round).toMatchObject({ Id: roundId, Window: 'drawn' });
      expect(p.Allocation).toMatchObject({ State: 'allocated' });
      expect((await dashboard(w.auth)).Hostel).toMatchObject({
        Window: 'drawn',
        Open: false,
        Allocation: {
          State: 'allocated',
          BedSpace: p.Allocation!.BedSpace.Label,
          Fee: 40000,
          PayBy: p.Allocation!.PayBy,
        },
      });
      // Someone with nothing in this session's round still sees this session's round, not next session's.
      expect((await page(s2)).Round?.Id).toBe(roundId);
    });

    it('credits the allocation the payment was started for, and the slip prints', async () => {
      const w = women[0]!;
      const allocation = await allocationOf(w.id);
      const started = await start(w.auth);
      expect(started.Amount).toBe(40000);
      expect((await paymentOf(started.TransactionRef)).recordId).toBe(allocation.id);
      await submitCheckout(started.checkOutUrl, { webhook: 'once' });
      await settle(t);
      expect(await paymentOf(started.TransactionRef)).toMatchObject({ state: 'paid', flag: null });
      expect((await allocationOf(w.id)).state).toBe('paid');
      const [fee] = await db()
        .select()
        .from(hostelFeePayments)
        .where(eq(hostelFeePayments.allocationId, allocation.id));
      expect(fee?.paymentId).toBe((await paymentOf(started.TransactionRef)).id);
      expect((await page(w.auth)).Allocation).toMatchObject({
        State: 'paid',
        SlipUrl: '/api/student/hostel/slip.pdf',
      });
      const pdf = await get('/api/student/hostel/slip.pdf', w.auth);
      expect(pdf.statusCode).toBe(200);
      expect(await pdfTextContent(pdf.rawPayload)).toContain(w.matricNo);
      expect((await dashboard(w.auth)).Hostel.Allocation?.State).toBe('paid');
    });

    it('refuses to give up a paid bed, with the reason; the bed and the slip stay', async () => {
      const w = women[0]!;
      const { Id } = (await page(w.auth)).Allocation!;
      const res = await post('/api/student/hostel/give-up', w.auth, { AllocationId: Id });
      expect(res.statusCode).toBe(409);
      expect(res.json().Message).toBe(M.paidNoGiveUp);
      expect((await allocationOf(w.id)).state).toBe('paid');
      expect((await get('/api/student/hostel/slip.pdf', w.auth)).statusCode).toBe(200);
    });

    it('flags money for an allocation that lapsed meanwhile for a refund, listed by the bursary', async () => {
      const w = women[1]!;
      const allocation = await allocationOf(w.id);
      const started = await start(w.auth);
      await db()
        .update(hostelAllocations)
        .set({ payBy: new Date(Date.now() - 60_000) })
        .where(eq(hostelAllocations.id, allocation.id));
      expect((await post('/api/admin/hostel-allocations/lapse', admin)).json().Data.Lapsed).toBe(1);
      await submitCheckout(started.checkOutUrl, { webhook: 'once' });
      await settle(t);
      const payment = await paymentOf(started.TransactionRef);
      expect(payment.state).toBe('failed');
      expect(payment.flag).toMatch(/^duplicate: .*refund 4000000 kobo/);
      expect((await allocationOf(w.id)).state).toBe('lapsed');
      expect(await refundsListed(started.TransactionRef)).toEqual([
        expect.objectContaining({ reference: started.TransactionRef, flagKind: 'duplicate' }),
      ]);
      const check = await get(
        `/api/CheckPayeePaymentMonnify?paymentReference=${started.TransactionRef}`,
        w.auth,
      );
      expect(check.json().Message).toBe(M.feeDuplicate);
    });

    it('flags money for an allocation given up meanwhile for a refund, listed by the bursary', async () => {
      const w = women[2]!;
      const allocation = await allocationOf(w.id);
      const started = await start(w.auth, { RecordId: allocation.id });
      const gaveUp = await post('/api/student/hostel/give-up', w.auth, { AllocationId: allocation.id });
      expect(gaveUp.statusCode, gaveUp.body).toBe(200);
      await submitCheckout(started.checkOutUrl, { webhook: 'once' });
      await settle(t);
      expect(await paymentOf(started.TransactionRef)).toMatchObject({ state: 'failed' });
      expect((await allocationOf(w.id)).state).toBe('given_up');
      expect(await refundsListed(started.TransactionRef)).toHaveLength(1);
    });

    it('answers a payment naming another student’s allocation as none', async () => {
      const mine = await allocationOf(women[3]!.id);
      const res = await post('/api/AddPayeePaymentMonnify?payType=2', women[2]!.auth, { RecordId: mine.id });
      expect(res.statusCode).toBe(404);
      expect(res.json().Message).toBe(M.noAllocation);
    });
  });
});
