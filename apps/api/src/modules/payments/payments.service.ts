import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import {
  ACCEPTANCE_PAYMENT_CATEGORY_ID,
  ACCEPTANCE_PAYMENT_ITEM_IDS,
  PAYMENT_MESSAGES,
  SCHOOL_FEES_CATEGORY_ID,
  STATUS,
  koboToNaira,
  type PaymentProvider,
  type PaymentRequest,
} from '@portal/contracts';
import type { Db } from '../../db/client.js';
import type { AuthContext } from '../../platform/auth.js';
import {
  errorMentions,
  pgErrorCode,
  PG_CHECK_VIOLATION,
  PG_UNIQUE_VIOLATION,
  type Exec,
} from '../../platform/db.js';
import { AppError, notFound } from '../../platform/errors.js';
import { newPublicId } from '../../platform/ids.js';
import { isIndigene } from '../../platform/school.js';
import {
  GatewayError,
  type GatewayEntry,
  type Gateways,
  type Headers,
  type PaymentGateway,
  type VerifyResult,
} from '../../platform/payments/index.js';
import * as repo from './payments.repository.js';
import type { PaymentRow } from './payments.repository.js';
import { purposeOf, studentDue, studentPayer, type Payer } from './purposes.js';

export {
  loadStudentPayer,
  registerPurpose,
  type AttemptPlan,
  type Payer,
  type PaymentPurpose,
} from './purposes.js';

/** Grace after a checkout's validity before a still-pending attempt is expired. */
const EXPIRY_GRACE_MS = 10 * 60_000;

/** The states money reported by the gateway may settle: pending, and expired (a late payment). */
const SETTLEABLE_WITH_MONEY = ['pending', 'expired'] as const;

/**
 * How long after a re-query triggered by an unsigned notice the next one may run: 30 s (above the
 * gateway's timeout, so one runs at a time), doubling with the attempt's checks up to 15 minutes.
 * The reconciliation job keeps asking on its own schedule meanwhile.
 */
export function noticeBackoffSeconds(checkCount: number): number {
  return Math.min(30 * 2 ** Math.min(checkCount, 5), 15 * 60);
}

export interface PaymentsOptions {
  publicUrl: string;
}

/** Where the browser returns after checkout: the applicant dashboard reads the gateway's parameters. */
export function applicantReturnUrl(publicUrl: string): string {
  return `${publicUrl}/portal/applicant/dashboard`;
}

/** Whether a payment is the signed-in payer's own (anything else answers 404). */
export function ownedBy(payment: PaymentRow, auth: AuthContext): boolean {
  if (auth.kind === 'Applicant') return payment.applicantId === auth.userId;
  if (auth.kind === 'Student') return payment.studentId === auth.userId;
  return false;
}

/** A fresh reference per attempt: `DIT-ACC-250125-7K3M9QH2XW4P` (60 random bits); school fees `DIT-SCH-…`. */
export function newPaymentReference(now = new Date(), code = 'ACC'): string {
  const alphabet = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
  const bytes = randomBytes(12);
  let random = '';
  for (const byte of bytes) random += alphabet[byte & 31];
  const date = now.toISOString().slice(2, 10).replace(/-/g, '');
  return `DIT-${code}-${date}-${random}`;
}

/**
 * The payment flow (spec §4) and its integrity rules: the amount comes from the fee schedule,
 * never the client; the gateway is always asked before anything is credited; an attempt moves
 * pending → paid | failed | expired once; the acceptance fee and the applicant's admission level
 * change in the same transaction.
 */
export class PaymentsService {
  private readonly inflight = new Set<Promise<unknown>>();
  /** Counts since start: attempts started and credited (pending → paid), second acceptance fees refused, webhook events. */
  readonly counters = { started: 0, credited: 0, duplicatePayments: 0, webhooks: 0, duplicateWebhooks: 0 };
  private readonly settling = new Map<number, Promise<PaymentRow>>();
  private readonly noticeRequeries = new Map<number, Promise<PaymentRow>>();

