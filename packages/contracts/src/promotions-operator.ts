/**
 * Operator calls that create promotions (docs/promotions.md "Operator calls"): a tournament (or
 * quest, achievement) and a lottery. A prize names the bonus and free-spin templates it is paid
 * from; its wager and spin count are the templates', so the table cannot promise what a template
 * does not give.
 */
import { z } from 'zod';
import { localisedTextsSchema } from './localised';
import { INT32_MAX, LOTTERY_TICKETS_MAX, MONEY_MAX_CENTS } from './bounds';
import { TOURNAMENT_STRATEGIES } from './promotions';

const currencyCode = z.string().regex(/^[A-Z]{3,5}$/, 'invalid');
const groupIds = z.array(z.number().int().positive().max(INT32_MAX, 'too_big')).max(50).default([]);
const slugPart = '[a-z0-9][a-z0-9-]*';

export const operatorPrizeSchema = z
  .object({
    award_place: z.number().int().min(1).max(1000),
    /** A bonus of this amount in the promotion's currency (0: none), from `bonus_template`. */
    money_award_cents: z.number().int().min(0).max(100_000_000).default(0),
    bonus_template: z.string().min(1).max(100).nullable().default(null),
    /** Free spins of this template (its spin count and game). */
    freespins_template: z.string().min(1).max(100).nullable().default(null),
    /** Comp points added to both balances, as earned points are. */
    comp_points: z.number().int().min(0).max(10_000_000).default(0),
  })
  .refine((p) => p.money_award_cents === 0 || p.bonus_template !== null, {
    error: 'required',
    path: ['bonus_template'],
  })
  .refine((p) => p.money_award_cents > 0 || p.freespins_template !== null || p.comp_points > 0, {
    error: 'empty_prize',
    path: ['award_place'],
  });
export type OperatorPrize = z.infer<typeof operatorPrizeSchema>;

const prizeTable = z
  .array(operatorPrizeSchema)
  .max(200)
  .refine((list) => new Set(list.map((p) => p.award_place)).size === list.length, { error: 'duplicate_place' });

const window = {
  start_at: z.iso.datetime({ offset: true }),
  end_at: z.iso.datetime({ offset: true }),
};
const endsAfterStart = (w: { start_at: string; end_at: string }) => Date.parse(w.end_at) > Date.parse(w.start_at);

/** `POST /api/operator/tournaments`. */
export const operatorTournamentRequestSchema = z
  .object({
    title: z.string().trim().min(1).max(120),
    description: z.string().max(4000).default(''),
    /** The title and description in other locales (docs/localisation.md); players read their page's. */
    translations: localisedTextsSchema,
    /** `tournament--<slug>`, `quest--<size>--<slug>`, `achievement--<size>--<slug>`; unique. */
    frontend_identifier: z
      .string()
      .max(120)
      .regex(new RegExp(`^(tournament|quest|achievement)--${slugPart}(--${slugPart})?$`), 'invalid'),
    strategy: z.enum(TOURNAMENT_STRATEGIES),
    /** Currencies whose bets count; `currency` (of the prize table) must be one of them. */
    currencies: z.array(currencyCode).min(1).max(20),
    currency: currencyCode,
    game_categories: z.array(z.string().min(1).max(60)).max(50).default([]),
    providers: z.array(z.string().min(1).max(60)).max(50).default([]),
    group_ids: groupIds,
    user_confirmation_required: z.boolean().default(false),
    ...window,
    prizes: prizeTable,
  })
  .refine(endsAfterStart, { error: 'must_end_after_start', path: ['end_at'] })
  .refine((t) => t.currencies.includes(t.currency), { error: 'not_counted', path: ['currency'] });
export type OperatorTournamentRequest = z.infer<typeof operatorTournamentRequestSchema>;

/** `POST /api/operator/lotteries`: the server chooses the seed and publishes its hash at once. */
export const operatorLotteryRequestSchema = z
  .object({
    /** The page is `/lottery/<slug>`; unique. */
    slug: z
      .string()
      .max(80)
      .regex(new RegExp(`^${slugPart}$`), 'invalid'),
    title: z.string().trim().min(1).max(120),
    description: z.string().max(4000).default(''),
    /** The title and description in other locales (docs/localisation.md); players read their page's. */
    translations: localisedTextsSchema,
    currency: currencyCode,
    group_ids: groupIds,
    /** Comp points a ticket costs in the shop (0: not sold for points). */
    comp_points_ticket_price: z.number().int().min(0).max(1_000_000).default(0),
    /** Per deposit currency: from which deposit a ticket costs how much (EUR is the fallback). */
    deposit_scale_rules: z
      .record(
        currencyCode,
        z
          .array(
            z.object({
              from_amount_cents: z.number().int().min(1).max(MONEY_MAX_CENTS, 'too_big'),
              price_cents: z.number().int().min(1).max(MONEY_MAX_CENTS, 'too_big'),
            }),
          )
          .min(1)
          .max(20),
      )
      .default({}),
    max_tickets_count_to_player: z.number().int().min(1).max(LOTTERY_TICKETS_MAX),
    ...window,
    prizes: prizeTable,
  })
  .refine(endsAfterStart, { error: 'must_end_after_start', path: ['end_at'] })
  .refine((l) => l.comp_points_ticket_price > 0 || Object.keys(l.deposit_scale_rules).length > 0, {
    error: 'no_ticket_source',
    path: ['deposit_scale_rules'],
  });
export type OperatorLotteryRequest = z.infer<typeof operatorLotteryRequestSchema>;
