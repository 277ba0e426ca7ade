import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** Where the built portal runs during the tests, and where the SMTP receiver writes each message. */
export const PORT = Number(process.env.E2E_PORT ?? 8181);
export const ORIGIN = `http://localhost:${PORT}`;
export const E2E_DIR = path.dirname(fileURLToPath(import.meta.url));
export const REPO_ROOT = path.resolve(E2E_DIR, '..');
export const MAIL_DIR = path.join(E2E_DIR, '.mail');
