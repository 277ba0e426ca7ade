import type { FastifyBaseLogger } from 'fastify';
import type { PaymentProvider } from '@portal/contracts';
import type { Db } from '../../db/client.js';
import * as repo from './payments.repository.js';
import type { PaymentsService } from './payments.service.js';

/** First re-query 30 s after the last look, doubling up to an hour. */
export function backoffMs(checkCount: number): number {
  return Math.min(30_000 * 2 ** Math.min(checkCount, 10), 60 * 60_000);
}

/**
 * Re-queries every pending attempt with back-off until the gateway gives a final answer, and
 * expires attempts older than their gateway's checkout validity. This is what makes a payment
 * "reflect" when the browser never came back and the webhook never arrived. A pass is the
 * `payments.reconcile` job, run by one process every PAYMENT_RECONCILE_INTERVAL.
 */
export class PaymentReconciler {
  constructor(
    private readonly db: Db,
    private readonly service: PaymentsService,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** One pass over the attempts that are due; returns what happened to them. */
  async runOnce(
    now = new Date(),
    signal?: AbortSignal,
  ): Promise<{ checked: number; settled: number; errors: number }> {
    let checked = 0;
    let settled = 0;
    let errors = 0;
    for (const payment of await repo.pendingAttempts(this.db, 200)) {
      // Shutting down: the rest waits for the next pass.
      if (signal?.aborted) break;
      const last = payment.lastCheckedAt ?? payment.createdAt;
      // Past its checkout window and not asked since it closed: the final re-query is due now,
      // whatever the back-off says, so an abandoned checkout does not linger as pending.
      const closesAt = this.service.gateways[payment.provider as PaymentProvider]
        ? this.service.checkoutClosesAt(payment)
        : null;
      const finalCheckDue = closesAt !== null && now > closesAt && last <= closesAt;
      if (!finalCheckDue && now.getTime() - last.getTime() < backoffMs(payment.checkCount)) continue;
      checked += 1;
      try {
        const after = await this.service.refresh(payment, now);
        if (after.state !== 'pending') settled += 1;
      } catch (error) {
        errors += 1;
        await repo.recordCheck(this.db, payment.id, {}, now);
        this.log.warn(
          { err: error, payment: payment.id, provider: payment.provider },
          'reconciliation could not reach the gateway',
        );
      }
    }
    if (checked > 0) this.log.info({ checked, settled, errors }, 'payment reconciliation pass');
    return { checked, settled, errors };
  }
}
