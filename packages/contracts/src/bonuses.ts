import { z } from 'zod';
import { localisedTextsSchema } from './localised';
import { INT32_MAX, INT32_MIN, MONEY_MAX_CENTS } from './bounds';
/*
 * Bonuses (gifts) and free spins (docs/bonuses.md): the player's bonuses and their stages, the
 * offers a player can take (registration, deposit, promo codes, coupons), the player's bonus
 * settings, and the operator's bonus templates. Money in minor units; times ISO-8601 UTC.
 */

/** A bonus's stages: `issued` (activatable) → `handle_bets` (wagering) → a finished stage; `wait`: a deposit bonus waiting for its deposit. */
export const BONUS_STAGES = ['issued', 'wait', 'handle_bets', 'wager_done', 'lost', 'canceled', 'expired'] as const;
export type BonusStage = (typeof BONUS_STAGES)[number];
/** The stages after which nothing more happens to a bonus. */
export const FINISHED_BONUS_STAGES: ReadonlySet<BonusStage> = new Set(['wager_done', 'lost', 'canceled', 'expired']);

export const BONUS_KINDS = ['registration', 'deposit', 'coupon', 'freespins', 'manual'] as const;
export type BonusKind = (typeof BONUS_KINDS)[number];

/** Free spins' stages: `issued` (activatable) → `activated` (spins left to play) → `finished` | `canceled` | `expired`. */
export const FREESPIN_STAGES = ['issued', 'activated', 'finished', 'canceled', 'expired'] as const;
export type FreespinStage = (typeof FREESPIN_STAGES)[number];

/** What a player may do with a gift now (`actions`): start it, or give it up. */
export const GIFT_ACTIONS = ['activate', 'cancel'] as const;
export type GiftAction = (typeof GIFT_ACTIONS)[number];

/** `GET /api/player/bonuses`: one of the player's bonuses. */
export const playerBonusSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  amount_cents: z.number().int(),
  currency: z.string(),
  stage: z.enum(BONUS_STAGES),
  /** How the bonus came: registration, deposit, coupon, freespins (the winnings of free spins), manual. */
  strategy: z.enum(BONUS_KINDS),
  amount_wager_requirement_cents: z.number().int(),
  amount_wager_cents: z.number().int(),
  created_at: z.string(),
  activatable_until: z.string().nullable(),
  valid_until: z.string().nullable(),
  activatable: z.boolean(),
  cancelable: z.boolean(),
  /** What the bonus is, in the player's words: deposit bonus, registration, free spins. */
  type: z.enum(['deposit_bonus', 'registration', 'freespins', 'coupon', 'manual']),
  group_key: z.string(),
  /** Beyond the family's shape: the wagering terms the gift card shows. */
  wager_multiplier: z.number(),
  max_bet_cents: z.number().int().nullable(),
  max_win_cents: z.number().int().nullable(),
  /** The bonus money left in the bonus account while the bonus wagers (its winnings included). */
  balance_cents: z.number().int(),
  /** Real money the bonus paid out when wagering was done (at most the max win). */
  converted_cents: z.number().int(),
  /** Bonus money removed when the bonus ended without paying out (canceled, lost, expired, above the max win). */
  forfeited_cents: z.number().int(),
  /** A deposit bonus: the share of its deposit, the cap and the smallest deposit (a bonus in `wait` has no amount yet). */
  percent: z.number().int().nullable(),
  max_amount_cents: z.number().int().nullable(),
  min_deposit_cents: z.number().int().nullable(),
  /**
   * What the player may do with it now (docs/bonuses.md "The queue"): the page offers only these,
   * so nothing it offers is refused. `activatable` and `cancelable` say the same.
   */
  actions: z.array(z.enum(GIFT_ACTIONS)),
  /**
   * Its place in the player's queue (one bonus wagers at a time): `running` (wagering), `ready`
   * (nothing wagers: it can be activated), `queued` (waits for the running one to end, its clock
   * stopped); null for a finished bonus and one waiting for its deposit.
   */
  queue: z.enum(['running', 'ready', 'queued']).nullable(),
  /** A queued gift: its place among the waiting gifts (1 = given first) and the bonus it waits for. */
  queue_position: z.number().int().nullable(),
  waits_for_id: z.number().int().nullable(),
  /** A queued gift: the time to activate it will have once the running bonus ends, in seconds. */
  activation_seconds: z.number().int().nullable(),
});
export type PlayerBonus = z.infer<typeof playerBonusSchema>;
export const playerBonusesResponseSchema = z.array(playerBonusSchema);

