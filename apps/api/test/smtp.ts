import { SMTPServer } from 'smtp-server';
import type { AddressInfo } from 'node:net';

export interface ReceivedMail {
  to: string[];
  raw: string;
}

/**
 * A real SMTP receiver on 127.0.0.1 that keeps every message it accepts. A message for which
 * `hold` answers true is read but never answered (a server that stalls mid-delivery): it is kept
 * in `held`, not in `messages`, since the sender was never told it was accepted.
 */
export async function startSmtpReceiver(
  port = 0,
  options: { hold?: (mail: ReceivedMail) => boolean } = {},
): Promise<{
  url: string;
  messages: ReceivedMail[];
  held: ReceivedMail[];
  waitFor(predicate: (mail: ReceivedMail) => boolean, timeoutMs?: number): Promise<ReceivedMail>;
  close(): Promise<void>;
}> {
  const messages: ReceivedMail[] = [];
  const held: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    // A held delivery's connection is dropped by its sender (or its death), not waited for on close.
    closeTimeout: 1000,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const mail = {
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        };
        if (options.hold?.(mail)) {
          held.push(mail);
          return;
        }
        messages.push(mail);
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const address = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${address.port}?ignoreTLS=true`,
    messages,
    held,
    async waitFor(predicate, timeoutMs = 15_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = messages.find(predicate);
        if (found) return found;
        if (Date.now() > deadline) throw new Error('no matching e-mail arrived');
        await new Promise((r) => setTimeout(r, 50));
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The text of a message, its quoted-printable encoding undone. */
export function mailText(mail: ReceivedMail): string {
  // Quoted-printable: drop soft line breaks, then turn =XX byte escapes back into UTF-8 text (₦ is =E2=82=A6).
  const bytes = mail.raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_escape, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}
