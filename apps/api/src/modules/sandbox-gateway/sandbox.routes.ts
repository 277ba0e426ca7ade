import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { nairaToKobo } from '../../platform/payments/http.js';
import { remitaHash, SANDBOX_PREFIX, type ProviderName } from '../../platform/payments/index.js';
import { checkoutPage, messagePage, WEBHOOK_MODES, type WebhookMode } from './sandbox.page.js';
import {
  monnifyTime,
  nairaNumber,
  remitaTime,
  type CheckoutAction,
  type SandboxGateway,
} from './sandbox.service.js';
import { isOpen, newTransaction, type SandboxTransaction } from './sandbox.store.js';

type Body = Record<string, unknown>;
const str = (value: unknown): string =>
  typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '';

/**
 * The built-in sandbox: each provider's documented HTTP API under /api/sandbox/<provider>, so the
 * real adapters run against it unchanged, plus a checkout page that pays or cancels and sends the
 * signed webhook back. Public routes: each checks credentials the way its provider does.
 */
export async function sandboxRoutes(
  app: FastifyInstance,
  sandbox: SandboxGateway,
  providers: readonly ProviderName[],
): Promise<void> {
  await app.register(async (scope) => {
    // Monnify's login has an empty JSON body; checkout forms are urlencoded.
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser(
      'application/json',
      { parseAs: 'string', bodyLimit: 64 * 1024 },
      (_req, body, done) => {
        const text = String(body).trim();
        if (!text) return done(null, {});
        try {
          done(null, JSON.parse(text));
        } catch {
          done(Object.assign(new Error('Invalid JSON'), { statusCode: 400 }), undefined);
        }
      },
    );
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 16 * 1024 },
      (_req, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
    );
    const options = { config: { access: 'public' as const }, schema: { hide: true } };
    if (providers.includes('monnify')) monnifyRoutes(scope, sandbox, options);
    if (providers.includes('nomba')) nombaRoutes(scope, sandbox, options);
    if (providers.includes('remita')) remitaRoutes(scope, sandbox, options);
    if (providers.length > 0) checkoutRoutes(scope, sandbox, options, providers);
  });
}

type RouteOptions = { config: { access: 'public' }; schema: { hide: boolean } };

/** A short HTML page with one message, for the browser on a sandbox page. */
function sendMessagePage(reply: FastifyReply, status: number, title: string, message: string) {
  return reply.status(status).type('text/html').send(messagePage(title, message));
}

// ---------------------------------------------------------------------------------------------
// Monnify: /api/v1/auth/login, init-transaction, v2 status by paymentReference or transactionReference

