import { randomBytes } from 'node:crypto';
import { isIP } from 'node:net';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

/**
 * The only reader of process.env. Every setting is parsed here; a bad value stops start-up
 * with a message that names it. Secrets are marked so they are never logged.
 */
const durationPattern = /^(\d+)\s*(s|m|h|d)?$/;
function parseDuration(value: string): number {
  const match = durationPattern.exec(value.trim());
  if (!match) throw new Error('expected a number of seconds or a value such as 30m, 8h, 7d');
  const unit = { s: 1, m: 60, h: 3600, d: 86400 }[(match[2] ?? 's') as 's' | 'm' | 'h' | 'd'];
  return Number(match[1]) * unit;
}

/** An entry of TRUST_PROXY: an address, a CIDR range, or one of proxy-addr's named ranges. */
function isProxyEntry(entry: string): boolean {
  if (['loopback', 'linklocal', 'uniquelocal'].includes(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const version = isIP(address);
  if (!version || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128);
}

const optionalUrl = z
  .string()
  .trim()
  .optional()
  .transform((v) => (v ? v : undefined))
  .pipe(z.url().optional());

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().default('0.0.0.0'),
  /** Unset: http://localhost:PORT (see loadConfig), so the sandboxes this process calls are its own. */
  PUBLIC_URL: z
    .url()
    .optional()
    .transform((v) => v?.replace(/\/+$/, '')),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: optionalUrl,
  /** secret */
  JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  SESSION_TTL: z
    .string()
    .default('8h')
    .transform((v, ctx) => {
      try {
        const seconds = parseDuration(v);
        if (seconds < 60) throw new Error('must be at least 60 seconds');
        return seconds;
      } catch (error) {
        ctx.addIssue({ code: 'custom', message: (error as Error).message });
        return z.NEVER;
      }
    }),
  /** secret: may hold a password */
  SMTP_URL: optionalUrl,
  MAIL_FROM: z.string().default('Demo Institute of Technology <no-reply@demo.edu.ng>'),
  /**
   * How long one SMTP step (connecting, greeting, each exchange) may wait before the delivery fails
   * and is retried. A delivery cut off by a crash is taken up by another process after four times this.
   */
  SMTP_TIMEOUT: z
    .string()
    .default('30s')
    .transform((v, ctx) => {
      try {
        const seconds = parseDuration(v);
        if (seconds < 1 || seconds > 3600) throw new Error('must be between 1 second and 1 hour');
        return seconds;
      } catch (error) {
        ctx.addIssue({ code: 'custom', message: (error as Error).message });
        return z.NEVER;
      }
    }),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST_DIR: z.string().optional(),
  /**
   * 'on': a signed-in student's page is sent rendered with its data (ADR 17), from the web build's
   * server bundle (apps/web/dist-ssr); 'off': every signed-in page is rendered in the browser.
   */
  SERVER_RENDER: z.enum(['on', 'off']).default('on'),
  /**
   * How long (ms) a process keeps reference data the student pages read (sessions, windows, fee
   * schedules, courses offered); an admin's change clears it at once in the process that made it,
   * and reaches the others within this time. 0: read the database every time.
   */
  REFERENCE_CACHE_MS: z.coerce.number().int().min(0).max(60_000).default(5000),
  /** Failed sign-ins of one account from one address per RATE_LIMIT_WINDOW. */
  RATE_LIMIT_LOGIN_PER_ACCOUNT_ADDRESS: z.coerce.number().int().min(1).default(10),
  /** Failed sign-ins of one account from all addresses per RATE_LIMIT_ACCOUNT_WINDOW (distributed guessing). */
  RATE_LIMIT_LOGIN_PER_ACCOUNT: z.coerce.number().int().min(1).default(100),
  /** Failed sign-ins from one address, whatever the account, per RATE_LIMIT_WINDOW. */
  RATE_LIMIT_LOGIN_PER_ADDRESS: z.coerce.number().int().min(1).default(50),
  RATE_LIMIT_RESET_PER_ADDRESS: z.coerce.number().int().min(1).default(10),
  /** Unsigned payment notices (Remita's) from one address per RATE_LIMIT_WINDOW. */
  RATE_LIMIT_NOTICE_PER_ADDRESS: z.coerce.number().int().min(1).default(600),
  RATE_LIMIT_WINDOW: z
    .string()
    .default('15m')
    .transform((v) => parseDuration(v)),
  RATE_LIMIT_ACCOUNT_WINDOW: z
    .string()
    .default('1h')
    .transform((v) => parseDuration(v)),
  /**
   * The reverse proxies whose X-Forwarded-For is believed: addresses or CIDR ranges (or loopback,
   * linklocal, uniquelocal), comma-separated. Unset: none, the client is the connection's peer.
   */
  TRUST_PROXY: z
    .string()
    .default('')
    .transform((v, ctx) => {
      const entries = v
        .split(',')
        .map((entry) => entry.trim())
        .filter(Boolean);
      for (const entry of entries) {
        if (!isProxyEntry(entry)) {
          ctx.addIssue({
            code: 'custom',
            message: `"${entry}" is not an IP address, a CIDR range, loopback, linklocal or uniquelocal`,
          });
          return z.NEVER;
        }
      }
      return entries;
    }),
  /** Payment gateways: when a provider's credentials are absent, the built-in sandbox serves it. */
  MONNIFY_BASE_URL: optionalUrl,
  MONNIFY_API_KEY: z.string().optional(),
  /** secret */
  MONNIFY_SECRET_KEY: z.string().optional(),
  MONNIFY_CONTRACT_CODE: z.string().optional(),
  NOMBA_BASE_URL: optionalUrl,
  NOMBA_CLIENT_ID: z.string().optional(),
  /** secret */
  NOMBA_CLIENT_SECRET: z.string().optional(),
  NOMBA_ACCOUNT_ID: z.string().optional(),
  /** secret */
  NOMBA_SIGNATURE_KEY: z.string().optional(),
  REMITA_BASE_URL: optionalUrl,
  REMITA_MERCHANT_ID: z.string().optional(),
  REMITA_SERVICE_TYPE_ID: z.string().optional(),
  /** secret */
  REMITA_API_KEY: z.string().optional(),
  /**
   * The built-in sandbox gateway stands in for every provider whose credentials are not set.
   * auto: on outside production; on/off force it. With it off, such a provider is unavailable.
   */
  PAYMENT_SANDBOX: z.enum(['auto', 'on', 'off']).default('auto'),
  /** secret: keys of the built-in sandbox gateway; generated and kept in DATA_DIR when absent */
  PAYMENT_SANDBOX_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  /** Timeout of each call to a payment gateway. */
  PAYMENT_GATEWAY_TIMEOUT: z
    .string()
    .default('20s')
    .transform((v) => parseDuration(v)),
  /** How often the reconciliation job looks for pending payments to re-query (0 disables it). */
  PAYMENT_RECONCILE_INTERVAL: z
    .string()
    .default('60s')
    .transform((v) => parseDuration(v)),
  /**
   * The live-class meeting engine (BigBlueButton): its URL (e.g. https://bbb.example.edu/bigbluebutton/)
   * and shared secret, both or neither. Without them the built-in sandbox engine serves live classes.
   */
  BBB_URL: optionalUrl,
  /** secret */
  BBB_SECRET: z.string().trim().min(1).optional(),
  /** Timeout of each call to the meeting engine. */
  BBB_TIMEOUT: z
    .string()
    .default('10s')
    .transform((v) => parseDuration(v)),
  /** The longest live class a lecturer may schedule, in minutes. */
  LIVE_CLASS_MAX_MINUTES: z.coerce.number().int().min(15).max(1440).default(240),
  S3_ENDPOINT: optionalUrl,
  S3_BUCKET: z.string().optional(),
  S3_ACCESS_KEY_ID: z.string().optional(),
  /** secret */
  S3_SECRET_ACCESS_KEY: z.string().optional(),
});

