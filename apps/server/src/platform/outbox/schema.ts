import { bigserial, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Domain events written in the same transaction as the change they describe (a ledger transfer,
 * a payment state), then delivered at least once by the outbox worker to idempotent handlers.
 * A row is an event not delivered yet: delivery deletes it, in the transaction of its handlers'
 * writes (the ledger and the domain tables keep what happened). A failing delivery waits until
 * `available_at`.
 */
export const outboxEvents = pgTable(
  'outbox_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    topic: text('topic').notNull(),
    payload: jsonb('payload').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    availableAt: timestamp('available_at', { withTimezone: true }).notNull().defaultNow(),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
  },
  // The worker looks for due events, oldest first.
  (t) => [index('outbox_events_due').on(t.availableAt, t.id)],
);
