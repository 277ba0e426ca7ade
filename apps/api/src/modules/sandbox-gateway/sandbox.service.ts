import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import {
  monnifySignature,
  nombaSignature,
  remitaHash,
  type ProviderName,
  type SandboxCredentials,
} from '../../platform/payments/index.js';
import type { WebhookMode } from './sandbox.page.js';
import { isOpen, type SandboxStore, type SandboxTransaction } from './sandbox.store.js';

export type CheckoutAction = 'pay' | 'cancel' | 'transfer_later';

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** A time as Lagos (UTC+1) wall-clock parts. */
function lagos(date: Date) {
  const d = new Date(date.getTime() + 60 * 60_000);
  return {
    y: d.getUTCFullYear(),
    mo: d.getUTCMonth() + 1,
    day: d.getUTCDate(),
    h: d.getUTCHours(),
    mi: d.getUTCMinutes(),
    s: d.getUTCSeconds(),
  };
}

/** Monnify prints "17/11/2021 3:48:10 PM". */
export function monnifyTime(date: Date): string {
  const t = lagos(date);
  const h12 = t.h % 12 === 0 ? 12 : t.h % 12;
  return `${pad(t.day)}/${pad(t.mo)}/${t.y} ${h12}:${pad(t.mi)}:${pad(t.s)} ${t.h < 12 ? 'AM' : 'PM'}`;
}

/** Remita prints "2023-01-16 08:18:54 AM". */
export function remitaTime(date: Date): string {
  const t = lagos(date);
  const h12 = t.h % 12 === 0 ? 12 : t.h % 12;
  return `${t.y}-${pad(t.mo)}-${pad(t.day)} ${pad(h12)}:${pad(t.mi)}:${pad(t.s)} ${t.h < 12 ? 'AM' : 'PM'}`;
}

/** Naira as the providers print it: 5000 or 5000.5 as a JSON number. */
export function nairaNumber(kobo: number): number {
  return Math.round(kobo) / 100;
}

/**
 * The simulated gateways' behaviour: bearer tokens, references, payment outcomes and the
 * signed webhooks they send back to the portal — once, twice, late or not at all.
 */
export class SandboxGateway {
  private readonly timers = new Set<NodeJS.Timeout>();
  private readonly inflight = new Set<Promise<unknown>>();
  private closed = false;
  /** Status queries answered since start, per provider: what the portal asked of the gateway. */
  readonly statusQueries: Record<ProviderName, number> = { monnify: 0, nomba: 0, remita: 0 };

  constructor(
    readonly store: SandboxStore,
    readonly credentials: SandboxCredentials,
    private readonly secret: string,
    private readonly publicUrl: string,
    private readonly log: FastifyBaseLogger,
  ) {}

  base(provider: ProviderName): string {
    return `${this.publicUrl}/api/sandbox/${provider}`;
  }

  checkoutUrl(provider: ProviderName, id: string): string {
    return `${this.base(provider)}/checkout/${encodeURIComponent(id)}`;
  }

  // --- bearer tokens: stateless, signed with the sandbox secret --------------------------------

  issueToken(provider: ProviderName, ttlSeconds: number): { token: string; expiresAt: Date } {
    const exp = Math.floor(Date.now() / 1000) + ttlSeconds;
    const body = `${provider}.${exp}.${randomBytes(6).toString('hex')}`;
    const sig = createHmac('sha256', this.secret).update(`token:${body}`).digest('base64url');
    return { token: `${body}.${sig}`, expiresAt: new Date(exp * 1000) };
  }

  tokenValid(provider: ProviderName, authorization: string | undefined): boolean {
    const token = /^Bearer\s+(\S+)$/i.exec(authorization ?? '')?.[1];
    if (!token) return false;
    const parts = token.split('.');
    if (parts.length !== 4 || parts[0] !== provider) return false;
    const body = parts.slice(0, 3).join('.');
    const sig = createHmac('sha256', this.secret).update(`token:${body}`).digest('base64url');
    return sig === parts[3] && Number(parts[1]) * 1000 > Date.now();
  }

  // --- references ------------------------------------------------------------------------------

  newMonnifyReference(now = new Date()): string {
    const t = lagos(now);
    return `MNFY|${t.y}${pad(t.mo)}${pad(t.day)}${pad(t.h)}${pad(t.mi)}${pad(t.s)}|${pad(randomBytes(3).readUIntBE(0, 3) % 1_000_000, 6)}`;
  }

  newRrr(): string {
    let rrr = '';
    for (const byte of randomBytes(12)) rrr += String(byte % 10);
    return `2${rrr.slice(1)}`;
  }

  // --- the outcome of the checkout page ----------------------------------------------------------

  /** What the gateway reports for an amount received against the amount due. */
  private paidStatus(provider: ProviderName, due: number, received: number): string {
    if (provider === 'monnify')
      return received === due ? 'PAID' : received > due ? 'OVERPAID' : 'PARTIALLY_PAID';
    if (provider === 'nomba') return 'SUCCESS';
    return '00';
  }

