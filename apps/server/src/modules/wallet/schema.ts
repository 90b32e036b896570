import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  index,
  integer,
  numeric,
  pgTable,
  smallint,
  text,
  timestamp,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/** Currencies the casino knows; `subunits_to_unit` says how many minor units make one unit. */
export const currencies = pgTable('currencies', {
  code: text('code').primaryKey(),
  name: text('name').notNull(),
  symbol: text('symbol').notNull(),
  subunitsToUnit: integer('subunits_to_unit').notNull(),
  fiat: boolean('fiat').notNull(),
  /** Offered at registration. */
  signup: boolean('signup').notNull().default(false),
  isDefault: boolean('is_default').notNull().default(false),
  /** Play money for demo games (FUN): never held in an account, never listed to players. */
  demo: boolean('demo').notNull().default(false),
  position: integer('position').notNull().default(0),
});

/**
 * A player's money accounts, one per currency (balances arrive with the ledger). `user_id` refers
 * to identity's users; no foreign key across modules, so that each module owns its tables.
 */
export const accounts = pgTable(
  'accounts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    currency: text('currency')
      .notNull()
      .references(() => currencies.code),
    /** The account play and the balance shown use; one per player. */
    active: boolean('active').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    unique('accounts_user_currency').on(t.userId, t.currency),
    uniqueIndex('accounts_one_active_per_user')
      .on(t.userId)
      .where(sql`${t.active}`),
  ],
);

/**
 * The ledger's accounts. A player has `real`, `bonus` and `reserved` (cashouts waiting) per
 * currency; the house has `bets`, `psp_clearing`, `bonus_funding`, `jackpot_pool` and
 * `promotions` per currency (`user_id` null). `balance` is the sum of the account's legs, kept
 * in the same transaction as each transfer; a player's can never go below zero.
 *
 * The house's busiest accounts (`bets`, `jackpot_pool`) are split into `shard`s (`sql/ledger_house_shards.sql`,
 * `ledger_house_shards()`): a transfer with a player uses the shard of the player's id, so bets
 * sent at once do not queue on one row. The house's balance of a kind is the sum of its shards; a
 * single shard of a house account may be below zero. Players' accounts have shard 0.
 */
export const ledgerAccounts = pgTable(
  'ledger_accounts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' }),
    currency: text('currency')
      .notNull()
      .references(() => currencies.code),
    kind: text('kind').notNull(),
    shard: smallint('shard').notNull().default(0),
    balance: bigint('balance', { mode: 'number' }).notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('ledger_accounts_player')
      .on(t.userId, t.currency, t.kind)
      .where(sql`${t.userId} is not null`),
    uniqueIndex('ledger_accounts_house')
      .on(t.currency, t.kind, t.shard)
      .where(sql`${t.userId} is null`),
    check('ledger_accounts_player_not_negative', sql`${t.userId} is null or ${t.balance} >= 0`),
    check('ledger_accounts_shard', sql`${t.shard} >= 0 and (${t.userId} is null or ${t.shard} = 0)`),
    check(
      'ledger_accounts_kind',
      sql`(${t.userId} is not null and ${t.kind} in ('real', 'bonus', 'reserved', 'held')) or (${t.userId} is null and ${t.kind} in ('bets', 'psp_clearing', 'bonus_funding', 'jackpot_pool', 'promotions', 'adjustments'))`,
    ),
  ],
);

/**
 * Immutable money movements: `amount` leaves the debit account and reaches the credit account,
 * both in `currency`. Corrections are new transfers. `idempotency_key` is unique: a replay
 * answers the first transfer; `payload_hash` tells a faithful replay from a conflicting one.
 */
export const ledgerTransfers = pgTable(
  'ledger_transfers',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    idempotencyKey: text('idempotency_key').notNull(),
    kind: text('kind').notNull(),
    reference: text('reference').notNull(),
    /**
     * No foreign key to `currencies`: every transfer would lock the currency's one row. Both
     * accounts' keys hold their currency, and the audit proves the transfer's is theirs.
     */
    currency: text('currency').notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    debitAccountId: bigint('debit_account_id', { mode: 'number' })
      .notNull()
      .references(() => ledgerAccounts.id),
    creditAccountId: bigint('credit_account_id', { mode: 'number' })
      .notNull()
      .references(() => ledgerAccounts.id),
    payloadHash: text('payload_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('ledger_transfers_idempotency_key').on(t.idempotencyKey),
    index('ledger_transfers_debit').on(t.debitAccountId, t.id),
    index('ledger_transfers_credit').on(t.creditAccountId, t.id),
    index('ledger_transfers_reference').on(t.reference),
    // The reports aggregate a day at a time (modules/reports): a BRIN index is a few pages for an
    // append-only table in time order and costs the transfer next to nothing to keep.
    index('ledger_transfers_created_at').using('brin', t.createdAt),
    check('ledger_transfers_amount_positive', sql`${t.amount} > 0`),
    check('ledger_transfers_two_accounts', sql`${t.debitAccountId} <> ${t.creditAccountId}`),
  ],
);

/**
 * What one unit of each currency is worth in euros, for comparing amounts across currencies
 * (a limit binds all of a player's currencies; VIP thresholds). Never used to move money.
 * Seeded once per currency; the operator keeps them current (`PUT /api/operator/reference_rates`).
 */
export const referenceRates = pgTable(
  'reference_rates',
  {
    currency: text('currency')
      .primaryKey()
      .references(() => currencies.code),
    /** Euros per one unit of the currency, a decimal string (numeric: exact). */
    eurPerUnit: numeric('eur_per_unit', { precision: 30, scale: 12 }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [check('reference_rates_positive', sql`${t.eurPerUnit} > 0`)],
);

/**
 * Every value a reference rate ever had (docs/reference-rates.md "History"): one row per change,
 * written in the change's transaction, never updated. `valid_from` orders them per currency;
 * `changed_by` is the operator's id, `operator-token` (the bearer call) or `seed`.
 */
export const referenceRateChanges = pgTable(
  'reference_rate_changes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    currency: text('currency')
      .notNull()
      .references(() => currencies.code),
    eurPerUnit: numeric('eur_per_unit', { precision: 30, scale: 12 }).notNull(),
    validFrom: timestamp('valid_from', { withTimezone: true }).notNull(),
    changedBy: text('changed_by').notNull(),
    reason: text('reason'),
  },
  (t) => [
    index('reference_rate_changes_currency_valid_from').on(t.currency, t.validFrom, t.id),
    check('reference_rate_changes_positive', sql`${t.eurPerUnit} > 0`),
  ],
);
