import { readFileSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  SETUP_CONFIG_API,
  SETUP_CONFIG_PAGE,
  STATUS,
  setupConfigResponse,
  type SetupConfig,
} from '@portal/contracts';
import type { AppDeps } from '../../platform/deps.js';
import type { Gateways } from '../../platform/payments/index.js';
import { errorResponses } from '../../platform/routes.js';

const VERSION: string = JSON.parse(
  readFileSync(new URL('../../../package.json', import.meta.url), 'utf8'),
).version;

/** A URL's host and port only: a URL may carry a user and password, which are never shown. */
const hostOf = (url: string | undefined) => (url ? new URL(url).host : null);

/**
 * /app/setup-config's reading of the portal as it runs (issue 28): the engines serving it, each
 * sandbox or live, and the job queue's health. Nothing secret is read into the answer.
 */
export function registerSetupConfigModule(app: FastifyInstance, deps: AppDeps, gateways: Gateways): void {
  const { config, database, jobs } = deps;
  app.withTypeProvider<ZodTypeProvider>().get(SETUP_CONFIG_API, {
    config: { access: { page: SETUP_CONFIG_PAGE } },
    schema: {
      tags: ['platform'],
      summary:
        'The configuration as it runs: database, mail, storage, meeting engine, gateways, job queues (no secrets)',
      response: { 200: setupConfigResponse, ...errorResponses(401, 403) },
    },
    handler: async () => {
      const queues = await jobs.health();
      const data: SetupConfig = {
        Version: VERSION,
        Database: database.driver === 'pg' ? 'PostgreSQL' : 'PGlite',
        Mail: { Mode: config.SMTP_URL ? 'smtp' : 'log', Host: hostOf(config.SMTP_URL) },
        Storage: {
          Mode: config.S3_ENDPOINT || config.S3_BUCKET ? 's3' : 'disk',
          Bucket: config.S3_BUCKET ?? null,
        },
        MeetingEngine: {
          Mode: config.BBB_URL ? 'bigbluebutton' : 'sandbox',
          Host: hostOf(config.BBB_URL),
        },
        Gateways: Object.entries(gateways).map(([provider, gateway]) => ({
          Provider: provider,
          Mode: gateway?.sandbox ? 'sandbox' : 'live',
        })),
        Jobs: queues.map((q) => ({
          Name: q.name,
          Waiting: q.waiting,
          Active: q.active,
          Failed: q.failed,
          OldestWaitingAt: q.oldestWaiting ? q.oldestWaiting.toISOString() : null,
        })),
      };
      return { Status: STATUS.ok, Data: data };
    },
  });
}