function monnifyRoutes(app: FastifyInstance, sandbox: SandboxGateway, options: RouteOptions): void {
  const prefix = `${SANDBOX_PREFIX}/monnify`;
  const creds = sandbox.credentials.monnify;
  const refuse = (reply: FastifyReply, status: number, message: string, code = '99') =>
    reply.status(status).send({ requestSuccessful: false, responseMessage: message, responseCode: code });

  app.post(`${prefix}/api/v1/auth/login`, options, async (request, reply) => {
    const expected = `Basic ${Buffer.from(`${creds.apiKey}:${creds.secretKey}`).toString('base64')}`;
    if (request.headers.authorization !== expected) return refuse(reply, 401, 'Invalid client credentials');
    const { token } = sandbox.issueToken('monnify', 3600);
    return {
      requestSuccessful: true,
      responseMessage: 'success',
      responseCode: '0',
      responseBody: { accessToken: token, expiresIn: 3599 },
    };
  });

  app.post(`${prefix}/api/v1/merchant/transactions/init-transaction`, options, async (request, reply) => {
    if (!sandbox.tokenValid('monnify', request.headers.authorization))
      return reply.status(401).send({ error: 'invalid_token', error_description: 'Invalid access token' });
    const body = (request.body ?? {}) as Body;
    const amountKobo = typeof body.amount === 'number' ? nairaToKobo(body.amount) : null;
    const missing = [
      'customerName',
      'customerEmail',
      'paymentReference',
      'paymentDescription',
      'contractCode',
    ].filter((k) => !str(body[k]));
    if (missing.length) return refuse(reply, 400, `${missing[0]} is required`);
    if (amountKobo === null || amountKobo < 2000)
      return refuse(reply, 400, 'amount must be a number of at least 20');
    if (str(body.contractCode) !== creds.contractCode) return refuse(reply, 400, 'Invalid contract code');
    if (str(body.currencyCode || 'NGN') !== 'NGN') return refuse(reply, 400, 'Unsupported currency');
    if (str(body.customerName).length < 3 || str(body.paymentDescription).length < 3)
      return refuse(reply, 400, 'customerName and paymentDescription need at least 3 characters');
    const paymentReference = str(body.paymentReference);
    if (sandbox.store.findByMerchantRef('monnify', paymentReference))
      return refuse(reply, 400, 'Duplicate payment reference');
    const tx = newTransaction({
      provider: 'monnify',
      id: sandbox.newMonnifyReference(),
      merchantRef: paymentReference,
      amountKobo,
      currency: 'NGN',
      customerName: str(body.customerName),
      customerEmail: str(body.customerEmail),
      description: str(body.paymentDescription),
      returnUrl: str(body.redirectUrl) || `${sandbox.base('monnify')}/done`,
      status: 'PENDING',
    });
    await sandbox.store.put(tx);
    return {
      requestSuccessful: true,
      responseMessage: 'success',
      responseCode: '0',
      responseBody: {
        transactionReference: tx.id,
        paymentReference: tx.merchantRef,
        merchantName: 'Demo Institute of Technology (sandbox)',
        apiKey: creds.apiKey,
        redirectUrl: tx.returnUrl,
        enabledPaymentMethod: Array.isArray(body.paymentMethods)
          ? body.paymentMethods
          : ['CARD', 'ACCOUNT_TRANSFER'],
        checkoutUrl: sandbox.checkoutUrl('monnify', tx.id),
      },
    };
  });

  const statusBody = (tx: SandboxTransaction) => ({
    requestSuccessful: true,
    responseMessage: 'success',
    responseCode: '0',
    responseBody: {
      transactionReference: tx.id,
      paymentReference: tx.merchantRef,
      amountPaid: nairaNumber(tx.amountPaidKobo ?? 0).toFixed(2),
      totalPayable: nairaNumber(tx.amountKobo).toFixed(2),
      settlementAmount: nairaNumber(Math.round((tx.amountPaidKobo ?? 0) * 0.985)).toFixed(2),
      paidOn: tx.paidAt ? monnifyTime(new Date(tx.paidAt)) : null,
      paymentStatus: tx.status,
      paymentDescription: tx.description,
      currency: tx.currency,
      paymentMethod: tx.paidAt ? 'CARD' : null,
      product: { type: 'WEB_SDK', reference: tx.merchantRef },
      cardDetails: null,
      accountDetails: null,
      accountPayments: [],
      customer: { email: tx.customerEmail, name: tx.customerName },
      metaData: {},
    },
  });

  app.get(`${prefix}/api/v2/merchant/transactions/query`, options, async (request, reply) => {
    sandbox.statusQueries.monnify += 1;
    if (!sandbox.tokenValid('monnify', request.headers.authorization))
      return reply.status(401).send({ error: 'invalid_token' });
    const query = request.query as Body;
    const tx = str(query.paymentReference)
      ? sandbox.store.findByMerchantRef('monnify', str(query.paymentReference))
      : sandbox.store.get('monnify', str(query.transactionReference));
    if (!tx) return refuse(reply, 404, 'Could not find transaction with the specified payment reference');
    return statusBody(tx);
  });

  app.get(`${prefix}/api/v2/transactions/:reference`, options, async (request, reply) => {
    sandbox.statusQueries.monnify += 1;
    if (!sandbox.tokenValid('monnify', request.headers.authorization))
      return reply.status(401).send({ error: 'invalid_token' });
    const tx = sandbox.store.get('monnify', (request.params as { reference: string }).reference);
    if (!tx) return refuse(reply, 404, 'Could not find transaction with the specified transaction reference');
    return statusBody(tx);
  });
}

