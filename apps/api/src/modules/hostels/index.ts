import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../platform/deps.js';
import { registerPurpose } from '../payments/payments.service.js';
import { lapseOverdue } from './freed-beds.service.js';
import { hostelFee } from './hostel-fee.js';
import { hostelsRoutes } from './hostels.routes.js';
import type { HostelsDeps } from './hostels.service.js';

export { hostelBallotSwitchGuard } from './rounds.service.js';

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
  // Unpaid allocations past their deadline lapse within a minute, by one process: one indexed
  // query a minute for the whole deployment.
  deps.jobs.define({
    name: 'hostels.lapse',
    handler: () => lapseOverdue(hostelsDeps),
    everySeconds: 60,
    expireInSeconds: 5 * 60,
  });
}
