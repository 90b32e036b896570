import { boolean, integer, pgTable, text } from 'drizzle-orm/pg-core';

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
