import { createServer } from 'node:net';
import { startTestApp, type TestApp } from '../../../test/helpers.js';

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
