import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../platform/deps.js';
import type { Gateways } from '../../platform/payments/index.js';
import type { SandboxGateway } from '../sandbox-gateway/index.js';
import { PaymentReconciler } from './payments.reconciler.js';
import { paymentsRoutes } from './payments.routes.js';
import { PaymentsService } from './payments.service.js';

export interface PaymentsModule {
  service: PaymentsService;
  reconciler: PaymentReconciler;
  gateways: Gateways;
  sandbox: SandboxGateway | null;
  /** Waits for webhook work and sandbox deliveries in flight (after the job queue has stopped). */
  stop(): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    payments: PaymentsModule;
  }
}

/**
 * Money: the payment flow over the gateways (real or sandbox, built in modules/index.ts), its
 * webhooks and the reconciliation job.
 */
export function registerPaymentsModule(
  app: FastifyInstance,
  deps: AppDeps,
  { gateways, sandbox }: { gateways: Gateways; sandbox: SandboxGateway | null },
): PaymentsModule {
  const { config } = deps;
  const db = deps.database.db;
  const service = new PaymentsService(db, gateways, app.log, { publicUrl: config.PUBLIC_URL });
  paymentsRoutes(app, service, db, {
    rateLimits: deps.rateLimits,
    perAddress: config.RATE_LIMIT_NOTICE_PER_ADDRESS,
    windowSeconds: config.RATE_LIMIT_WINDOW,
  });
  const reconciler = new PaymentReconciler(db, service, app.log);
  deps.jobs.define({
    name: 'payments.reconcile',
    handler: (_data, { signal }) => reconciler.runOnce(new Date(), signal),
    // 0 disables it: the job is then only declared.
    everySeconds: config.PAYMENT_RECONCILE_INTERVAL || undefined,
    // A pass asks the gateway about at most 200 attempts, each call bounded by PAYMENT_GATEWAY_TIMEOUT.
    expireInSeconds: 15 * 60,
  });
  const module: PaymentsModule = {
    service,
    reconciler,
    gateways,
    sandbox,
    stop: async () => {
      await sandbox?.close();
      await service.idle();
    },
  };
  app.decorate('payments', module);
  return module;
}
