import type { Config } from '../config.js';
import type { Database } from '../db/client.js';
import type { JobQueue } from './jobs.js';
import type { Mailer } from './mail.js';
import type { RateLimits } from './rate-limit.js';
import type { FileStorage } from './storage.js';

/** What the app hands every module: built once in app.ts, read by modules from here (not from app.ts). */
export interface AppDeps {
  config: Config;
  database: Database;
  mailer: Mailer;
  /** Background work, once across processes: modules declare their jobs here (`define`) while registering. */
  jobs: JobQueue;
  /** Uploaded and generated files (DATA_DIR/uploads). */
  storage: FileStorage;
  /** Attempt counters shared by every process (sign-in, password reset). */
  rateLimits: RateLimits;
}

declare module 'fastify' {
  interface FastifyInstance {
    deps: AppDeps;
  }
}
