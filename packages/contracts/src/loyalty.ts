import { z } from 'zod';
import { localisedTextsSchema } from './localised';
import { INT32_MAX, INT32_MIN, LOTTERY_TICKETS_MAX, MONEY_MAX_CENTS } from './bounds';
/*
 * Loyalty (docs/loyalty.md): comp points and their shop, the twelve levels, the VIP club with its
 * quarterly statuses and progress, personal managers and the adventure calendar. Money in minor
 * units (cents); times ISO-8601 UTC; days as YYYY-MM-DD.
 */

/** Refusals of the loyalty calls, each answered as `{errors: {base: [code]}}` (422 unless noted). */
export const LOYALTY_ERROR_CODES = [
  /** The chargeable balance is below the reward's cost (the page shows the missing points). */
  'not_enough_points',
  /** A player of the multi-account group (100) exchanges only with `confirmed: true`. */
  'multi_account_confirmation_required',
  /** A bonus or free-spin reward while `can_issue_bonuses` is false: the player enables bonuses first. */
  'bonuses_disabled',
  /** No rate of that group (or none in that currency) in the shop. */
  'unknown_reward',
  /** The reward's kind cannot be exchanged yet (loot boxes and lotteries come with the promotions). */
  'reward_unavailable',
  /** The same idempotency key was used for a different exchange (409). */
  'idempotency_key_reused',
  /** Field `points`: the price sent is not the card's price now (the page reloads the rates). */
  'price_changed',
] as const;
export type LoyaltyErrorCode = (typeof LOYALTY_ERROR_CODES)[number];

// ---- comp points --------------------------------------------------------------------------------

/** `GET /api/player/comp_points`: what can be spent, and what has ever been earned (sets the level). */
export const compPointsSchema = z.object({
  chargeable: z.object({ points: z.number().int().min(0) }),
  persistent: z.object({ points: z.number().int().min(0) }),
});
export type CompPoints = z.infer<typeof compPointsSchema>;

/** Realtime `comps_award`: points just earned (or spent, `points` negative) and the balances after. */
export const compsAwardSchema = z.object({
  points: z.number().int(),
  reason: z.enum(['bets', 'exchange', 'operator']),
  chargeable: z.object({ points: z.number().int() }),
  persistent: z.object({ points: z.number().int() }),
  /** The player's level after the award (it may have just changed). */
  level: z.string(),
});
export type CompsAward = z.infer<typeof compsAwardSchema>;

/** The shop's reward kinds (the `{type}` of the rates and exchange calls). */
export const COMP_POINT_REWARD_TYPES = ['money', 'freespins', 'lootboxes', 'lotteries'] as const;
export type CompPointRewardType = (typeof COMP_POINT_REWARD_TYPES)[number];
export const compPointRewardTypeSchema = z.enum(COMP_POINT_REWARD_TYPES);
/** The shop's tabs (besides "all"); a card's `tab` says where it shows. */
export const COMP_POINT_TABS = ['FREE_SPINS', 'MONEY_REWARD', 'SPECIAL_REWARDS'] as const;
export const COMP_POINT_BADGES = ['popular', 'new', 'vip'] as const;

/** What every shop card carries beyond its rate: the tab, badges and an image key. */
const cardExtras = {
  tab: z.enum(COMP_POINT_TABS),
  badges: z.array(z.enum(COMP_POINT_BADGES)),
  /** The card's picture (null: the page picks one by the rate's cents, spec "default key 25"). */
  image: z.string().nullable(),
  description: z.string().nullable(),
};