// ---------------------------------------------------------------------------------------------
// Nomba: /v1/auth/token/issue, /v1/checkout/order, /v1/transactions/accounts/single

function nombaRoutes(app: FastifyInstance, sandbox: SandboxGateway, options: RouteOptions): void {
  const prefix = `${SANDBOX_PREFIX}/nomba`;
  const creds = sandbox.credentials.nomba;
  const refuse = (reply: FastifyReply, status: number, description: string) =>
    reply.status(status).send({ code: String(status), description });
  const accountOk = (request: FastifyRequest) => request.headers.accountid === creds.accountId;

  app.post(`${prefix}/v1/auth/token/issue`, options, async (request, reply) => {
    if (!accountOk(request)) return refuse(reply, 401, 'Invalid or missing accountId header');
    const body = (request.body ?? {}) as Body;
    if (
      body.grant_type !== 'client_credentials' ||
      body.client_id !== creds.clientId ||
      body.client_secret !== creds.clientSecret
    ) {
      return refuse(reply, 401, 'Invalid client credentials');
    }
    const { token, expiresAt } = sandbox.issueToken('nomba', 3600);
    return {
      code: '00',
      description: 'Success',
      data: {
        businessId: creds.accountId,
        access_token: token,
        refresh_token: randomUUID(),
        expiresAt: expiresAt.toISOString(),
      },
    };
  });

  app.post(`${prefix}/v1/checkout/order`, options, async (request, reply) => {
    if (!accountOk(request) || !sandbox.tokenValid('nomba', request.headers.authorization))
      return refuse(reply, 401, 'Unauthorized');
    const order = ((request.body ?? {}) as Body).order as Body | undefined;
    if (!order || typeof order !== 'object') return refuse(reply, 400, 'order is required');
    const amountKobo = nairaToKobo(order.amount);
    for (const field of ['callbackUrl', 'customerEmail', 'currency'])
      if (!str(order[field])) return refuse(reply, 400, `order.${field} is required`);
    if (amountKobo === null || amountKobo <= 0)
      return refuse(reply, 400, 'order.amount must be a positive amount');
    const orderReference = str(order.orderReference) || randomUUID();
    if (sandbox.store.findByMerchantRef('nomba', orderReference))
      return refuse(reply, 409, 'Duplicate order reference');
    // The payer's name and the items come from orderMetaData; without them the page can only show
    // the e-mail and a generic label.
    const meta = (
      order.orderMetaData && typeof order.orderMetaData === 'object' ? order.orderMetaData : {}
    ) as Body;
    const tx = newTransaction({
      provider: 'nomba',
      id: randomUUID(),
      merchantRef: orderReference,
      amountKobo,
      currency: str(order.currency),
      customerName: str(meta.customerName).slice(0, 200) || str(order.customerEmail),
      customerEmail: str(order.customerEmail),
      description: str(meta.orderDescription).slice(0, 500) || 'Online checkout order',
      returnUrl: str(order.callbackUrl),
      status: 'NEW',
    });
    await sandbox.store.put(tx);
    return {
      code: '00',
      description: 'Success',
      data: { checkoutLink: sandbox.checkoutUrl('nomba', tx.id), orderReference },
    };
  });

  app.get(`${prefix}/v1/transactions/accounts/single`, options, async (request, reply) => {
    sandbox.statusQueries.nomba += 1;
    if (!accountOk(request) || !sandbox.tokenValid('nomba', request.headers.authorization))
      return refuse(reply, 401, 'Unauthorized');
    const query = request.query as Body;
    const tx = str(query.orderReference)
      ? sandbox.store.findByMerchantRef('nomba', str(query.orderReference))
      : str(query.orderId)
        ? sandbox.store.get('nomba', str(query.orderId))
        : undefined;
    // An order nobody has paid has no transaction yet.
    if (!tx || !tx.transactionId) return refuse(reply, 404, 'Transaction not found');
    return {
      code: '00',
      description: 'Success',
      data: {
        id: tx.transactionId,
        status: tx.status,
        amount: nairaNumber(tx.amountPaidKobo ?? tx.amountKobo),
        fee: nairaNumber(Math.round((tx.amountPaidKobo ?? 0) * 0.014)),
        gatewayMessage: tx.status === 'SUCCESS' ? 'Approved by Financial Institution' : 'Declined',
        timeCreated: tx.paidAt ?? tx.createdAt,
        onlineCheckoutOrderReference: tx.merchantRef,
        onlineCheckoutOrderId: tx.id,
        onlineCheckoutPaymentMethod: 'card_payment',
        onlineCheckoutCustomerEmail: tx.customerEmail,
      },
    };
  });
}

