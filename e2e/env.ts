import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** Where the built portal runs during the tests, and where the SMTP receiver writes each message. */
export const PORT = Number(process.env.E2E_PORT ?? 8181);
export const ORIGIN = `http://localhost:${PORT}`;
export const E2E_DIR = path.dirname(fileURLToPath(import.meta.url));
export const REPO_ROOT = path.resolve(E2E_DIR, '..');
export const MAIL_DIR = path.join(E2E_DIR, '.mail');

/** Where global-setup saves each role's signed-in browser state (cookies and local storage). */
export const AUTH_DIR = path.join(E2E_DIR, 'test-results/.auth');

/** Debian's Chromium (never `npx playwright install`), as every test and the global setup launch it. */
export const LAUNCH_OPTIONS = {
  executablePath: '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
};
