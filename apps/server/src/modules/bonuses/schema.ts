import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { BonusTemplateMoney, LocalisedTexts } from '@orbit/contracts';

const at = (name: string) => timestamp(name, { withTimezone: true });

/**
 * What a bonus can be (docs/bonuses.md): seeded, and created, changed and retired by operators.
 * Terms per currency in `money`; a template is offered only in the currencies it names.
 */
export const bonusTemplates = pgTable(
  'bonus_templates',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    key: text('key').notNull().unique(),
    kind: text('kind', { enum: ['registration', 'deposit', 'coupon', 'freespins', 'manual'] }).notNull(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    /** Texts in other locales; title and description are the default locale's (docs/localisation.md). */
    translations: jsonb('translations').$type<LocalisedTexts>().notNull().default({}),
    /** Upper case; the promo code, coupon code or deposit offer's code. */
    code: text('code'),
    /** Deposit bonuses: percent of the deposit. */
    percent: integer('percent'),
    depositNumbers: integer('deposit_numbers').array(),
    money: jsonb('money').$type<Record<string, BonusTemplateMoney>>().notNull(),
    wagerMultiplier: numeric('wager_multiplier', { precision: 6, scale: 2, mode: 'number' }).notNull().default(35),
    contributions: jsonb('contributions').$type<Record<string, number>>().notNull(),
    games: text('games').array(),
    freespinsCount: integer('freespins_count'),
    activationDays: integer('activation_days').notNull().default(7),
    wageringDays: integer('wagering_days').notNull().default(30),
    groupIds: integer('group_ids')
      .array()
      .notNull()
      .default(sql`'{}'`),
    startsAt: at('starts_at'),
    endsAt: at('ends_at'),
    retiredAt: at('retired_at'),
    createdAt: at('created_at').notNull(),
  },
  (t) => [
    uniqueIndex('bonus_templates_code')
      .on(t.code)
      .where(sql`${t.code} is not null and ${t.retiredAt} is null`),
  ],
);

/**
 * A player's bonus and where it stands. The terms are copied from the template when issued, so
 * an operator's later change never alters a bonus already given. `issue_key` makes every way of
 * issuing idempotent (`deposit:<payment>`, `registration:<user>:<template>`, `code:<template>:<user>` ...).
 * Bonus money lives in the player's `bonus` ledger account while the bonus wagers; the ledger's
 * transfers name the bonus (`bonus:<id>`).
 */
export const playerBonuses = pgTable(
  'player_bonuses',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    templateId: bigint('template_id', { mode: 'number' })
      .notNull()
      .references(() => bonusTemplates.id),
    issueKey: text('issue_key').notNull().unique(),
    kind: text('kind', { enum: ['registration', 'deposit', 'coupon', 'freespins', 'manual'] }).notNull(),
    title: text('title').notNull(),
    currency: text('currency').notNull(),
    stage: text('stage', {
      enum: ['issued', 'wait', 'handle_bets', 'wager_done', 'lost', 'canceled', 'expired'],
    }).notNull(),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    /** A deposit bonus in `wait`: the percent and cap its deposit will be given. */
    percent: integer('percent'),
    maxAmountCents: bigint('max_amount_cents', { mode: 'number' }),
    minDepositCents: bigint('min_deposit_cents', { mode: 'number' }),
    wagerMultiplier: numeric('wager_multiplier', { precision: 6, scale: 2, mode: 'number' }).notNull(),
    wagerRequirementCents: bigint('wager_requirement_cents', { mode: 'number' }).notNull(),
    wageredCents: bigint('wagered_cents', { mode: 'number' }).notNull().default(0),
    /**
     * Stakes times their share in percent, summed: `wagered_cents` is its hundredth rounded down,
     * so a bet's parts (real, bonus, jackpot) count exactly as the whole bet would.
     */
    wageredBasis: bigint('wagered_basis', { mode: 'number' }).notNull().default(0),
    maxBetCents: bigint('max_bet_cents', { mode: 'number' }),
    maxWinCents: bigint('max_win_cents', { mode: 'number' }),
    /** Under this the bonus balance cannot make a bet any more: the bonus is lost. */
    minBetCents: bigint('min_bet_cents', { mode: 'number' }).notNull(),
    contributions: jsonb('contributions').$type<Record<string, number>>().notNull(),
    games: text('games').array(),
    groupKey: text('group_key').notNull(),
    activationDays: integer('activation_days').notNull(),
    wageringDays: integer('wagering_days').notNull(),
    activatableUntil: at('activatable_until'),
    validUntil: at('valid_until'),
    /** The deposit that funded a deposit bonus. */
    paymentId: bigint('payment_id', { mode: 'number' }),
    convertedCents: bigint('converted_cents', { mode: 'number' }).notNull().default(0),
    forfeitedCents: bigint('forfeited_cents', { mode: 'number' }).notNull().default(0),
    createdAt: at('created_at').notNull(),
    activatedAt: at('activated_at'),
    finishedAt: at('finished_at'),
  },
  (t) => [
    index('player_bonuses_user').on(t.userId, t.createdAt),
    // One bonus wagers at a time (docs/bonuses.md).
    uniqueIndex('player_bonuses_one_wagering')
      .on(t.userId)
      .where(sql`${t.stage} = 'handle_bets'`),
    index('player_bonuses_due')
      .on(t.stage, t.activatableUntil, t.validUntil)
      .where(sql`${t.stage} in ('issued', 'wait', 'handle_bets')`),
  ],
);

/**
 * A player's free spins (docs/bonuses.md "Free spins"): issued from a `freespins` template,
 * activated by the player (the studio is then told with its issue call), played spin by spin
 * through the studio's `freespin` calls (`performed`, `win_cents`), and finished when the last is
 * played or the window passes: the wins then become one bonus (`bonus_id`) with the template's
 * wagering. `provider_issued_at`: when the studio confirmed the issue call.
 */
export const playerFreespins = pgTable(
  'player_freespins',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    templateId: bigint('template_id', { mode: 'number' })
      .notNull()
      .references(() => bonusTemplates.id),
    issueKey: text('issue_key').notNull().unique(),
    title: text('title').notNull(),
    currency: text('currency').notNull(),
    stage: text('stage', { enum: ['issued', 'activated', 'finished', 'canceled', 'expired'] }).notNull(),
    games: text('games').array().notNull(),
    count: integer('count').notNull(),
    performed: integer('performed').notNull().default(0),
    betLevelCents: bigint('bet_level_cents', { mode: 'number' }).notNull(),
    winCents: bigint('win_cents', { mode: 'number' }).notNull().default(0),
    wagerMultiplier: numeric('wager_multiplier', { precision: 6, scale: 2, mode: 'number' }).notNull(),
    /** The cap on what the winnings' bonus pays out, instead of the template's (a wheel's prize). */
    maxWinCents: bigint('max_win_cents', { mode: 'number' }),
    groupKey: text('group_key').notNull(),
    activationDays: integer('activation_days').notNull(),
    wageringDays: integer('wagering_days').notNull(),
    activatableUntil: at('activatable_until'),
    validUntil: at('valid_until'),
    providerIssuedAt: at('provider_issued_at'),
    bonusId: bigint('bonus_id', { mode: 'number' }),
    createdAt: at('created_at').notNull(),
    activatedAt: at('activated_at'),
    finishedAt: at('finished_at'),
  },
  (t) => [
    index('player_freespins_user').on(t.userId, t.createdAt),
    index('player_freespins_due')
      .on(t.stage, t.activatableUntil, t.validUntil)
      .where(sql`${t.stage} in ('issued', 'activated')`),
  ],
);
