import { and, asc, isNull, lte, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Db } from '../db/client.js';
import { mailOutbox } from '../db/schema/index.js';
import { insertJsonRows, type Exec } from './db.js';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

const DELIVERY_BATCH = 100;
/** Messages in flight at once, each on its own pooled connection. */
const DELIVERY_CONCURRENCY = 10;

/** The SMTP URL with connection pooling on unless it says otherwise. */
function pooled(smtpUrl: string): string {
  const url = new URL(smtpUrl);
  if (!url.searchParams.has('pool')) url.searchParams.set('pool', 'true');
  if (!url.searchParams.has('maxConnections'))
    url.searchParams.set('maxConnections', String(DELIVERY_CONCURRENCY));
  return url.toString();
}

/**
 * Mail goes into the outbox table first, so a request never waits on SMTP and nothing is lost
 * when the server is down; a worker delivers it and retries with back-off until it is taken.
 * Without SMTP_URL the message is written to the log instead, so the embedded demo still works.
 */
export class Mailer {
  private readonly transport: Transporter | null;
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private stopped = false;

  constructor(
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
    private readonly options: { smtpUrl?: string; from: string; pollMs?: number },
  ) {
    // Pooled: an import queues thousands of messages, and a connection per message would cost
    // more than the message.
    this.transport = options.smtpUrl ? nodemailer.createTransport(pooled(options.smtpUrl)) : null;
  }

  /**
   * Queues a message. Inside a transaction pass it as `db`: the worker is then not woken (it would
   * not see the row before the commit), so call `kick()` once the transaction has committed.
   */
  async enqueue(mail: OutgoingMail, db: Pick<Db, 'insert'> = this.db): Promise<void> {
    await db
      .insert(mailOutbox)
      .values({ to: mail.to, subject: mail.subject, text: mail.text, html: mail.html });
    if (db === this.db) this.kick();
  }

  /** Queues many messages in one statement (an import's thousands); same rule as `enqueue` for `db`. */
  async enqueueAll(mails: readonly OutgoingMail[], db: Exec = this.db): Promise<void> {
    await insertJsonRows(
      db,
      mailOutbox,
      mails.map((mail) => ({ ...mail })),
    );
    if (db === this.db && mails.length > 0) this.kick();
  }

  start(): void {
    this.stopped = false;
    this.schedule(this.options.pollMs ?? 5000);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.running;
    this.transport?.close();
  }

  kick(): void {
    if (this.stopped) return;
    this.schedule(0);
  }

  private schedule(delayMs: number): void {
    if (this.stopped) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = null;
      if (this.running) {
        this.running.finally(() => this.schedule(50));
        return;
      }
      let more = false;
      this.running = this.deliverDue()
        .then((delivered) => {
          more = delivered === DELIVERY_BATCH;
        })
        .catch((err) => this.log.error({ err }, 'mail worker failed'))
        .finally(() => {
          this.running = null;
          // A full batch means more are due (an import queues thousands): go on at once.
          this.schedule(more ? 0 : (this.options.pollMs ?? 5000));
        });
    }, delayMs);
    this.timer.unref();
  }

  /** Sends every message that is due; returns how many were delivered. */
  async deliverDue(): Promise<number> {
    const due = await this.db
      .select()
      .from(mailOutbox)
      .where(and(isNull(mailOutbox.sentAt), lte(mailOutbox.nextAttemptAt, new Date())))
      .orderBy(asc(mailOutbox.id))
      .limit(DELIVERY_BATCH);
    let delivered = 0;
    let next = 0;
    const deliverNext = async (): Promise<void> => {
      const mail = due[next++];
      if (!mail || this.stopped) return;
      try {
        if (this.transport) {
          await this.transport.sendMail({
            from: this.options.from,
            to: mail.to,
            subject: mail.subject,
            text: mail.text,
            html: mail.html ?? undefined,
          });
        } else {
          this.log.info(`mail to ${mail.to}: ${mail.subject}\n${mail.text}`);
        }
        await this.db
          .update(mailOutbox)
          // The body may hold a default password or a reset link: keep it no longer than delivery needs.
          .set({ sentAt: new Date(), attempts: mail.attempts + 1, lastError: null, text: '', html: null })
          .where(eq(mailOutbox.id, mail.id));
        delivered += 1;
      } catch (err) {
        const attempts = mail.attempts + 1;
        const backoffMs = Math.min(60 * 60_000, 2 ** Math.min(attempts, 12) * 1000);
        await this.db
          .update(mailOutbox)
          .set({ attempts, lastError: String(err), nextAttemptAt: new Date(Date.now() + backoffMs) })
          .where(eq(mailOutbox.id, mail.id));
        this.log.warn({ err, to: mail.to }, 'mail delivery failed; will retry');
      }
      return deliverNext();
    };
    // Several messages at once: each waits on round trips to the SMTP server, not on this process.
    await Promise.all(Array.from({ length: DELIVERY_CONCURRENCY }, deliverNext));
    return delivered;
  }
}
