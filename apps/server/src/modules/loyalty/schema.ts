import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { LocalisedTexts } from '@orbit/contracts';

const at = (name: string) => timestamp(name, { withTimezone: true });

/**
 * Each player's comp points (docs/loyalty.md): `chargeable` is what the shop can spend (never
 * below zero, by the check), `persistent` only grows and sets the level. `carry_millipoints` keeps
 * the fraction of a point that bets earned so far (a 1.00 bet earns a tenth of a point).
 */
export const compPointBalances = pgTable(
  'comp_point_balances',
  {
    userId: bigint('user_id', { mode: 'number' }).primaryKey(),
    chargeable: bigint('chargeable', { mode: 'number' }).notNull().default(0),
    persistent: bigint('persistent', { mode: 'number' }).notNull().default(0),
    carryMillipoints: integer('carry_millipoints').notNull().default(0),
    updatedAt: at('updated_at').notNull(),
  },
  (t) => [
    check('comp_point_balances_chargeable_not_negative', sql`${t.chargeable} >= 0`),
    check('comp_point_balances_persistent_not_negative', sql`${t.persistent} >= 0`),
  ],
);

/** Every bet that earned points, once (the transfer id is the key: a redelivered bet earns nothing more). */
export const compPointAccruals = pgTable(
  'comp_point_accruals',
  {
    transferId: bigint('transfer_id', { mode: 'number' }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    millipoints: bigint('millipoints', { mode: 'number' }).notNull(),
    createdAt: at('created_at').notNull(),
  },
  (t) => [index('comp_point_accruals_user').on(t.userId, t.createdAt)],
);

/**
 * How bets earn points, by currency (`*`: every other currency, its bets counted in EUR through
 * the reference rates): minor units per point, and the share per game category in percent.
 */
export const compPointAccrualRules = pgTable('comp_point_accrual_rules', {
  currency: text('currency').primaryKey(),
  centsPerPoint: integer('cents_per_point').notNull(),
  contributions: jsonb('contributions').$type<Record<string, number>>().notNull(),
});

/** The shop's cards (GET /api/comp_points/rates/...): seeded, changed by operators. */
export const compPointRates = pgTable('comp_point_rates', {
  group: text('group').primaryKey(),
  type: text('type', { enum: ['money', 'freespins', 'lootboxes', 'lotteries'] }).notNull(),
  title: text('title').notNull(),
  /** Money: price per currency `[{points, currency, amount_cents}]`. */
  rates: jsonb('rates').$type<Array<{ points: number; currency: string; amount_cents: number }>>().notNull(),
  points: integer('points'),
  wager: numeric('wager', { precision: 6, scale: 2, mode: 'number' }).notNull().default(0),
  templateKey: text('template_key'),
  freespinsCount: integer('freespins_count'),
  games: text('games').array().notNull(),
  tab: text('tab', { enum: ['FREE_SPINS', 'MONEY_REWARD', 'SPECIAL_REWARDS'] }).notNull(),
  badges: text('badges').array().notNull(),
  image: text('image'),
  description: text('description'),
  /** Texts in other locales; title and description are the default locale's (docs/localisation.md). */
  translations: jsonb('translations').$type<LocalisedTexts>().notNull().default({}),
  position: integer('position').notNull().default(0),
  active: boolean('active').notNull().default(true),
});

/**
 * Every exchange of points, with the click's idempotency key (unique per player): a repeated
 * click finds its first exchange and spends nothing. `request` is what was asked, to refuse a key
 * reused for another exchange.
 */
export const compPointExchanges = pgTable(
  'comp_point_exchanges',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    idempotencyKey: text('idempotency_key').notNull(),
    request: text('request').notNull(),
    type: text('type').notNull(),
    group: text('group').notNull(),
    points: bigint('points', { mode: 'number' }).notNull(),
    quantity: integer('quantity').notNull(),
    reward: jsonb('reward')
      .$type<{
        kind: 'bonus' | 'money' | 'freespins' | 'lottery_tickets' | 'lootboxes';
        amount_cents: number | null;
        currency: string | null;
        freespins_count: number | null;
        bonus_id: number | null;
        freespin_id: number | null;
        lottery_id?: number;
        tickets_count?: number;
        lootbox_ids?: number[];
      }>()
      .notNull(),
    createdAt: at('created_at').notNull(),
  },
  (t) => [uniqueIndex('comp_point_exchanges_key').on(t.userId, t.idempotencyKey)],
);

