import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../platform/deps.js';
import { registerPurpose } from '../payments/payments.service.js';
import { hostelFee } from './hostel-fee.js';
import { hostelsRoutes } from './hostels.routes.js';
import { lapseOverdue, type HostelsDeps } from './hostels.service.js';

/** How often unpaid allocations past their deadline are lapsed (deadlines are whole days). */
const LAPSE_INTERVAL_MS = 15 * 60_000;

export interface HostelsModule {
  /** Starts the lapse job (with the app's other jobs). */
  start(): void;
  stop(): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    hostels: HostelsModule;
  }
}

/** Hostel allocation (issue 15). */
export function registerHostelsModule(app: FastifyInstance, deps: AppDeps): void {
  registerPurpose(hostelFee);
  const hostelsDeps: HostelsDeps = {
    db: deps.database.db,
    storage: deps.storage,
    mailer: deps.mailer,
    config: deps.config,
  };
  hostelsRoutes(app, hostelsDeps);
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<unknown> | null = null;
  const tick = () => {
    running = lapseOverdue(hostelsDeps)
      .catch((error: unknown) => app.log.error({ err: error }, 'hostel lapse failed'))
      .finally(() => {
        running = null;
      });
  };
  app.decorate('hostels', {
    start() {
      if (timer) return;
      timer = setInterval(tick, LAPSE_INTERVAL_MS);
      timer.unref();
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = null;
      await running;
    },
  });
}
