import { randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import { eq } from 'drizzle-orm';
import { applicants } from '../../db/schema/index.js';
import { newPublicId } from '../../platform/ids.js';
import { login, startTestApp, type TestApp } from '../../../test/helpers.js';

// Fixtures shared by the payment tests: the real app listening on 127.0.0.1 (so the adapters reach
// the built-in sandbox over real HTTP at PUBLIC_URL), and a "browser" that submits the sandbox
// checkout form.

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** The app on a real port; PUBLIC_URL points at it, so the sandbox gateway is reachable. Jobs are off: tests run the reconciler by hand. */
export async function startPaymentsApp(env: Record<string, string> = {}): Promise<TestApp & { url: string }> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const t = await startTestApp({ PUBLIC_URL: url, PAYMENT_GATEWAY_TIMEOUT: '10s', ...env }, { jobs: false });
  await t.app.listen({ port, host: '127.0.0.1' });
  return { ...t, url };
}

/** What a browser does on the sandbox checkout page: submit the form, read the redirect. */
export async function submitCheckout(
  checkoutUrl: string,
  form: {
    action?: 'pay' | 'cancel' | 'transfer_later';
    amount?: string;
    webhook?: 'once' | 'twice' | 'late' | 'none';
    delaySeconds?: number;
  } = {},
): Promise<URL> {
  let url = checkoutUrl;
  // Remita's pay page (finalize.reg) forwards to the checkout page first.
  if (url.includes('/finalize.reg')) {
    const forward = await fetch(url, { redirect: 'manual' });
    if (forward.status !== 303)
      throw new Error(`finalize.reg answered ${forward.status}: ${await forward.text()}`);
    url = new URL(forward.headers.get('location')!, url).toString();
  }
  const page = await fetch(url);
  if (page.status !== 200) throw new Error(`checkout page answered ${page.status}`);
  const body = new URLSearchParams({
    action: form.action ?? 'pay',
    webhook: form.webhook ?? 'once',
    delaySeconds: String(form.delaySeconds ?? 0),
    ...(form.amount ? { amount: form.amount } : {}),
  });
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: body.toString(),
    redirect: 'manual',
  });
  if (response.status !== 303)
    throw new Error(`checkout answered ${response.status}: ${await response.text()}`);
  return new URL(response.headers.get('location')!);
}

/** Waits until the sandbox has sent its webhooks and the portal has processed them. */
export async function settle(t: TestApp): Promise<void> {
  await t.app.payments.sandbox?.idle();
  await t.app.payments.service.idle();
}

// ---------------------------------------------------------------------------------------------
// Fresh admitted applicants.

/**
 * A new applicant admitted and not yet paid (AdmissionLevel 3): a copy of the seeded applicant 6
 * with its own registration number, e-mail and public id. Signs in and returns the bearer header.
 */
export async function admittedApplicant(
  t: TestApp,
  options: { stateId?: number | null; admitted?: boolean } = {},
) {
  const db = t.database.db;
  const [template] = await db.select().from(applicants).where(eq(applicants.jambRegNo, '202410000006AF'));
  const bytes = randomBytes(10);
  const digits = [...bytes.subarray(0, 8)].map((b) => String(b % 10)).join('');
  const letters = [...bytes.subarray(8)].map((b) => String.fromCharCode(65 + (b % 26))).join('');
  const jambRegNo = `2024${digits}${letters}`;
  const suffix = `${digits}${letters}`.toLowerCase();
  const { id: _id, ...copy } = template!;
  const [row] = await db
    .insert(applicants)
    .values({
      ...copy,
      publicId: newPublicId(),
      jambRegNo,
      email: `pay-${suffix}@demo.edu.ng`,
      ...(options.stateId !== undefined ? { stateId: options.stateId } : {}),
      admissionStatus: options.admitted === false ? 'verified' : 'admitted',
      admittedAt: options.admitted === false ? null : new Date(),
      acceptancePaidAt: null,
    })
    .returning();
  const session = await login(t.app, 'Applicant', jambRegNo);
  return { row: row!, auth: session.auth };
}
