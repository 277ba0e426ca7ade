import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAYMENT_MESSAGES, SCHOOL_FEES_MESSAGES } from '@portal/contracts';
import { feeAccounts, payments, students } from '../../db/schema/index.js';
import { newPublicId } from '../../platform/ids.js';
import { login, type TestApp } from '../../../test/helpers.js';
import { settle, startPaymentsApp, submitCheckout } from './test-support.js';

// School fees through the sandbox gateway, for fresh students copied from the demo ones:
// DIT/2024/0001 (indigene, state 2656) and DIT/2024/0002 (non-indigene), 100 level Computer Science.
// 2024/2025, 100 level: indigene ₦66,500 (Tuition 45,000, Registration 5,000, Medical 3,000,
// ICT 10,000, Library 2,000, Sports 1,500; the late-registration fee is a category of its own,
// charged only to the late); non-indigene ₦96,500
// (Tuition 75,000). The school's minimum first instalment is 60%.

type Auth = { authorization: string };
type Provider = 'monnify' | 'nomba' | 'remita';
const START = { monnify: 'AddPayeePaymentMonnify', nomba: 'AddPayeePaymentNomba', remita: 'AddPayeePayment' };
const CHECK = { monnify: 'Monnify', nomba: 'Nomba', remita: 'Remita' };