  async complete(
    tx: SandboxTransaction,
    action: CheckoutAction,
    options: { amountKobo: number; webhook: WebhookMode; delaySeconds: number },
  ): Promise<string> {
    const delayMs = Math.max(0, Math.min(options.delaySeconds, 3600)) * 1000;
    if (action === 'pay') {
      await this.markPaid(tx, options.amountKobo);
      this.scheduleWebhook(tx, options.webhook, delayMs);
    } else if (action === 'cancel') {
      if (tx.provider === 'monnify') await this.store.update(tx, { status: 'CANCELLED' });
      if (tx.provider === 'nomba') {
        await this.store.update(tx, { status: 'PAYMENT_FAILED', transactionId: this.nombaTransactionId() });
        this.scheduleWebhook(tx, options.webhook, delayMs);
      }
      // Remita: an RRR left unpaid stays payable (at a bank, later); nothing changes.
    } else {
      // The browser returns now; the money lands later, as a bank transfer does.
      this.later(delayMs, async () => {
        if (!isOpen(tx)) return;
        await this.markPaid(tx, options.amountKobo);
        this.scheduleWebhook(tx, options.webhook === 'late' ? 'once' : options.webhook, 0);
      });
    }
    return this.returnUrl(tx);
  }

  private nombaTransactionId(): string {
    return `WEB-ONLINE_C-${randomBytes(3).toString('hex').toUpperCase()}-${randomUUID().slice(0, 8)}`;
  }

  private async markPaid(tx: SandboxTransaction, amountKobo: number): Promise<void> {
    await this.store.update(tx, {
      status: this.paidStatus(tx.provider, tx.amountKobo, amountKobo),
      amountPaidKobo: amountKobo,
      paidAt: new Date().toISOString(),
      transactionId: tx.provider === 'nomba' ? this.nombaTransactionId() : tx.transactionId,
    });
  }

  /** The return URL with the parameters each gateway appends. */
  returnUrl(tx: SandboxTransaction): string {
    const url = new URL(tx.returnUrl);
    if (tx.provider === 'monnify') url.searchParams.set('paymentReference', tx.merchantRef);
    if (tx.provider === 'nomba') {
      url.searchParams.set('orderId', tx.id);
      url.searchParams.set('orderReference', tx.merchantRef);
    }
    if (tx.provider === 'remita') {
      url.searchParams.set('RRR', tx.id);
      url.searchParams.set('orderID', tx.merchantRef);
    }
    return url.toString();
  }

  // --- webhooks --------------------------------------------------------------------------------