  constructor(
    private readonly db: Db,
    readonly gateways: Gateways,
    private readonly log: FastifyBaseLogger,
    private readonly options: PaymentsOptions,
  ) {}

  gateway(provider: PaymentProvider): GatewayEntry {
    const entry = this.gateways[provider];
    if (!entry) throw new AppError(503, PAYMENT_MESSAGES.unavailable, STATUS.error);
    return entry;
  }

  // -------------------------------------------------------------------------------------------
  // Starting a payment

  /**
   * POST AddPayeePayment…?payType=<category id>: starts an attempt of the purpose registered under
   * that category, for the signed-in payer. The amount comes from the purpose (the fee schedule),
   * never the client; the request's values choose only between what the purpose allows (MethodId,
   * a first instalment's amount).
   */
  async start(provider: PaymentProvider, auth: AuthContext, payType: number, request: PaymentRequest = {}) {
    const purpose = purposeOf(payType);
    // A purpose is offered to its own kind of payer only (school fees to students, the acceptance fee to applicants).
    if (!purpose || auth.kind !== purpose.payerKind)
      throw new AppError(400, PAYMENT_MESSAGES.wrongPayType, STATUS.invalid);
    const { gateway, sandbox } = this.gateway(provider);
    const payer = await purpose.loadPayer(this.db, auth.userId);
    if (!payer) throw notFound();
    // An earlier attempt may have been paid without the browser coming back: ask first.
    for (const attempt of await this.attemptsOf(payer, purpose.categoryId, 'pending')) {
      try {
        await this.refresh(attempt);
      } catch (error) {
        this.log.warn({ err: error, payment: attempt.id }, 'could not re-check an earlier attempt');
      }
    }
    const plan = await purpose.plan(this.db, payer, request);
    // A purpose that credits an account (school fees) opens it with what is due, before any money moves.
    if (payer.kind === 'Student' && plan.accountDueKobo !== undefined) {
      await repo.openFeeAccount(
        this.db,
        { studentId: payer.id, sessionId: plan.sessionId, categoryId: purpose.categoryId },
        plan.accountDueKobo,
      );
    }

    const attempt = await repo.insertAttempt(this.db, {
      publicId: newPublicId(),
      provider,
      reference: newPaymentReference(new Date(), purpose.referenceCode),
      payeeTypeId: purpose.payeeTypeId,
      applicantId: payer.kind === 'Applicant' ? payer.id : null,
      studentId: payer.kind === 'Student' ? payer.id : null,
      categoryId: purpose.categoryId,
      itemIds: plan.itemIds,
      recordId: plan.recordId ?? null,
      sessionId: plan.sessionId,
      methodId: plan.methodId,
      amountKobo: plan.amountKobo,
      currency: 'NGN',
      state: 'pending',
    });
    let result;
    try {
      result = await gateway.initialize({
        merchantRef: attempt.reference,
        amountKobo: plan.amountKobo,
        currency: 'NGN',
        customer: { name: payer.name || payer.payeeNo, email: payer.email, phone: payer.phone },
        description: `${plan.description} (${payer.payeeNo})`,
        returnUrl: `${this.options.publicUrl}${purpose.returnPath}`,
        metadata:
          payer.kind === 'Applicant'
            ? { jambRegNo: payer.payeeNo, customerId: payer.payeeNo }
            : { matricNo: payer.payeeNo, customerId: payer.payeeNo },
      });
    } catch (error) {
      this.log.error({ err: error, provider, reference: attempt.reference }, 'payment initialisation failed');
      await repo.transition(this.db, attempt.id, 'failed', { providerStatus: 'INIT_FAILED' });
      throw new AppError(502, PAYMENT_MESSAGES.gatewayDown, STATUS.error);
    }
    await repo.saveCheckout(this.db, attempt.id, result.providerRef, result.checkoutUrl);
    this.counters.started += 1;
    return {
      Status: STATUS.OK,
      Message: PAYMENT_MESSAGES.refGenerated,
      Data: {
        checkOutUrl: result.checkoutUrl,
        TransactionRef: attempt.reference,
        Provider: provider,
        ProviderRef: result.providerRef,
        Amount: koboToNaira(plan.amountKobo),
        ...(result.form ? { form: result.form } : {}),
        Sandbox: sandbox,
      },
    };
  }

