import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox } from '../db/schema/index.js';
import { startTestApp, type TestApp } from '../../test/helpers.js';
import { startSmtpReceiver } from '../../test/smtp.js';

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe('mail outbox', () => {
  let t: TestApp;
  let port: number;
  beforeAll(async () => {
    port = await freePort();
    t = await startTestApp({ SMTP_URL: `smtp://127.0.0.1:${port}?ignoreTLS=true` });
  });
  afterAll(() => t.close());

  it('keeps a message while the SMTP server is down and delivers it once the server is back', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/Account/ForgotPassword',
      payload: { email: 'applicant5@demo.edu.ng', userMode: 'Applicant', step: 1 },
    });
    // The request does not wait for SMTP.
    expect(response.json().Status).toBe('Ok');

    const db = t.database.db;
    const deadline = Date.now() + 15_000;
    let row;
    do {
      await new Promise((r) => setTimeout(r, 100));
      [row] = await db.select().from(mailOutbox).where(eq(mailOutbox.to, 'applicant5@demo.edu.ng'));
    } while ((!row || row.attempts === 0) && Date.now() < deadline);
    expect(row?.sentAt).toBeNull();
    expect(row?.attempts).toBeGreaterThan(0);
    expect(row?.lastError).toBeTruthy();

    const smtp = await startSmtpReceiver(port);
    try {
      // The queue retries it with back-off: 5 to 10 seconds after the first failure.
      const mail = await smtp.waitFor((m) => m.to.includes('applicant5@demo.edu.ng'), 40_000);
      expect(mail.raw).toContain('Reset your portal password');
      let sent;
      for (let i = 0; i < 50 && !sent?.sentAt; i += 1) {
        await new Promise((r) => setTimeout(r, 100));
        [sent] = await db.select().from(mailOutbox).where(eq(mailOutbox.id, row!.id));
      }
      expect(sent?.sentAt).not.toBeNull();
      // A delivered message keeps no body: it may hold a reset link or a default password.
      expect(sent?.text).toBe('');
      expect(sent?.attempts).toBeGreaterThan(1);
      expect(smtp.messages.filter((m) => m.to.includes('applicant5@demo.edu.ng'))).toHaveLength(1);
    } finally {
      await smtp.close();
    }
  });
});
