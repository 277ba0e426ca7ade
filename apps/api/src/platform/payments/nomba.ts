import { createHmac } from 'node:crypto';
import {
  BearerApi,
  asRecord,
  asString,
  header,
  httpCall,
  koboToNairaString,
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

export interface NombaOptions {
  /** e.g. https://sandbox.nomba.com or https://api.nomba.com (no trailing slash). */
  baseUrl: string;
  clientId: string;
  clientSecret: string;
  /** The parent account id, sent as the `accountId` header on every call. */
  accountId: string;
  /** The webhook signature key set on the dashboard. */
  signatureKey: string;
  timeoutMs: number;
}

/**
 * Statuses of `/v1/transactions/accounts/single` ("SUCCESS or FAILED") and of the wider
 * transactions enum. Only SUCCESS counts as paid.
 */
const STATUS_MAP: Record<string, GatewayState> = {
  SUCCESS: 'paid',
  SUCCESSFUL: 'paid',
  NEW: 'pending',
  PENDING: 'pending',
  PENDING_PAYMENT: 'pending',
  PENDING_BILLING: 'pending',
  PAYMENT_SUCCESSFUL: 'pending',
  FAILED: 'failed',
  PAYMENT_FAILED: 'failed',
  REFUND: 'reversed',
  REVERSED: 'reversed',
};

/**
 * Nomba online checkout: client-credentials token (with the `accountId` header), checkout
 * order, status by our orderReference, and the `nomba-signature` webhook (base64
 * HMAC-SHA256 over colon-joined fields and the `nomba-timestamp` header).
 */
export class NombaGateway implements PaymentGateway {
  readonly name = 'nomba' as const;
  /** Not published; an hour is assumed (confirm with a sandbox order). */
  readonly checkoutValidityMs = 60 * 60_000;
  readonly signedNotices = true;
  private readonly api: BearerApi;

  constructor(private readonly options: NombaOptions) {
    this.api = new BearerApi(
      this.name,
      { baseUrl: options.baseUrl, timeoutMs: options.timeoutMs, headers: { accountId: options.accountId } },
      () => this.issueToken(),
    );
  }

  private async issueToken(): Promise<{ value: string; expiresAt: number }> {
    const response = await httpCall(this.name, `${this.options.baseUrl}/v1/auth/token/issue`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accountId: this.options.accountId },
      body: JSON.stringify({
        grant_type: 'client_credentials',
        client_id: this.options.clientId,
        client_secret: this.options.clientSecret,
      }),
      timeoutMs: this.options.timeoutMs,
    });
    const body = asRecord(parseJson(this.name, response));
    const data = asRecord(body.data);
    const accessToken = asString(data.access_token);
    if (response.status !== 200 || asString(body.code) !== '00' || !accessToken) {
      throw new GatewayError(
        this.name,
        `token refused (${response.status}): ${asString(body.description) ?? 'no description'}`,
        response.status,
      );
    }
    const expiresAt = parseProviderDate(data.expiresAt)?.getTime() ?? Date.now() + 30 * 60_000;
    // Renew five minutes early, as the WooCommerce plugin does.
    return { value: accessToken, expiresAt: Math.max(expiresAt - 300_000, Date.now() + 30_000) };
  }

  async initialize(input: InitializeInput): Promise<InitializeResult> {
    const payload = {
      order: {
        orderReference: input.merchantRef,
        customerId: input.metadata?.customerId ?? input.customer.email,
        callbackUrl: input.returnUrl,
        customerEmail: input.customer.email,
        // Naira with two decimals, as in the official examples ("10000.00").
        amount: koboToNairaString(input.amountKobo),
        currency: input.currency,
        // The order has no name or description field of its own; its free-form orderMetaData
        // carries who pays and for what, so the checkout and the merchant dashboard can show them.
        orderMetaData: {
          ...input.metadata,
          customerName: input.customer.name,
          orderDescription: input.description,
        },
      },
      tokenizeCard: false,
    };
    const response = await this.api.call('/v1/checkout/order', { method: 'POST', body: payload });
    const body = asRecord(parseJson(this.name, response));
    const data = asRecord(body.data);
    const checkoutUrl = asString(data.checkoutLink);
    if (response.status !== 200 || asString(body.code) !== '00' || !checkoutUrl) {
      throw new GatewayError(
        this.name,
        `checkout order refused (${response.status}): ${asString(body.description) ?? 'no description'}`,
        response.status,
        body,
      );
    }
    const echoedRef = asString(data.orderReference);
    if (echoedRef && echoedRef !== input.merchantRef) {
      throw new GatewayError(
        this.name,
        `checkout order answered for another reference (${echoedRef})`,
        response.status,
        body,
      );
    }
    // Nomba's own order id arrives with the redirect, the webhook and the status answer.
    return { providerRef: asString(data.orderId), checkoutUrl, raw: body };
  }

  async verify(ref: PaymentRef): Promise<VerifyResult> {
    const response = await this.api.call(
      `/v1/transactions/accounts/single?orderReference=${encodeURIComponent(ref.merchantRef)}`,
    );
    const body = asRecord(parseJson(this.name, response));
    const code = asString(body.code);
    const data = asRecord(body.data);
    if (response.status === 404 || (code !== '00' && Object.keys(data).length === 0)) {
      const description = asString(body.description) ?? '';
      if (response.status === 404 || /not\s*found|no .*transaction|does not exist/i.test(description)) {
        // An order nobody has paid yet has no transaction: still pending.
        return withoutPayment('pending', 'NO_TRANSACTION', body);
      }
      throw new GatewayError(
        this.name,
        `status query refused (${response.status}): ${description || 'no description'}`,
        response.status,
        body,
      );
    }
    if (response.status !== 200) {
      throw new GatewayError(this.name, `status query answered ${response.status}`, response.status, body);
    }
    // In sandbox this lookup has been seen to return an unrelated record: check it is ours.
    const merchantRef = asString(data.onlineCheckoutOrderReference) ?? asString(data.orderReference);
    if (merchantRef !== ref.merchantRef) {
      throw new GatewayError(
        this.name,
        `status query answered for another order (${merchantRef ?? 'none'})`,
        response.status,
        body,
      );
    }
    const status = (asString(data.status) ?? '').toUpperCase();
    const fee = nairaToKobo(data.fee);
    return {
      state: STATUS_MAP[status] ?? 'pending',
      providerStatus: status || 'UNKNOWN',
      amountPaidKobo: nairaToKobo(data.amount),
      feesKobo: fee,
      // This answer carries no currency in the documented samples; Nomba checkout is naira-only.
      currency: asString(data.currency) ?? 'NGN',
      merchantRef,
      providerRef: asString(data.onlineCheckoutOrderId) ?? asString(data.orderId) ?? ref.providerRef ?? null,
      paidAt: parseProviderDate(data.timeCreated ?? data.time ?? data.createdAt),
      raw: body,
    };
  }

  async lookupMerchantRef(orderId: string): Promise<string | null> {
    // Nomba's order ids are UUIDs; anything else is not worth a call.
    if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(orderId)) return null;
    const response = await this.api.call(
      `/v1/transactions/accounts/single?orderId=${encodeURIComponent(orderId)}`,
    );
    if (response.status === 404) return null;
    const body = asRecord(parseJson(this.name, response));
    const data = asRecord(body.data);
    if (response.status !== 200 || asString(body.code) !== '00') return null;
    // Only trust an answer about the order that was asked for.
    const answeredOrderId = asString(data.onlineCheckoutOrderId) ?? asString(data.orderId);
    if (answeredOrderId !== orderId) return null;
    return asString(data.onlineCheckoutOrderReference) ?? asString(data.orderReference);
  }

  verifyWebhook(rawBody: Buffer, headers: Headers): boolean {
    const given = header(headers, 'nomba-signature') ?? header(headers, 'nomba-sig-value');
    const timestamp = header(headers, 'nomba-timestamp');
    if (!given || !timestamp) return false;
    let payload: unknown;
    try {
      payload = JSON.parse(rawBody.toString('utf8'));
    } catch {
      return false;
    }
    const digest = nombaDigest(this.options.signatureKey, payload, timestamp);
    // Base64 is what the header sample and working integrations use; the Go sample hints at hex.
    return (
      safeEqual(given.trim(), digest.toString('base64')) ||
      safeEqual(given.trim().toLowerCase(), digest.toString('hex'))
    );
  }

  parseWebhook(rawBody: Buffer): WebhookNotice[] {
    const body = asRecord(JSON.parse(rawBody.toString('utf8')));
    const data = asRecord(body.data);
    const order = asRecord(data.order);
    const transaction = asRecord(data.transaction);
    const kind = asString(body.event_type) ?? 'unknown';
    const key =
      asString(body.requestId) ??
      asString(transaction.transactionId) ??
      `${kind}:${asString(order.orderReference) ?? ''}`;
    return [
      {
        eventKey: key,
        kind,
        merchantRef: asString(order.orderReference),
        providerRef: asString(order.orderId),
        body,
      },
    ];
  }

  parseReturn(query: Record<string, unknown>) {
    return { merchantRef: queryString(query, 'orderReference'), providerRef: queryString(query, 'orderId') };
  }
}

function field(value: unknown): string {
  if (value === null || value === undefined) return '';
  return typeof value === 'string' ? value : String(value);
}

/** The message Nomba signs: nine colon-joined values, the last being the `nomba-timestamp` header. */
export function nombaSignedMessage(payload: unknown, timestamp: string): string {
  const body = asRecord(payload);
  const data = asRecord(body.data);
  const merchant = asRecord(data.merchant);
  const transaction = asRecord(data.transaction);
  return [
    field(body.event_type),
    field(body.requestId),
    field(merchant.userId),
    field(merchant.walletId),
    field(transaction.transactionId),
    field(transaction.type),
    field(transaction.time),
    field(transaction.responseCode),
    timestamp,
  ].join(':');
}

export function nombaDigest(signatureKey: string, payload: unknown, timestamp: string): Buffer {
  return createHmac('sha256', signatureKey).update(nombaSignedMessage(payload, timestamp)).digest();
}

/** The `nomba-signature` value for a payload: base64 HMAC-SHA256. */
export function nombaSignature(signatureKey: string, payload: unknown, timestamp: string): string {
  return nombaDigest(signatureKey, payload, timestamp).toString('base64');
}