/** One currency's price of a money reward. */
export const moneyRateSchema = z.object({
  points: z.number().int().positive().max(INT32_MAX, 'too_big'),
  currency: z.string(),
  amount_cents: z.number().int().positive().max(MONEY_MAX_CENTS, 'too_big'),
});
/** `GET /api/comp_points/rates/money`: one card per group, a rate per currency. */
export const moneyRewardSchema = z.object({
  group: z.string(),
  title: z.string(),
  /** Wager multiplier of the bonus it gives; 0: real money, cashable at once. */
  wager: z.number().min(0),
  rates: z.array(moneyRateSchema),
  ...cardExtras,
});
export type MoneyReward = z.infer<typeof moneyRewardSchema>;
export const moneyRewardsResponseSchema = z.array(moneyRewardSchema);

/** `GET /api/comp_points/rates/{type}` (freespins, lootboxes, lotteries): one rate per card. */
export const typedRewardSchema = z.object({
  group: z.string(),
  title: z.string(),
  rate: z.object({
    points: z.number().int().positive(),
    freespins_count: z.number().int().positive().optional(),
    lottery_ids: z.array(z.number().int()).optional(),
  }),
  /** Games the reward plays in, `provider:game`. */
  games: z.array(z.string()),
  ...cardExtras,
});
export type TypedReward = z.infer<typeof typedRewardSchema>;
export const typedRewardsResponseSchema = z.array(typedRewardSchema);

export const rewardTypeParamsSchema = z.object({ type: compPointRewardTypeSchema });

/**
 * Idempotency: the header `Idempotency-Key` (or `exchange.idempotency_key`) names one click; a
 * repeat with the same key answers the first exchange again and spends nothing more.
 * `quantity` buys that many of the reward at once (the stepper, 1 … floor(balance / cost)).
 * `confirmed`: the multi-account warning was accepted.
 */
const exchangeCommon = {
  group: z.string().min(1).max(100),
  quantity: z.number().int().min(1).max(1000).default(1),
  confirmed: z.boolean().default(false),
  idempotency_key: z.string().min(8).max(100).optional(),
};
/** A price in comp points as a request names it (a rate's price is an `integer`, so no larger one matches). */
const pointsSchema = z.number().int().positive().max(INT32_MAX, 'too_big');
/** `POST /api/comp_points/exchange/money`. `points`: the rate's price (checked against the rate). */
export const moneyExchangeRequestSchema = z.object({
  exchange: z.object({ points: pointsSchema, currency: z.string().min(3).max(5), ...exchangeCommon }),
});
export type MoneyExchangeRequest = z.infer<typeof moneyExchangeRequestSchema>;
/** `POST /api/comp_points/exchange/{type}`: `{points, group}`, or for lotteries `{tickets_count, lottery_id, group}`. */
export const typedExchangeRequestSchema = z.object({
  exchange: z.union([
    z.object({
      /** At most as many as a lottery lets one player hold. */
      tickets_count: z.number().int().positive().max(LOTTERY_TICKETS_MAX, 'too_big'),
      lottery_id: z.number().int().positive().max(INT32_MAX, 'too_big'),
      ...exchangeCommon,
    }),
    z.object({ points: pointsSchema, ...exchangeCommon }),
  ]),
});
export type TypedExchangeRequest = z.infer<typeof typedExchangeRequestSchema>;

/** What an exchange answers (also for its repeats): what was spent, what it bought, the balances after. */
export const exchangeResponseSchema = z.object({
  id: z.number().int(),
  type: compPointRewardTypeSchema,
  group: z.string(),
  points: z.number().int().positive(),
  quantity: z.number().int().positive(),
  /**
   * `bonus`: a bonus with its wager (see GET /api/player/bonuses); `money`: real money; `freespins`;
   * `lottery_tickets`: tickets of `lottery_id` (see GET /api/lotteries/{id}/status); `lootboxes`:
   * the wheel boxes issued (see GET /api/player/lootboxes).
   */
  reward: z.object({
    kind: z.enum(['bonus', 'money', 'freespins', 'lottery_tickets', 'lootboxes']),
    amount_cents: z.number().int().nullable(),
    currency: z.string().nullable(),
    freespins_count: z.number().int().nullable(),
    bonus_id: z.number().int().nullable(),
    freespin_id: z.number().int().nullable(),
    lottery_id: z.number().int().optional(),
    tickets_count: z.number().int().optional(),
    lootbox_ids: z.array(z.number().int()).optional(),
  }),
  comp_points: compPointsSchema,
  created_at: z.string(),
});
export type ExchangeResponse = z.infer<typeof exchangeResponseSchema>;

