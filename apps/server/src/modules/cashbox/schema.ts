import { sql } from 'drizzle-orm';
import { bigint, bigserial, index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/**
 * Deposits and cashouts. The money itself moves only in the ledger (wallet); a payment's
 * transfers carry the reference `payment:<id>`. A PSP's payment is known by
 * (provider, external_id), unique, so a notification is applied to one payment only.
 */
export const payments = pgTable(
  'payments',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    action: text('action').notNull(),
    state: text('state').notNull(),
    currency: text('currency').notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    /** The cashbox method (`card_visa`, `crypto_btc` ...). */
    method: text('method').notNull(),
    provider: text('provider').notNull(),
    externalId: text('external_id'),
    /** Cashouts: where the money goes (card token, IBAN, wallet, address); crypto deposits: the txid. */
    destination: text('destination'),
    cancellationReason: text('cancellation_reason'),
    /**
     * Withdraw-only money (the player's `held` ledger account): a deposit that arrived past a
     * deposit limit or during an exclusion was credited there (all of it); a cashout took this
     * much of its amount from there, and a release gives it back there.
     */
    heldCents: bigint('held_cents', { mode: 'number' }).notNull().default(0),
    /** A held deposit: why (`limit_reached`, `player_excluded`). */
    heldReason: text('held_reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('payments_provider_external_id')
      .on(t.provider, t.externalId)
      .where(sql`${t.externalId} is not null`),
    index('payments_user_created').on(t.userId, t.createdAt),
    // The reports read a day's finished payments (modules/reports).
    index('payments_finished_at')
      .on(t.finishedAt)
      .where(sql`${t.finishedAt} is not null`),
    index('payments_open')
      .on(t.action, t.state)
      .where(sql`${t.state} in ('pending', 'processing')`),
  ],
);

/** Cards a player paid with, kept as the PSP's token (never the number) for one-click deposits. */
export const savedCards = pgTable(
  'saved_cards',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    provider: text('provider').notNull(),
    token: text('token').notNull(),
    brand: text('brand').notNull(),
    last4: text('last4').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex('saved_cards_user_token').on(t.userId, t.provider, t.token)],
);

/** Crypto deposit addresses handed to players, one per player, currency and provider. */
export const cryptoAddresses = pgTable(
  'crypto_addresses',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    provider: text('provider').notNull(),
    currency: text('currency').notNull(),
    address: text('address').notNull(),
    confirmationsRequired: bigint('confirmations_required', { mode: 'number' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('crypto_addresses_user_currency').on(t.userId, t.provider, t.currency),
    uniqueIndex('crypto_addresses_address').on(t.provider, t.address),
  ],
);

/**
 * A succeeded, not held deposit on its way to being played through (docs/promotions.md "Deposits
 * played through"): the player's real-money stakes in its currency after it, refunds taken back, fill it
 * (the oldest first) up to its amount. Played through (`played_at`), it is announced on
 * `cashbox.deposit_played` and the rewards bound to it are earned; a cashout in its currency
 * before then forfeits it (`forfeited_at`), and it earns nothing. A row is written in the
 * deposit's own transaction and changes only while it waits.
 */
export const depositPlaythroughs = pgTable(
  'deposit_playthroughs',
  {
    paymentId: bigint('payment_id', { mode: 'number' }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    currency: text('currency').notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    playedCents: bigint('played_cents', { mode: 'number' }).notNull().default(0),
    /** When the deposit succeeded: stakes from then on count for it. */
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    playedAt: timestamp('played_at', { withTimezone: true }),
    forfeitedAt: timestamp('forfeited_at', { withTimezone: true }),
  },
  (t) => [
    // The waiting deposits, the only rows the wallet's batches and the cashouts look for.
    index('deposit_playthroughs_waiting')
      .on(t.userId, t.currency, t.createdAt, t.paymentId)
      .where(sql`${t.playedAt} is null and ${t.forfeitedAt} is null`),
  ],
);
