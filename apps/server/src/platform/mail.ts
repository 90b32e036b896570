import type { FastifyBaseLogger } from 'fastify';
import type { Transporter } from 'nodemailer';
import { desc, eq } from 'drizzle-orm';
import type { Clock } from './clock';
import type { Db } from './db/client';
import type { Executor } from './db/executor';
import { mailOutbox } from './mail-schema';

export type Mail = { to: string; subject: string; text: string; html: string };
export type StoredMail = Mail & { id: number; createdAt: Date; sentAt: Date | null };

/**
 * Outgoing mail. `enqueue` writes the outbox inside the caller's transaction (a mail is never
 * announced for a change that rolled back); `deliver` sends it after the commit when SMTP_URL is
 * set, and otherwise leaves it stored only (development reads it at /api/dev/mailbox).
 */
export class Mailer {
  /** The SMTP transport, made (and nodemailer loaded) at the first delivery; undefined: mails stay stored. */
  private transport: Promise<Transporter> | undefined;

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly log: FastifyBaseLogger,
    private readonly smtpUrl: string | undefined,
    private readonly from: string,
  ) {}

  async enqueue(executor: Executor, mail: Mail): Promise<number> {
    const [row] = await executor
      .insert(mailOutbox)
      .values({ ...mail, createdAt: this.clock.now() })
      .returning({ id: mailOutbox.id });
    return row!.id;
  }

  /** Sends stored mails; failures are logged and recorded, never thrown at the player's request. */
  async deliver(ids: number[]): Promise<void> {
    if (!this.smtpUrl) return;
    const smtpUrl = this.smtpUrl;
    this.transport ??= import('nodemailer').then(({ createTransport }) => createTransport(smtpUrl));
    const transport = await this.transport;
    for (const id of ids) {
      const [mail] = await this.db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
      if (!mail || mail.sentAt) continue;
      try {
        await transport.sendMail({
          from: this.from,
          to: mail.to,
          subject: mail.subject,
          text: mail.text,
          html: mail.html,
        });
        await this.db.update(mailOutbox).set({ sentAt: this.clock.now(), error: null }).where(eq(mailOutbox.id, id));
      } catch (error) {
        this.log.error({ err: error, mailId: id }, 'mail delivery failed');
        await this.db
          .update(mailOutbox)
          .set({ error: String((error as Error).message ?? error) })
          .where(eq(mailOutbox.id, id));
      }
    }
  }

  /** The latest mails, newest first (the development mailbox). */
  async latest(to?: string, limit = 50): Promise<StoredMail[]> {
    return this.db
      .select({
        id: mailOutbox.id,
        to: mailOutbox.to,
        subject: mailOutbox.subject,
        text: mailOutbox.text,
        html: mailOutbox.html,
        createdAt: mailOutbox.createdAt,
        sentAt: mailOutbox.sentAt,
      })
      .from(mailOutbox)
      .where(to ? eq(mailOutbox.to, to.trim().toLowerCase()) : undefined)
      .orderBy(desc(mailOutbox.id))
      .limit(limit);
  }
}