// ---------------------------------------------------------------------------------------------
// Remita: paymentinit (JSONP), status by RRR or orderId, finalize.reg pay page

function remitaRoutes(app: FastifyInstance, sandbox: SandboxGateway, options: RouteOptions): void {
  const prefix = `${SANDBOX_PREFIX}/remita`;
  const creds = sandbox.credentials.remita;
  const jsonp = (reply: FastifyReply, value: unknown) =>
    reply.type('application/json').send(`jsonp (${JSON.stringify(value)})`);

  app.post(
    `${prefix}/remita/exapp/api/v1/send/api/echannelsvc/merchant/api/paymentinit`,
    options,
    async (request, reply) => {
      const body = (request.body ?? {}) as Body;
      const orderId = str(body.orderId);
      const amount = str(body.amount);
      if (
        str(body.serviceTypeId) !== creds.serviceTypeId ||
        !orderId ||
        !sandbox.remitaInitHashOk(request.headers.authorization, orderId, amount)
      ) {
        return jsonp(reply, { statuscode: '023', status: 'Invalid Request' });
      }
      const amountKobo = nairaToKobo(amount);
      if (amountKobo === null || amountKobo <= 0)
        return jsonp(reply, { statuscode: '022', status: 'Invalid Amount' });
      if (sandbox.store.findByMerchantRef('remita', orderId))
        return jsonp(reply, { statuscode: '028', status: 'Duplicate Order Ref' });
      const tx = newTransaction({
        provider: 'remita',
        id: sandbox.newRrr(),
        merchantRef: orderId,
        amountKobo,
        currency: 'NGN',
        customerName: str(body.payerName),
        customerEmail: str(body.payerEmail),
        description: str(body.description),
        returnUrl: `${sandbox.base('remita')}/done`,
        status: '025',
      });
      await sandbox.store.put(tx);
      return jsonp(reply, { statuscode: '025', RRR: tx.id, status: 'Payment Reference generated' });
    },
  );

  const statusOf = (tx: SandboxTransaction) => {
    const paid = tx.status === '00';
    return {
      amount: nairaNumber(paid ? (tx.amountPaidKobo ?? 0) : tx.amountKobo),
      RRR: tx.id,
      orderId: tx.merchantRef,
      message: paid ? 'Transaction Completed Successfully' : 'Transaction Pending',
      paymentDate: paid && tx.paidAt ? remitaTime(new Date(tx.paidAt)) : undefined,
      transactiontime: remitaTime(new Date(tx.paidAt ?? tx.createdAt)),
      status: paid ? '00' : '021',
    };
  };

  // Status paths end in a 128-character hash, longer than a router parameter may be: parsed here.
  const statusPath = /^([^/]+)\/([^/]+)\/([0-9a-f]{128})\/(status|orderstatus)\.reg$/;
  const status = async (request: FastifyRequest, reply: FastifyReply) => {
    sandbox.statusQueries.remita += 1;
    const rest = (request.params as { '*': string })['*'];
    const match = statusPath.exec(rest);
    if (!match) return reply.status(404).send({ status: '023', message: 'Invalid Request' });
    const [, merchantId, ref, hash, kind] = match as unknown as [string, string, string, string, string];
    if (merchantId !== creds.merchantId || hash !== remitaHash(ref, creds.apiKey, creds.merchantId)) {
      return reply.send({ status: '023', message: 'Invalid Request' });
    }
    if (kind === 'status') {
      const tx = sandbox.store.get('remita', ref);
      return reply.send(tx ? statusOf(tx) : { status: '023', message: 'Invalid RRR' });
    }
    const tx = sandbox.store.findByMerchantRef('remita', ref);
    if (!tx) return reply.send({ status: '023', message: 'Invalid Order' });
    const answer = statusOf(tx);
    return reply.send(
      tx.status === '00' ? answer : { ...answer, status: '025', message: 'Payment Reference generated' },
    );
  };
  app.get(`${prefix}/remita/exapp/api/v1/send/api/echannelsvc/*`, options, status);
  app.get(`${prefix}/remita/ecomm/*`, options, status);

  // The pay page, reached by GET or by the auto-posting form integrators use.
  const finalize = async (request: FastifyRequest, reply: FastifyReply) => {
    const fields = (request.method === 'POST' ? request.body : request.query) as Body;
    const rrr = str(fields.rrr);
    const tx = sandbox.store.get('remita', rrr);
    if (
      str(fields.merchantId) !== creds.merchantId ||
      !tx ||
      str(fields.hash) !== remitaHash(creds.merchantId, rrr, creds.apiKey)
    ) {
      return sendMessagePage(reply, 400, 'Remita', 'Invalid merchant, RRR or hash.');
    }
    const responseUrl = str(fields.responseurl);
    if (responseUrl && /^https?:\/\//.test(responseUrl))
      await sandbox.store.update(tx, { returnUrl: responseUrl });
    return reply.redirect(`${sandbox.checkoutUrl('remita', tx.id)}`, 303);
  };
  app.get(`${prefix}/remita/ecomm/finalize.reg`, options, finalize);
  app.post(`${prefix}/remita/ecomm/finalize.reg`, options, finalize);
}

// ---------------------------------------------------------------------------------------------
// The checkout page of every simulated provider

function checkoutRoutes(
  app: FastifyInstance,
  sandbox: SandboxGateway,
  options: RouteOptions,
  providers: readonly ProviderName[],
): void {
  const find = (request: FastifyRequest) => {
    const { provider, id } = request.params as { provider: string; id: string };
    if (!providers.includes(provider as ProviderName)) return undefined;
    return sandbox.store.get(provider as ProviderName, id);
  };
  const modeOf = (value: unknown): WebhookMode =>
    WEBHOOK_MODES.includes(value as WebhookMode) ? (value as WebhookMode) : 'once';
  const delayOf = (value: unknown): number => {
    const n = Number(value);
    return Number.isFinite(n) && n >= 0 ? Math.min(n, 3600) : 8;
  };

  app.get(`${SANDBOX_PREFIX}/:provider/checkout/:id`, options, async (request, reply) => {
    const tx = find(request);
    if (!tx) return sendMessagePage(reply, 404, 'Checkout', 'This checkout does not exist or has expired.');
    const query = request.query as Body;
    const amountKobo = nairaToKobo(query.amount) ?? tx.amountKobo;
    return reply
      .header('cache-control', 'no-store')
      .type('text/html')
      .send(
        checkoutPage(tx, sandbox.checkoutUrl(tx.provider, tx.id), {
          webhook: modeOf(query.webhook),
          amountKobo,
          delaySeconds: delayOf(query.delaySeconds),
        }),
      );
  });

  app.post(`${SANDBOX_PREFIX}/:provider/checkout/:id`, options, async (request, reply) => {
    const tx = find(request);
    if (!tx) return sendMessagePage(reply, 404, 'Checkout', 'This checkout does not exist or has expired.');
    if (!isOpen(tx)) {
      return sendMessagePage(reply, 409, 'Checkout', `This payment is already ${tx.status}.`);
    }
    const body = (request.body ?? {}) as Body;
    const action = (
      ['pay', 'cancel', 'transfer_later'].includes(str(body.action)) ? str(body.action) : 'pay'
    ) as CheckoutAction;
    const amountKobo = nairaToKobo(str(body.amount) || undefined) ?? tx.amountKobo;
    if (amountKobo <= 0) return sendMessagePage(reply, 400, 'Checkout', 'Enter an amount above zero.');
    const target = await sandbox.complete(tx, action, {
      amountKobo,
      webhook: modeOf(body.webhook),
      delaySeconds: delayOf(body.delaySeconds),
    });
    return reply.redirect(target, 303);
  });
}