  /** The acceptance fee (payType 10): kept for callers that name it. */
  startAcceptanceFee(provider: PaymentProvider, auth: AuthContext, payType: number) {
    return this.start(provider, auth, payType);
  }

  private attemptsOf(payer: Payer, categoryId: number, state: repo.PaymentState): Promise<PaymentRow[]> {
    return payer.kind === 'Applicant'
      ? repo.applicantAttempts(this.db, payer.id, categoryId, state)
      : repo.studentAttempts(this.db, payer.id, categoryId, null, state).then((rows) => rows.slice(0, 5));
  }

  // -------------------------------------------------------------------------------------------
  // The browser came back: ask the gateway, never the redirect.

  async checkReturn(provider: PaymentProvider, auth: AuthContext, reference: string) {
    const payment = await this.findReturned(provider, reference);
    // Someone else's reference looks exactly like an unknown one.
    if (!payment || !ownedBy(payment, auth)) {
      throw new AppError(404, PAYMENT_MESSAGES.unknownReference, STATUS.notFound);
    }
    let current = payment;
    // An expired checkout is asked again too: money may have landed after the window closed.
    if (current.state === 'pending' || current.state === 'expired') {
      try {
        current = await this.refresh(current);
      } catch (error) {
        this.log.warn({ err: error, payment: payment.id }, 'status check at the gateway failed');
        throw new AppError(502, PAYMENT_MESSAGES.checkError, STATUS.error);
      }
    }
    return { Status: STATUS.OK, Message: statusMessage(current), Data: statusData(current) };
  }

  /**
   * The attempt a returned reference names: ours, or the provider's. A provider reference we
   * have not stored yet (Nomba's orderId before any webhook) is looked up at the provider.
   */
  private async findReturned(provider: PaymentProvider, reference: string): Promise<PaymentRow | null> {
    const local = await repo.findByAnyReference(this.db, provider, reference);
    if (local) return local;
    const { gateway } = this.gateway(provider);
    if (!gateway.lookupMerchantRef) return null;
    let merchantRef: string | null;
    try {
      merchantRef = await gateway.lookupMerchantRef(reference);
    } catch (error) {
      this.log.warn({ err: error, provider }, 'reference lookup at the gateway failed');
      throw new AppError(502, PAYMENT_MESSAGES.checkError, STATUS.error);
    }
    if (!merchantRef) return null;
    const found = await repo.findByAnyReference(this.db, provider, merchantRef);
    if (found && found.reference === merchantRef && !found.providerReference) {
      await repo.recordCheck(this.db, found.id, { providerReference: reference });
      return repo.findById(this.db, found.id);
    }
    return found && found.reference === merchantRef ? found : null;
  }

  // -------------------------------------------------------------------------------------------
  // Webhooks: verify the signature over the raw bytes, store each notice once, then ask the
  // gateway before crediting anything. A notice is done with (and acknowledged as such) only once
  // its payment is final; until then a redelivery is re-queried, never ignored as a duplicate.
  // An unsigned notice (Remita's) may come from anyone, so it costs at most one indexed lookup per
  // delivery: one naming no payment of ours stores nothing and asks nothing; the notices of one
  // payment are one stored notice and trigger one re-query per back-off, whichever process they reach.

