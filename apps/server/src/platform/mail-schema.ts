import { bigserial, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Every mail the casino sends, kept whether or not SMTP is configured: it is the record of what a
 * player was told, and in development the mailbox to read. drizzle-kit only reads module schema
 * files, so the identity module's schema.ts re-exports this table.
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    /** The last delivery failure, for the operator; null once sent. */
    error: text('error'),
  },
  (t) => [index('mail_outbox_to_created').on(t.to, t.createdAt)],
);
