/**
 * The adapters against local HTTP servers that answer as each provider's documentation and
 * published samples say (shared/reference/payment-gateways.md). Nothing here reaches the internet.
 */
import { createHash, createHmac } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { koboToNairaString, nairaToKobo, parseProviderDate } from './http.js';
import { MonnifyGateway, monnifySignature } from './monnify.js';
import { NombaGateway } from './nomba.js';
import { RemitaGateway } from './remita.js';
import { GatewayError } from './types.js';

type Handler = (req: IncomingMessage, body: string, res: ServerResponse) => void;

async function startServer(handler: Handler): Promise<{
  server: Server;
  url: string;
  calls: { method: string; url: string; headers: IncomingMessage['headers']; body: string }[];
}> {
  const calls: { method: string; url: string; headers: IncomingMessage['headers']; body: string }[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      calls.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body });
      handler(req, body, res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { server, url: `http://127.0.0.1:${port}`, calls };
}

function sendJson(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

const input = {
  merchantRef: 'DIT-ACC-TEST-0001',
  amountKobo: 500_000,
  currency: 'NGN' as const,
  customer: { name: 'Funmilayo Ogunleye', email: 'applicant6@demo.edu.ng', phone: '08031234506' },
  description: 'Acceptance Fee 2024/2025',
  returnUrl: 'http://portal.test/portal/applicant/dashboard',
};

describe('money and dates', () => {
  it('converts naira to kobo without floating-point drift', () => {
    expect(nairaToKobo('5000.00')).toBe(500_000);
    expect(nairaToKobo(5000)).toBe(500_000);
    expect(nairaToKobo(78000)).toBe(7_800_000);
    expect(nairaToKobo('100.1')).toBe(10_010);
    expect(nairaToKobo(0.29)).toBe(29);
    expect(nairaToKobo('1,250.50')).toBe(125_050);
    expect(nairaToKobo('abc')).toBeNull();
    expect(koboToNairaString(500_000)).toBe('5000.00');
    expect(koboToNairaString(125_005)).toBe('1250.05');
  });

  it('reads the gateways’ local timestamps as Lagos time', () => {
    expect(parseProviderDate('17/11/2021 3:48:10 PM')?.toISOString()).toBe('2021-11-17T14:48:10.000Z');
    expect(parseProviderDate('2023-01-16 08:18:54 AM')?.toISOString()).toBe('2023-01-16T07:18:54.000Z');
    expect(parseProviderDate('2019-07-24 14:12:27.0')?.toISOString()).toBe('2019-07-24T13:12:27.000Z');
    expect(parseProviderDate('2024-05-20T12:00:00Z')?.toISOString()).toBe('2024-05-20T12:00:00.000Z');
    expect(parseProviderDate('yesterday')).toBeNull();
  });
});

describe('Monnify adapter', () => {
  const apiKey = 'MK_TEST_SAF7HR5F3F';
  const secretKey = '4SY6TNL8CK3VPRSBTHTRG2N8XXEGC6NL';
  let server: Awaited<ReturnType<typeof startServer>>;
  let gateway: MonnifyGateway;
  let logins = 0;
  let expireNextToken = false;
  const transactions = new Map<string, Record<string, unknown>>();

  beforeAll(async () => {
    let tokenSerial = 0;
    const liveTokens = new Set<string>();
    server = await startServer((req, body, res) => {
      const url = new URL(req.url ?? '/', 'http://x');
      if (req.method === 'POST' && url.pathname === '/api/v1/auth/login') {
        const expected = `Basic ${Buffer.from(`${apiKey}:${secretKey}`).toString('base64')}`;
        if (req.headers.authorization !== expected)
          return sendJson(res, 401, {
            requestSuccessful: false,
            responseMessage: 'Invalid credentials',
            responseCode: '99',
          });
        logins += 1;
        const token = `token-${++tokenSerial}`;
        liveTokens.add(token);
        return sendJson(res, 200, {
          requestSuccessful: true,
          responseMessage: 'success',
          responseCode: '0',
          responseBody: { accessToken: token, expiresIn: 3599 },
        });
      }
      const bearer = req.headers.authorization?.replace(/^Bearer /, '') ?? '';
      if (!liveTokens.has(bearer)) return sendJson(res, 401, { error: 'invalid_token' });
      if (expireNextToken) {
        expireNextToken = false;
        liveTokens.delete(bearer);
        return sendJson(res, 401, { error: 'invalid_token', error_description: 'Access token expired' });
      }
      if (req.method === 'POST' && url.pathname === '/api/v1/merchant/transactions/init-transaction') {
        const request = JSON.parse(body) as Record<string, unknown>;
        if (transactions.has(String(request.paymentReference))) {
          return sendJson(res, 400, {
            requestSuccessful: false,
            responseMessage: 'Duplicate payment reference',
            responseCode: '99',
          });
        }
        const transactionReference = 'MNFY|20190915200044|000090';
        transactions.set(String(request.paymentReference), { ...request, transactionReference });
        return sendJson(res, 200, {
          requestSuccessful: true,
          responseMessage: 'success',
          responseCode: '0',
          responseBody: {
            transactionReference,
            paymentReference: request.paymentReference,
            merchantName: 'Demo Institute',
            apiKey,
            redirectUrl: request.redirectUrl,
            enabledPaymentMethod: ['ACCOUNT_TRANSFER', 'CARD'],
            checkoutUrl: `https://sandbox.sdk.monnify.com/checkout/${transactionReference}`,
          },
        });
      }
      if (req.method === 'GET' && url.pathname === '/api/v2/merchant/transactions/query') {
        const ref = url.searchParams.get('paymentReference') ?? '';
        const tx = transactions.get(ref);
        if (!tx)
          return sendJson(res, 404, {
            requestSuccessful: false,
            responseMessage: `Could not find transaction with the specified payment reference`,
            responseCode: '99',
          });
        // Shaped like the TeamApt wiki sample: amounts as strings.
        return sendJson(res, 200, {
          requestSuccessful: true,
          responseMessage: 'success',
          responseCode: '0',
          responseBody: {
            transactionReference: tx.transactionReference,
            paymentReference: ref,
            amountPaid: String(tx.amountPaid ?? '0.00'),
            totalPayable: '5000.00',
            settlementAmount: '4925.00',
            paidOn: '17/11/2021 3:48:10 PM',
            paymentStatus: tx.status ?? 'PENDING',
            paymentDescription: tx.paymentDescription,
            transactionHash: 'not-used',
            currency: 'NGN',
            paymentMethod: 'CARD',
            customer: { email: tx.customerEmail, name: tx.customerName },
          },
        });
      }
      sendJson(res, 404, { requestSuccessful: false, responseMessage: 'no route' });
    });
    gateway = new MonnifyGateway({
      baseUrl: server.url,
      apiKey,
      secretKey,
      contractCode: '7059707855',
      timeoutMs: 2000,
    });
  });
  afterAll(() => new Promise<void>((resolve) => server.server.close(() => resolve())));

  it('logs in with Basic credentials and initialises a transaction in naira', async () => {
    const result = await gateway.initialize(input);
    expect(result.checkoutUrl).toBe('https://sandbox.sdk.monnify.com/checkout/MNFY|20190915200044|000090');
    expect(result.providerRef).toBe('MNFY|20190915200044|000090');
    const init = server.calls.find((c) => c.url.endsWith('/init-transaction'))!;
    expect(JSON.parse(init.body)).toMatchObject({
      amount: 5000,
      paymentReference: input.merchantRef,
      currencyCode: 'NGN',
      contractCode: '7059707855',
      redirectUrl: input.returnUrl,
      customerEmail: input.customer.email,
    });
    expect(init.headers.authorization).toMatch(/^Bearer token-/);
  });

  it('reuses the cached token and logs in again after a 401', async () => {
    const before = logins;
    await gateway.verify({ merchantRef: input.merchantRef });
    await gateway.verify({ merchantRef: input.merchantRef });
    expect(logins).toBe(before);
    expireNextToken = true;
    await gateway.verify({ merchantRef: input.merchantRef });
    expect(logins).toBe(before + 1);
  });

  it('reads the status by our paymentReference', async () => {
    const pending = await gateway.verify({ merchantRef: input.merchantRef });
    expect(pending).toMatchObject({ state: 'pending', providerStatus: 'PENDING' });
    const query = server.calls.filter((c) => c.url.startsWith('/api/v2/merchant/transactions/query')).at(-1)!;
    expect(query.url).toBe(`/api/v2/merchant/transactions/query?paymentReference=${input.merchantRef}`);

    Object.assign(transactions.get(input.merchantRef)!, { status: 'PAID', amountPaid: '5000.00' });
    const paid = await gateway.verify({ merchantRef: input.merchantRef });
    expect(paid).toMatchObject({
      state: 'paid',
      amountPaidKobo: 500_000,
      currency: 'NGN',
      feesKobo: 7500,
      providerRef: 'MNFY|20190915200044|000090',
    });
    expect(paid.paidAt?.toISOString()).toBe('2021-11-17T14:48:10.000Z');

    Object.assign(transactions.get(input.merchantRef)!, { status: 'PARTIALLY_PAID', amountPaid: '3000.00' });
    expect(await gateway.verify({ merchantRef: input.merchantRef })).toMatchObject({
      state: 'underpaid',
      amountPaidKobo: 300_000,
    });
    expect(await gateway.verify({ merchantRef: 'NEVER-SEEN' })).toMatchObject({ state: 'not_found' });
  });

  it('refuses a reused payment reference', async () => {
    await expect(gateway.initialize(input)).rejects.toThrow(/Duplicate payment reference/);
  });

  it('verifies the docs’ published webhook signature (HMAC-SHA512 of the raw body)', () => {
    const docsKey = '91MUDL9N6U3BQRXBQ2PJ9M0PW4J22M1Y';
    const docsBody =
      '{"eventData":{"product":{"reference":"111222333","type":"OFFLINE_PAYMENT_AGENT"},"transactionReference":"MNFY|76|20211117154810|000001","paymentReference":"0.01462001097368737","paidOn":"17/11/2021 3:48:10 PM","paymentDescription":"Mockaroo Jesse","metaData":{},"destinationAccountInformation":{},"paymentSourceInformation":{},"amountPaid":78000,"totalPayable":78000,"offlineProductInformation":{"code":"41470","type":"DYNAMIC"},"cardDetails":{},"paymentMethod":"CASH","currency":"NGN","settlementAmount":77600,"paymentStatus":"PAID","customer":{"name":"Mockaroo Jesse","email":"111222333@ZZAMZ4WT4Y3E.monnify"}},"eventType":"SUCCESSFUL_TRANSACTION"}';
    const docsSignature =
      'f04fb635e04d71648bd3cc7999003da6861483342c856d05ddfa9b2dafacb873b0de1d0f8f67405d0010b4348b721c49fa171d317972618debba6b638aedcd3c';
    expect(monnifySignature(docsKey, docsBody)).toBe(docsSignature);
    // The docs' prose (plain SHA-512 of key + body) does not reproduce it.
    expect(
      createHash('sha512')
        .update(docsKey + docsBody)
        .digest('hex'),
    ).not.toBe(docsSignature);

    const docsGateway = new MonnifyGateway({
      baseUrl: server.url,
      apiKey,
      secretKey: docsKey,
      contractCode: '1',
      timeoutMs: 1000,
    });
    const raw = Buffer.from(docsBody);
    expect(docsGateway.verifyWebhook(raw, { 'monnify-signature': docsSignature })).toBe(true);
    expect(docsGateway.verifyWebhook(raw, { 'Monnify-Signature': docsSignature.toUpperCase() })).toBe(true);
    expect(docsGateway.verifyWebhook(raw, { 'monnify-signature': docsSignature.replace(/^f/, 'e') })).toBe(
      false,
    );
    expect(docsGateway.verifyWebhook(raw, {})).toBe(false);
    // Re-serialising the parsed body changes nothing here, but a changed amount must fail.
    expect(
      docsGateway.verifyWebhook(Buffer.from(docsBody.replace('"amountPaid":78000', '"amountPaid":78001')), {
        'monnify-signature': docsSignature,
      }),
    ).toBe(false);
    expect(gateway.verifyWebhook(raw, { 'monnify-signature': docsSignature })).toBe(false);

    const [notice] = docsGateway.parseWebhook(raw);
    expect(notice).toMatchObject({
      kind: 'SUCCESSFUL_TRANSACTION',
      merchantRef: '0.01462001097368737',
      providerRef: 'MNFY|76|20211117154810|000001',
      eventKey: 'SUCCESSFUL_TRANSACTION:MNFY|76|20211117154810|000001:PAID',
    });
  });

  it('reads the redirect’s paymentReference only as a lookup key', () => {
    expect(gateway.parseReturn({ paymentReference: 'DIT-1', paymentStatus: 'PAID' })).toEqual({
      merchantRef: 'DIT-1',
      providerRef: null,
    });
  });

  it('times out a provider that does not answer', async () => {
    const silent = createServer(() => undefined);
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const slow = new MonnifyGateway({
      baseUrl: `http://127.0.0.1:${(silent.address() as AddressInfo).port}`,
      apiKey,
      secretKey,
      contractCode: '1',
      timeoutMs: 300,
    });
    const error = await slow.verify({ merchantRef: 'x' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(GatewayError);
    expect(String(error)).toMatch(/timed out after 300 ms/);
    silent.closeAllConnections();
    await new Promise<void>((resolve) => silent.close(() => resolve()));
  });
});

describe('Nomba adapter', () => {
  const clientId = '3d1c1b4e-6f1a-4c55-9a4e-2f5d9c1e7a10';
  const clientSecret = 'kQ2rX8pL0vN5tY7wZ1aB3cD4eF6gH8iJ9kL0mN1oP2q=';
  const accountId = '01a10aeb-d989-460a-bbde-9842f2b4320f';
  const signatureKey = 'nomba-test-signature-key';
  let server: Awaited<ReturnType<typeof startServer>>;
  let gateway: NombaGateway;
  const orders = new Map<
    string,
    { orderId: string; amount: string; status: string; paidAmount?: number; otherRef?: string }
  >();

  beforeAll(async () => {
    server = await startServer((req, body, res) => {
      const url = new URL(req.url ?? '/', 'http://x');
      if (req.headers.accountid !== accountId)
        return sendJson(res, 401, { code: '401', description: 'accountId header required' });
      if (req.method === 'POST' && url.pathname === '/v1/auth/token/issue') {
        const request = JSON.parse(body) as Record<string, string>;
        if (
          request.grant_type !== 'client_credentials' ||
          request.client_id !== clientId ||
          request.client_secret !== clientSecret
        ) {
          return sendJson(res, 401, { code: '401', description: 'Invalid client credentials' });
        }
        return sendJson(res, 200, {
          code: '00',
          description: 'Success',
          data: {
            businessId: accountId,
            access_token: 'nomba-token',
            refresh_token: 'r',
            expiresAt: new Date(Date.now() + 3600_000).toISOString(),
          },
        });
      }
      if (req.headers.authorization !== 'Bearer nomba-token')
        return sendJson(res, 401, { code: '401', description: 'Unauthorized' });
      if (req.method === 'POST' && url.pathname === '/v1/checkout/order') {
        const { order } = JSON.parse(body) as { order: Record<string, string> };
        const orderId = 'a5e72ee4-0c1f-4d55-8f38-6cb0e1d0b8a1';
        orders.set(order.orderReference!, { orderId, amount: order.amount!, status: 'NEW' });
        return sendJson(res, 200, {
          code: '00',
          description: 'Success',
          data: {
            checkoutLink: `https://checkout.nomba.com/pay/${orderId}`,
            orderReference: order.orderReference,
          },
        });
      }
      if (req.method === 'GET' && url.pathname === '/v1/transactions/accounts/single') {
        const ref = url.searchParams.get('orderReference') ?? '';
        const order = orders.get(ref);
        if (!order || order.status === 'NEW')
          return sendJson(res, 404, { code: '404', description: 'Transaction not found' });
        return sendJson(res, 200, {
          code: '00',
          description: 'Success',
          data: {
            id: 'WEB-ONLINE_C-2F4B1-2de0c0a7',
            status: order.status,
            amount: order.paidAmount ?? Number(order.amount),
            gatewayMessage: 'Approved',
            onlineCheckoutOrderReference: order.otherRef ?? ref,
            onlineCheckoutOrderId: order.orderId,
            onlineCheckoutPaymentMethod: 'card_payment',
          },
        });
      }
      sendJson(res, 404, { code: '404', description: 'no route' });
    });
    gateway = new NombaGateway({
      baseUrl: server.url,
      clientId,
      clientSecret,
      accountId,
      signatureKey,
      timeoutMs: 2000,
    });
  });
  afterAll(() => new Promise<void>((resolve) => server.server.close(() => resolve())));

  it('issues a token with the accountId header and creates a checkout order', async () => {
    const result = await gateway.initialize(input);
    expect(result.checkoutUrl).toBe('https://checkout.nomba.com/pay/a5e72ee4-0c1f-4d55-8f38-6cb0e1d0b8a1');
    const order = server.calls.find((c) => c.url === '/v1/checkout/order')!;
    expect(order.headers.accountid).toBe(accountId);
    expect(JSON.parse(order.body)).toMatchObject({
      order: {
        orderReference: input.merchantRef,
        amount: '5000.00',
        currency: 'NGN',
        callbackUrl: input.returnUrl,
        customerEmail: input.customer.email,
      },
    });
    expect(server.calls.filter((c) => c.url === '/v1/auth/token/issue')).toHaveLength(1);
  });

  it('reads the status by order reference and checks the answer is for that order', async () => {
    expect(await gateway.verify({ merchantRef: input.merchantRef })).toMatchObject({
      state: 'pending',
      providerStatus: 'NO_TRANSACTION',
    });
    Object.assign(orders.get(input.merchantRef)!, { status: 'SUCCESS' });
    expect(await gateway.verify({ merchantRef: input.merchantRef })).toMatchObject({
      state: 'paid',
      amountPaidKobo: 500_000,
      currency: 'NGN',
      providerRef: 'a5e72ee4-0c1f-4d55-8f38-6cb0e1d0b8a1',
    });
    Object.assign(orders.get(input.merchantRef)!, { status: 'PAYMENT_FAILED' });
    expect(await gateway.verify({ merchantRef: input.merchantRef })).toMatchObject({ state: 'failed' });
    Object.assign(orders.get(input.merchantRef)!, { status: 'SUCCESS', otherRef: 'SOMEONE-ELSE' });
    await expect(gateway.verify({ merchantRef: input.merchantRef })).rejects.toThrow(/another order/);
    expect(server.calls.filter((c) => c.url === '/v1/auth/token/issue')).toHaveLength(1);
  });

  it('verifies the nomba-signature (base64 HMAC-SHA256 of the colon-joined fields and timestamp)', () => {
    // The checkout payment_success payload as captured from Nomba (reference §4.6).
    const payload = {
      event_type: 'payment_success',
      requestId: '6a4c1a2b-8b8b-4a77-9d35-0c6a5e9f1b11',
      data: {
        merchant: { walletId: 'N/A', walletBalance: 0, userId: '01a10aeb-d989-460a-bbde-9842f2b4320f' },
        terminal: {},
        transaction: {
          fee: 75,
          type: 'online_checkout',
          transactionId: 'WEB-ONLINE_C-2F4B1-2de0c0a7',
          responseCode: '',
          originatingFrom: 'web',
          merchantTxRef: 'MTX-1',
          transactionAmount: 5000,
          time: '2025-02-06T04:23:11Z',
        },
        customer: { billerId: 'applicant6@demo.edu.ng', productId: '' },
        order: {
          amount: 5000,
          orderId: 'a5e72ee4-0c1f-4d55-8f38-6cb0e1d0b8a1',
          orderReference: input.merchantRef,
          currency: 'NGN',
          paymentMethod: 'card_payment',
        },
      },
    };
    const timestamp = '2025-02-06T04:23:12Z';
    const message = [
      'payment_success',
      payload.requestId,
      payload.data.merchant.userId,
      'N/A',
      'WEB-ONLINE_C-2F4B1-2de0c0a7',
      'online_checkout',
      '2025-02-06T04:23:11Z',
      '',
      timestamp,
    ].join(':');
    const signature = createHmac('sha256', signatureKey).update(message).digest('base64');
    const raw = Buffer.from(JSON.stringify(payload));
    const headers = {
      'nomba-signature': signature,
      'nomba-signature-algorithm': 'HmacSHA256',
      'nomba-signature-version': '1.0.0',
      'nomba-timestamp': timestamp,
    };
    expect(gateway.verifyWebhook(raw, headers)).toBe(true);
    expect(gateway.verifyWebhook(raw, { ...headers, 'nomba-timestamp': '2025-02-06T04:23:13Z' })).toBe(false);
    expect(gateway.verifyWebhook(raw, { ...headers, 'nomba-signature': `${signature.slice(0, -2)}A=` })).toBe(
      false,
    );
    expect(
      gateway.verifyWebhook(
        Buffer.from(JSON.stringify({ ...payload, event_type: 'payout_success' })),
        headers,
      ),
    ).toBe(false);
    expect(gateway.verifyWebhook(raw, { 'nomba-timestamp': timestamp })).toBe(false);
    expect(gateway.parseWebhook(raw)).toEqual([
      expect.objectContaining({
        eventKey: payload.requestId,
        kind: 'payment_success',
        merchantRef: input.merchantRef,
        providerRef: payload.data.order.orderId,
      }),
    ]);
  });

  it('reads orderId and orderReference from the redirect', () => {
    expect(gateway.parseReturn({ orderId: 'a5e7', orderReference: 'ORD_1' })).toEqual({
      merchantRef: 'ORD_1',
      providerRef: 'a5e7',
    });
  });
});

describe('Remita adapter', () => {
  // The public demo values used in every official Remita sample.
  const merchantId = '2547916';
  const serviceTypeId = '4430731';
  const apiKey = '1946';
  const sha512 = (s: string) => createHash('sha512').update(s).digest('hex');
  let server: Awaited<ReturnType<typeof startServer>>;
  let gateway: RemitaGateway;
  let statusAnswer = '';
  const rrrByOrder = new Map<string, string>();

  beforeAll(async () => {
    server = await startServer((req, body, res) => {
      const url = new URL(req.url ?? '/', 'http://x');
      if (
        req.method === 'POST' &&
        url.pathname === '/remita/exapp/api/v1/send/api/echannelsvc/merchant/api/paymentinit'
      ) {
        const request = JSON.parse(body) as Record<string, string>;
        const hash = sha512(merchantId + serviceTypeId + request.orderId + request.amount + apiKey);
        if (req.headers.authorization !== `remitaConsumerKey=${merchantId},remitaConsumerToken=${hash}`) {
          res.writeHead(200, { 'content-type': 'application/json' });
          return res.end('jsonp ({"statuscode":"023","status":"Invalid Request"})');
        }
        res.writeHead(200, { 'content-type': 'application/json' });
        if (rrrByOrder.has(request.orderId!))
          return res.end('jsonp({"statuscode":"028","status":"Duplicate Order Ref"})');
        rrrByOrder.set(request.orderId!, '280007982070');
        return res.end(
          'jsonp ({"statuscode":"025","RRR":"280007982070","status":"Payment Reference generated"})',
        );
      }
      const status =
        /^\/remita\/exapp\/api\/v1\/send\/api\/echannelsvc\/(\d+)\/(\d+)\/([0-9a-f]+)\/status\.reg$/.exec(
          url.pathname,
        );
      if (req.method === 'GET' && status) {
        const [, merchant, rrr, hash] = status;
        if (merchant !== merchantId || hash !== sha512(rrr + apiKey + merchantId)) {
          return sendJson(res, 200, { status: '023', message: 'Invalid Request' });
        }
        res.writeHead(200, { 'content-type': 'application/json' });
        return res.end(statusAnswer.replaceAll('{RRR}', rrr!));
      }
      const byOrder = /^\/remita\/ecomm\/(\d+)\/([^/]+)\/([0-9a-f]+)\/orderstatus\.reg$/.exec(url.pathname);
      if (req.method === 'GET' && byOrder) {
        const [, , orderId, hash] = byOrder;
        if (hash !== sha512(orderId + apiKey + merchantId)) return sendJson(res, 200, { status: '023' });
        return sendJson(res, 200, {
          amount: 5000.0,
          RRR: rrrByOrder.get(orderId!),
          orderId,
          message: 'Payment Reference generated',
          status: '025',
        });
      }
      sendJson(res, 404, {});
    });
    gateway = new RemitaGateway({ baseUrl: server.url, merchantId, serviceTypeId, apiKey, timeoutMs: 2000 });
  });
  afterAll(() => new Promise<void>((resolve) => server.server.close(() => resolve())));

  it('generates an RRR with the SHA-512 hash and parses the JSONP answer', async () => {
    const result = await gateway.initialize(input);
    expect(result.providerRef).toBe('280007982070');
    const init = server.calls.find((c) => c.url.endsWith('/paymentinit'))!;
    expect(JSON.parse(init.body)).toMatchObject({
      serviceTypeId,
      amount: '5000.00',
      orderId: input.merchantRef,
      payerEmail: input.customer.email,
    });
    expect(result.form).toEqual({
      action: `${server.url}/remita/ecomm/finalize.reg`,
      fields: {
        merchantId,
        hash: sha512(merchantId + '280007982070' + apiKey),
        rrr: '280007982070',
        responseurl: input.returnUrl,
      },
    });
    expect(
      result.checkoutUrl.startsWith(`${server.url}/remita/ecomm/finalize.reg?merchantId=${merchantId}&hash=`),
    ).toBe(true);
  });

  it('recovers the RRR of a duplicate order reference', async () => {
    const again = await gateway.initialize(input);
    expect(again.providerRef).toBe('280007982070');
    expect(server.calls.some((c) => c.url.includes('/orderstatus.reg'))).toBe(true);
  });

  it('reads the status by RRR, plain JSON or JSONP; only 00 and 01 are paid', async () => {
    statusAnswer =
      '{"amount":5000.0,"RRR":"{RRR}","orderId":"DIT-ACC-TEST-0001","message":"Approved","paymentDate":"2023-01-16 08:18:54 AM","transactiontime":"2023-01-16 12:00:00 AM","status":"01"}';
    expect(
      await gateway.verify({ merchantRef: input.merchantRef, providerRef: '280007982070' }),
    ).toMatchObject({
      state: 'paid',
      providerStatus: '01',
      amountPaidKobo: 500_000,
      providerRef: '280007982070',
      merchantRef: input.merchantRef,
    });
    statusAnswer =
      'jsonp ({"amount":5000.0,"RRR":"{RRR}","orderId":"DIT-ACC-TEST-0001","message":"Transaction Completed Successfully","paymentDate":"2023-01-16 08:18:54 AM","status":"00"})';
    const paid = await gateway.verify({ merchantRef: input.merchantRef, providerRef: '280007982070' });
    expect(paid).toMatchObject({ state: 'paid', providerStatus: '00', amountPaidKobo: 500_000 });
    expect(paid.paidAt?.toISOString()).toBe('2023-01-16T07:18:54.000Z');
    statusAnswer =
      '{"amount":31500.0,"RRR":"{RRR}","orderId":"DIT-ACC-TEST-0001","message":"Transaction Pending","status":"021"}';
    expect(
      await gateway.verify({ merchantRef: input.merchantRef, providerRef: '280007982070' }),
    ).toMatchObject({ state: 'pending', amountPaidKobo: null });
    statusAnswer =
      '{"amount":5000.0,"RRR":"999999999999","orderId":"DIT-ACC-TEST-0001","message":"Approved","status":"01"}';
    await expect(
      gateway.verify({ merchantRef: input.merchantRef, providerRef: '280007982070' }),
    ).rejects.toThrow(/another RRR/);
    const status = server.calls.filter((c) => c.url.endsWith('/status.reg')).at(-1)!;
    expect(status.headers.authorization).toBe(
      `remitaConsumerKey=${merchantId},remitaConsumerToken=${sha512('280007982070' + apiKey + merchantId)}`,
    );
  });

  it('treats the unsigned notification as a list of triggers', () => {
    const body = Buffer.from(
      JSON.stringify([
        {
          rrr: '280007982070',
          channnel: 'BRANCH',
          amount: '5000.00',
          transactiondate: '2024-10-01',
          orderRef: input.merchantRef,
          payerName: 'X',
        },
        { rrr: '280007982071', channel: 'CARD', amount: '5000.00', orderId: 'OTHER' },
      ]),
    );
    expect(gateway.verifyWebhook()).toBe(true);
    const notices = gateway.parseWebhook(body);
    expect(notices.map((n) => [n.providerRef, n.merchantRef])).toEqual([
      ['280007982070', input.merchantRef],
      ['280007982071', 'OTHER'],
    ]);
    expect(notices[0]!.eventKey).not.toBe(notices[1]!.eventKey);
    expect(gateway.parseWebhook(body)[0]!.eventKey).toBe(notices[0]!.eventKey);
    expect(gateway.parseReturn({ RRR: '280007982070', orderID: 'DIT-1' })).toEqual({
      merchantRef: 'DIT-1',
      providerRef: '280007982070',
    });
  });
});