  async receiveWebhook(
    provider: PaymentProvider,
    rawBody: Buffer,
    headers: Headers,
  ): Promise<{ accepted: number; duplicates: number; unknown: number; unsettled: number }> {
    const entry = this.gateways[provider];
    if (!entry) throw new AppError(404, 'Unknown payment provider.', STATUS.notFound);
    const { gateway } = entry;
    if (!gateway.verifyWebhook(rawBody, headers)) {
      this.log.warn({ provider }, 'webhook refused: bad or missing signature');
      throw new AppError(401, 'Invalid signature.', STATUS.invalid);
    }
    let notices;
    try {
      notices = gateway.parseWebhook(rawBody, headers);
    } catch {
      throw new AppError(400, 'The notification is not valid JSON.', STATUS.invalid);
    }
    const found = await repo.findForNotices(
      this.db,
      provider,
      notices.flatMap((n) => (n.merchantRef ? [n.merchantRef] : [])),
      notices.flatMap((n) => (n.providerRef ? [n.providerRef] : [])),
    );
    const byReference = new Map(found.map((p) => [p.reference, p]));
    const byProviderReference = new Map(
      found.flatMap((p) => (p.providerReference ? [[p.providerReference, p] as const] : [])),
    );
    let accepted = 0;
    let duplicates = 0;
    let unknown = 0;
    let unsettled = 0;
    const noticed = new Set<number>();
    for (const notice of notices) {
      const payment =
        (notice.merchantRef ? byReference.get(notice.merchantRef) : undefined) ??
        (notice.providerRef ? byProviderReference.get(notice.providerRef) : undefined);
      if (!payment) {
        unknown += 1;
        continue;
      }
      // An unsigned notice says only "look at this payment": its content is not evidence, so the
      // payment's notices are one, however their bodies differ.
      if (!gateway.signedNotices && noticed.has(payment.id)) {
        duplicates += 1;
        continue;
      }
      noticed.add(payment.id);
      const event = await repo.recordEvent(this.db, {
        provider,
        eventKey: gateway.signedNotices ? notice.eventKey : `payment:${payment.reference}`,
        paymentId: payment.id,
        body: notice.body,
        verified: gateway.signedNotices,
      });
      if (event.settled) {
        duplicates += 1;
        this.counters.duplicateWebhooks += 1;
        continue;
      }
      accepted += 1;
      this.counters.webhooks += 1;
      let after: PaymentRow;
      try {
        after = gateway.signedNotices ? await this.refresh(payment) : await this.requeryOnNotice(payment);
      } catch (error) {
        this.log.warn(
          { err: error, payment: payment.id },
          `webhook ${provider}: the gateway could not be asked`,
        );
        unsettled += 1;
        continue;
      }
      if (after.state === 'pending') unsettled += 1;
      else await repo.settleEvent(this.db, event.id);
    }
    if (unknown > 0) this.log.warn({ provider, unknown }, 'webhook notices for no payment of ours');
    return { accepted, duplicates, unknown, unsettled };
  }

  /**
   * What an unsigned notice may cause: a re-query of an attempt money may still settle, at most one
   * per back-off across processes (the claim on `notice_requery_after`), shared by the notices this
   * process holds meanwhile. A notice that finds the re-query claimed answers with the attempt as read.
   */
  private requeryOnNotice(payment: PaymentRow): Promise<PaymentRow> {
    const running = this.noticeRequeries.get(payment.id);
    if (running) return running;
    const promise = (async () => {
      const settleable = (SETTLEABLE_WITH_MONEY as readonly string[]).includes(payment.state);
      if (
        settleable &&
        (await repo.claimNoticeRequery(this.db, payment.id, noticeBackoffSeconds(payment.checkCount)))
      )
        return this.refresh(payment);
      // As this delivery's lookup read it a moment ago: asking again would tell nothing new.
      return payment;
    })().finally(() => this.noticeRequeries.delete(payment.id));
    this.noticeRequeries.set(payment.id, promise);
    return promise;
  }

  /** Runs work after the response; close() waits for it. */
  background(task: () => Promise<unknown>, label: string): void {
    const promise = task()
      .catch((error) => this.log.warn({ err: error }, `${label}: failed; the reconciliation job will retry`))
      .finally(() => this.inflight.delete(promise));
    this.inflight.add(promise);
  }

  /** Resolves when no background work is running (tests, shutdown). */
  async idle(): Promise<void> {
    while (this.inflight.size > 0) await Promise.allSettled([...this.inflight]);
  }