/** `GET /api/player/freespins`: one of the player's free-spin gifts. */
export const playerFreespinSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  freespins_total: z.number().int(),
  freespins_performed: z.number().int(),
  stage: z.enum(FREESPIN_STAGES),
  /** The games the spins are for, `provider/game`. */
  games: z.array(z.string()),
  provider: z.string(),
  currency: z.string(),
  /** The stake of each spin, minor units. */
  bet_level: z.number().int(),
  activatable_until: z.string().nullable(),
  valid_until: z.string().nullable(),
  activatable: z.boolean(),
  cancelable: z.boolean(),
  created_at: z.string(),
  group_key: z.string(),
  /** Beyond the family's shape: what the spins have won so far, and the wager its bonus will carry. */
  win_cents: z.number().int(),
  wager_multiplier: z.number(),
  /** What the player may do with it now; the page offers only these. */
  actions: z.array(z.enum(GIFT_ACTIONS)),
});
export type PlayerFreespin = z.infer<typeof playerFreespinSchema>;
export const playerFreespinsResponseSchema = z.array(playerFreespinSchema);

/** `GET /api/player/bonuses/{id}/cancel_info`: what cancelling takes, told before the player confirms. */
export const bonusCancelInfoSchema = z.object({
  id: z.number().int(),
  /** What the player can still withdraw once the bonus is cancelled (their real money). */
  total_withdrawal_amount: z.number().int(),
  /** Real plus bonus money now. */
  current_balance: z.number().int(),
  cash_balance: z.number().int(),
  /** The bonus money that cancelling removes (the bonus and its winnings). */
  bonus_balance: z.number().int(),
  /** Of that, what the bonus has won above its own amount. */
  bonus_winnings: z.number().int(),
});
export type BonusCancelInfo = z.infer<typeof bonusCancelInfoSchema>;

export const bonusIdParamsSchema = z.object({ id: z.coerce.number().int().positive() });

/**
 * An offer a player can take: a registration or deposit bonus (`GET /api/bonuses/registration`,
 * `/api/bonuses/deposit`, `/api/v2/bonuses`). A deposit offer is chosen by setting its `code` as
 * the player's deposit bonus code; its amount is `percent` of the deposit up to `max_amount_cents`.
 */
/**
 * One part of an offer: its money (`bonus`) or its free spins (`freespins`). Existing front ends
 * read `bonuses[0].title`, so an offer always has at least one part.
 */
export const bonusOfferPartSchema = z.object({
  title: z.string(),
  type: z.enum(['bonus', 'freespins']),
  amount_cents: z.number().int().nullable(),
  percent: z.number().int().nullable(),
  max_amount_cents: z.number().int().nullable(),
  freespins_count: z.number().int().nullable(),
  wager_multiplier: z.number(),
});
export type BonusOfferPart = z.infer<typeof bonusOfferPartSchema>;

export const bonusOfferSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  description: z.string(),
  kind: z.enum(BONUS_KINDS),
  /** The code that chooses a deposit offer (`PATCH /api/player/set_bonus_code`); null for others. */
  code: z.string().nullable(),
  currency: z.string(),
  /** A fixed amount (registration, coupon, manual). */
  amount_cents: z.number().int().nullable(),
  percent: z.number().int().nullable(),
  max_amount_cents: z.number().int().nullable(),
  min_deposit_cents: z.number().int().nullable(),
  /** Which deposits it is for (1 = the first); null: any. */
  deposit_numbers: z.array(z.number().int()).nullable(),
  freespins_count: z.number().int().nullable(),
  wager_multiplier: z.number(),
  max_bet_cents: z.number().int().nullable(),
  max_win_cents: z.number().int().nullable(),
  activation_days: z.number().int(),
  wagering_days: z.number().int(),
  group_key: z.string(),
  /** What the offer gives, part by part (never empty). */
  bonuses: z.array(bonusOfferPartSchema).min(1),
});
export type BonusOffer = z.infer<typeof bonusOfferSchema>;
export const bonusOffersResponseSchema = z.array(bonusOfferSchema);

/** `GET /api/bonuses/available_bonuses`: whether there is an offer to take now. */
export const availableBonusesResponseSchema = z.object({ available_bonuses: z.boolean() });

/** A code as players type it: trimmed, compared without case. */
const codeSchema = z
  .string({ error: 'required' })
  .trim()
  .min(1, { error: 'required' })
  .max(64, { error: 'too_long' })
  .regex(/^[A-Za-z0-9_-]+$/, { error: 'invalid' });

/** `POST /api/v2/bonuses/promo-code`: a gift by its promo code. */
export const promoCodeRequestSchema = z.object({ code: codeSchema });
export const promoCodeResponseSchema = z.object({
  bonus_id: z.number().int(),
  name: z.string(),
  bonus_type: z.enum(['bonus', 'freespins']),
});
export type PromoCodeResponse = z.infer<typeof promoCodeResponseSchema>;

/** `POST /api/bonuses/coupon`. */
export const couponRequestSchema = z.object({ coupon_code: codeSchema });
export const couponResponseSchema = z.object({
  status: z.enum(['successfully_activated', 'already_activated', 'failed_to_activate']),
});
export type CouponResponse = z.infer<typeof couponResponseSchema>;