// ---- operator: shop rates -----------------------------------------------------------------------

/** `PUT /api/operator/comp_point_rates/{group}`: creates or replaces a shop card. */
export const compPointRateInputSchema = z.object({
  type: compPointRewardTypeSchema,
  title: z.string().min(1).max(200),
  /** money: rates per currency; others: one price. */
  rates: z.array(moneyRateSchema).default([]),
  points: z.number().int().positive().max(INT32_MAX, 'too_big').nullable().default(null),
  /** Money rewards: the wager multiplier of the bonus (0 = real money). */
  wager: z.number().min(0).max(100).default(0),
  /** Bonus template key the reward issues (money with wager: a `manual` template; freespins: a `freespins` template). */
  template_key: z.string().max(100).nullable().default(null),
  freespins_count: z.number().int().positive().max(1000, 'too_big').nullable().default(null),
  games: z.array(z.string()).default([]),
  tab: z.enum(COMP_POINT_TABS),
  badges: z.array(z.enum(COMP_POINT_BADGES)).default([]),
  image: z.string().max(500).nullable().default(null),
  description: z.string().max(2000).nullable().default(null),
  /** The title and description in other locales (docs/localisation.md); players read their page's. */
  translations: localisedTextsSchema,
  position: z.number().int().min(INT32_MIN, 'too_small').max(INT32_MAX, 'too_big').default(0),
  active: z.boolean().default(true),
});
export type CompPointRateInput = z.infer<typeof compPointRateInputSchema>;
export const compPointRateSchema = compPointRateInputSchema.extend({ group: z.string() });
export type CompPointRate = z.infer<typeof compPointRateSchema>;
export const compPointRatesResponseSchema = z.array(compPointRateSchema);
export const compPointRateParamsSchema = z.object({
  group: z
    .string()
    .min(1)
    .max(100)
    .regex(/^[a-z0-9_-]+$/, 'invalid'),
});

/** `PUT /api/operator/comp_point_accrual/{currency}`: points per EUR-equivalent and per category. */
export const accrualRuleSchema = z.object({
  /** Minor units of the currency that earn one point on slots (default: the EUR-equivalent of 10 EUR). */
  cents_per_point: z.number().int().positive().max(INT32_MAX, 'too_big'),
  /** Category → percent of a bet that counts (slots 100 unless set). */
  contributions: z.record(z.string(), z.number().int().min(0).max(1000)),
});
export type AccrualRule = z.infer<typeof accrualRuleSchema>;

// ---- levels -------------------------------------------------------------------------------------

export const levelGiftSchema = z.object({
  type: z.enum(['bonus', 'freespins', 'comp_points', 'manager']),
  name: z.string(),
});
/** `GET /api/loyalty/levels` (and one with `/{id}`): the twelve levels by persistent comp points. */
export const loyaltyLevelSchema = z.object({
  /** `level_1` … `level_12`. */
  id: z.string(),
  /** The player group that marks the level (in `GET /api/info/statuses`). */
  group_id: z.number().int(),
  position: z.number().int(),
  name: z.string(),
  image: z.string(),
  content: z.string(),
  conditions: z.object({
    persistent_comp_points: z.object({ min: z.number().int(), max: z.number().int().nullable() }),
  }),
  gift_descriptions: z.array(levelGiftSchema),
});
export type LoyaltyLevel = z.infer<typeof loyaltyLevelSchema>;
export const loyaltyLevelsResponseSchema = z.array(loyaltyLevelSchema);
/** `GET /api/player/level`: the player's level, the next one and how far. */
export const playerLevelSchema = z.object({
  level: loyaltyLevelSchema,
  next: loyaltyLevelSchema.nullable(),
  persistent_points: z.number().int(),
  /** Points still missing for the next level (0 at the top). */
  points_to_next: z.number().int(),
  /** 0 … 1 within the current level's range (1 at the top). */
  progress: z.number().min(0).max(1),
});
export type PlayerLevel = z.infer<typeof playerLevelSchema>;