  // -------------------------------------------------------------------------------------------
  // Settling an attempt with what the gateway says

  async refreshById(paymentId: number): Promise<PaymentRow> {
    const payment = await repo.findById(this.db, paymentId);
    if (!payment) throw notFound();
    return this.refresh(payment);
  }

  /**
   * Asks the gateway about one attempt and applies the answer. Concurrent refreshes of the same
   * attempt in this process share one gateway call; across processes the conditional UPDATE
   * decides.
   */
  async refresh(payment: PaymentRow, now = new Date()): Promise<PaymentRow> {
    const running = this.settling.get(payment.id);
    if (running) return running;
    const promise = (async () => {
      const { gateway } = this.gateway(payment.provider as PaymentProvider);
      const result = await gateway.verify({
        merchantRef: payment.reference,
        providerRef: payment.providerReference,
      });
      return this.apply(payment, gateway, result, now);
    })().finally(() => this.settling.delete(payment.id));
    this.settling.set(payment.id, promise);
    return promise;
  }

  /** When an attempt's checkout can no longer be paid: the gateway's validity window, plus a grace. */
  checkoutClosesAt(
    payment: Pick<PaymentRow, 'createdAt' | 'provider'>,
    gateway: PaymentGateway = this.gateway(payment.provider as PaymentProvider).gateway,
  ): Date {
    return new Date(payment.createdAt.getTime() + gateway.checkoutValidityMs + EXPIRY_GRACE_MS);
  }

  /** Applies a verified gateway answer to an attempt. Returns the attempt as it now stands. */
  async apply(
    payment: PaymentRow,
    gateway: PaymentGateway,
    result: VerifyResult,
    now = new Date(),
  ): Promise<PaymentRow> {
    const providerRef = result.providerRef ?? payment.providerReference;
    const status = result.providerStatus.slice(0, 60);
    const moneyArrived =
      result.state === 'paid' || result.state === 'overpaid' || result.state === 'underpaid';

    // Money that lands after the checkout was expired is still the applicant's payment: it is
    // credited (once, by the same conditional update) rather than left for a refund.
    const lateMoney = payment.state === 'expired' && moneyArrived;
    if (payment.state !== 'pending' && !lateMoney) {
      // Final already. The state never moves again, but the bursary must hear of surprises.
      if (result.state === 'reversed' && payment.state === 'paid') {
        await repo.flagFinal(
          this.db,
          payment.id,
          `reversed at the gateway after it was credited (${status})`,
          status,
        );
      } else if (moneyArrived && payment.state !== 'paid' && !payment.flag) {
        await repo.flagFinal(
          this.db,
          payment.id,
          `gateway reports ${status} after the attempt was ${payment.state}: review and refund`,
          status,
        );
      }
      return (await repo.findById(this.db, payment.id))!;
    }

    if (moneyArrived) {
      const paid = result.amountPaidKobo;
      const currency = (result.currency ?? payment.currency).toUpperCase();
      if (paid === null) {
        await repo.recordCheck(this.db, payment.id, {
          providerStatus: status,
          providerReference: providerRef,
          flag: 'gateway reported payment without an amount',
        });
        return (await repo.findById(this.db, payment.id))!;
      }
      // Money that cannot be credited: the attempt fails, flagged for the bursary to refund.
      const notCredited = async (flag: string) =>
        (await repo.transition(
          this.db,
          payment.id,
          'failed',
          { amountPaidKobo: paid, providerStatus: status, providerReference: providerRef, flag },
          SETTLEABLE_WITH_MONEY,
        )) ?? (await repo.findById(this.db, payment.id))!;
      if (currency !== payment.currency)
        return notCredited(
          `currency mismatch: received ${paid} in ${currency}, expected ${payment.currency}; not credited`,
        );
      if (paid < payment.amountKobo || result.state === 'underpaid')
        return notCredited(`underpaid: received ${paid} kobo of ${payment.amountKobo}; not credited`);
      const flag =
        paid > payment.amountKobo
          ? `overpaid: received ${paid} kobo, expected ${payment.amountKobo}; excess ${paid - payment.amountKobo} to refund`
          : null;
      return this.credit(payment, {
        amountPaidKobo: paid,
        chargesKobo: result.feesKobo ?? 0,
        providerStatus: status,
        providerReference: providerRef,
        paidAt: plausiblePaidAt(result.paidAt, now),
        flag,
      });
    }

    if (result.state === 'failed' || result.state === 'expired' || result.state === 'reversed') {
      return (
        (await repo.transition(
          this.db,
          payment.id,
          result.state === 'expired' ? 'expired' : 'failed',
          {
            providerStatus: status,
            providerReference: providerRef,
            ...(result.state === 'reversed' ? { flag: `reversed at the gateway (${status})` } : {}),
          },
          ['pending'],
          now,
        )) ?? (await repo.findById(this.db, payment.id))!
      );
    }

    // Still pending (or unknown to the gateway) on this re-query: expire it once the checkout can
    // no longer be paid. Money arriving later still settles it (see lateMoney above).
    if (now.getTime() > this.checkoutClosesAt(payment, gateway).getTime()) {
      return (
        (await repo.transition(
          this.db,
          payment.id,
          'expired',
          { providerStatus: status, providerReference: providerRef },
          ['pending'],
          now,
        )) ?? (await repo.findById(this.db, payment.id))!
      );
    }
    await repo.recordCheck(
      this.db,
      payment.id,
      { providerStatus: status, providerReference: providerRef },
      now,
    );
    return (await repo.findById(this.db, payment.id))!;
  }