  private later(delayMs: number, task: () => Promise<void>): void {
    if (this.closed) return;
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      this.track(task());
    }, delayMs);
    timer.unref();
    this.timers.add(timer);
  }

  private track(promise: Promise<unknown>): void {
    const tracked = promise
      .catch((error) => this.log.warn({ err: error }, 'sandbox task failed'))
      .finally(() => this.inflight.delete(tracked));
    this.inflight.add(tracked);
  }

  scheduleWebhook(tx: SandboxTransaction, mode: WebhookMode, delayMs: number): void {
    if (mode === 'none') return;
    const delivery = this.webhookFor(tx);
    if (!delivery) return;
    if (mode === 'late') {
      this.later(delayMs, () => this.deliver(tx.provider, delivery));
      return;
    }
    this.later(0, () => this.deliver(tx.provider, delivery));
    if (mode === 'twice') this.later(50, () => this.deliver(tx.provider, delivery));
  }

  /** The notification the provider would send now, body and headers fixed (a resend is byte-identical). */
  webhookFor(tx: SandboxTransaction): { body: string; headers: Record<string, string> } | null {
    const paidAt = tx.paidAt ? new Date(tx.paidAt) : new Date();
    if (tx.provider === 'monnify') {
      if (!['PAID', 'OVERPAID', 'PARTIALLY_PAID'].includes(tx.status)) return null;
      const paid = tx.amountPaidKobo ?? 0;
      const body = JSON.stringify({
        eventType: 'SUCCESSFUL_TRANSACTION',
        eventData: {
          product: { reference: tx.merchantRef, type: 'WEB_SDK' },
          transactionReference: tx.id,
          paymentReference: tx.merchantRef,
          paidOn: monnifyTime(paidAt),
          paymentDescription: tx.description,
          metaData: {},
          paymentSourceInformation: [],
          destinationAccountInformation: {},
          amountPaid: nairaNumber(paid),
          totalPayable: nairaNumber(tx.amountKobo),
          cardDetails: {},
          paymentMethod: 'CARD',
          currency: tx.currency,
          settlementAmount: nairaNumber(Math.round(paid * 0.985)),
          paymentStatus: tx.status,
          customer: { name: tx.customerName, email: tx.customerEmail },
        },
      });
      return {
        body,
        headers: {
          'content-type': 'application/json',
          'monnify-signature': monnifySignature(this.credentials.monnify.secretKey, body),
        },
      };
    }
    if (tx.provider === 'nomba') {
      if (tx.status !== 'SUCCESS' && tx.status !== 'PAYMENT_FAILED') return null;
      const amount = nairaNumber(tx.amountPaidKobo ?? tx.amountKobo);
      const payload = {
        event_type: tx.status === 'SUCCESS' ? 'payment_success' : 'payment_failed',
        requestId: createHmac('sha256', this.secret)
          .update(`nomba-request:${tx.id}:${tx.status}`)
          .digest('hex')
          .slice(0, 32),
        data: {
          merchant: { walletId: 'N/A', walletBalance: 0, userId: this.credentials.nomba.accountId },
          terminal: {},
          tokenizedCardData: {
            tokenKey: 'N/A',
            cardType: 'Verve',
            tokenExpiryYear: '',
            tokenExpiryMonth: '',
            cardPan: '',
          },
          transaction: {
            fee: nairaNumber(Math.round((tx.amountPaidKobo ?? 0) * 0.014)),
            type: 'online_checkout',
            transactionId: tx.transactionId ?? '',
            responseCode: '',
            originatingFrom: 'web',
            merchantTxRef: `MTX-${tx.id.slice(0, 8)}`,
            transactionAmount: amount,
            time: paidAt.toISOString(),
          },
          customer: { billerId: tx.customerEmail, productId: '' },
          order: {
            amount,
            orderId: tx.id,
            orderReference: tx.merchantRef,
            customerEmail: tx.customerEmail,
            customerId: tx.customerEmail,
            accountId: this.credentials.nomba.accountId,
            paymentMethod: 'card_payment',
            callbackUrl: tx.returnUrl,
            currency: tx.currency,
            isTokenizedCardPayment: false,
          },
        },
      };
      const timestamp = paidAt.toISOString().replace(/\.\d{3}Z$/, 'Z');
      const signature = nombaSignature(this.credentials.nomba.signatureKey, payload, timestamp);
      return {
        body: JSON.stringify(payload),
        headers: {
          'content-type': 'application/json',
          'nomba-signature': signature,
          'nomba-sig-value': signature,
          'nomba-signature-algorithm': 'HmacSHA256',
          'nomba-signature-version': '1.0.0',
          'nomba-timestamp': timestamp,
        },
      };
    }
    if (tx.status !== '00') return null;
    const body = JSON.stringify([
      {
        rrr: tx.id,
        channel: 'CARD',
        amount: nairaNumber(tx.amountPaidKobo ?? 0).toFixed(2),
        transactiondate: remitaTime(paidAt),
        debitdate: remitaTime(paidAt),
        bank: '058',
        branch: '',
        serviceTypeId: this.credentials.remita.serviceTypeId,
        dateSent: remitaTime(new Date()),
        dateRequested: remitaTime(new Date(tx.createdAt)),
        orderRef: tx.merchantRef,
        payerName: tx.customerName,
        payerEmail: tx.customerEmail,
        payerPhoneNumber: '',
        uniqueIdentifier: tx.merchantRef,
        type: 'PY',
      },
    ]);
    return { body, headers: { 'content-type': 'application/json' } };
  }

  /** Posts to the portal's webhook; retries twice when the portal does not answer 2xx. */
  private async deliver(
    provider: ProviderName,
    delivery: { body: string; headers: Record<string, string> },
  ): Promise<void> {
    const url = `${this.publicUrl}/api/payments/webhooks/${provider}`;
    for (let attempt = 1; attempt <= 3 && !this.closed; attempt += 1) {
      try {
        const response = await fetch(url, {
          method: 'POST',
          headers: delivery.headers,
          body: delivery.body,
          signal: AbortSignal.timeout(10_000),
        });
        await response.arrayBuffer();
        if (response.ok) return;
        this.log.warn({ provider, status: response.status, attempt }, 'sandbox webhook refused');
      } catch (error) {
        this.log.warn({ provider, err: error, attempt }, 'sandbox webhook could not be delivered');
      }
      if (this.closed || attempt === 3) return;
      await new Promise((resolve) => setTimeout(resolve, attempt * 1000).unref());
    }
  }

  /** Resolves when no scheduled webhook is waiting or running. */
  async idle(): Promise<void> {
    while (this.inflight.size > 0 || this.timers.size > 0) {
      if (this.inflight.size > 0) await Promise.allSettled([...this.inflight]);
      else await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
    await Promise.allSettled([...this.inflight]);
    await this.store.flush();
  }

  // --- Remita hashes ---------------------------------------------------------------------------

  remitaInitHashOk(authorization: string | undefined, orderId: string, amount: string): boolean {
    const { merchantId, serviceTypeId, apiKey } = this.credentials.remita;
    return (
      authorization ===
      `remitaConsumerKey=${merchantId},remitaConsumerToken=${remitaHash(merchantId, serviceTypeId, orderId, amount, apiKey)}`
    );
  }
}