// ---- VIP club -----------------------------------------------------------------------------------

export const VIP_STATUSES = ['regular', 'bronze', 'silver', 'gold', 'platinum', 'diamond'] as const;
export type VipStatusKey = (typeof VIP_STATUSES)[number];
/** The player groups that mark each status, in order (spec ids). */
export const VIP_STATUS_GROUP_IDS: Readonly<Record<VipStatusKey, number>> = {
  regular: 1117,
  bronze: 257,
  silver: 258,
  gold: 259,
  platinum: 255,
  diamond: 759,
};

/**
 * `GET /jam/vip_status_progress`. `currentStatus`: the status held; `activeStatus`: its group id;
 * `nextStatus`: the next one (null at diamond). Sums and thresholds are this quarter's, in the
 * player's currency; `overallProgress` = mean of the two ratios, each capped at 1 (0 … 1).
 */
export const vipProgressSchema = z.object({
  userId: z.number().int().nullable(),
  currency: z.string(),
  currentStatus: z.enum(VIP_STATUSES),
  activeStatus: z.number().int(),
  nextStatus: z.enum(VIP_STATUSES).nullable(),
  depositThresholdCents: z.number().int(),
  depositAmountCents: z.number().int(),
  betSumCents: z.number().int(),
  betSumThresholdCents: z.number().int(),
  overallProgress: z.number().min(0).max(1),
  /** When the quarter (and a non-diamond status) ends. */
  validUntil: z.string().nullable(),
});
export type VipProgress = z.infer<typeof vipProgressSchema>;

/** `GET /api/vip/statuses`: the club's statuses with the thresholds in the asked (or player's) currency. */
export const vipStatusSchema = z.object({
  key: z.enum(VIP_STATUSES),
  group_id: z.number().int(),
  name: z.string(),
  position: z.number().int(),
  currency: z.string(),
  deposit_threshold_cents: z.number().int(),
  bet_threshold_cents: z.number().int(),
  life_long: z.boolean(),
});
export const vipStatusesResponseSchema = z.array(vipStatusSchema);

/** Realtime `groups_updates`: the player's groups after a change (VIP status or level). */
export const groupsUpdateSchema = z.object({
  groups: z.array(z.number().int()),
  statuses: z.array(z.object({ id: z.number().int(), name: z.string() })),
  reason: z.enum(['vip_status', 'level']),
});
export type GroupsUpdate = z.infer<typeof groupsUpdateSchema>;

// ---- personal managers --------------------------------------------------------------------------

/** A personal manager as the drawer shows it: only the contacts present are sent. */
export const managerSchema = z.object({
  managerName: z.string(),
  avatar: z.string().optional(),
  time: z.string().optional(),
  whatsAppLink: z.string().optional(),
  telegramLink: z.string().optional(),
  email: z.string().optional(),
});
export type Manager = z.infer<typeof managerSchema>;
/** `POST /api/fe/config/managers {userGroups}` → the player's manager (null: none). */
export const managersRequestSchema = z.object({
  userGroups: z.array(z.number().int().min(INT32_MIN, 'too_small').max(INT32_MAX, 'too_big')).max(100).default([]),
});
export const managersResponseSchema = z.object({ manager: managerSchema.nullable() });