  /**
   * pending → paid, and the purpose's own change (the acceptance fee: the applicant's level;
   * school fees: the student's account), in one transaction. A credit the purpose refuses breaks a
   * database constraint (a second paid acceptance fee, school fees beyond what is due): that
   * attempt is closed as failed and flagged for a refund instead.
   */
  private async credit(
    payment: PaymentRow,
    fields: {
      amountPaidKobo: number;
      chargesKobo: number;
      providerStatus: string;
      providerReference: string | null;
      paidAt: Date;
      flag: string | null;
    },
  ): Promise<PaymentRow> {
    const purpose = purposeOf(payment.categoryId);
    const outcome = await this.db.transaction(async (tx) => {
      try {
        return await tx.transaction(async (sp) => {
          const moved = await repo.transition(sp, payment.id, 'paid', fields, SETTLEABLE_WITH_MONEY);
          if (moved) await purpose?.onPaid(sp, moved, fields.paidAt);
          return moved;
        });
      } catch (error) {
        const refused =
          purpose &&
          (pgErrorCode(error) === PG_UNIQUE_VIOLATION || pgErrorCode(error) === PG_CHECK_VIOLATION) &&
          purpose.refusedBy.some((name) => errorMentions(error, name));
        if (!refused) throw error;
        return repo.transition(
          tx,
          payment.id,
          'failed',
          {
            amountPaidKobo: fields.amountPaidKobo,
            providerStatus: fields.providerStatus,
            providerReference: fields.providerReference,
            flag: purpose.duplicateFlag(fields.amountPaidKobo),
          },
          SETTLEABLE_WITH_MONEY,
        );
      }
    });
    if (outcome) this.counters[outcome.state === 'paid' ? 'credited' : 'duplicatePayments'] += 1;
    if (outcome?.state === 'paid') {
      this.log.info(
        { payment: payment.id, reference: payment.reference, provider: payment.provider },
        'payment credited',
      );
    }
    return outcome ?? (await repo.findById(this.db, payment.id))!;
  }
}

/** A provider's payment time, unless it is missing or implausible (in the future). */
function plausiblePaidAt(paidAt: Date | null, now: Date): Date {
  if (!paidAt || paidAt.getTime() > now.getTime() + 5 * 60_000) return now;
  return paidAt;
}

