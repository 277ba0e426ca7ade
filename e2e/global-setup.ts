import { chromium } from '@playwright/test';
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';
import { SAVED_ACCOUNT, savedSessionFile, signInThroughForm, type Mode } from './accounts';
import { AUTH_DIR, LAUNCH_OPTIONS, MAIL_DIR, PORT, REPO_ROOT } from './env';

/**
 * Starts a local SMTP receiver (each message written to e2e/.mail/ as JSON) and the built portal
 * (`node apps/api/dist/server.js`) with a fresh database, on port 8181 unless it is taken (see
 * portalPort), signs each role's demo account in once and saves its browser state for the tests (see
 * `signIn` in accounts.ts); returns the teardown. Run `npm run build` first.
 */
export default async function globalSetup(): Promise<() => Promise<void>> {
  for (const built of ['apps/api/dist/server.js', 'apps/web/dist/index.html']) {
    if (!existsSync(path.join(REPO_ROOT, built)))
      throw new Error(`${built} is missing: run npm run build first.`);
  }
  const port = await portalPort();
  const origin = `http://localhost:${port}`;

  rmSync(MAIL_DIR, { recursive: true, force: true });
  mkdirSync(MAIL_DIR, { recursive: true });
  const smtp = await startSmtpReceiver();
  const smtpPort = (smtp.server.address() as AddressInfo).port;

  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'portal-e2e-'));
  const portal = spawn(process.execPath, ['apps/api/dist/server.js'], {
    cwd: REPO_ROOT,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      NODE_ENV: 'test',
      PORT: String(port),
      DATA_DIR: dataDir,
      PUBLIC_URL: origin,
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      LOG_LEVEL: 'warn',
      // Many sign-ins from one address in a few minutes: the tests are not an attack.
      RATE_LIMIT_LOGIN_PER_ADDRESS: '1000',
      RATE_LIMIT_LOGIN_PER_ACCOUNT_ADDRESS: '100',
      RATE_LIMIT_LOGIN_PER_ACCOUNT: '1000',
      RATE_LIMIT_RESET_PER_ADDRESS: '100',
    },
  });

  try {
    await waitForHealth(portal, origin);
    await saveSessions(origin);
  } catch (error) {
    await stop(portal);
    smtp.close();
    throw error;
  }

  return async () => {
    await stop(portal);
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
    rmSync(dataDir, { recursive: true, force: true });
  };
}

/** Each role's demo account signed in through the form once, its cookies and local storage saved. */
async function saveSessions(origin: string): Promise<void> {
  rmSync(AUTH_DIR, { recursive: true, force: true });
  mkdirSync(AUTH_DIR, { recursive: true });
  const browser = await chromium.launch(LAUNCH_OPTIONS);
  try {
    await Promise.all(
      (Object.keys(SAVED_ACCOUNT) as Mode[]).map(async (mode) => {
        const context = await browser.newContext({ baseURL: origin, locale: 'en-GB' });
        const page = await context.newPage();
        await signInThroughForm(page, mode, SAVED_ACCOUNT[mode]);
        await context.storageState({ path: savedSessionFile(mode) });
        await context.close();
      }),
    );
  } finally {
    await browser.close();
  }
}

function startSmtpReceiver(): Promise<SMTPServer> {
  let sequence = 0;
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const to = session.envelope.rcptTo.map((r) => r.address.toLowerCase());
        const file = path.join(MAIL_DIR, `${Date.now()}-${String(++sequence).padStart(4, '0')}.json`);
        // Written beside, then renamed: a test polling the folder never reads half a message.
        writeFileSync(
          `${file}.part`,
          JSON.stringify({ receivedAt: Date.now(), to, raw: Buffer.concat(chunks).toString('utf8') }),
        );
        renameSync(`${file}.part`, file);
        callback();
      });
    },
  });
  return new Promise((resolve, reject) => {
    smtp.on('error', reject);
    smtp.listen(0, '127.0.0.1', () => resolve(smtp));
  });
}

/**
 * The port the portal is started on: E2E_PORT when set (it must be free), else 8181 when free, else
 * one the system gives. The choice goes to the workers through E2E_PORT (they start after this setup,
 * with its environment, and read env.ts afresh): a second run on the same machine, or anything else
 * holding 8181, does not stop the tests.
 */
async function portalPort(): Promise<number> {
  if (process.env.E2E_PORT) {
    if ((await listenable(PORT)) === null)
      throw new Error(`Something is already listening on E2E_PORT ${PORT}.`);
    return PORT;
  }
  const port = (await listenable(PORT)) ?? (await listenable(0));
  if (port === null) throw new Error('No port is free for the portal.');
  process.env.E2E_PORT = String(port);
  return port;
}

/** Listens on `port` (0: one the system gives) and closes again: the port it had, or null when taken. */
function listenable(port: number): Promise<number | null> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once('error', () => resolve(null));
    probe.listen(port, () => {
      const { port: bound } = probe.address() as AddressInfo;
      probe.close(() => resolve(bound));
    });
  });
}

async function healthy(origin: string): Promise<boolean> {
  try {
    const response = await fetch(`${origin}/api/health`);
    return response.ok;
  } catch {
    return false;
  }
}

/** The first start seeds the database (with argon2 hashing), which takes a while on a small machine. */
async function waitForHealth(portal: ChildProcess, origin: string, timeoutMs = 180_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (portal.exitCode !== null)
      throw new Error(`The portal exited with code ${portal.exitCode} while starting.`);
    if (await healthy(origin)) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`The portal did not answer ${origin}/api/health within ${timeoutMs / 1000} s.`);
}

function stop(portal: ChildProcess): Promise<void> {
  if (portal.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const force = setTimeout(() => portal.kill('SIGKILL'), 10_000);
    portal.once('exit', () => {
      clearTimeout(force);
      resolve();
    });
    portal.kill('SIGTERM');
  });
}
