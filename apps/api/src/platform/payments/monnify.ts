import { createHmac } from 'node:crypto';
import {
  BearerApi,
  asRecord,
  asString,
  header,
  httpCall,
  koboToNairaNumber,
  nairaToKobo,
  parseJson,
  parseProviderDate,
  queryString,
  safeEqual,
} from './http.js';
import {
  GatewayError,
  type GatewayState,
  type Headers,
  type InitializeInput,
  type InitializeResult,
  type PaymentGateway,
  type PaymentRef,
  type VerifyResult,
  type WebhookNotice,
  withoutPayment,
} from './types.js';

export interface MonnifyOptions {
  /** e.g. https://sandbox.monnify.com or https://api.monnify.com (no trailing slash). */
  baseUrl: string;
  apiKey: string;
  secretKey: string;
  contractCode: string;
  timeoutMs: number;
}

/** Monnify's paymentStatus words and what they mean for us (verify-transactions guidance). */
const STATUS_MAP: Record<string, GatewayState> = {
  PAID: 'paid',
  OVERPAID: 'overpaid',
  PARTIALLY_PAID: 'underpaid',
  UNDERPAID: 'underpaid',
  PENDING: 'pending',
  // The customer left the checkout; it may still be completed until the checkout expires.
  ABANDONED: 'pending',
  CANCELLED: 'failed',
  FAILED: 'failed',
  REVERSED: 'reversed',
  REFUNDED: 'reversed',
  EXPIRED: 'expired',
};

/**
 * Monnify: Basic apiKey:secretKey → bearer token (about an hour, cached), init-transaction,
 * status by our paymentReference, and the `monnify-signature` webhook (hex HMAC-SHA512 of
 * the raw body with the secret key).
 */
export class MonnifyGateway implements PaymentGateway {
  readonly name = 'monnify' as const;
  /** The checkout URL is valid for 40 minutes (checkout-api page). */
  readonly checkoutValidityMs = 40 * 60_000;
  readonly signedNotices = true;
  private readonly api: BearerApi;

  constructor(private readonly options: MonnifyOptions) {
    this.api = new BearerApi(this.name, { baseUrl: options.baseUrl, timeoutMs: options.timeoutMs }, () =>
      this.login(),
    );
  }

  private async login(): Promise<{ value: string; expiresAt: number }> {
    const basic = Buffer.from(`${this.options.apiKey}:${this.options.secretKey}`).toString('base64');
    const response = await httpCall(this.name, `${this.options.baseUrl}/api/v1/auth/login`, {
      method: 'POST',
      headers: { authorization: `Basic ${basic}`, 'content-type': 'application/json' },
      body: '',
      timeoutMs: this.options.timeoutMs,
    });
    const body = asRecord(parseJson(this.name, response));
    const data = asRecord(body.responseBody);
    const accessToken = asString(data.accessToken);
    if (response.status !== 200 || body.requestSuccessful !== true || !accessToken) {
      throw new GatewayError(
        this.name,
        `login refused (${response.status}): ${asString(body.responseMessage) ?? 'no message'}`,
        response.status,
      );
    }
    const expiresIn = Number(data.expiresIn);
    const lifetimeMs = (Number.isFinite(expiresIn) && expiresIn > 0 ? expiresIn : 3600) * 1000;
    // Refresh a little before the provider would refuse it.
    return { value: accessToken, expiresAt: Date.now() + Math.max(lifetimeMs - 120_000, lifetimeMs / 2) };
  }

