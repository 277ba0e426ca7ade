import { eq, sql, type SQL } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Db } from '../db/client.js';
import { mailOutbox } from '../db/schema/index.js';
import { insertJsonRows, type Exec } from './db.js';
import type { Job, JobQueue } from './jobs.js';
import { schoolParticulars, type SchoolParticulars } from './school.js';

/**
 * Written in a message's subject or text where the institution's name belongs: the outbox fills in
 * the name of the school's particulars (school-information) when the message is queued, so no
 * message carries a name of its own. Every message also ends with the school's footer (its name,
 * address and contacts, from the same particulars), so a reader knows whom to write or call.
 */
export const INSTITUTION = '{institution}';

const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

/** The lines of the e-mails' footer: the school's name, address and contacts (those it has). */
function footerLines(school: SchoolParticulars): string[] {
  const contacts = [
    school.email && `E-mail: ${school.email}`,
    school.phone && `Phone: ${school.phone}`,
    school.website,
  ].filter(Boolean);
  return [school.name, school.address.replace(/\s*\n\s*/g, ', '), contacts.join(' · ')].filter(Boolean);
}

/** The footer of every message, as text and as HTML. */
export function mailFooter(school: SchoolParticulars): { text: string; html: string } {
  const lines = footerLines(school);
  return {
    text: `\n\n--\n${lines.join('\n')}`,
    html:
      '<hr style="border:0;border-top:1px solid #ddd;margin:24px 0 8px">' +
      `<p style="color:#555;font-size:12px;line-height:1.5;margin:0">${lines.map(escapeHtml).join('<br>')}</p>`,
  };
}

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

/** Messages one process delivers at once, each on its own pooled connection. */
const DELIVERY_CONCURRENCY = 10;

/** The SMTP URL with connection pooling and time limits unless it says otherwise. */
function pooled(smtpUrl: string, timeoutMs: number): string {
  const url = new URL(smtpUrl);
  const defaults: Record<string, string> = {
    pool: 'true',
    maxConnections: String(DELIVERY_CONCURRENCY),
    // Bounded, so a delivery ends (delivered or failed) well within its job's claim.
    connectionTimeout: String(timeoutMs),
    greetingTimeout: String(timeoutMs),
    socketTimeout: String(timeoutMs),
  };
  for (const [key, value] of Object.entries(defaults))
    if (!url.searchParams.has(key)) url.searchParams.set(key, value);
  return url.toString();
}

/**
 * Mail goes into the outbox table first, so a request never waits on SMTP and nothing is lost
 * when the server is down; each message is a job of the queue (`mail.deliver`, queued in the same
 * transaction as its row), so one process delivers it, retried with back-off until it is taken.
 * The outbox row is the record: sent when, after how many attempts, the last error.
 * Without SMTP_URL the message is written to the log instead, so the embedded demo still works.
 */
/** Messages for one person (a reset link, a decision) are claimed before bulk ones (an import's letters). */
const ONE_PERSON_PRIORITY = 1;
const BULK_PRIORITY = 0;

export class Mailer {
  private readonly transport: Transporter | null;
  private readonly delivery: Job<{ id: number }>;

  constructor(
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
    jobs: JobQueue,
    private readonly options: { smtpUrl?: string; from: string; timeoutMs: number },
  ) {
    // Pooled: an import queues thousands of messages, and a connection per message would cost
    // more than the message.
    this.transport = options.smtpUrl
      ? nodemailer.createTransport(pooled(options.smtpUrl, options.timeoutMs))
      : null;
    this.delivery = jobs.define<{ id: number }>({
      name: 'mail.deliver',
      handler: ({ id }) => this.deliver(id),
      batchSize: DELIVERY_CONCURRENCY,
      // Connecting, greeting and the exchange are each bounded by the timeout, with room to spare.
      expireInSeconds: Math.ceil((4 * options.timeoutMs) / 1000),
      // From 5–10 s, doubling up to half a day or a day: tried for one to two days in all.
      retry: { limit: 14, delaySeconds: 5 },
    });
  }

  /**
   * Queues a message. Inside a transaction pass it as `db`: the message exists only if the
   * transaction commits; call `kick()` once it has, so this process delivers it at once.
   */
  async enqueue(mail: OutgoingMail, db?: Exec): Promise<void> {
    await this.enqueueAll([mail], db);
  }

