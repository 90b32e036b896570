import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { LocalisedTexts } from '@orbit/contracts';

const at = (name: string) => timestamp(name, { withTimezone: true });

/**
 * One place's prize (docs/promotions.md "Prizes"): a bonus from `bonus_template` of
 * `money_award_cents` (its wager is the template's), the free spins of `freespins_template`,
 * comp points through the loyalty module. A place may carry several kinds.
 */
export type StoredPrize = {
  award_place: number;
  money_award_cents: number;
  wager_multiplier: number;
  bonus_template: string | null;
  freespins_count: number;
  freespins_template: string | null;
  chargeable_comp_points: number;
  persistent_comp_points: number;
};

/**
 * Tournaments, quests and achievements (docs/promotions.md "Tournaments"): the kind comes from the
 * frontend identifier. `finished_at` is set once, by the end job, in the transaction that ranks and
 * pays; `demo` rows are renewed by the seed's job.
 */
export const promoTournaments = pgTable(
  'promo_tournaments',
  {
    id: serial('id').primaryKey(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    /** Texts in other locales; title and description are the default locale's (docs/localisation.md). */
    translations: jsonb('translations').$type<LocalisedTexts>().notNull().default({}),
    frontendIdentifier: text('frontend_identifier').notNull(),
    strategy: text('strategy', { enum: ['bet_sum', 'bet_count', 'win_rate', 'points'] }).notNull(),
    currencies: text('currencies').array().notNull(),
    currency: text('currency').notNull(),
    gameCategories: text('game_categories').array().notNull(),
    providers: text('providers').array().notNull(),
    groupIds: integer('group_ids').array().notNull(),
    confirmationRequired: boolean('confirmation_required').notNull().default(false),
    moneyBudgetCents: bigint('money_budget_cents', { mode: 'number' }).notNull().default(0),
    prizes: jsonb('prizes').$type<StoredPrize[]>().notNull(),
    startAt: at('start_at').notNull(),
    endAt: at('end_at').notNull(),
    finishedAt: at('finished_at'),
    demo: boolean('demo').notNull().default(false),
    createdAt: at('created_at').notNull(),
  },
  (t) => [
    uniqueIndex('promo_tournaments_identifier').on(t.frontendIdentifier),
    index('promo_tournaments_due')
      .on(t.endAt)
      .where(sql`${t.finishedAt} is null`),
    check('promo_tournaments_times', sql`${t.endAt} > ${t.startAt}`),
  ],
);

/**
 * A player's standing in a tournament. `score` is what ranks (by the strategy); `reached_at` is
 * when it last grew, so that of two equal scores the earlier one ranks first. `final_place` is
 * written by the end job.
 */
export const promoTournamentPlayers = pgTable(
  'promo_tournament_players',
  {
    tournamentId: integer('tournament_id')
      .notNull()
      .references(() => promoTournaments.id),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    confirmed: boolean('confirmed').notNull().default(false),
    bets: integer('bets').notNull().default(0),
    betCents: bigint('bet_cents', { mode: 'number' }).notNull().default(0),
    wins: integer('wins').notNull().default(0),
    winCents: bigint('win_cents', { mode: 'number' }).notNull().default(0),
    /** Best single win over its round's stake, ×100. */
    rate: integer('rate').notNull().default(0),
    points: bigint('points', { mode: 'number' }).notNull().default(0),
    games: text('games')
      .array()
      .notNull()
      .default(sql`'{}'`),
    score: bigint('score', { mode: 'number' }).notNull().default(0),
    reachedAt: at('reached_at'),
    finalPlace: integer('final_place'),
    updatedAt: at('updated_at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.tournamentId, t.userId] }),
    index('promo_tournament_players_rank').on(t.tournamentId, t.score, t.reachedAt),
  ],
);

/** Every transfer the tournaments counted, once (a redelivered batch counts nothing again). */
export const promoCountedTransfers = pgTable('promo_counted_transfers', {
  transferId: bigint('transfer_id', { mode: 'number' }).primaryKey(),
  countedAt: at('counted_at').notNull(),
});

/**
 * Every prize the end jobs handed out, once per place (the unique key): `paid`, or `skipped` with
 * the refusal (a player who turned bonuses off). Also the proof no place was paid twice.
 */
export const promoPayouts = pgTable(
  'promo_payouts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    promoKind: text('promo_kind', { enum: ['tournament', 'lottery'] }).notNull(),
    promoId: integer('promo_id').notNull(),
    awardPlace: integer('award_place').notNull(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    outcome: text('outcome', { enum: ['paid', 'skipped'] }).notNull(),
    detail: jsonb('detail').$type<Record<string, unknown>>().notNull(),
    paidAt: at('paid_at').notNull(),
  },
  (t) => [uniqueIndex('promo_payouts_place').on(t.promoKind, t.promoId, t.awardPlace)],
);

/**
 * Lotteries (docs/promotions.md "Lotteries"). `server_seed` is chosen at creation and stays secret
 * until the draw; its SHA-256 is published from the start. `winning_tickets` is the draw's answer.
 */
export const promoLotteries = pgTable(
  'promo_lotteries',
  {
    id: serial('id').primaryKey(),
    slug: text('slug').notNull(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    /** Texts in other locales; title and description are the default locale's (docs/localisation.md). */
    translations: jsonb('translations').$type<LocalisedTexts>().notNull().default({}),
    currency: text('currency').notNull(),
    groupIds: integer('group_ids').array().notNull(),
    compPointsTicketPrice: integer('comp_points_ticket_price').notNull().default(0),
    depositScaleRules: jsonb('deposit_scale_rules')
      .$type<Record<string, Array<{ from_amount_cents: number; price_cents: number }>>>()
      .notNull(),
    maxTicketsPerPlayer: integer('max_tickets_per_player').notNull(),
    moneyBudgetCents: bigint('money_budget_cents', { mode: 'number' }).notNull().default(0),
    prizes: jsonb('prizes').$type<StoredPrize[]>().notNull(),
    serverSeed: text('server_seed').notNull(),
    serverSeedHash: text('server_seed_hash').notNull(),
    winningTickets: integer('winning_tickets').array(),
    startAt: at('start_at').notNull(),
    endAt: at('end_at').notNull(),
    finishedAt: at('finished_at'),
    demo: boolean('demo').notNull().default(false),
    createdAt: at('created_at').notNull(),
  },
  (t) => [
    uniqueIndex('promo_lotteries_slug').on(t.slug),
    index('promo_lotteries_due')
      .on(t.endAt)
      .where(sql`${t.finishedAt} is null`),
    check('promo_lotteries_cap', sql`${t.maxTicketsPerPlayer} > 0`),
  ],
);

/** Tickets numbered 1..n per lottery in issue order; `source_key` makes each issue happen once. */
export const promoLotteryTickets = pgTable(
  'promo_lottery_tickets',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    lotteryId: integer('lottery_id')
      .notNull()
      .references(() => promoLotteries.id),
    number: integer('number').notNull(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    source: text('source', { enum: ['deposit', 'comp_points', 'operator'] }).notNull(),
    sourceKey: text('source_key').notNull(),
    createdAt: at('created_at').notNull(),
  },
  (t) => [
    uniqueIndex('promo_lottery_tickets_number').on(t.lotteryId, t.number),
    uniqueIndex('promo_lottery_tickets_source').on(t.lotteryId, t.sourceKey),
    index('promo_lottery_tickets_player').on(t.lotteryId, t.userId),
  ],
);

/** Deposits already turned into tickets (once per payment, whatever the redeliveries). */
export const promoCountedDeposits = pgTable('promo_counted_deposits', {
  paymentId: bigint('payment_id', { mode: 'number' }).primaryKey(),
  countedAt: at('counted_at').notNull(),
});

/** One item of a loot box: what it gives if drawn (a bonus of the wheel's wager, or free spins). */
export type StoredLootboxItem = {
  id: number;
  weight: number;
  type: 'bonus' | 'freespins';
  title: string;
  bonus_amount_cents: number;
  freespins_count: number;
  wager: number;
  /** A bonus prize's cap on what its wagering pays out, in the box's currency (the wheel page's `maxWin`). */
  max_win_cents?: number;
  /** The segment's title in other locales, copied at issue (docs/localisation.md). */
  translations?: LocalisedTexts;
};

/**
 * Loot boxes (docs/promotions.md "Loot boxes and wheels"): issued with their items and a server
 * seed (its SHA-256 shown while issued, the seed after opening); opening draws one item by weight
 * and issues its prize in the same transaction. `issue_key` makes each issue happen once.
 */
export const promoLootboxes = pgTable(
  'promo_lootboxes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    currency: text('currency').notNull(),
    groupKey: text('group_key').notNull(),
    title: text('title').notNull(),
    /** The box's title in other locales (its tier's in the wheel config), copied at issue. */
    translations: jsonb('translations').$type<LocalisedTexts>().notNull().default({}),
    stage: text('stage', { enum: ['issued', 'activated', 'canceled', 'expired'] }).notNull(),
    items: jsonb('items').$type<StoredLootboxItem[]>().notNull(),
    serverSeed: text('server_seed').notNull(),
    serverSeedHash: text('server_seed_hash').notNull(),
    roll: integer('roll'),
    wonItem: integer('won_item'),
    result: jsonb('result').$type<Record<string, unknown>>(),
    issueKey: text('issue_key').notNull(),
    createdAt: at('created_at').notNull(),
    validUntil: at('valid_until').notNull(),
    activatedAt: at('activated_at'),
  },
  (t) => [
    uniqueIndex('promo_lootboxes_issue').on(t.userId, t.issueKey),
    index('promo_lootboxes_player').on(t.userId, t.createdAt),
    index('promo_lootboxes_due')
      .on(t.validUntil)
      .where(sql`${t.stage} = 'issued'`),
  ],
);