  async initialize(input: InitializeInput): Promise<InitializeResult> {
    const payload = {
      amount: koboToNairaNumber(input.amountKobo),
      customerName: input.customer.name,
      customerEmail: input.customer.email,
      paymentReference: input.merchantRef,
      paymentDescription: input.description,
      currencyCode: input.currency,
      contractCode: this.options.contractCode,
      redirectUrl: input.returnUrl,
      paymentMethods: ['CARD', 'ACCOUNT_TRANSFER', 'USSD'],
      metaData: input.metadata ?? {},
    };
    const response = await this.api.call('/api/v1/merchant/transactions/init-transaction', {
      method: 'POST',
      body: payload,
    });
    const body = asRecord(parseJson(this.name, response));
    const data = asRecord(body.responseBody);
    const checkoutUrl = asString(data.checkoutUrl);
    if (response.status !== 200 || body.requestSuccessful !== true || !checkoutUrl) {
      throw new GatewayError(
        this.name,
        `init-transaction refused (${response.status}, code ${asString(body.responseCode) ?? '?'}): ${asString(body.responseMessage) ?? 'no message'}`,
        response.status,
        body,
      );
    }
    // The docs advise checking that what came back is what was sent.
    const echoedRef = asString(data.paymentReference);
    if (echoedRef && echoedRef !== input.merchantRef) {
      throw new GatewayError(
        this.name,
        `init-transaction answered for another reference (${echoedRef})`,
        response.status,
        body,
      );
    }
    const echoedAmount = data.amount === undefined ? null : nairaToKobo(data.amount);
    if (echoedAmount !== null && echoedAmount !== input.amountKobo) {
      throw new GatewayError(
        this.name,
        `init-transaction answered another amount (${String(data.amount)})`,
        response.status,
        body,
      );
    }
    return { providerRef: asString(data.transactionReference), checkoutUrl, raw: body };
  }

  async verify(ref: PaymentRef): Promise<VerifyResult> {
    const response = await this.api.call(
      `/api/v2/merchant/transactions/query?paymentReference=${encodeURIComponent(ref.merchantRef)}`,
    );
    const body = asRecord(parseJson(this.name, response));
    if (body.requestSuccessful !== true) {
      const message = asString(body.responseMessage) ?? '';
      if (
        response.status === 404 ||
        /not\s*(be\s*)?found|could not find|does not exist|invalid .*reference/i.test(message)
      ) {
        return withoutPayment('not_found', 'NOT_FOUND', body);
      }
      throw new GatewayError(
        this.name,
        `status query refused (${response.status}): ${message || 'no message'}`,
        response.status,
        body,
      );
    }
    const data = asRecord(body.responseBody);
    const merchantRef = asString(data.paymentReference);
    if (merchantRef !== ref.merchantRef) {
      throw new GatewayError(
        this.name,
        `status query answered for another reference (${merchantRef ?? 'none'})`,
        response.status,
        body,
      );
    }
    const status = (asString(data.paymentStatus) ?? '').toUpperCase();
    const state = STATUS_MAP[status] ?? 'pending';
    const amountPaidKobo = nairaToKobo(data.amountPaid);
    const settlement = nairaToKobo(data.settlementAmount);
    const payable = nairaToKobo(data.totalPayable);
    return {
      state,
      providerStatus: status || 'UNKNOWN',
      amountPaidKobo,
      feesKobo: payable !== null && settlement !== null ? Math.max(payable - settlement, 0) : null,
      currency: asString(data.currency) ?? asString(data.currencyCode),
      merchantRef,
      providerRef: asString(data.transactionReference),
      paidAt: parseProviderDate(data.paidOn),
      raw: body,
    };
  }

  verifyWebhook(rawBody: Buffer, headers: Headers): boolean {
    const given = header(headers, 'monnify-signature');
    if (!given) return false;
    return safeEqual(given.trim().toLowerCase(), monnifySignature(this.options.secretKey, rawBody));
  }

  parseWebhook(rawBody: Buffer): WebhookNotice[] {
    const body = asRecord(JSON.parse(rawBody.toString('utf8')));
    const eventType = asString(body.eventType) ?? 'UNKNOWN';
    const data = asRecord(body.eventData);
    const merchantRef = asString(data.paymentReference);
    const providerRef = asString(data.transactionReference);
    const status = asString(data.paymentStatus) ?? '';
    // Monnify sends no event id; a resend repeats the same transaction and status.
    return [
      {
        eventKey: `${eventType}:${providerRef ?? merchantRef ?? ''}:${status}`,
        kind: eventType,
        merchantRef,
        providerRef,
        body,
      },
    ];
  }

  parseReturn(query: Record<string, unknown>) {
    return {
      merchantRef: queryString(query, 'paymentReference'),
      providerRef: queryString(query, 'transactionReference'),
    };
  }
}

/** Lowercase hex HMAC-SHA512 of the exact body bytes, keyed with the client secret key. */
export function monnifySignature(secretKey: string, rawBody: Buffer | string): string {
  return createHmac('sha512', secretKey).update(rawBody).digest('hex');
}