export function statusMessage(payment: PaymentRow): string {
  if (payment.state === 'paid') return PAYMENT_MESSAGES.success;
  if (payment.state === 'pending') return PAYMENT_MESSAGES.pending;
  if (payment.flag?.startsWith('underpaid')) return PAYMENT_MESSAGES.underpaid;
  if (payment.flag?.startsWith('duplicate'))
    return purposeOf(payment.categoryId)?.duplicateMessage ?? PAYMENT_MESSAGES.duplicate;
  return PAYMENT_MESSAGES.failed;
}

export function statusData(payment: PaymentRow) {
  return {
    status: payment.state.toUpperCase() as 'PAID' | 'PENDING' | 'FAILED' | 'EXPIRED',
    paid: payment.state === 'paid',
    TransactionRef: payment.reference,
    ProviderRef: payment.providerReference,
    Provider: payment.provider as PaymentProvider,
    Amount: koboToNaira(payment.amountKobo),
    AmountPaid: payment.amountPaidKobo === null ? null : koboToNaira(payment.amountPaidKobo),
    Flag: payment.flag,
    ReceiptId: payment.state === 'paid' ? payment.publicId : null,
  };
}

export { GatewayError };
export type { PaymentRow };

// ---------------------------------------------------------------------------------------------
// For the receipts and letters modules.

/** 32 hex characters: the shape of every public id; anything else is not looked up at all. */
export const PUBLIC_ID_PATTERN = /^[0-9a-f]{32}$/;

/** A paid payment by its public id (the receipt), or null. */
export async function findPaidPayment(db: Db, publicId: string): Promise<PaymentRow | null> {
  if (!PUBLIC_ID_PATTERN.test(publicId)) return null;
  const payment = await repo.findByPublicId(db, publicId);
  return payment?.state === 'paid' ? payment : null;
}

/** The applicant's credited acceptance fee, or null. */
export async function paidAcceptanceFee(db: Db, applicantId: number): Promise<PaymentRow | null> {
  const [paid] = await repo.applicantAttempts(db, applicantId, ACCEPTANCE_PAYMENT_CATEGORY_ID, 'paid');
  return paid ?? null;
}

/** The schedule lines of a payment's items in its session, for the payer's level, department and entry mode. */
export async function paymentFeeLines(
  db: Db,
  payment: Pick<PaymentRow, 'sessionId' | 'itemIds'>,
  payer: {
    levelId: number | null;
    departmentId: number | null;
    entryModeId: number | null;
    programmeId?: number | null;
  },
): Promise<repo.FeeLine[]> {
  if (payment.sessionId === null) return [];
  return repo.feeLines(db, { sessionId: payment.sessionId, itemIds: payment.itemIds, ...payer });
}

/** What prices a payer by the fee schedule: the most specific line of each item, indigene or not. */
export type PricedPayer = Pick<Payer, 'levelId' | 'departmentId' | 'entryModeId' | 'stateId'>;

/** What some fee items cost a payer in the current session (kobo), by the fee schedule and the indigene rule; null when unscheduled. */
export async function scheduledFeeKobo(
  db: Db,
  payer: PricedPayer,
  itemIds: readonly number[],
): Promise<{ sessionId: number; amountKobo: number } | null> {
  const sessionId = await repo.currentAcademicSessionId(db);
  if (!sessionId) return null;
  const lines = await repo.feeLines(db, { sessionId, itemIds: [...itemIds], ...payer });
  if (lines.length === 0) return null;
  const indigene = await isIndigene(db, payer.stateId);
  return {
    sessionId,
    amountKobo: lines.reduce(
      (sum, l) => sum + (indigene ? l.indigeneAmountKobo : l.nonIndigeneAmountKobo),
      0,
    ),
  };
}

/** The acceptance fee an applicant would pay now (kobo), by the fee schedule and the indigene rule. */
export async function acceptanceFeeKobo(db: Db, payer: PricedPayer): Promise<number | null> {
  return (await scheduledFeeKobo(db, payer, ACCEPTANCE_PAYMENT_ITEM_IDS))?.amountKobo ?? null;
}