describe('school fees through the sandbox gateway', () => {
  let t: TestApp & { url: string };
  let admin: Auth;
  beforeAll(async () => {
    t = await startPaymentsApp();
    admin = (await login(t.app, 'Admin', 'admin@demo.edu.ng')).auth;
  }, 120_000);
  afterAll(() => t?.close(), 60_000);
  const db = () => t.database.db;

  /** A new student like a demo one (its programme, level, state), signed in. */
  async function newStudent(template: 'DIT/2024/0001' | 'DIT/2024/0002') {
    const [row] = await db().select().from(students).where(eq(students.matricNo, template));
    const suffix = randomBytes(4).toString('hex');
    const { id: _id, ...copy } = row!;
    const [created] = await db()
      .insert(students)
      .values({
        ...copy,
        publicId: newPublicId(),
        matricNo: `TST/${suffix}`,
        email: `fees-${suffix}@demo.edu.ng`,
        applicantId: null,
      })
      .returning();
    return { row: created!, auth: (await login(t.app, 'Student', created!.matricNo)).auth };
  }

  const start = (auth: Auth, provider: Provider, body: object = {}, payType = 1) =>
    t.app.inject({
      method: 'POST',
      url: `/api/${START[provider]}?payType=${payType}`,
      headers: auth,
      payload: body,
    });
  const check = (auth: Auth, provider: Provider, reference: string) =>
    t.app.inject({
      method: 'GET',
      url: `/api/CheckPayeePayment${CHECK[provider]}?paymentReference=${encodeURIComponent(reference)}`,
      headers: auth,
    });
  const statement = async (auth: Auth) =>
    (await t.app.inject({ method: 'GET', url: '/api/student/school-fees', headers: auth })).json().Data;
  /** Starts, pays at the sandbox checkout (no webhook) and comes back: the reference the browser brings. */
  async function payAtGateway(
    auth: Auth,
    provider: Provider,
    body: object,
    form: { amount?: string; webhook?: 'none' | 'twice' } = {},
  ) {
    return pay(await begin(auth, provider, body), form);
  }
  async function begin(auth: Auth, provider: Provider, body: object) {
    const started = await start(auth, provider, body);
    expect(started.statusCode, started.body).toBe(200);
    return started.json().Data as {
      checkOutUrl: string;
      TransactionRef: string;
      Amount: number;
      ProviderRef: string | null;
    };
  }
  async function pay(
    data: { checkOutUrl: string; TransactionRef: string; Amount: number; ProviderRef: string | null },
    form: { amount?: string; webhook?: 'none' | 'twice' } = {},
  ) {
    const back = await submitCheckout(data.checkOutUrl, {
      webhook: form.webhook ?? 'none',
      amount: form.amount,
    });
    expect(back.pathname).toBe('/portal/student/payment');
    const returned =
      back.searchParams.get('paymentReference') ??
      back.searchParams.get('orderReference') ??
      back.searchParams.get('RRR')!;
    return { data, returned };
  }
  const paymentOf = async (reference: string) =>
    (await db().select().from(payments).where(eq(payments.reference, reference)))[0]!;

  it('the statement: the items with both amounts, the indigene rule, totals and the instalment rule', async () => {
    const indigene = await newStudent('DIT/2024/0001');
    const other = await newStudent('DIT/2024/0002');
    const a = await statement(indigene.auth);
    const b = await statement(other.auth);
    expect(a).toMatchObject({
      Session: '2024/2025',
      Level: '100 Level',
      Indigene: true,
      TotalIndigene: 66_500,
      TotalNonIndigene: 96_500,
      Total: 66_500,
      Paid: 0,
      Balance: 66_500,
      AllowInstalments: true,
      FirstInstalmentPercent: 60,
      MinimumFirstInstalment: 39_900,
      CanPayFull: true,
      CanPayFirstInstalment: true,
      CanPayBalance: false,
      Attempts: [],
    });
    expect(a.Lines[0]).toEqual({
      PaymentItemId: 1,
      PaymentName: 'Tuition',
      IndigeneAmount: 45_000,
      NonIndigeneAmount: 75_000,
      Amount: 45_000,
    });
    expect(b).toMatchObject({
      Indigene: false,
      Total: 96_500,
      Balance: 96_500,
      MinimumFirstInstalment: 57_900,
    });
    expect(b.Lines[0].Amount).toBe(75_000);
  });

  it('full payment (Monnify, indigene): re-queried on return, credited once, receipt in indigene amounts', async () => {
    const { auth } = await newStudent('DIT/2024/0001');
    const { data, returned } = await payAtGateway(auth, 'monnify', { MethodId: 1, Amount: 1 });
    expect(data.Amount).toBe(66_500);
    expect(data.TransactionRef).toMatch(/^DIT-SCH-/);
    // Paid at the gateway; nothing credited until the portal asks.
    expect((await statement(auth)).Paid).toBe(0);
    const checked = await check(auth, 'monnify', returned);
    expect(checked.json()).toMatchObject({
      Message: PAYMENT_MESSAGES.success,
      Data: { status: 'PAID', Amount: 66_500, AmountPaid: 66_500 },
    });
    // Checking again changes nothing.
    expect((await check(auth, 'monnify', returned)).json().Data.status).toBe('PAID');
    expect(await statement(auth)).toMatchObject({
      Paid: 66_500,
      Balance: 0,
      CanPayFull: false,
      CanPayBalance: false,
    });
    const again = await start(auth, 'monnify', { MethodId: 1 });
    expect(again.statusCode).toBe(409);
    expect(again.json().Message).toBe(SCHOOL_FEES_MESSAGES.alreadyPaid);

    const receiptId = checked.json().Data.ReceiptId;
    const receipt = (
      await t.app.inject({ method: 'GET', url: `/api/SchoolFeesReceipt0?RRR=${receiptId}` })
    ).json();
    expect(receipt.Data).toMatchObject({
      totals0: [{ total: 96_500 }],
      totals1: [{ total: 66_500 }],
      MethodId: 1,
      amountPaid: 66_500,
      Level: '100 Level',
    });
    expect(receipt.Data.details[0]).toEqual({
      PaymentName: 'Tuition',
      IndigeneAmount: 45_000,
      NonIndigeneAmount: 75_000,
    });
    const full = (
      await t.app.inject({ method: 'GET', url: `/api/PaymentReceiptByRRR?transactionId=${receiptId}` })
    ).json();
    expect(full.Data).toMatchObject({ paymentCategoryId: 1, payeeId: 2, amountPaid: 66_500 });
    const pdf = await t.app.inject({ method: 'GET', url: `/api/receipts/${receiptId}.pdf` });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toContain('application/pdf');
  });

  it('instalments (non-indigene): the minimum share is enforced, then the balance, through Nomba and Remita', async () => {
    const { auth } = await newStudent('DIT/2024/0002');
    const small = await start(auth, 'nomba', { MethodId: 2, InstalmentAmount: 50_000 });
    expect(small.statusCode).toBe(400);
    expect(small.json().Message).toBe('The first instalment must be at least ₦57,900.00.');
    const whole = await start(auth, 'nomba', { MethodId: 2, InstalmentAmount: 96_500 });
    expect(whole.statusCode).toBe(400);
    expect(whole.json().Message).toBe(SCHOOL_FEES_MESSAGES.instalmentTooLarge);

    const first = await payAtGateway(auth, 'nomba', { MethodId: 2 });
    expect(first.data.Amount).toBe(57_900);
    expect((await check(auth, 'nomba', first.returned)).json().Data.status).toBe('PAID');
    expect(await statement(auth)).toMatchObject({
      Paid: 57_900,
      Balance: 38_600,
      CanPayFull: false,
      CanPayFirstInstalment: false,
      CanPayBalance: true,
    });
    const fullNow = await start(auth, 'remita', { MethodId: 1 });
    expect(fullNow.statusCode).toBe(409);
    expect(fullNow.json().Message).toBe(SCHOOL_FEES_MESSAGES.fullAfterInstalment);

    // The balance: whatever amount is asked, it is the balance.
    const balance = await payAtGateway(auth, 'remita', { MethodId: 2, InstalmentAmount: 70_000 });
    expect(balance.data.Amount).toBe(38_600);
    expect(balance.data.ProviderRef).toMatch(/^\d{12}$/);
    expect((await check(auth, 'remita', balance.returned)).json().Data.status).toBe('PAID');
    expect(await statement(auth)).toMatchObject({ Paid: 96_500, Balance: 0 });
    const receipt = (
      await t.app.inject({
        method: 'GET',
        url: `/api/SchoolFeesReceipt0?RRR=${(await paymentOf(balance.data.TransactionRef)).publicId}`,
      })
    ).json();
    expect(receipt.Data).toMatchObject({ MethodId: 2, amountPaid: 38_600, totals0: [{ total: 96_500 }] });
  });

  it('a short payment is flagged and not credited; an overpayment credits only what was due', async () => {
    const { auth } = await newStudent('DIT/2024/0002');
    const short = await payAtGateway(auth, 'monnify', { MethodId: 1 }, { amount: '95000' });
    const answer = (await check(auth, 'monnify', short.returned)).json();
    expect(answer).toMatchObject({
      Message: PAYMENT_MESSAGES.underpaid,
      Data: { status: 'FAILED', AmountPaid: 95_000 },
    });
    expect(answer.Data.Flag).toMatch(/^underpaid/);
    expect((await statement(auth)).Paid).toBe(0);

    const over = await payAtGateway(auth, 'monnify', { MethodId: 1 }, { amount: '102000' });
    const paid = (await check(auth, 'monnify', over.returned)).json();
    expect(paid.Data).toMatchObject({ status: 'PAID', AmountPaid: 102_000 });
    expect(paid.Data.Flag).toMatch(/^overpaid/);
    expect(await statement(auth)).toMatchObject({ Paid: 96_500, Balance: 0 });
  });

  it('two balance attempts both paid at the gateway at once: one is credited, the other flagged for a refund', async () => {
    const { row, auth } = await newStudent('DIT/2024/0002');
    const first = await payAtGateway(auth, 'nomba', { MethodId: 2 });
    expect((await check(auth, 'nomba', first.returned)).json().Data.status).toBe('PAID');
    // Two tabs: both start the balance, then both pay it; the webhooks come twice each.
    const startedOne = await begin(auth, 'monnify', { MethodId: 2 });
    const startedTwo = await begin(auth, 'remita', { MethodId: 2 });
    expect([startedOne.Amount, startedTwo.Amount]).toEqual([38_600, 38_600]);
    const [one, two] = await Promise.all([
      pay(startedOne, { webhook: 'twice' }),
      pay(startedTwo, { webhook: 'twice' }),
    ]);
    const [a, b] = await Promise.all([
      check(auth, 'monnify', one.returned),
      check(auth, 'remita', two.returned),
    ]);
    await settle(t);
    const states = [a.json().Data.status, b.json().Data.status].sort();
    expect(states).toEqual(['FAILED', 'PAID']);
    const refused = [a, b].find((r) => r.json().Data.status === 'FAILED')!.json();
    expect(refused.Message).toBe(SCHOOL_FEES_MESSAGES.duplicate);
    expect(refused.Data.Flag).toMatch(/^duplicate: the school fees were already covered/);
    expect(await statement(auth)).toMatchObject({ Paid: 96_500, Balance: 0 });
    const [account] = await db()
      .select()
      .from(feeAccounts)
      .where(and(eq(feeAccounts.studentId, row.id), eq(feeAccounts.categoryId, 1)));
    expect(account).toMatchObject({ dueKobo: 9_650_000, paidKobo: 9_650_000 });
    const paidRows = await db()
      .select()
      .from(payments)
      .where(and(eq(payments.studentId, row.id), eq(payments.state, 'paid')));
    expect(paidRows.reduce((s, p) => s + p.amountKobo, 0)).toBe(9_650_000);
  });

  it('many credits racing on one account never exceed what is due (the database refuses)', async () => {
    const { row, auth } = await newStudent('DIT/2024/0001');
    // Five full-payment attempts, each paid at the gateway, then all checked at once.
    const started = [];
    for (let i = 0; i < 5; i += 1) started.push(await begin(auth, 'monnify', { MethodId: 1 }));
    const attempts = await Promise.all(started.map((data) => pay(data)));
    const answers = await Promise.all(attempts.map((p) => check(auth, 'monnify', p.returned)));
    const paid = answers.filter((r) => r.json().Data.status === 'PAID');
    expect(paid).toHaveLength(1);
    expect(answers.filter((r) => r.json().Data.Flag?.startsWith('duplicate'))).toHaveLength(4);
    const [account] = await db().select().from(feeAccounts).where(eq(feeAccounts.studentId, row.id));
    expect(account!.paidKobo).toBe(6_650_000);
  });

  it('payer kinds and ownership: purposes for their own payers, and another payer’s reference is unknown', async () => {
    const owner = await newStudent('DIT/2024/0001');
    const other = await newStudent('DIT/2024/0002');
    const started = (await start(owner.auth, 'monnify', { MethodId: 1 })).json().Data;
    const foreign = await check(other.auth, 'monnify', started.TransactionRef);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().Message).toBe(PAYMENT_MESSAGES.unknownReference);
    const applicant = await login(t.app, 'Applicant', '202410000007AG');
    expect((await check(applicant.auth, 'monnify', started.TransactionRef)).statusCode).toBe(404);
    expect((await start(applicant.auth, 'monnify', {}, 1)).statusCode).toBe(400);
    expect((await start(owner.auth, 'monnify', {}, 10)).json().Message).toBe(PAYMENT_MESSAGES.wrongPayType);
    expect((await start(owner.auth, 'monnify', {}, 77)).statusCode).toBe(400);
    // The history: the student's own attempts only.
    const history = (
      await t.app.inject({ method: 'GET', url: '/api/student/payment-history', headers: owner.auth })
    ).json();
    expect(history).toMatchObject({
      Total: 1,
      Data: [{ Reference: started.TransactionRef, State: 'pending' }],
    });
  });

  it('the demo student DIT/2023/0003 has paid the first instalment; the bursary sees the balance owing', async () => {
    const { auth } = await login(t.app, 'Student', 'DIT/2023/0003');
    const s = await statement(auth);
    // 200 level, non-indigene: Tuition 70,000 + 5,000 + 3,000 + ICT 7,500 + 2,000 + 1,500 + 5,000.
    expect(s).toMatchObject({
      Level: '200 Level',
      Indigene: false,
      Total: 89_000,
      Paid: 53_400,
      Balance: 35_600,
    });
    const paid = s.Attempts.find((a: { State: string }) => a.State === 'paid');
    expect(paid).toMatchObject({ MethodId: 2, Amount: 53_400 });
    const receipt = (
      await t.app.inject({ method: 'GET', url: `/api/SchoolFeesReceipt0?RRR=${paid.PaymentId}` })
    ).json();
    expect(receipt.Data).toMatchObject({
      MethodId: 2,
      amountPaid: 53_400,
      Level: '200 Level',
      totals0: [{ total: 89_000 }],
    });

    const list = (
      await t.app.inject({ method: 'GET', url: '/api/admin/debtors?search=DIT/20', headers: admin })
    ).json();
    expect(list.Session).toBe('2024/2025');
    const byMatric = Object.fromEntries(list.Data.map((r: { MatricNo: string }) => [r.MatricNo, r]));
    expect(byMatric['DIT/2023/0003']).toMatchObject({
      Due: 89_000,
      Paid: 53_400,
      Balance: 35_600,
      Level: '200 Level',
    });
    expect(byMatric['DIT/2024/0001']).toMatchObject({
      Due: 66_500,
      Paid: 0,
      Balance: 66_500,
      Indigene: true,
    });
    expect(byMatric['DIT/2024/0002']).toMatchObject({ Due: 96_500, Balance: 96_500, Indigene: false });

    const level200 = (
      await t.app.inject({
        method: 'GET',
        url: `/api/admin/debtors?search=DIT/&levelId=2&pageSize=1`,
        headers: admin,
      })
    ).json();
    expect(level200).toMatchObject({ Total: 1, Data: [{ MatricNo: 'DIT/2023/0003' }] });

    const csv = await t.app.inject({
      method: 'GET',
      url: '/api/admin/debtors/export?format=csv&search=DIT/2023',
      headers: admin,
    });
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body).toContain(
      'Matric No.,Name,Department,Level,Indigene,Due (NGN),Paid (NGN),Balance (NGN)',
    );
    expect(csv.body).toContain('DIT/2023/0003,Emeka Nnamdi,Computer Science,200 Level,No,89000,53400,35600');
    const xlsx = await t.app.inject({
      method: 'GET',
      url: '/api/admin/debtors/export?format=xlsx',
      headers: admin,
    });
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.rawPayload.subarray(0, 2).toString()).toBe('PK');
  });

  it('a payment whose browser never comes back is credited by its webhooks (sent twice), once', async () => {
    const { auth } = await newStudent('DIT/2024/0002');
    const started = await begin(auth, 'remita', { MethodId: 2 });
    await pay(started, { webhook: 'twice' });
    await settle(t);
    expect(await statement(auth)).toMatchObject({ Paid: 57_900, Balance: 38_600, CanPayBalance: true });
    expect(await paymentOf(started.TransactionRef)).toMatchObject({ state: 'paid', amountKobo: 5_790_000 });
    // Left pending at the gateway: the reconciliation job asks again and credits it.
    const balance = await begin(auth, 'monnify', { MethodId: 2 });
    await pay(balance, { webhook: 'none' });
    await t.app.payments.reconciler.runOnce(new Date(Date.now() + 60_000));
    expect(await statement(auth)).toMatchObject({ Paid: 96_500, Balance: 0 });
  });

  it('a fully paid student is not a debtor', async () => {
    const { row, auth } = await newStudent('DIT/2024/0001');
    const paid = await payAtGateway(auth, 'monnify', { MethodId: 1 });
    await check(auth, 'monnify', paid.returned);
    const list = (
      await t.app.inject({
        method: 'GET',
        url: `/api/admin/debtors?search=${encodeURIComponent(row.matricNo)}`,
        headers: admin,
      })
    ).json();
    expect(list.Total).toBe(0);
  });
});
