/**
 * One interface for every payment gateway (docs: shared/reference/payment-gateways.md §2).
 * Money crosses this boundary in kobo; each adapter converts to its provider's unit.
 */
export const PROVIDERS = ['monnify', 'nomba', 'remita'] as const;
export type ProviderName = (typeof PROVIDERS)[number];

export interface InitializeInput {
  /** Our reference: unique per attempt (the provider refuses a reused one). */
  merchantRef: string;
  amountKobo: number;
  currency: 'NGN';
  customer: { name: string; email: string; phone?: string | null };
  description: string;
  /** Where the browser comes back to; the provider appends its own query parameters. */
  returnUrl: string;
  metadata?: Record<string, string>;
}

export interface InitializeResult {
  /** The provider's reference (Monnify transactionReference, Nomba orderId when known, Remita RRR). */
  providerRef: string | null;
  checkoutUrl: string;
  /** A form the browser may POST instead of following checkoutUrl (Remita's pay page). */
  form?: { action: string; fields: Record<string, string> };
  raw: unknown;
}

/**
 * What the provider says now. `paid`/`overpaid`/`underpaid` all mean money arrived; the
 * payments service still compares the amount and currency with what it expected.
 */
export type GatewayState =
  'paid' | 'overpaid' | 'underpaid' | 'pending' | 'failed' | 'expired' | 'reversed' | 'not_found';

export interface VerifyResult {
  state: GatewayState;
  /** The provider's own status word, kept for the record (e.g. PAID, SUCCESS, 01). */
  providerStatus: string;
  amountPaidKobo: number | null;
  feesKobo: number | null;
  currency: string | null;
  merchantRef: string | null;
  providerRef: string | null;
  paidAt: Date | null;
  raw: unknown;
}

/** A status answer that carries no payment: nothing found, or nothing paid yet. */
export function withoutPayment(state: GatewayState, providerStatus: string, raw: unknown): VerifyResult {
  return {
    state,
    providerStatus,
    amountPaidKobo: null,
    feesKobo: null,
    currency: null,
    merchantRef: null,
    providerRef: null,
    paidAt: null,
    raw,
  };
}

export interface PaymentRef {
  merchantRef: string;
  providerRef?: string | null;
}

/** One notification in a webhook delivery (Remita sends several in one array). */
export interface WebhookNotice {
  /** Unique per provider event: a redelivery of the same event has the same key. */
  eventKey: string;
  kind: string;
  merchantRef: string | null;
  providerRef: string | null;
  body: unknown;
}

export type Headers = Record<string, string | string[] | undefined>;

export interface PaymentGateway {
  readonly name: ProviderName;
  /** How long a checkout stays payable at the provider; older pending attempts are expired. */
  readonly checkoutValidityMs: number;
  /**
   * Whether its notices are signed (so sent by the provider). An unsigned notice (Remita's) may come
   * from anyone: it only triggers a re-query, coalesced per payment and rate-limited per address.
   */
  readonly signedNotices: boolean;
  initialize(input: InitializeInput): Promise<InitializeResult>;
  /** Asks the provider; never derived from a redirect or a webhook body. */
  verify(ref: PaymentRef): Promise<VerifyResult>;
  /**
   * Checks the signature of a webhook over the exact bytes received. Providers without a
   * signature (Remita) return true: their notification only triggers a re-query.
   */
  verifyWebhook(rawBody: Buffer, headers: Headers): boolean;
  parseWebhook(rawBody: Buffer, headers: Headers): WebhookNotice[];
  /**
   * Our reference for a provider reference we have not stored yet (Nomba's orderId is only
   * learnt from the redirect, the webhook or the status answer). Null when the provider does
   * not know it. Optional: providers whose reference is known at initialisation omit it.
   */
  lookupMerchantRef?(providerRef: string): Promise<string | null>;
  /** The references the browser brought back; only used to find the attempt, never to credit it. */
  parseReturn(query: Record<string, unknown>): { merchantRef: string | null; providerRef: string | null };
}

export class GatewayError extends Error {
  constructor(
    readonly provider: ProviderName,
    message: string,
    readonly httpStatus?: number,
    readonly body?: unknown,
  ) {
    super(`${provider}: ${message}`);
  }
}
