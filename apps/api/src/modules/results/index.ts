import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../platform/deps.js';
import { registerPurpose } from '../payments/payments.service.js';
import { resultsRoutes } from './results.routes.js';
import type { ResultsDeps } from './results.service.js';
import { transcriptFee } from './transcripts.js';

/** Results (issue 14): score sheets to transcripts. */
export function registerResultsModule(app: FastifyInstance, deps: AppDeps): void {
  registerPurpose(transcriptFee);
  const resultsDeps: ResultsDeps = {
    db: deps.database.db,
    storage: deps.storage,
    mailer: deps.mailer,
    config: deps.config,
  };
  resultsRoutes(app, resultsDeps);
}
