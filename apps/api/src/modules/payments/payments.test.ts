import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAYMENT_MESSAGES } from '@portal/contracts';
import { applicants, paymentEvents, payments } from '../../db/schema/index.js';
import { login, startTestApp, type TestApp } from '../../../test/helpers.js';
import { WEBHOOK_NOT_SETTLED } from './payments.routes.js';
import { admittedApplicant, settle, startPaymentsApp, submitCheckout } from './test-support.js';

type Auth = { authorization: string };

describe('acceptance-fee payments through the sandbox gateway', () => {
  let t: TestApp & { url: string };
  beforeAll(async () => {
    t = await startPaymentsApp();
  }, 120_000);
  afterAll(() => t?.close(), 60_000);

  const db = () => t.database.db;
  const start = (auth: Auth, provider: 'monnify' | 'nomba' | 'remita', payload: object = {}, payType = 10) =>
    t.app.inject({
      method: 'POST',
      url: `${{ monnify: '/api/AddPayeePaymentMonnify', nomba: '/api/AddPayeePaymentNomba', remita: '/api/AddPayeePayment' }[provider]}?payType=${payType}`,
      headers: auth,
      payload,
    });
  const check = (
    auth: Auth | Record<string, never>,
    provider: 'Monnify' | 'Nomba' | 'Remita',
    reference: string,
  ) =>
    t.app.inject({
      method: 'GET',
      url: `/api/CheckPayeePayment${provider}?paymentReference=${encodeURIComponent(reference)}`,
      headers: auth,
    });
  const paymentOf = async (reference: string) =>
    (await db().select().from(payments).where(eq(payments.reference, reference)))[0]!;
  const applicantRow = async (id: number) =>
    (await db().select().from(applicants).where(eq(applicants.id, id)))[0]!;

  it('Monnify: the redirect is not trusted; the check asks the gateway, credits once and moves the applicant to level 4', async () => {
    const { row, auth } = await admittedApplicant(t);
    const started = await start(auth, 'monnify');
    expect(started.statusCode).toBe(200);
    const body = started.json();
    expect(body).toMatchObject({
      Status: 'OK',
      Message: PAYMENT_MESSAGES.refGenerated,
      Data: { Provider: 'monnify', Amount: 5000, Sandbox: true },
    });
    expect(body.Data.checkOutUrl.startsWith(`${t.url}/api/sandbox/monnify/checkout/MNFY%7C`)).toBe(true);
    const reference: string = body.Data.TransactionRef;
    expect(await paymentOf(reference)).toMatchObject({
      state: 'pending',
      amountKobo: 500_000,
      itemIds: [2],
      categoryId: 10,
      payeeTypeId: 1,
      applicantId: row.id,
    });

    const back = await submitCheckout(body.Data.checkOutUrl, { webhook: 'none' });
    expect(back.pathname).toBe('/portal/applicant/dashboard');
    expect(back.searchParams.get('paymentReference')).toBe(reference);
    // Paid at the gateway, but nothing is credited until the portal asks.
    expect((await paymentOf(reference)).state).toBe('pending');
    expect((await applicantRow(row.id)).acceptancePaidAt).toBeNull();

    const checked = await check(auth, 'Monnify', back.searchParams.get('paymentReference')!);
    expect(checked.statusCode).toBe(200);
    const payment = await paymentOf(reference);
    expect(checked.json()).toMatchObject({
      Status: 'OK',
      Message: PAYMENT_MESSAGES.success,
      Data: {
        status: 'PAID',
        paid: true,
        TransactionRef: reference,
        Amount: 5000,
        AmountPaid: 5000,
        Flag: null,
        ReceiptId: payment.publicId,
      },
    });
    expect(payment).toMatchObject({
      state: 'paid',
      amountPaidKobo: 500_000,
      providerStatus: 'PAID',
      flag: null,
    });
    expect(payment.providerReference).toMatch(/^MNFY\|/);
    expect((await applicantRow(row.id)).acceptancePaidAt?.toISOString()).toBe(payment.paidAt?.toISOString());

    expect((await check(auth, 'Monnify', reference)).json().Data.status).toBe('PAID');
    const again = await start(auth, 'monnify');
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ Status: 'Invalid', Message: PAYMENT_MESSAGES.alreadyPaid });
  });

  it('Nomba: the return carries orderId and orderReference, and either one finds the payment', async () => {
    const { auth } = await admittedApplicant(t);
    const started = (await start(auth, 'nomba')).json();
    expect(started.Data.checkOutUrl.startsWith(`${t.url}/api/sandbox/nomba/checkout/`)).toBe(true);
    const back = await submitCheckout(started.Data.checkOutUrl, { webhook: 'none' });
    expect(back.searchParams.get('orderReference')).toBe(started.Data.TransactionRef);
    const orderId = back.searchParams.get('orderId')!;
    expect(orderId).toMatch(/^[0-9a-f-]{36}$/);
    const byOrderId = await check(auth, 'Nomba', orderId);
    expect(byOrderId.json()).toMatchObject({ Status: 'OK', Data: { status: 'PAID', ProviderRef: orderId } });
    expect((await check(auth, 'Nomba', started.Data.TransactionRef)).json().Data.status).toBe('PAID');
  });

  it('Nomba: the checkout shows the payer’s name and the items, as Monnify’s does', async () => {
    const { row, auth } = await admittedApplicant(t);
    const name = [row.firstName, row.otherName, row.lastName].filter(Boolean).join(' ');
    for (const provider of ['nomba', 'monnify'] as const) {
      const started = (await start(auth, provider)).json();
      const tx = t.app.payments.sandbox!.store.findByMerchantRef(provider, started.Data.TransactionRef)!;
      expect(tx).toMatchObject({
        customerName: name,
        customerEmail: row.email,
        description: `Acceptance Fee (${row.jambRegNo})`,
      });
      const page = await (await fetch(started.Data.checkOutUrl)).text();
      expect(page).toContain(`<dt>For</dt><dd>Acceptance Fee (${row.jambRegNo})</dd>`);
      expect(page).toContain(`<dt>Payer</dt><dd>${name} &lt;${row.email}&gt;</dd>`);
      expect(page).not.toContain('Online checkout order');
    }
  });

  it('Remita: an RRR, the pay page, the return with RRR and orderID; the unsigned notification only triggers a re-query', async () => {
    const { row, auth } = await admittedApplicant(t);
    const started = (await start(auth, 'remita')).json();
    expect(started.Data.ProviderRef).toMatch(/^\d{12}$/);
    expect(started.Data.form).toMatchObject({
      action: `${t.url}/api/sandbox/remita/remita/ecomm/finalize.reg`,
      fields: { rrr: started.Data.ProviderRef },
    });
    const back = await submitCheckout(started.Data.checkOutUrl, { webhook: 'once' });
    expect(back.searchParams.get('RRR')).toBe(started.Data.ProviderRef);
    expect(back.searchParams.get('orderID')).toBe(started.Data.TransactionRef);
    await settle(t);
    // Credited by the notification's re-query, before the browser's check.
    expect(await paymentOf(started.Data.TransactionRef)).toMatchObject({
      state: 'paid',
      providerStatus: '00',
      amountPaidKobo: 500_000,
    });
    expect((await applicantRow(row.id)).acceptancePaidAt).not.toBeNull();
    expect((await check(auth, 'Remita', back.searchParams.get('RRR')!)).json().Data.status).toBe('PAID');
  });

  it('a webhook alone credits the payment when the browser never comes back; its resend is recognised', async () => {
    const { auth } = await admittedApplicant(t);
    const started = (await start(auth, 'monnify')).json();
    const before = { ...t.app.payments.service.counters };
    await submitCheckout(started.Data.checkOutUrl, { webhook: 'twice' });
    await settle(t);
    const payment = await paymentOf(started.Data.TransactionRef);
    expect(payment.state).toBe('paid');
    const events = await db().select().from(paymentEvents).where(eq(paymentEvents.paymentId, payment.id));
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ provider: 'monnify', verified: true });
    // The resend is either ignored (the first had settled) or joins the first's re-query: both delivered, one credit.
    const { counters } = t.app.payments.service;
    expect(counters.duplicateWebhooks - before.duplicateWebhooks + counters.webhooks - before.webhooks).toBe(
      2,
    );
    expect(events[0]!.settledAt).not.toBeNull();
    expect(counters.credited - before.credited).toBe(1);
  });

  it('the same webhook 50 times at once, racing the redirect check, gives one paid transition and one receipt', async () => {
    const { row, auth } = await admittedApplicant(t);
    const started = (await start(auth, 'monnify')).json();
    await submitCheckout(started.Data.checkOutUrl, { webhook: 'none' });
    const sandbox = t.app.payments.sandbox!;
    const tx = sandbox.store.findByMerchantRef('monnify', started.Data.TransactionRef)!;
    const delivery = sandbox.webhookFor(tx)!;
    const before = t.app.payments.service.counters.credited;

    const webhooks = Array.from({ length: 50 }, () =>
      fetch(`${t.url}/api/payments/webhooks/monnify`, {
        method: 'POST',
        headers: delivery.headers,
        body: delivery.body,
      }),
    );
    const checks = Array.from({ length: 3 }, () =>
      fetch(`${t.url}/api/CheckPayeePaymentMonnify?paymentReference=${started.Data.TransactionRef}`, {
        headers: auth,
      }),
    );
    const [hookResponses, checkResponses] = await Promise.all([Promise.all(webhooks), Promise.all(checks)]);
    expect(hookResponses.map((r) => r.status)).toEqual(Array(50).fill(200));
    for (const response of checkResponses)
      expect(((await response.json()) as { Data: { status: string } }).Data.status).toBe('PAID');
    await settle(t);

    expect(t.app.payments.service.counters.credited - before).toBe(1);
    const rows = await db().select().from(payments).where(eq(payments.applicantId, row.id));
    expect(rows.filter((p) => p.state === 'paid')).toHaveLength(1);
    const events = await db().select().from(paymentEvents).where(eq(paymentEvents.paymentId, rows[0]!.id));
    expect(events).toHaveLength(1);
    expect((await applicantRow(row.id)).acceptancePaidAt?.toISOString()).toBe(rows[0]!.paidAt?.toISOString());
    const receipt = await t.app.inject({
      method: 'GET',
      url: `/api/PaymentReceiptByRRR?transactionId=${rows[0]!.publicId}`,
    });
    expect(receipt.statusCode).toBe(200);
  });

  it('a notice that arrives while the gateway still says pending is not done: its retry re-queries and settles, a later duplicate credits nothing', async () => {
    const { row, auth } = await admittedApplicant(t);
    const started = (await start(auth, 'monnify')).json();
    const reference: string = started.Data.TransactionRef;
    const sandbox = t.app.payments.sandbox!;
    const tx = sandbox.store.findByMerchantRef('monnify', reference)!;
    // The notice Monnify sends for this payment, delivered before its status API says PAID
    // (the status API may lag the notification): the sandbox still holds the checkout unpaid.
    const delivery = sandbox.webhookFor({
      ...tx,
      status: 'PAID',
      amountPaidKobo: tx.amountKobo,
      paidAt: new Date().toISOString(),
    })!;
    const deliver = () =>
      fetch(`${t.url}/api/payments/webhooks/monnify`, {
        method: 'POST',
        headers: delivery.headers,
        body: delivery.body,
      });
    const eventsOf = async (paymentId: number) =>
      db().select().from(paymentEvents).where(eq(paymentEvents.paymentId, paymentId));
    const before = t.app.payments.service.counters.credited;

    const first = await deliver();
    expect(first.status).toBe(503);
    expect(first.headers.get('retry-after')).toBe('60');
    expect(await first.json()).toEqual({ Status: 'Error', Message: WEBHOOK_NOT_SETTLED });
    const pending = await paymentOf(reference);
    expect(pending.state).toBe('pending');
    const [seen] = await eventsOf(pending.id);
    expect(seen).toMatchObject({ provider: 'monnify', settledAt: null });

    // The gateway retries while it is still unpaid: asked again, still not done.
    expect((await deliver()).status).toBe(503);
    expect((await paymentOf(reference)).state).toBe('pending');

    // Now paid at the gateway (no webhook of its own); the retry of the same notice settles at once.
    await submitCheckout(started.Data.checkOutUrl, { webhook: 'none' });
    const retry = await deliver();
    expect(retry.status).toBe(200);
    expect(await retry.json()).toEqual({ Status: 'OK', Message: 'accepted 1, already seen 0' });
    const paid = await paymentOf(reference);
    expect(paid).toMatchObject({ state: 'paid', amountPaidKobo: 500_000 });
    expect((await applicantRow(row.id)).acceptancePaidAt).not.toBeNull();
    const events = await eventsOf(paid.id);
    expect(events).toHaveLength(1);
    expect(events[0]!.settledAt).not.toBeNull();

    // Duplicates after the settlement, ten at once: acknowledged, ignored, nothing credited twice.
    const duplicates = await Promise.all(Array.from({ length: 10 }, deliver));
    expect(duplicates.map((r) => r.status)).toEqual(Array(10).fill(200));
    expect(await duplicates[0]!.json()).toEqual({ Status: 'OK', Message: 'accepted 0, already seen 1' });
    expect(t.app.payments.service.counters.credited - before).toBe(1);
    const rows = await db().select().from(payments).where(eq(payments.applicantId, row.id));
    expect(rows.filter((p) => p.state === 'paid')).toHaveLength(1);
    expect(await eventsOf(paid.id)).toHaveLength(1);
  });

  it('concurrent retries of an unsettled notice, once the gateway says paid, credit once', async () => {
    const { row, auth } = await admittedApplicant(t);
    const started = (await start(auth, 'nomba')).json();
    const reference: string = started.Data.TransactionRef;
    const sandbox = t.app.payments.sandbox!;
    await submitCheckout(started.Data.checkOutUrl, { webhook: 'none' });
    const delivery = sandbox.webhookFor(sandbox.store.findByMerchantRef('nomba', reference)!)!;
    const deliver = () =>
      fetch(`${t.url}/api/payments/webhooks/nomba`, {
        method: 'POST',
        headers: delivery.headers,
        body: delivery.body,
      });
    const before = t.app.payments.service.counters.credited;
    const answers = await Promise.all(Array.from({ length: 20 }, deliver));
    expect(answers.every((r) => r.status === 200)).toBe(true);
    expect(t.app.payments.service.counters.credited - before).toBe(1);
    const rows = await db().select().from(payments).where(eq(payments.applicantId, row.id));
    expect(rows.filter((p) => p.state === 'paid')).toHaveLength(1);
  });

  it('twenty concurrent applications of one verified answer move the state once (the conditional UPDATE)', async () => {
    const { auth } = await admittedApplicant(t);
    const started = (await start(auth, 'nomba')).json();
    await submitCheckout(started.Data.checkOutUrl, { webhook: 'none' });
    const pending = await paymentOf(started.Data.TransactionRef);
    const { gateway } = t.app.payments.gateways.nomba!;
    const verified = await gateway.verify({ merchantRef: pending.reference });
    expect(verified.state).toBe('paid');
    const before = t.app.payments.service.counters.credited;
    const results = await Promise.all(
      Array.from({ length: 20 }, () => t.app.payments.service.apply(pending, gateway, verified)),
    );
    expect(results.every((r) => r.state === 'paid')).toBe(true);
    expect(t.app.payments.service.counters.credited - before).toBe(1);
  });

  it('a second acceptance fee paid through another attempt is not credited; it is flagged for a refund', async () => {
    const { row, auth } = await admittedApplicant(t);
    const first = (await start(auth, 'monnify')).json();
    const second = (await start(auth, 'nomba')).json();
    expect(second.Data.TransactionRef).not.toBe(first.Data.TransactionRef);
    await submitCheckout(first.Data.checkOutUrl, { webhook: 'none' });
    await submitCheckout(second.Data.checkOutUrl, { webhook: 'none' });
    expect((await check(auth, 'Monnify', first.Data.TransactionRef)).json().Data.status).toBe('PAID');
    const duplicate = await check(auth, 'Nomba', second.Data.TransactionRef);
    expect(duplicate.json()).toMatchObject({
      Message: PAYMENT_MESSAGES.duplicate,
      Data: { status: 'FAILED', AmountPaid: 5000 },
    });
    expect(duplicate.json().Data.Flag).toMatch(/^duplicate/);
    const rows = await db()
      .select()
      .from(payments)
      .where(and(eq(payments.applicantId, row.id), eq(payments.state, 'paid')));
    expect(rows).toHaveLength(1);
  });

  it('an underpaid transfer is flagged and not credited; an overpaid one is credited and flagged', async () => {
    const short = await admittedApplicant(t);
    const a = (await start(short.auth, 'monnify')).json();
    await submitCheckout(a.Data.checkOutUrl, { amount: '3000.00', webhook: 'once' });
    await settle(t);
    const underpaid = await paymentOf(a.Data.TransactionRef);
    expect(underpaid).toMatchObject({
      state: 'failed',
      amountPaidKobo: 300_000,
      providerStatus: 'PARTIALLY_PAID',
    });
    expect(underpaid.flag).toMatch(/^underpaid: received 300000 kobo of 500000/);
    expect((await applicantRow(short.row.id)).acceptancePaidAt).toBeNull();
    expect((await check(short.auth, 'Monnify', a.Data.TransactionRef)).json()).toMatchObject({
      Message: PAYMENT_MESSAGES.underpaid,
      Data: { status: 'FAILED', paid: false, ReceiptId: null },
    });
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/PaymentReceiptByRRR?transactionId=${underpaid.publicId}`,
        })
      ).statusCode,
    ).toBe(404);

    const over = await admittedApplicant(t);
    const b = (await start(over.auth, 'nomba')).json();
    await submitCheckout(b.Data.checkOutUrl, { amount: '5500', webhook: 'once' });
    await settle(t);
    const overpaid = await paymentOf(b.Data.TransactionRef);
    expect(overpaid).toMatchObject({ state: 'paid', amountPaidKobo: 550_000 });
    expect(overpaid.flag).toMatch(/^overpaid: .* excess 50000/);
  });

  it('a cancelled checkout fails the attempt; a new attempt gets a fresh reference', async () => {
    const { auth } = await admittedApplicant(t);
    const first = (await start(auth, 'monnify')).json();
    const back = await submitCheckout(first.Data.checkOutUrl, { action: 'cancel', webhook: 'none' });
    expect(back.searchParams.get('paymentReference')).toBe(first.Data.TransactionRef);
    expect((await check(auth, 'Monnify', first.Data.TransactionRef)).json()).toMatchObject({
      Message: PAYMENT_MESSAGES.failed,
      Data: { status: 'FAILED' },
    });
    const second = (await start(auth, 'monnify')).json();
    expect(second.Data.TransactionRef).not.toBe(first.Data.TransactionRef);
  });

  it('refuses webhooks whose signature is wrong or missing, and stores nothing for them', async () => {
    const { auth } = await admittedApplicant(t);
    const started = (await start(auth, 'monnify')).json();
    await submitCheckout(started.Data.checkOutUrl, { webhook: 'none' });
    const sandbox = t.app.payments.sandbox!;
    const delivery = sandbox.webhookFor(
      sandbox.store.findByMerchantRef('monnify', started.Data.TransactionRef)!,
    )!;
    const eventsBefore = (await db().select().from(paymentEvents)).length;
    const forged = await fetch(`${t.url}/api/payments/webhooks/monnify`, {
      method: 'POST',
      headers: { ...delivery.headers, 'monnify-signature': 'ab'.repeat(64) },
      body: delivery.body,
    });
    expect(forged.status).toBe(401);
    const tampered = await fetch(`${t.url}/api/payments/webhooks/monnify`, {
      method: 'POST',
      headers: delivery.headers,
      body: delivery.body.replace('"amountPaid":5000', '"amountPaid":50000'),
    });
    expect(tampered.status).toBe(401);
    const unsigned = await fetch(`${t.url}/api/payments/webhooks/nomba`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"event_type":"payment_success"}',
    });
    expect(unsigned.status).toBe(401);
    expect((await db().select().from(paymentEvents)).length).toBe(eventsBefore);
    expect((await paymentOf(started.Data.TransactionRef)).state).toBe('pending');
  });

  it('a forged return with an unknown reference, or someone else’s, is refused', async () => {
    const owner = await admittedApplicant(t);
    const other = await admittedApplicant(t);
    const started = (await start(owner.auth, 'monnify')).json();
    const unknown = await check(owner.auth, 'Monnify', 'DIT-ACC-250101-FORGEDFORGED');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ Status: 'NotFound', Message: PAYMENT_MESSAGES.unknownReference });
    expect((await check(other.auth, 'Monnify', started.Data.TransactionRef)).statusCode).toBe(404);
    // The reference is Monnify's: it is not found under another provider either.
    expect((await check(owner.auth, 'Nomba', started.Data.TransactionRef)).statusCode).toBe(404);
    expect((await check({}, 'Monnify', started.Data.TransactionRef)).statusCode).toBe(401);
    // A student may check payments too, but only their own: an applicant's reference is unknown to them.
    const student = await login(t.app, 'Student', 'DIT/2024/0001');
    expect((await check(student.auth, 'Monnify', started.Data.TransactionRef)).statusCode).toBe(404);
  });

  it('the amount, items and payer cannot be set by the client', async () => {
    const { row, auth } = await admittedApplicant(t);
    const started = await start(auth, 'monnify', {
      Amount: 1,
      amount: '1.00',
      PaymentItemId: [1, 3, 5],
      PaymentCategoryId: 1,
      PayeeTypeId: 2,
      PayeeId: 7,
      ApplicantID: 7,
      PayeeEmail: 'someone@else.test',
      FirstName: 'Mallory',
    });
    expect(started.statusCode).toBe(200);
    expect(started.json().Data.Amount).toBe(5000);
    const payment = await paymentOf(started.json().Data.TransactionRef);
    expect(payment).toMatchObject({
      amountKobo: 500_000,
      itemIds: [2],
      categoryId: 10,
      payeeTypeId: 1,
      applicantId: row.id,
    });
    const tx = t.app.payments.sandbox!.store.findByMerchantRef('monnify', payment.reference)!;
    expect(tx).toMatchObject({ amountKobo: 500_000, customerEmail: row.email });
    expect((await start(auth, 'monnify', {}, 1)).statusCode).toBe(400);
  });

  it('only an admitted applicant who has not paid may start a payment', async () => {
    const notAdmitted = await admittedApplicant(t, { admitted: false });
    const refused = await start(notAdmitted.auth, 'monnify');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().Message).toBe(PAYMENT_MESSAGES.notAdmitted);
    const paid = await login(t.app, 'Applicant', '202410000007AG');
    expect((await start(paid.auth, 'nomba')).statusCode).toBe(409);
    // The acceptance fee is not offered to students (school fees are payType 1).
    const student = await login(t.app, 'Student', 'DIT/2024/0001');
    const notOffered = await start(student.auth, 'monnify');
    expect(notOffered.statusCode).toBe(400);
    expect(notOffered.json().Message).toBe(PAYMENT_MESSAGES.wrongPayType);
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/AddPayeePaymentMonnify?payType=10', payload: {} }))
        .statusCode,
    ).toBe(401);
  });

  it('the reconciliation job settles a payment left pending once the gateway reports it paid', async () => {
    const { row, auth } = await admittedApplicant(t);
    const started = (await start(auth, 'nomba')).json();
    const reconciler = t.app.payments.reconciler;
    const soon = new Date(Date.now() + 5 * 60_000);
    await reconciler.runOnce(soon);
    expect(await paymentOf(started.Data.TransactionRef)).toMatchObject({
      state: 'pending',
      providerStatus: 'NO_TRANSACTION',
    });
    // Paid at the gateway; no webhook and the browser never asks.
    await submitCheckout(started.Data.checkOutUrl, { webhook: 'none' });
    expect((await paymentOf(started.Data.TransactionRef)).state).toBe('pending');
    const pass = await reconciler.runOnce(new Date(Date.now() + 20 * 60_000));
    expect(pass.settled).toBeGreaterThanOrEqual(1);
    expect((await paymentOf(started.Data.TransactionRef)).state).toBe('paid');
    expect((await applicantRow(row.id)).acceptancePaidAt).not.toBeNull();
  });

  it('a transfer that lands after the browser returned shows pending, then the job credits it', async () => {
    const { auth } = await admittedApplicant(t);
    const started = (await start(auth, 'monnify')).json();
    // The money lands 3 s after the browser returns: the check below must come before it, which a
    // loaded machine did not always do within 0.3 s.
    await submitCheckout(started.Data.checkOutUrl, {
      action: 'transfer_later',
      webhook: 'none',
      delaySeconds: 3,
    });
    const now = await check(auth, 'Monnify', started.Data.TransactionRef);
    expect(now.json()).toMatchObject({
      Message: PAYMENT_MESSAGES.pending,
      Data: { status: 'PENDING', paid: false },
    });
    await settle(t);
    await t.app.payments.reconciler.runOnce(new Date(Date.now() + 10 * 60_000));
    expect((await paymentOf(started.Data.TransactionRef)).state).toBe('paid');
  });

  it('expires attempts still unpaid after the gateway’s checkout validity', async () => {
    const { auth } = await admittedApplicant(t);
    const started = (await start(auth, 'monnify')).json();
    await t.app.payments.reconciler.runOnce(new Date(Date.now() + 2 * 60 * 60_000));
    expect((await paymentOf(started.Data.TransactionRef)).state).toBe('expired');
    expect((await check(auth, 'Monnify', started.Data.TransactionRef)).json()).toMatchObject({
      Message: PAYMENT_MESSAGES.failed,
      Data: { status: 'EXPIRED' },
    });
  });

  it('an abandoned checkout is expired on the first re-query after its window closes, whatever the back-off', async () => {
    const { auth } = await admittedApplicant(t);
    const started = (await start(auth, 'monnify')).json();
    const reference: string = started.Data.TransactionRef;
    const attempt = await paymentOf(reference);
    const closesAt = t.app.payments.service.checkoutClosesAt(attempt).getTime();
    const reconciler = t.app.payments.reconciler;
    // Re-queried while the window is open: still pending, and the back-off grows (1, 2, 4 min).
    for (const minutesBefore of [5, 3, 1]) {
      await reconciler.runOnce(new Date(closesAt - minutesBefore * 60_000));
      expect((await paymentOf(reference)).state).toBe('pending');
    }
    expect((await paymentOf(reference)).checkCount).toBe(3);
    // A second after it closes, the final re-query is due at once and finds it unpaid.
    const pass = await reconciler.runOnce(new Date(closesAt + 1_000));
    expect(pass.settled).toBeGreaterThanOrEqual(1);
    expect(await paymentOf(reference)).toMatchObject({ state: 'expired', providerStatus: 'PENDING' });
  });

  it('never expires an attempt the gateway reports paid, however late the re-query', async () => {
    const { row, auth } = await admittedApplicant(t);
    const started = (await start(auth, 'nomba')).json();
    await submitCheckout(started.Data.checkOutUrl, { webhook: 'none' });
    await t.app.payments.reconciler.runOnce(new Date(Date.now() + 30 * 24 * 60 * 60_000));
    expect((await paymentOf(started.Data.TransactionRef)).state).toBe('paid');
    expect((await applicantRow(row.id)).acceptancePaidAt).not.toBeNull();
  });

  it('a payment that lands after the attempt expired is credited exactly once, by its webhooks or by Check again', async () => {
    const { row, auth } = await admittedApplicant(t);
    const started = (await start(auth, 'monnify')).json();
    const reference: string = started.Data.TransactionRef;
    await t.app.payments.reconciler.runOnce(new Date(Date.now() + 2 * 60 * 60_000));
    expect((await paymentOf(reference)).state).toBe('expired');
    // Check again on the expired attempt asks the gateway: still unpaid there.
    expect((await check(auth, 'Monnify', reference)).json()).toMatchObject({ Data: { status: 'EXPIRED' } });

    const before = t.app.payments.service.counters.credited;
    // The money arrives late, and the gateway notifies twice.
    await submitCheckout(started.Data.checkOutUrl, { webhook: 'twice' });
    await settle(t);
    const paid = await paymentOf(reference);
    expect(paid).toMatchObject({ state: 'paid', amountPaidKobo: 500_000, flag: null });
    expect((await applicantRow(row.id)).acceptancePaidAt).not.toBeNull();
    // Check again, the reconciler and a redelivery: nothing more is credited.
    const again = await check(auth, 'Monnify', reference);
    expect(again.json()).toMatchObject({
      Message: PAYMENT_MESSAGES.success,
      Data: { status: 'PAID', ReceiptId: paid.publicId },
    });
    await t.app.payments.reconciler.runOnce(new Date(Date.now() + 3 * 60 * 60_000));
    const sandbox = t.app.payments.sandbox!;
    const delivery = sandbox.webhookFor(sandbox.store.findByMerchantRef('monnify', reference)!)!;
    await Promise.all(
      Array.from({ length: 5 }, () =>
        fetch(`${t.url}/api/payments/webhooks/monnify`, {
          method: 'POST',
          headers: delivery.headers,
          body: delivery.body,
        }),
      ),
    );
    expect(t.app.payments.service.counters.credited - before).toBe(1);
    const rows = await db().select().from(payments).where(eq(payments.applicantId, row.id));
    expect(rows.filter((p) => p.state === 'paid')).toHaveLength(1);
  });

  it('Check again on an expired attempt finds a late payment with no webhook; only its owner may ask', async () => {
    const owner = await admittedApplicant(t);
    const other = await admittedApplicant(t);
    const started = (await start(owner.auth, 'nomba')).json();
    const reference: string = started.Data.TransactionRef;
    await t.app.payments.reconciler.runOnce(new Date(Date.now() + 2 * 60 * 60_000));
    expect((await paymentOf(reference)).state).toBe('expired');
    await submitCheckout(started.Data.checkOutUrl, { webhook: 'none' });
    // Someone else's reference is unknown to them, and asking changes nothing.
    const stranger = await check(other.auth, 'Nomba', reference);
    expect(stranger.statusCode).toBe(404);
    expect((await paymentOf(reference)).state).toBe('expired');
    expect((await check({}, 'Nomba', reference)).statusCode).toBe(401);
    const mine = await check(owner.auth, 'Nomba', reference);
    expect(mine.json()).toMatchObject({ Data: { status: 'PAID', paid: true } });
    expect((await applicantRow(owner.row.id)).acceptancePaidAt).not.toBeNull();
  });

  it('a late payment of an expired attempt after another attempt was paid is flagged for a refund, not credited', async () => {
    const { row, auth } = await admittedApplicant(t);
    const first = (await start(auth, 'monnify')).json();
    await t.app.payments.reconciler.runOnce(new Date(Date.now() + 2 * 60 * 60_000));
    expect((await paymentOf(first.Data.TransactionRef)).state).toBe('expired');
    const second = (await start(auth, 'nomba')).json();
    await submitCheckout(second.Data.checkOutUrl, { webhook: 'none' });
    expect((await check(auth, 'Nomba', second.Data.TransactionRef)).json().Data.status).toBe('PAID');
    await submitCheckout(first.Data.checkOutUrl, { webhook: 'once' });
    await settle(t);
    const late = await paymentOf(first.Data.TransactionRef);
    expect(late.state).toBe('failed');
    expect(late.flag).toMatch(/^duplicate:/);
    const rows = await db().select().from(payments).where(eq(payments.applicantId, row.id));
    expect(rows.filter((p) => p.state === 'paid')).toHaveLength(1);
  });
});

describe('payments without a gateway', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ PAYMENT_SANDBOX: 'off' }, { jobs: false });
  }, 120_000);
  afterAll(() => t?.close(), 60_000);

  it('a provider with neither credentials nor the sandbox is unavailable, and no sandbox route exists', async () => {
    const applicant = await login(t.app, 'Applicant', '202410000006AF');
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/AddPayeePaymentMonnify?payType=10',
      headers: applicant.auth,
      payload: {},
    });
    expect(response.statusCode).toBe(503);
    expect(response.json().Message).toBe(PAYMENT_MESSAGES.unavailable);
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/sandbox/monnify/api/v1/auth/login' })).statusCode,
    ).toBe(404);
  });
});
