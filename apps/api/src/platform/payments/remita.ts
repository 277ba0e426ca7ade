import { createHash } from 'node:crypto';
import {
  asRecord,
  asString,
  httpCall,
  koboToNairaString,
  nairaToKobo,
  parseJsonp,
  parseProviderDate,
  queryString,
} from './http.js';
import {
  GatewayError,
  type InitializeInput,
  type InitializeResult,
  type PaymentGateway,
  type PaymentRef,
  type VerifyResult,
  type WebhookNotice,
} from './types.js';

export interface RemitaOptions {
  /** e.g. https://demo.remita.net or https://login.remita.net (no trailing slash). */
  baseUrl: string;
  merchantId: string;
  serviceTypeId: string;
  apiKey: string;
  timeoutMs: number;
}

/** Lowercase hex SHA-512 (a plain hash, not an HMAC) of the concatenated values. */
export function remitaHash(...parts: string[]): string {
  return createHash('sha512').update(parts.join('')).digest('hex');
}

const PAID = new Set(['00', '01']);

/**
 * Remita (classic RRR API): generate an RRR with a per-request SHA-512 hash, send the browser
 * to the pay page, ask for the status by RRR. Answers may come wrapped as JSONP. The payment
 * notification is unsigned, so it is used only as a trigger to ask for the status.
 */
export class RemitaGateway implements PaymentGateway {
  readonly name = 'remita' as const;
  /**
   * An RRR can be paid later at a bank branch; its validity is not published. Pending RRRs are
   * re-queried for a week before they are expired (confirm with Remita).
   */
  readonly checkoutValidityMs = 7 * 24 * 60 * 60_000;
  readonly signedNotices = false;

  constructor(private readonly options: RemitaOptions) {}

  private authorization(hash: string): string {
    return `remitaConsumerKey=${this.options.merchantId},remitaConsumerToken=${hash}`;
  }

