import { sql } from 'drizzle-orm';
import { bigint, bigserial, boolean, integer, pgTable, text, timestamp, unique, uniqueIndex } from 'drizzle-orm/pg-core';

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
    uniqueIndex('accounts_one_active_per_user').on(t.userId).where(sql`${t.active}`),
  ],
);