/** `PATCH /api/player/set_bonus_code`: the deposit offer the next deposit takes. */
export const setBonusCodeRequestSchema = z.object({ deposit_bonus_code: codeSchema });
/** `PATCH /api/player/update_bonus_settings`: whether the player takes bonuses at all. */
export const updateBonusSettingsRequestSchema = z.object({ can_issue: z.boolean({ error: 'required' }) });

// ---- Operator: bonus templates (Authorization: Bearer <OPERATOR_TOKEN>) -----------------------

/** A template's terms in one currency (a template is offered only in the currencies it names). */
export const bonusTemplateMoneySchema = z.object({
  /** The fixed amount (registration, coupon, manual). */
  amount_cents: z.number().int().positive().max(MONEY_MAX_CENTS, 'too_big').optional(),
  /** Deposit bonuses: the cap of the percentage, and the smallest deposit that qualifies. */
  max_amount_cents: z.number().int().positive().max(MONEY_MAX_CENTS, 'too_big').optional(),
  min_deposit_cents: z.number().int().nonnegative().max(MONEY_MAX_CENTS, 'too_big').optional(),
  /** The largest bet while wagering; absent: no cap. */
  max_bet_cents: z.number().int().positive().max(MONEY_MAX_CENTS, 'too_big').optional(),
  /** The most the bonus can turn into real money; absent: no cap. */
  max_win_cents: z.number().int().positive().max(MONEY_MAX_CENTS, 'too_big').optional(),
  /** Free spins: the stake of each spin. */
  bet_level_cents: z.number().int().positive().max(MONEY_MAX_CENTS, 'too_big').optional(),
});
export type BonusTemplateMoney = z.infer<typeof bonusTemplateMoneySchema>;

/** Share of a bet that counts towards wagering, in percent, by game category; `other` for the rest. */
export const contributionsSchema = z.record(z.string(), z.number().int().min(0).max(100));

export const bonusTemplateInputSchema = z.object({
  key: z
    .string()
    .trim()
    .regex(/^[a-z0-9-]{2,64}$/, { error: 'invalid' }),
  kind: z.enum(BONUS_KINDS),
  title: z.string().trim().min(1, { error: 'required' }).max(120, { error: 'too_long' }),
  description: z.string().max(2000, { error: 'too_long' }).default(''),
  /** The title and description in other locales (docs/localisation.md); players read their page's. */
  translations: localisedTextsSchema,
  code: codeSchema.nullable().default(null),
  percent: z.number().int().min(1).max(1000).nullable().default(null),
  /** Which of the player's deposits qualify (1: the first); at most the thousandth. */
  deposit_numbers: z.array(z.number().int().positive().max(1000, 'too_big')).nullable().default(null),
  money: z.record(z.string().regex(/^[A-Z]{3,5}$/), bonusTemplateMoneySchema),
  wager_multiplier: z.number().min(0).max(200).default(35),
  contributions: contributionsSchema.default({ slots: 100, instant: 100, table: 10, live: 0, other: 100 }),
  /** Games the bonus may be wagered on (free spins: the games they are for); null: all. */
  games: z
    .array(z.string().regex(/^[a-z0-9-]+\/[a-z0-9-]+$/))
    .nullable()
    .default(null),
  freespins_count: z.number().int().positive().max(1000).nullable().default(null),
  activation_days: z.number().int().min(1).max(365).default(7),
  wagering_days: z.number().int().min(1).max(365).default(30),
  /** The player groups it is for; empty: everyone. */
  group_ids: z.array(z.number().int().min(INT32_MIN, 'too_small').max(INT32_MAX, 'too_big')).default([]),
  starts_at: z.iso.datetime().nullable().default(null),
  ends_at: z.iso.datetime().nullable().default(null),
});
export type BonusTemplateInput = z.infer<typeof bonusTemplateInputSchema>;
export const bonusTemplateSchema = bonusTemplateInputSchema.extend({
  id: z.number().int(),
  retired_at: z.string().nullable(),
  created_at: z.string(),
});
export type BonusTemplate = z.infer<typeof bonusTemplateSchema>;
export const bonusTemplatesResponseSchema = z.array(bonusTemplateSchema);

/** `POST /api/operator/players/{id}/bonuses`: a manual gift from a template. */
export const grantBonusRequestSchema = z.object({
  template_key: z.string(),
  currency: z.string().regex(/^[A-Z]{3,5}$/),
  /** Overrides the template's amount (manual gifts). */
  amount_cents: z.number().int().positive().max(MONEY_MAX_CENTS, 'too_big').optional(),
  /** Makes a retried call harmless: the same key grants once. */
  idempotency_key: z.string().min(1).max(120),
});