  async initialize(input: InitializeInput): Promise<InitializeResult> {
    const { merchantId, serviceTypeId, apiKey } = this.options;
    // The amount in the hash must be byte-identical to the amount in the body.
    const amount = koboToNairaString(input.amountKobo);
    const hash = remitaHash(merchantId, serviceTypeId, input.merchantRef, amount, apiKey);
    const payload = {
      serviceTypeId,
      amount,
      orderId: input.merchantRef,
      payerName: input.customer.name,
      payerEmail: input.customer.email,
      payerPhone: input.customer.phone ?? '',
      description: input.description,
      customFields: Object.entries(input.metadata ?? {}).map(([name, value]) => ({
        name,
        value,
        type: 'ALL',
      })),
    };
    const response = await httpCall(
      this.name,
      `${this.options.baseUrl}/remita/exapp/api/v1/send/api/echannelsvc/merchant/api/paymentinit`,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: this.authorization(hash) },
        body: JSON.stringify(payload),
        timeoutMs: this.options.timeoutMs,
      },
    );
    const body = asRecord(parseJsonp(this.name, response));
    const code = asString(body.statuscode);
    let rrr = asString(body.RRR)?.trim() ?? null;
    if (code === '028') {
      // Duplicate order reference: a previous call for this orderId got through; fetch its RRR.
      rrr = (await this.statusByOrderId(input.merchantRef)).providerRef;
    } else if (code !== '025' || !rrr) {
      throw new GatewayError(
        this.name,
        `RRR generation refused (${response.status}, ${code ?? '?'}): ${asString(body.status) ?? 'no status'}`,
        response.status,
        body,
      );
    }
    if (!rrr)
      throw new GatewayError(this.name, 'no RRR for a duplicate order reference', response.status, body);
    const form = this.payForm(rrr, input.returnUrl);
    return {
      providerRef: rrr,
      checkoutUrl: `${form.action}?${new URLSearchParams(form.fields).toString()}`,
      form,
      raw: body,
    };
  }

  /** The pay page: merchantId, rrr, responseurl and hash = SHA-512(merchantId + rrr + apiKey). */
  payForm(rrr: string, returnUrl: string): { action: string; fields: Record<string, string> } {
    const { merchantId, apiKey } = this.options;
    return {
      action: `${this.options.baseUrl}/remita/ecomm/finalize.reg`,
      fields: { merchantId, hash: remitaHash(merchantId, rrr, apiKey), rrr, responseurl: returnUrl },
    };
  }

  async verify(ref: PaymentRef): Promise<VerifyResult> {
    if (!ref.providerRef) return this.statusByOrderId(ref.merchantRef);
    const { merchantId, apiKey } = this.options;
    const rrr = ref.providerRef;
    const hash = remitaHash(rrr, apiKey, merchantId);
    const url = `${this.options.baseUrl}/remita/exapp/api/v1/send/api/echannelsvc/${encodeURIComponent(merchantId)}/${encodeURIComponent(rrr)}/${hash}/status.reg`;
    return this.readStatus(url, hash, { rrr });
  }

  private async statusByOrderId(orderId: string): Promise<VerifyResult> {
    const { merchantId, apiKey } = this.options;
    const hash = remitaHash(orderId, apiKey, merchantId);
    const url = `${this.options.baseUrl}/remita/ecomm/${encodeURIComponent(merchantId)}/${encodeURIComponent(orderId)}/${hash}/orderstatus.reg`;
    return this.readStatus(url, hash, { orderId });
  }

  private async readStatus(
    url: string,
    hash: string,
    expected: { rrr?: string; orderId?: string },
  ): Promise<VerifyResult> {
    const response = await httpCall(this.name, url, {
      headers: { 'content-type': 'application/json', authorization: this.authorization(hash) },
      timeoutMs: this.options.timeoutMs,
    });
    if (response.status !== 200)
      throw new GatewayError(
        this.name,
        `status query answered ${response.status}`,
        response.status,
        response.text.slice(0, 300),
      );
    const body = asRecord(parseJsonp(this.name, response));
    const status = asString(body.status) ?? asString(body.statuscode) ?? '';
    const rrr = asString(body.RRR) ?? asString(body.rrr);
    const orderId = asString(body.orderId) ?? asString(body.orderID);
    if (expected.rrr && rrr && rrr !== expected.rrr) {
      throw new GatewayError(
        this.name,
        `status query answered for another RRR (${rrr})`,
        response.status,
        body,
      );
    }
    if (expected.orderId && orderId && orderId !== expected.orderId) {
      throw new GatewayError(
        this.name,
        `status query answered for another order (${orderId})`,
        response.status,
        body,
      );
    }
    // Only 00 and 01 mean paid. Anything else (021 pending, 025 generated, 023 invalid …) is not
    // paid yet: an RRR can still be paid at a bank, so it stays pending until it expires.
    const paid = PAID.has(status);
    return {
      state: paid ? 'paid' : status === '023' ? 'not_found' : 'pending',
      providerStatus: status || 'UNKNOWN',
      amountPaidKobo: paid ? nairaToKobo(body.amount) : null,
      feesKobo: null,
      // The status answer carries no currency; RRRs are naira.
      currency: 'NGN',
      merchantRef: orderId,
      providerRef: rrr ?? expected.rrr ?? null,
      paidAt: paid ? parseProviderDate(body.paymentDate ?? body.transactiontime) : null,
      raw: body,
    };
  }

  /** The classic notification carries no signature: it is only a trigger to re-query. */
  verifyWebhook(): boolean {
    return true;
  }

  parseWebhook(rawBody: Buffer): WebhookNotice[] {
    const parsed: unknown = JSON.parse(rawBody.toString('utf8'));
    const items = Array.isArray(parsed) ? parsed : [parsed];
    return items.slice(0, 100).map((item) => {
      const record = asRecord(item);
      const rrr = asString(record.rrr) ?? asString(record.RRR);
      return {
        // No event id: the same notification resent has the same content.
        eventKey: `${rrr ?? ''}:${createHash('sha256').update(JSON.stringify(item)).digest('hex')}`,
        kind: asString(record.type) ?? 'notification',
        merchantRef: asString(record.orderRef) ?? asString(record.orderId),
        providerRef: rrr,
        body: item,
      };
    });
  }

  parseReturn(query: Record<string, unknown>) {
    return {
      merchantRef: queryString(query, 'orderID') ?? queryString(query, 'orderId'),
      providerRef: queryString(query, 'RRR'),
    };
  }
}
