import { randomBytes } from 'node:crypto';
import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paymentEvents, payments } from '../../db/schema/index.js';
import { startTestApp, type TestApp } from '../../../test/helpers.js';
import { admittedApplicant, startPaymentsApp, submitCheckout } from './test-support.js';

/**
 * Remita's payment notice is unsigned, so anyone may send one (issue 22, item 4): notices naming no
 * payment of ours store nothing and ask the gateway nothing; the notices of one payment are stored
 * once and trigger one status query per back-off, across processes too; each address is limited.
 * Counted at the sandbox gateway (its status queries) and in `payment_events`.
 */
const NOTICES_PER_REQUEST = 100;
const LIMIT = 30;

const rrr = () => String(100_000_000_000 + (randomBytes(5).readUIntBE(0, 5) % 900_000_000_000));
/** A notice as Remita sends it (fields per shared/reference/payment-gateways.md §5.6). */
const notice = (rrrValue: string, i: number) => ({
  rrr: rrrValue,
  channel: 'BRANCH',
  amount: '5000.00',
  transactiondate: '2026-11-26 10:00:00',
  debitdate: '2026-11-26 10:00:00',
  bank: '058',
  branch: `Branch ${i}`,
  serviceTypeId: '4430731',
  orderRef: null,
  payerName: `Payer ${i}`,
});

describe('unsigned payment notices (Remita)', () => {
  let t: TestApp & { url: string };
  let address = 0;
  beforeAll(async () => {
    t = await startPaymentsApp({ RATE_LIMIT_NOTICE_PER_ADDRESS: String(LIMIT) });
  }, 120_000);
  afterAll(() => t?.close(), 60_000);

  const db = () => t.database.db;
  /** Each test sends from an address of its own, so the per-address limit is its own too. */
  const newAddress = () => `198.51.100.${(address += 1)}`;
  const send = (app: TestApp['app'], from: string, body: unknown) =>
    app.inject({
      method: 'POST',
      url: '/api/payments/webhooks/remita',
      remoteAddress: from,
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(body),
    });
  const storedEvents = async () => (await db().select({ n: count() }).from(paymentEvents))[0]!.n;
  const statusQueries = () => t.app.payments.sandbox!.statusQueries.remita;
  const startRemita = async () => {
    const { auth } = await admittedApplicant(t);
    const started = await t.app.inject({
      method: 'POST',
      url: '/api/AddPayeePayment?payType=10',
      headers: auth,
      payload: {},
    });
    expect(started.statusCode).toBe(200);
    const data = started.json().Data as { TransactionRef: string; ProviderRef: string; checkOutUrl: string };
    const [payment] = await db().select().from(payments).where(eq(payments.reference, data.TransactionRef));
    return { ...data, payment: payment! };
  };

  it('twenty requests of a hundred notices for unknown RRRs store nothing and ask the gateway nothing', async () => {
    const from = newAddress();
    const [events, queries] = [await storedEvents(), statusQueries()];
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        send(
          t.app,
          from,
          Array.from({ length: NOTICES_PER_REQUEST }, (_, i) => notice(rrr(), i)),
        ),
      ),
    );
    for (const answer of answers) {
      expect(answer.statusCode).toBe(200);
      expect(answer.json()).toEqual({ Status: 'OK', Message: 'accepted 0, already seen 0, unknown 100' });
    }
    expect(await storedEvents()).toBe(events);
    expect(statusQueries()).toBe(queries);
  });

  it('twenty requests of a hundred notices for one real RRR store one notice and query the gateway once', async () => {
    const started = await startRemita();
    const from = newAddress();
    const queries = statusQueries();
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        send(
          t.app,
          from,
          Array.from({ length: NOTICES_PER_REQUEST }, (_, i) => notice(started.ProviderRef, i)),
        ),
      ),
    );
    // Not paid at the gateway: not done, so the gateway's own retry would come back later.
    expect(answers.map((a) => a.statusCode)).toEqual(Array(20).fill(503));
    expect(statusQueries() - queries).toBe(1);
    const events = await db()
      .select()
      .from(paymentEvents)
      .where(eq(paymentEvents.paymentId, started.payment.id));
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ provider: 'remita', verified: false, settledAt: null });

    // Paid at the bank now; notices within the back-off still ask nothing.
    await submitCheckout(started.checkOutUrl, { webhook: 'none' });
    expect((await send(t.app, from, [notice(started.ProviderRef, 0)])).statusCode).toBe(503);
    expect(statusQueries() - queries).toBe(1);
    // Once the back-off has passed (moved back here rather than waited for), the next notice asks
    // once and credits the payment; later notices are acknowledged as seen and ask nothing.
    await db()
      .update(payments)
      .set({ noticeRequeryAfter: sql`now() - interval '1 second'` })
      .where(eq(payments.id, started.payment.id));
    const settled = await send(t.app, from, [notice(started.ProviderRef, 1), notice(started.ProviderRef, 2)]);
    expect(settled.statusCode).toBe(200);
    expect(settled.json().Message).toBe('accepted 1, already seen 1');
    expect(statusQueries() - queries).toBe(2);
    const [paid] = await db().select().from(payments).where(eq(payments.id, started.payment.id));
    expect(paid).toMatchObject({ state: 'paid', amountPaidKobo: 500_000 });
    const again = await send(t.app, from, [notice(started.ProviderRef, 3)]);
    expect(again.json().Message).toBe('accepted 0, already seen 1');
    expect(statusQueries() - queries).toBe(2);
    expect(
      await db().select().from(paymentEvents).where(eq(paymentEvents.paymentId, started.payment.id)),
    ).toHaveLength(1);
  });

  it('a second process on the same database claims no second re-query within the back-off', async () => {
    const started = await startRemita();
    // Another instance of the portal (as behind a load balancer) asking the same sandbox.
    const other = await startTestApp(
      { PUBLIC_URL: t.url, PAYMENT_GATEWAY_TIMEOUT: '10s', RATE_LIMIT_NOTICE_PER_ADDRESS: String(LIMIT) },
      { jobs: false, sameDatabaseAs: t },
    );
    try {
      const from = newAddress();
      const queries = statusQueries();
      const body = [notice(started.ProviderRef, 0)];
      const answers = await Promise.all([
        ...Array.from({ length: 5 }, () => send(t.app, from, body)),
        ...Array.from({ length: 5 }, () => send(other.app, from, body)),
      ]);
      expect(answers.map((a) => a.statusCode)).toEqual(Array(10).fill(503));
      expect(statusQueries() - queries).toBe(1);
    } finally {
      await other.close();
    }
  });

  it('counts the deliveries of each address in the database, as sign-ins are counted', async () => {
    const from = newAddress();
    const body = [notice(rrr(), 0)];
    for (let i = 0; i < LIMIT; i++) expect((await send(t.app, from, body)).statusCode).toBe(200);
    const refused = await send(t.app, from, body);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.json().Status).toBe('TooManyRequests');
    // Another address is not affected; a signed provider's notices are not counted by address.
    expect((await send(t.app, newAddress(), body)).statusCode).toBe(200);
    const signed = await t.app.inject({
      method: 'POST',
      url: '/api/payments/webhooks/monnify',
      remoteAddress: from,
      headers: { 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(signed.statusCode).toBe(401);
  });
});