/** `PUT /api/operator/managers/{id}`: a manager's card; `group_ids`: VIP groups served by default. */
export const managerInputSchema = z.object({
  name: z.string().min(1).max(100),
  avatar: z.string().max(500).nullable().default(null),
  hours: z.string().max(100).nullable().default(null),
  whatsapp: z.string().max(500).nullable().default(null),
  telegram: z.string().max(500).nullable().default(null),
  email: z.string().email('invalid').max(254).nullable().default(null),
  group_ids: z.array(z.number().int().min(INT32_MIN, 'too_small').max(INT32_MAX, 'too_big')).default([]),
});
export type ManagerInput = z.infer<typeof managerInputSchema>;
export const operatorManagerSchema = managerInputSchema.extend({ id: z.number().int() });
export const operatorManagersResponseSchema = z.array(operatorManagerSchema);
/** `PUT /api/operator/players/{id}/manager {manager_id}` (null: unassign). */
export const assignManagerRequestSchema = z.object({ manager_id: z.number().int().nullable() });

// ---- adventure calendar -------------------------------------------------------------------------

export const adventurePrizeSchema = z.object({
  type: z.enum(['bonus', 'freespin']),
  title: z.string(),
  /** The bonus template the gift is issued from. */
  template_key: z.string(),
  /** A bonus's amount by currency (the template's own when absent). */
  amount_cents: z.record(z.string(), z.number().int().positive()).optional(),
});
export const adventureConditionSchema = z.object({
  /** Smallest single deposit that completes the day, by currency (EUR-equivalent for others). */
  minDep: z.record(z.string(), z.number().int().min(0)),
  /** Bets that complete the day (same day), by currency; 0: none needed. */
  wager: z.record(z.string(), z.number().int().min(0)),
  /** Days the issued gift can be activated. */
  periodActivationDays: z.number().int().min(1),
});
/** One adventure (stored in the `vip-adventures` config's `adventures`). */
export const adventureSchema = z.object({
  identifier: z.string(),
  name: z.string(),
  /** First day (YYYY-MM-DD); null: the run starts again every Monday (weekly). */
  start_date: z.string().nullable(),
  /** Groups that may join (empty: every player). */
  group_ids: z.array(z.number().int()).default([]),
  days: z.array(z.object({ prize: adventurePrizeSchema, condition: adventureConditionSchema })).min(1),
  /** After the last day: given when every day was completed. */
  super_prize: adventurePrizeSchema.nullable(),
});
export type Adventure = z.infer<typeof adventureSchema>;
export const ADVENTURE_DAY_STATUSES = ['superb', 'completed', 'active', 'lost', 'future'] as const;
/** `GET /api/player/adventure`: the player's days. Prize title: name__step/total__DD/MM/YYYY. */
export const adventureDaySchema = z.object({
  day: z.string(),
  index: z.number().int(),
  month: z.number().int(),
  weekday: z.number().int(),
  step: z.number().int(),
  stepTotal: z.number().int(),
  isCompleted: z.boolean(),
  today: z.boolean(),
  isSuperPrize: z.boolean(),
  status: z.enum(ADVENTURE_DAY_STATUSES),
  prize: adventurePrizeSchema.extend({ type: z.enum(['bonus', 'freespin', 'superb']), prize_title: z.string() }),
  condition: adventureConditionSchema,
  /** The gift issued for the day (bonus or free-spin id) and until when it can be activated. */
  gift: z
    .object({ kind: z.enum(['bonus', 'freespins']), id: z.number().int(), activatable_until: z.string().nullable() })
    .nullable(),
  /** When today's chance ends (active day) or the gift's activation ends. */
  expires_at: z.string().nullable(),
});
export type AdventureDay = z.infer<typeof adventureDaySchema>;
export const playerAdventureSchema = z.object({
  identifier: z.string(),
  name: z.string(),
  finished: z.boolean(),
  days: z.array(adventureDaySchema),
});
export type PlayerAdventure = z.infer<typeof playerAdventureSchema>;
export const playerAdventureResponseSchema = z.object({ adventure: playerAdventureSchema.nullable() });