/** The quarter's deposit and bet sums per player and currency (VIP club), `quarter` like `2026-Q4`. */
export const vipQuarterSums = pgTable(
  'vip_quarter_sums',
  {
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    quarter: text('quarter').notNull(),
    currency: text('currency').notNull(),
    depositCents: bigint('deposit_cents', { mode: 'number' }).notNull().default(0),
    betCents: bigint('bet_cents', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.userId, t.quarter, t.currency] })],
);

/** Deposits already counted in the VIP sums (a redelivered payment event counts once). */
export const vipCountedDeposits = pgTable('vip_counted_deposits', {
  paymentId: bigint('payment_id', { mode: 'number' }).primaryKey(),
  userId: bigint('user_id', { mode: 'number' }).notNull(),
  countedAt: at('counted_at').notNull(),
});

/**
 * The VIP status each player holds and the quarter it was earned in: a status of a past quarter
 * has ended (the quarter sweep resets it, diamond excepted). The player group mirrors it.
 */
export const vipStatuses = pgTable(
  'vip_statuses',
  {
    userId: bigint('user_id', { mode: 'number' }).primaryKey(),
    status: text('status', { enum: ['regular', 'bronze', 'silver', 'gold', 'platinum', 'diamond'] }).notNull(),
    quarter: text('quarter').notNull(),
    changedAt: at('changed_at').notNull(),
  },
  (t) => [index('vip_statuses_quarter').on(t.quarter)],
);

/** Personal managers of VIP players; `group_ids`: the groups a manager serves when none is assigned. */
export const loyaltyManagers = pgTable('loyalty_managers', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  name: text('name').notNull(),
  avatar: text('avatar'),
  hours: text('hours'),
  whatsapp: text('whatsapp'),
  telegram: text('telegram'),
  email: text('email'),
  groupIds: integer('group_ids').array().notNull(),
});

/** The manager an operator assigned to a player. */
export const playerManagers = pgTable('player_managers', {
  userId: bigint('user_id', { mode: 'number' }).primaryKey(),
  managerId: bigint('manager_id', { mode: 'number' })
    .notNull()
    .references(() => loyaltyManagers.id),
  assignedAt: at('assigned_at').notNull(),
});

/** Adventure days a player completed, with the gift issued for them (once: the key is the day). */
export const adventureDays = pgTable(
  'adventure_days',
  {
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    adventure: text('adventure').notNull(),
    /** YYYY-MM-DD (UTC); the super prize is kept under the day after the last. */
    day: text('day').notNull(),
    completedAt: at('completed_at').notNull(),
    giftKind: text('gift_kind', { enum: ['bonus', 'freespins'] }),
    giftId: bigint('gift_id', { mode: 'number' }),
    activatableUntil: at('activatable_until'),
  },
  (t) => [primaryKey({ columns: [t.userId, t.adventure, t.day] })],
);

/** Each player's bets and largest deposit per UTC day and currency (an adventure day's conditions). */
export const loyaltyDailyActivity = pgTable(
  'loyalty_daily_activity',
  {
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    day: text('day').notNull(),
    currency: text('currency').notNull(),
    betCents: bigint('bet_cents', { mode: 'number' }).notNull().default(0),
    maxDepositCents: bigint('max_deposit_cents', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.userId, t.day, t.currency] })],
);