  /**
   * Queues many messages in two statements (an import's thousands); same rule as `enqueue` for `db`.
   * `bulk` (imports, batch decisions) queues them behind everything else, so a reset link somebody is
   * waiting for on the page never waits behind an import's thousands of letters.
   */
  async enqueueAll(
    mails: readonly OutgoingMail[],
    db?: Exec,
    options: { bulk?: boolean } = {},
  ): Promise<void> {
    if (mails.length === 0) return;
    const queue = async (tx: Exec) => {
      const school = await schoolParticulars(tx);
      const footer = mailFooter(school);
      const fill = (text: string) => text.replaceAll(INSTITUTION, school.name);
      const rows = await insertJsonRows<{ id: number }>(
        tx,
        mailOutbox,
        mails.map((mail) => ({
          ...mail,
          subject: fill(mail.subject),
          text: fill(mail.text) + footer.text,
          html: mail.html && fill(mail.html) + footer.html,
        })),
        { id: mailOutbox.id },
      );
      await this.delivery.sendAll(
        rows.map(({ id }) => ({ id })),
        { db: tx, priority: options.bulk ? BULK_PRIORITY : ONE_PERSON_PRIORITY },
      );
    };
    if (db) {
      await queue(db);
      return;
    }
    await this.db.transaction(queue);
    this.kick();
  }

  /**
   * Queues one message per row of `recipients` — a query yielding `to_address`, `subject`,
   * `body_text`, `body_html` — with ONE `INSERT … SELECT` (and one statement queueing their delivery
   * jobs, behind every one-person message), so 20,000 messages queue in a second or two without the
   * addresses passing through this process. Tagged `batch`, to count them later (`batchProgress`).
   * Pass the transaction of the change; call `kick()` once it has committed. Returns how many.
   */
  async enqueueSelected(db: Exec, recipients: SQL, batch: string): Promise<number> {
    const footer = mailFooter(await schoolParticulars(db));
    const result = (await db.execute(sql`
      insert into ${mailOutbox} (to_address, subject, body_text, body_html, batch)
      select r.to_address, r.subject, r.body_text || ${footer.text}, r.body_html || ${footer.html}, ${batch}
      from (${recipients}) r
      returning id`)) as unknown as { rows: { id: number }[] };
    const ids = result.rows.map(({ id }) => ({ id: Number(id) }));
    await this.delivery.sendAll(ids, { db, priority: BULK_PRIORITY });
    return ids.length;
  }

  /** A batch's messages: how many were delivered, and how many have failed at least once and are not delivered. */
  async batchProgress(db: Exec, batch: string): Promise<{ sent: number; failed: number }> {
    const [row] = await db
      .select({
        sent: sql<number>`(count(*) filter (where ${mailOutbox.sentAt} is not null))::int`,
        failed: sql<number>`(count(*) filter (where ${mailOutbox.sentAt} is null and ${mailOutbox.lastError} is not null))::int`,
      })
      .from(mailOutbox)
      .where(eq(mailOutbox.batch, batch));
    return { sent: Number(row?.sent ?? 0), failed: Number(row?.failed ?? 0) };
  }

  /** Delivers what was queued in a transaction that has now committed, without waiting for the next poll. */
  kick(): void {
    this.delivery.wake();
  }

  /** Closes the SMTP connections (after the job queue has stopped). */
  close(): void {
    this.transport?.close();
  }

  /** Delivers one queued message (the `mail.deliver` job); throws to have it retried. */
  private async deliver(id: number): Promise<void> {
    const [mail] = await this.db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
    // Delivered already: a retry of a job whose completion was not recorded.
    if (!mail || mail.sentAt) return;
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
    } catch (err) {
      await this.db
        .update(mailOutbox)
        .set({ attempts: mail.attempts + 1, lastError: String(err) })
        .where(eq(mailOutbox.id, mail.id));
      throw err;
    }
    await this.db
      .update(mailOutbox)
      // The body may hold a default password or a reset link: keep it no longer than delivery needs.
      .set({ sentAt: new Date(), attempts: mail.attempts + 1, lastError: null, text: '', html: null })
      .where(eq(mailOutbox.id, mail.id));
  }
}