export type Config = Omit<
  z.infer<typeof envSchema>,
  'JWT_SECRET' | 'PAYMENT_SANDBOX_SECRET' | 'PUBLIC_URL'
> & {
  PUBLIC_URL: string;
  JWT_SECRET: string;
  PAYMENT_SANDBOX_SECRET: string;
  DATA_DIR: string;
};

export class ConfigError extends Error {}

/** Parse and validate the environment. Throws a ConfigError naming every bad setting. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const value = parsed.data;
  if (value.NODE_ENV === 'production' && !value.DATABASE_URL) {
    throw new ConfigError(
      'Invalid configuration:\n  DATABASE_URL: required when NODE_ENV=production (the embedded database is for demos and tests)',
    );
  }
  if (Boolean(value.BBB_URL) !== Boolean(value.BBB_SECRET)) {
    throw new ConfigError(
      `Invalid configuration:\n  ${value.BBB_URL ? 'BBB_SECRET' : 'BBB_URL'}: required with ${value.BBB_URL ? 'BBB_URL' : 'BBB_SECRET'} (set both for a BigBlueButton server, neither for the built-in sandbox)`,
    );
  }
  const dataDir = path.resolve(value.DATA_DIR);
  mkdirSync(dataDir, { recursive: true });
  return {
    ...value,
    // The payment and meeting sandboxes are called at PUBLIC_URL: by default this process's own port.
    PUBLIC_URL: value.PUBLIC_URL ?? `http://localhost:${value.PORT}`,
    DATA_DIR: dataDir,
    JWT_SECRET: value.JWT_SECRET ?? persistedSecret(dataDir),
    PAYMENT_SANDBOX_SECRET:
      value.PAYMENT_SANDBOX_SECRET ?? persistedSecret(dataDir, 'payment-sandbox-secret'),
  };
}

/** A secret generated once and kept in DATA_DIR, so sessions (and sandbox keys) survive restarts. */
function persistedSecret(dataDir: string, name = 'jwt-secret'): string {
  const file = path.join(dataDir, name);
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