export const paymentSessionName = (db: Db, sessionId: number | null) => repo.sessionName(db, sessionId);

/** The active items of a payment category, in order (reference data): what a purpose's attempt covers. */
export const categoryItemIds = (db: Db, categoryId: number) => repo.categoryItemIds(db, categoryId);

// For the bursary, students and records modules

/**
 * Inside the transaction that moves a paid payment to another session: its purpose's per-session
 * records follow it. Throws a 409 when the other session cannot take it (more than it still owes).
 */
export async function paymentMovedSession(
  tx: Exec,
  paymentId: number,
  fromSessionId: number | null,
  toSessionId: number,
): Promise<void> {
  const payment = await repo.findById(tx, paymentId);
  const purpose = payment ? purposeOf(payment.categoryId) : null;
  if (!payment || !purpose?.onMovedSession) return;
  try {
    await tx.transaction(async (sp) => purpose.onMovedSession!(sp, payment, fromSessionId, toSessionId));
  } catch (error) {
    if (purpose.refusedBy.some((name) => errorMentions(error, name)))
      throw new AppError(409, PAYMENT_MESSAGES.moveBeyondDue, STATUS.invalid);
    throw error;
  }
}

/** A student's credited payments (their receipts), newest first. */
export const paidStudentPayments = (db: Db, studentId: number) => repo.paidStudentPayments(db, studentId);

/** Every attempt of a student and of the applicant record they were matriculated from, newest first. */
export const paymentsOfPerson = (db: Db, who: { studentId: number; applicantId: number | null }) =>
  repo.paymentsOfPerson(db, who);

/** What prices a student's fees, as a caller that has read the student's row may pass it. */
export type StudentPayerRow = Parameters<typeof studentPayer>[0];

/**
 * Where a student stands with a session's school fees (for course registration and hostels): what is
 * due, what is credited, and whether that clears them — paid in full, or at least the school's
 * minimum first instalment where instalments are allowed. A session without fees clears everyone.
 */
export async function schoolFeesStanding(
  db: Exec,
  studentId: number,
  sessionId: number,
  /** The student's row when the caller has already read it (the dashboard), so it is not read again. */
  student?: StudentPayerRow,
) {
  const purpose = purposeOf(SCHOOL_FEES_CATEGORY_ID)!;
  const payer = student ? studentPayer(student) : await purpose.loadPayer(db, studentId);
  if (!payer) return null;
  return standingOf(db, payer, sessionId);
}

/** The standing of a payer (`account`: their fee account of the session when read already). */
async function standingOf(
  db: Exec,
  payer: Payer,
  sessionId: number,
  account?: Awaited<ReturnType<typeof repo.feeAccount>>,
) {
  const due = await studentDue(db, payer, SCHOOL_FEES_CATEGORY_ID, sessionId, account);
  const cleared =
    due.totalKobo <= 0 ||
    due.paidKobo >= due.totalKobo ||
    (due.allowInstalments && due.paidKobo >= due.minimumFirstKobo);
  return {
    totalKobo: due.totalKobo,
    paidKobo: due.paidKobo,
    balanceKobo: due.balanceKobo,
    minimumFirstKobo: due.allowInstalments ? due.minimumFirstKobo : due.totalKobo,
    cleared,
  };
}
export type SchoolFeesStanding = Awaited<ReturnType<typeof standingOf>>;

/**
 * What the student dashboard reads of payments, in one statement: the school-fees standing of a
 * session (as `schoolFeesStanding`; null without a session) and the student's receipts (as
 * `paidStudentPayments`).
 */
export async function schoolFeesStandingAndReceipts(
  db: Db,
  student: StudentPayerRow,
  sessionId: number | null,
) {
  const { account, receipts } = await repo.feeAccountAndReceipts(
    db,
    student.id,
    sessionId ?? 0,
    SCHOOL_FEES_CATEGORY_ID,
  );
  const standing =
    sessionId === null ? null : await standingOf(db, studentPayer(student), sessionId, account);
  return { standing, receipts };
}
