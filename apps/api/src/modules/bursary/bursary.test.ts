import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCEPTANCE_PAYMENT_CATEGORY_ID, BURSARY_MESSAGES, PAYMENT_MESSAGES } from '@portal/contracts';
import {
  academicSessions,
  auditLog,
  departments,
  feeAccounts,
  feeSchedule,
  levels,
  paymentSessionMoves,
  payments,
  students,
} from '../../db/schema/index.js';
import { newPublicId } from '../../platform/ids.js';
import { login, startTestApp, type TestApp } from '../../../test/helpers.js';
import { makeAdmin } from '../admin/test-support.js';

/**
 * The bursary's pages over payments made here (their references start with BTEST-, their days
 * are in June 2021 and their sessions made for the test), so the demo data (the acceptance fee,
 * and the school fees other work seeds) never changes what is asserted.
 */
type Headers = Record<string, string>;

const SCHOOL_FEES = 1;
const TUITION = 1;
const REGISTRATION = 3;

describe('the bursary pages', { timeout: 90_000 }, () => {
  let t: TestApp;
  let admin: Headers;
  let officer2: Headers;
  let revenueOnly: Headers;
  let paymentsOnly: Headers;
  let student: Headers;
  let s1: typeof students.$inferSelect | undefined;
  let s2: typeof students.$inferSelect | undefined;
  let sessionA: number; // '2020/2021': every test payment
  let sessionB: number; // '2019/2020': where payments are moved
  const ids: Record<string, number> = {};

  const get = (url: string, headers: Headers = admin) => t.app.inject({ method: 'GET', url, headers });
  const move = (id: number, payload: object, headers: Headers = admin) =>
    t.app.inject({ method: 'POST', url: `/api/admin/bursary/payments/${id}/session`, headers, payload });

  beforeAll(async () => {
    t = await startTestApp({ RATE_LIMIT_LOGIN_PER_ADDRESS: '1000' }, { jobs: false });
    const db = t.database.db;
    admin = (await login(t.app, 'Admin', 'admin@demo.edu.ng')).auth;
    officer2 = (await makeAdmin(t.app, db, 'officer', ['UpdatePaymentSession'])).headers;
    revenueOnly = (await makeAdmin(t.app, db, 'revenue', ['revenue'])).headers;
    paymentsOnly = (await makeAdmin(t.app, db, 'payments', ['studentpayments'])).headers;
    student = (await login(t.app, 'Student', 'DIT/2024/0001')).auth;
    [s1] = await db.select().from(students).where(eq(students.matricNo, 'DIT/2024/0001'));
    [s2] = await db.select().from(students).where(eq(students.matricNo, 'DIT/2024/0002'));
    const made = await db
      .insert(academicSessions)
      .values([{ name: '2020/2021' }, { name: '2019/2020' }])
      .returning();
    sessionA = made[0]!.id;
    sessionB = made[1]!.id;

    const pay = async (
      key: string,
      p: {
        studentId: number;
        provider: string;
        state: string;
        amountKobo: number;
        amountPaidKobo?: number | null;
        flag?: string | null;
        paidAt?: string | null;
        createdAt: string;
        items?: number[];
        chargesKobo?: number;
      },
    ) => {
      const [row] = await db
        .insert(payments)
        .values({
          publicId: newPublicId(),
          provider: p.provider,
          reference: `BTEST-${key}`,
          payeeTypeId: 2,
          studentId: p.studentId,
          categoryId: SCHOOL_FEES,
          itemIds: p.items ?? [TUITION, REGISTRATION],
          sessionId: sessionA,
          amountKobo: p.amountKobo,
          amountPaidKobo: p.amountPaidKobo ?? null,
          chargesKobo: p.chargesKobo ?? 0,
          state: p.state,
          flag: p.flag ?? null,
          createdAt: new Date(p.createdAt),
          paidAt: p.paidAt ? new Date(p.paidAt) : null,
        })
        .returning({ id: payments.id });
      ids[key] = row!.id;
    };
    // Student 1 (indigene): school fees in full through Monnify, paid 10 June 2021.
    await pay('S1-FULL', {
      studentId: s1!.id,
      provider: 'monnify',
      state: 'paid',
      amountKobo: 5_000_000,
      amountPaidKobo: 5_000_000,
      chargesKobo: 20_000,
      createdAt: '2021-06-10T09:00:00Z',
      paidAt: '2021-06-10T09:05:00Z',
    });
    // …and an earlier attempt abandoned.
    await pay('S1-ABANDONED', {
      studentId: s1!.id,
      provider: 'nomba',
      state: 'expired',
      amountKobo: 5_000_000,
      createdAt: '2021-06-09T09:00:00Z',
    });
    // Student 2: a first instalment through Remita, overpaid (flagged), paid 12 June 2021 at 23:30
    // UTC, which is 13 June in West Africa Time.
    await pay('S2-OVER', {
      studentId: s2!.id,
      provider: 'remita',
      state: 'paid',
      amountKobo: 4_000_000,
      amountPaidKobo: 4_100_000,
      flag: 'overpaid: received 4100000 kobo, expected 4000000; excess 100000 to refund',
      createdAt: '2021-06-12T23:00:00Z',
      paidAt: '2021-06-12T23:30:00Z',
      items: [TUITION],
    });
    // …an underpaid attempt, failed and flagged…
    await pay('S2-UNDER', {
      studentId: s2!.id,
      provider: 'remita',
      state: 'failed',
      amountKobo: 4_000_000,
      amountPaidKobo: 1_000_000,
      flag: 'underpaid: received 1000000 kobo of 4000000; not credited',
      createdAt: '2021-06-11T08:00:00Z',
    });
    // …and one still pending.
    await pay('S2-PENDING', {
      studentId: s2!.id,
      provider: 'monnify',
      state: 'pending',
      amountKobo: 3_500_000,
      createdAt: '2021-06-14T08:00:00Z',
    });
    // Credited school fees are held on the student's fee account of the session (as the payments
    // module credits them); 2019/2020 owes ₦60,000 of tuition, so a move there fits.
    await db.insert(feeAccounts).values([
      {
        studentId: s1!.id,
        sessionId: sessionA,
        categoryId: SCHOOL_FEES,
        dueKobo: 5_000_000,
        paidKobo: 5_000_000,
      },
      {
        studentId: s2!.id,
        sessionId: sessionA,
        categoryId: SCHOOL_FEES,
        dueKobo: 9_000_000,
        paidKobo: 4_000_000,
      },
    ]);
    await db.insert(feeSchedule).values({
      sessionId: sessionB,
      itemId: TUITION,
      indigeneAmountKobo: 6_000_000,
      nonIndigeneAmountKobo: 6_000_000,
    });
  }, 180_000);
  afterAll(() => t?.close(), 60_000);

  const account = async (studentId: number, sessionId: number) => {
    const [row] = await t.database.db
      .select({ paidKobo: feeAccounts.paidKobo })
      .from(feeAccounts)
      .where(
        and(
          eq(feeAccounts.studentId, studentId),
          eq(feeAccounts.sessionId, sessionId),
          eq(feeAccounts.categoryId, SCHOOL_FEES),
        ),
      );
    return row?.paidKobo ?? null;
  };

  it('offers the filter choices', async () => {
    const response = await get('/api/admin/bursary/options');
    expect(response.statusCode).toBe(200);
    const data = response.json().Data;
    expect(data.sessions.map((s: { name: string }) => s.name)).toEqual(
      expect.arrayContaining(['2024/2025', '2020/2021']),
    );
    expect(data.categories).toContainEqual({ id: SCHOOL_FEES, name: 'School Fees' });
    expect(data.items).toContainEqual({ id: TUITION, name: 'Tuition', categoryId: SCHOOL_FEES });
    expect(data.providers).toEqual(expect.arrayContaining(['monnify', 'remita', 'nomba']));
    expect(data.departments.length).toBeGreaterThan(0);
    expect(data.levels.map((l: { name: string }) => l.name)).toContain('100 Level');
  });

  it('lists paid payments by default, with the totals of the filtered set', async () => {
    const body = (await get('/api/admin/bursary/payments?search=BTEST-')).json();
    expect(body.Data.map((p: { reference: string }) => p.reference).sort()).toEqual([
      'BTEST-S1-FULL',
      'BTEST-S2-OVER',
    ]);
    expect(body.Total).toBe(2);
    expect(body.Totals).toMatchObject({
      count: 2,
      amountKobo: 9_000_000,
      amountPaidKobo: 9_100_000,
      chargesKobo: 20_000,
      amountNaira: 90_000,
    });
    const full = body.Data.find((p: { reference: string }) => p.reference === 'BTEST-S1-FULL');
    expect(full).toMatchObject({
      payerKind: 'student',
      payerName: 'Abubakar Halima',
      regNo: 'DIT/2024/0001',
      departmentName: 'Computer Science',
      levelName: '100 Level',
      sessionName: '2020/2021',
      categoryName: 'School Fees',
      items: ['Tuition', 'Registration'],
      state: 'paid',
      flagKind: null,
      amount: 50_000,
    });
    const over = body.Data.find((p: { reference: string }) => p.reference === 'BTEST-S2-OVER');
    expect(over).toMatchObject({ flagKind: 'overpaid', regNo: 'DIT/2024/0002' });
  });

  it('filters by state, session, category, item, department, level, payer state, provider, flag and dates', async () => {
    const refs = async (query: string) => {
      const response = await get(`/api/admin/bursary/payments?search=BTEST-&pageSize=100&${query}`);
      expect(response.statusCode, response.body).toBe(200);
      return (response.json().Data as { reference: string }[]).map((p) => p.reference).sort();
    };
    expect(await refs('state=all')).toHaveLength(5);
    expect(await refs('state=pending')).toEqual(['BTEST-S2-PENDING']);
    expect(await refs('state=failed')).toEqual(['BTEST-S2-UNDER']);
    expect(await refs(`state=all&sessionId=${sessionA}`)).toHaveLength(5);
    expect(await refs(`sessionId=${sessionB}`)).toEqual([]);
    expect(await refs(`categoryId=${SCHOOL_FEES}`)).toHaveLength(2);
    expect(await refs(`categoryId=${ACCEPTANCE_PAYMENT_CATEGORY_ID}`)).toEqual([]);
    expect(await refs(`itemId=${REGISTRATION}`)).toEqual(['BTEST-S1-FULL']);
    const [csc] = await t.database.db.select().from(departments).where(eq(departments.code, 'CSC'));
    const [level200] = await t.database.db.select().from(levels).where(eq(levels.name, '200 Level'));
    expect(await refs(`departmentId=${csc!.id}`)).toHaveLength(2);
    expect(await refs(`levelId=${level200!.id}`)).toEqual([]);
    expect(await refs(`payerStateId=${s1!.stateId}`)).toEqual(['BTEST-S1-FULL']);
    expect(await refs('provider=Remita')).toEqual(['BTEST-S2-OVER']);
    expect(await refs('state=all&flag=any')).toEqual(['BTEST-S2-OVER', 'BTEST-S2-UNDER']);
    expect(await refs('state=all&flag=underpaid')).toEqual(['BTEST-S2-UNDER']);
    // Days are West Africa Time: paid at 23:30 UTC on the 12th is the 13th.
    expect(await refs('from=2021-06-13&to=2021-06-13')).toEqual(['BTEST-S2-OVER']);
    expect(await refs('from=2021-06-10&to=2021-06-12')).toEqual(['BTEST-S1-FULL']);
    expect(await refs('payerKind=applicant')).toEqual([]);
    // Without the test's search: the demo applicant's acceptance fee is a payment too.
    const applicants = (await get('/api/admin/bursary/payments?payerKind=applicant&pageSize=100')).json();
    expect(applicants.Data.map((p: { reference: string }) => p.reference)).toContain(
      'DIT-ACC-SEED-202410000007AG',
    );
    expect((await get('/api/admin/bursary/payments?from=2021-06-12&to=2021-06-10')).statusCode).toBe(400);
    expect((await get('/api/admin/bursary/payments?state=refunded')).statusCode).toBe(400);
  });

  it('searches by matric number, names and reference, and pages on the server', async () => {
    const refs = async (search: string, more = '') =>
      (
        (
          await get(`/api/admin/bursary/payments?state=all&search=${encodeURIComponent(search)}${more}`)
        ).json().Data as { reference: string }[]
      )
        .map((p) => p.reference)
        .filter((r) => r.startsWith('BTEST-'))
        .sort();
    expect(await refs('DIT/2024/0001')).toEqual(['BTEST-S1-ABANDONED', 'BTEST-S1-FULL']);
    expect(await refs('halima abu')).toEqual(['BTEST-S1-ABANDONED', 'BTEST-S1-FULL']);
    expect(await refs('S2-UNDER')).toEqual(['BTEST-S2-UNDER']);
    const page = (await get('/api/admin/bursary/payments?state=all&search=BTEST-&pageSize=2&page=2')).json();
    expect(page).toMatchObject({ Page: 2, PageSize: 2, Total: 5 });
    expect(page.Data).toHaveLength(2);
    expect(page.Totals.count).toBe(5);
  });

  it('exports the filtered set as CSV and XLSX, and audits the export', async () => {
    const csv = await get('/api/admin/bursary/payments/export?format=csv&state=all&search=BTEST-S2');
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.headers['content-disposition']).toMatch(/attachment; filename="payments-.*\.csv"/);
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toMatch(/^Reference,Payer,/);
    expect(lines).toHaveLength(4);
    expect(csv.body).toContain('BTEST-S2-UNDER');
    expect(csv.body).not.toContain('BTEST-S1-FULL');
    const xlsx = await get('/api/admin/bursary/payments/export?format=xlsx&search=BTEST-');
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.headers['content-type']).toContain('spreadsheetml');
    expect(xlsx.rawPayload.subarray(0, 2).toString()).toBe('PK');
    const trail = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.page, 'studentpayments'), eq(auditLog.action, 'export')));
    expect(trail.length).toBeGreaterThanOrEqual(2);
  });

  it('finds a student and shows every attempt with its state, flag and receipt id (PaymentHistory)', async () => {
    const found = (await get('/api/admin/bursary/students?search=DIT%2F2024%2F0002')).json();
    expect(found.Data).toHaveLength(1);
    expect(found.Data[0]).toMatchObject({ matricNo: 'DIT/2024/0002', id: s2!.id });
    const byName = (
      await get(`/api/admin/bursary/students?search=${encodeURIComponent(s2!.lastName)}`)
    ).json();
    expect(byName.Data.map((s: { id: number }) => s.id)).toContain(s2!.id);
    const history = (await get(`/api/admin/bursary/students/${s2!.id}/payments`)).json();
    expect(history.Student.matricNo).toBe('DIT/2024/0002');
    const mine = history.Data.filter((p: { reference: string }) => p.reference.startsWith('BTEST-'));
    expect(
      mine.map((p: { reference: string; state: string; flagKind: string | null }) => [
        p.reference,
        p.state,
        p.flagKind,
      ]),
    ).toEqual([
      ['BTEST-S2-PENDING', 'pending', null],
      ['BTEST-S2-OVER', 'paid', 'overpaid'],
      ['BTEST-S2-UNDER', 'failed', 'underpaid'],
    ]);
    expect(mine[1].transactionId).toMatch(/\S{16,}/);
    expect(history.Totals.count).toBeGreaterThanOrEqual(1);
    expect((await get('/api/admin/bursary/students/999999/payments')).statusCode).toBe(404);
    expect((await get('/api/admin/bursary/students?search=')).statusCode).toBe(400);
  });

  it('totals revenue by category, department and day (West Africa Time), every day of the range', async () => {
    const response = await get('/api/admin/bursary/revenue?from=2021-06-01&to=2021-06-30');
    expect(response.statusCode, response.body).toBe(200);
    const data = response.json().Data;
    // Credited: the amounts due of the paid payments (the overpayment's excess is refunded).
    expect(data.total).toEqual({ count: 2, amountKobo: 9_000_000, amountNaira: 90_000 });
    expect(data.byCategory).toEqual([
      {
        categoryId: SCHOOL_FEES,
        categoryName: 'School Fees',
        count: 2,
        amountKobo: 9_000_000,
        amountNaira: 90_000,
      },
    ]);
    expect(data.byDepartment).toEqual([
      expect.objectContaining({ departmentName: 'Computer Science', count: 2, amountKobo: 9_000_000 }),
    ]);
    expect(data.byDay).toHaveLength(30);
    const day = (d: string) => data.byDay.find((x: { day: string }) => x.day === d);
    expect(day('2021-06-10')).toMatchObject({ count: 1, amountKobo: 5_000_000 });
    expect(day('2021-06-12')).toMatchObject({ count: 0, amountKobo: 0 });
    expect(day('2021-06-13')).toMatchObject({ count: 1, amountKobo: 4_000_000 });
    const other = (
      await get(`/api/admin/bursary/revenue?from=2021-06-01&to=2021-06-30&sessionId=${sessionB}`)
    ).json();
    expect(other.Data.total.count).toBe(0);
    expect((await get('/api/admin/bursary/revenue?from=2019-01-01&to=2021-01-01')).statusCode).toBe(400);
    expect((await get('/api/admin/bursary/revenue?from=2021-06-01')).statusCode).toBe(400);
  });

  it('summarises a session by category and provider, paid against flagged, and exports it', async () => {
    const response = await get(`/api/admin/bursary/summary?sessionId=${sessionA}`);
    expect(response.statusCode, response.body).toBe(200);
    const data = response.json().Data;
    expect(data.sessionName).toBe('2020/2021');
    expect(data.total).toMatchObject({
      attempts: 5,
      paidCount: 2,
      paidKobo: 9_000_000,
      receivedKobo: 9_100_000,
      chargesKobo: 20_000,
      pendingCount: 1,
      failedCount: 1,
      expiredCount: 1,
      flaggedCount: 2,
      underpaidCount: 1,
      underpaidKobo: 1_000_000,
      overpaidCount: 1,
      overpaidExcessKobo: 100_000,
      duplicateCount: 0,
    });
    const remita = data.byProvider.find((p: { provider: string }) => p.provider === 'remita');
    expect(remita).toMatchObject({ attempts: 2, paidCount: 1, underpaidCount: 1, overpaidCount: 1 });
    expect(data.rows.map((r: { provider: string }) => r.provider).sort()).toEqual([
      'monnify',
      'nomba',
      'remita',
    ]);
    expect(data.byCategory).toEqual([expect.objectContaining({ categoryName: 'School Fees', attempts: 5 })]);
    // The current session by default.
    expect((await get('/api/admin/bursary/summary')).json().Data.sessionName).toBe('2024/2025');
    const csv = await get(`/api/admin/bursary/summary/export?sessionId=${sessionA}&format=csv`);
    expect(csv.statusCode).toBe(200);
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toMatch(/^Category,Provider,Attempts,Paid,Credited/);
    expect(lines.at(-1)).toMatch(/^Total,,5,2,90000,91000,200,/);
    const xlsx = await get(`/api/admin/bursary/summary/export?sessionId=${sessionA}&format=xlsx`);
    expect(xlsx.rawPayload.subarray(0, 2).toString()).toBe('PK');
    expect((await get('/api/admin/bursary/summary?sessionId=999999')).statusCode).toBe(404);
  });

  it('moves a paid payment to another session with a reason, recorded and audited together', async () => {
    const id = ids['S1-FULL']!;
    // A reason is required; only paid payments move; the payment must be where the officer saw it.
    expect((await move(id, { fromSessionId: sessionA, toSessionId: sessionB, reason: '' })).statusCode).toBe(
      400,
    );
    const unpaid = await move(ids['S2-PENDING']!, {
      fromSessionId: sessionA,
      toSessionId: sessionB,
      reason: 'Wrong session chosen',
    });
    expect(unpaid.statusCode).toBe(409);
    expect(unpaid.json().Message).toBe(BURSARY_MESSAGES.notPaid);
    const stale = await move(id, {
      fromSessionId: sessionB,
      toSessionId: sessionA,
      reason: 'Wrong session chosen',
    });
    expect(stale.statusCode).toBe(409);
    expect(
      (await move(id, { fromSessionId: sessionA, toSessionId: 999999, reason: 'Wrong session' })).statusCode,
    ).toBe(404);

    const moved = await move(id, {
      fromSessionId: sessionA,
      toSessionId: sessionB,
      reason: 'Paid for 2019/2020 arrears',
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json()).toMatchObject({
      Status: 'Ok',
      Message: 'The payment was moved to 2019/2020.',
      Data: {
        payment: { id, sessionId: sessionB, sessionName: '2019/2020' },
        move: {
          fromSessionName: '2020/2021',
          toSessionName: '2019/2020',
          reason: 'Paid for 2019/2020 arrears',
          movedBy: 'admin@demo.edu.ng',
        },
      },
    });
    const [trail] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'move_session'), eq(auditLog.entityId, String(id))));
    expect(trail).toMatchObject({
      page: 'UpdatePaymentSession',
      entity: 'payment',
      before: { sessionId: sessionA, session: '2020/2021' },
      after: { sessionId: sessionB, session: '2019/2020', reason: 'Paid for 2019/2020 arrears' },
    });
    const list = (await get(`/api/admin/bursary/session-moves?search=BTEST-S1`)).json();
    expect(list.Data).toEqual([
      expect.objectContaining({ reference: 'BTEST-S1-FULL', regNo: 'DIT/2024/0001' }),
    ]);
    // The student's fee accounts follow: the credit left 2020/2021 and counts in 2019/2020.
    expect(await account(s1!.id, sessionA)).toBe(0);
    expect(await account(s1!.id, sessionB)).toBe(5_000_000);
    // The lists follow: the payment is now in 2019/2020.
    const inB = (await get(`/api/admin/bursary/payments?sessionId=${sessionB}&search=BTEST-`)).json();
    expect(inB.Data.map((p: { reference: string }) => p.reference)).toEqual(['BTEST-S1-FULL']);
  });

  it('refuses to move school fees into a session that owes less than the payment, changing nothing', async () => {
    const [empty] = await t.database.db.insert(academicSessions).values({ name: '2018/2019' }).returning();
    const id = ids['S1-FULL']!;
    const refused = await move(id, {
      fromSessionId: sessionB,
      toSessionId: empty!.id,
      reason: 'Moved by mistake',
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().Message).toBe(PAYMENT_MESSAGES.moveBeyondDue);
    const [row] = await t.database.db.select().from(payments).where(eq(payments.id, id));
    expect(row!.sessionId).toBe(sessionB);
    expect(await account(s1!.id, sessionB)).toBe(5_000_000);
    expect(await account(s1!.id, empty!.id)).toBeNull();
  });

  it('lets only one of two officers moving the same payment at once win', async () => {
    const id = ids['S2-OVER']!;
    const results = await Promise.all([
      move(id, { fromSessionId: sessionA, toSessionId: sessionB, reason: 'Officer one: arrears' }, admin),
      move(id, { fromSessionId: sessionA, toSessionId: sessionB, reason: 'Officer two: arrears' }, officer2),
    ]);
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes).toEqual([200, 409]);
    const loser = results.find((r) => r.statusCode === 409)!;
    expect(loser.json().Message).toBe(BURSARY_MESSAGES.movedMeanwhile);
    const moves = await t.database.db
      .select()
      .from(paymentSessionMoves)
      .where(eq(paymentSessionMoves.paymentId, id));
    expect(moves).toHaveLength(1);
    const trail = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'move_session'), eq(auditLog.entityId, String(id))));
    expect(trail).toHaveLength(1);
    const [row] = await t.database.db
      .select()
      .from(payments)
      .where(inArray(payments.id, [id]));
    expect(row!.sessionId).toBe(sessionB);
    expect(await account(s2!.id, sessionA)).toBe(0);
    expect(await account(s2!.id, sessionB)).toBe(4_000_000);
  });

  it('refuses callers without the page', async () => {
    const cases: [string, Headers, number][] = [
      ['/api/admin/bursary/payments', revenueOnly, 403],
      ['/api/admin/bursary/payments', paymentsOnly, 200],
      ['/api/admin/bursary/payments', officer2, 200],
      ['/api/admin/bursary/payments/export?format=csv', officer2, 403],
      ['/api/admin/bursary/revenue?from=2021-06-01&to=2021-06-02', revenueOnly, 200],
      ['/api/admin/bursary/revenue?from=2021-06-01&to=2021-06-02', paymentsOnly, 403],
      ['/api/admin/bursary/summary', paymentsOnly, 403],
      ['/api/admin/bursary/students?search=DIT', paymentsOnly, 403],
      ['/api/admin/bursary/session-moves', paymentsOnly, 403],
      ['/api/admin/bursary/options', revenueOnly, 200],
      ['/api/admin/bursary/payments', student, 403],
      ['/api/admin/bursary/payments', {}, 401],
    ];
    for (const [url, headers, code] of cases) expect((await get(url, headers)).statusCode, url).toBe(code);
    const refused = await move(
      ids['S2-OVER']!,
      { fromSessionId: sessionB, toSessionId: sessionA, reason: 'Not my page' },
      paymentsOnly,
    );
    expect(refused.statusCode).toBe(403);
  });
});
