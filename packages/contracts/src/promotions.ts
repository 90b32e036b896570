import { z } from 'zod';
/*
 * Promotions (docs/promotions.md): tournaments (and the quests and achievements built on them),
 * lotteries with verifiable draws, loot boxes and prize wheels. Money in minor units (cents);
 * times ISO-8601 UTC.
 */

/** Refusals of the promotion calls, each answered as `{errors: {base: [code]}}` (status noted). */
export const PROMOTION_ERROR_CODES = [
  /** No such tournament, lottery or loot box for this player (404). */
  'not_found',
  /** The tournament has ended: it can no longer be joined (422). */
  'tournament_finished',
  /** The player's groups or currency are outside the tournament's scope (422). */
  'tournament_not_eligible',
  /** The loot box is activated, canceled or expired: it cannot be opened again (422). */
  'lootbox_not_issued',
  /** The loot box's prize is a bonus or free spins while `can_issue_bonuses` is false (422). */
  'bonuses_disabled',
  /** The lottery is not running (comp-point tickets are sold only while it runs) (422). */
  'lottery_not_running',
  /** The player already holds the lottery's ticket cap (422). */
  'ticket_limit_reached',
  /** Field `url[]`: `/batch` takes at most 12 urls (422). */
  'too_many_urls',
  /**
   * Field `url[]`: a url `/batch` may not call, fully resolved (docs/promotions.md): outside
   * `/api/`, `/batch` itself, another host, dot segments or backslashes, the API's docs (422).
   */
  'url_not_batchable',
] as const;
export type PromotionErrorCode = (typeof PROMOTION_ERROR_CODES)[number];

/** Derived from the times: future before `start_at`, active before `end_at`, archive afterwards. */
export const PROMO_STATUSES = ['active', 'future', 'archive'] as const;
export type PromoStatus = (typeof PROMO_STATUSES)[number];
export const promoStatusSchema = z.enum(PROMO_STATUSES);

/** How a tournament scores a player. */
export const TOURNAMENT_STRATEGIES = ['bet_sum', 'bet_count', 'win_rate', 'points'] as const;
export type TournamentStrategy = (typeof TOURNAMENT_STRATEGIES)[number];

/** Quest sizes (from the frontend identifier `quest--<size>--<slug>`, default m). */
export const QUEST_SIZES = ['xs', 's', 'm', 'robot-s', 'robot-m'] as const;
export type QuestSize = (typeof QUEST_SIZES)[number];

/** One place's prize; several kinds may be given to the same place. */
export const promoPrizeSchema = z.object({
  award_place: z.number().int().positive(),
  /** A bonus of this amount in the promotion's currency (0: none). */
  money_award_cents: z.number().int().min(0),
  /** The bonus's wager multiplier (0: real money). */
  wager_multiplier: z.number().min(0),
  freespins_count: z.number().int().min(0),
  chargeable_comp_points: z.number().int().min(0),
  persistent_comp_points: z.number().int().min(0),
});
export type PromoPrize = z.infer<typeof promoPrizeSchema>;

/** A leaderboard row; nickname already masked as the public page shows it. */
export const topPlayerSchema = z.object({
  award_place: z.number().int().positive(),
  nickname: z.string(),
  /** The score under the tournament's strategy (cents for bet_sum, a count, a ratio ×100, points). */
  points: z.number(),
  /** Whether this row is the asking player. */
  me: z.boolean(),
});
export type TopPlayer = z.infer<typeof topPlayerSchema>;

// ---- tournaments --------------------------------------------------------------------------------

/** `GET /api/tournaments` (an array of these) and `GET /api/tournaments/{id}`. */
export const tournamentSchema = z.object({
  id: z.number().int().positive(),
  title: z.string(),
  /** Rules text (markdown-free plain paragraphs). */
  description: z.string(),
  /** `tournament--<slug>`, `quest--<size>--<slug>`, `achievement--<size>--<slug>`. */
  frontend_identifier: z.string(),
  status: promoStatusSchema,
  in_progress: z.boolean(),
  user_confirmation_required: z.boolean(),
  strategy: z.enum(TOURNAMENT_STRATEGIES),
  /** Currencies whose bets count; the prize table is in `currency` (a winner playing in another listed one is paid in theirs). */
  currencies: z.array(z.string()),
  currency: z.string(),
  /** Game categories and providers whose rounds count (empty: all). */
  game_categories: z.array(z.string()),
  providers: z.array(z.string()),
  start_at: z.string(),
  end_at: z.string(),
  /** When the end job ranked and paid (null before). */
  finished_at: z.string().nullable(),
  money_budget_cents: z.number().int().min(0),
  /** Player groups allowed to take part (empty: everyone). */
  group_ids: z.array(z.number().int()),
  prizes: z.array(promoPrizeSchema),
  /** Leaderboard head (the spec's default shows 5). */
  top_players: z.array(topPlayerSchema),
  /** For quests and achievements: parsed from the identifier (null otherwise). */
  questSize: z.enum(QUEST_SIZES).nullable(),
  questSlug: z.string().nullable(),
  kind: z.enum(['tournament', 'quest', 'achievement']),
});
export type Tournament = z.infer<typeof tournamentSchema>;
export const tournamentsResponseSchema = z.array(tournamentSchema);

/** A quest level: reached when the player's bets (EUR-equivalent cents) reach `min_bets_cents`. */
export const questLevelSchema = z.object({
  position: z.number().int().positive(),
  min_bets_cents: z.number().int().min(0),
  state: z.enum(['completed', 'active', 'locked']),
});
export type QuestLevel = z.infer<typeof questLevelSchema>;

/** `GET /api/tournaments/{id}/status`: the player's standing (also one entry of `/player`). */
export const tournamentStatusSchema = z.object({
  tournament_id: z.number().int().positive(),
  nickname: z.string(),
  /** Whether the player takes part (always true when no confirmation is required and they bet). */
  user_confirmed: z.boolean(),
  bets: z.number().int().min(0),
  bet_cents: z.number().int().min(0),
  wins: z.number().int().min(0),
  win_cents: z.number().int().min(0),
  /** Best single win/bet ratio ×100 (win_rate strategy). */
  rate: z.number().min(0),
  games_taken: z.number().int().min(0),
  /** Current (or final) place; null while the player has no score. */
  award_place: z.number().int().positive().nullable(),
  points: z.number().min(0),
  /** Quests only: the levels against the player's bets (empty for tournaments). */
  levels: z.array(questLevelSchema),
});
export type TournamentStatus = z.infer<typeof tournamentStatusSchema>;
/** `GET /api/tournaments/player`: the player's standings in running and recent tournaments. */
export const tournamentPlayerResponseSchema = z.array(tournamentStatusSchema);
/** `GET /api/tournaments/recent`: the finished tournaments of the last 30 days, newest first. */
export const tournamentsRecentResponseSchema = z.array(tournamentSchema);

/** `POST /api/tournaments/{id}/confirm`. */
export const tournamentConfirmBodySchema = z.object({ confirmed: z.literal(true) });
export type TournamentConfirmBody = z.infer<typeof tournamentConfirmBodySchema>;
export const tournamentConfirmResponseSchema = tournamentStatusSchema;

/** `{id}` of the tournament and lottery calls: a number, or (one tournament, one lottery) its slug. */
export const promoParamsSchema = z.object({ id: z.string().min(1).max(200, 'too_long') });
/** `GET /api/tournaments?test_quests=1`: test quests (identifier containing `ffc`) are listed only when asked. */
export const tournamentsQuerySchema = z.object({ test_quests: z.enum(['0', '1', 'true', 'false']).optional() });

/**
 * `GET /batch?url[]=api/tournaments/1/status&url[]=...` (up to 12, `url[]` and `url` together): each
 * url's answer, a failed call's `{}`; a url that may not be batched refuses the whole batch.
 */
export const BATCH_MAX_URLS = 12;
const batchUrls = z.union([z.string(), z.array(z.string())]);
const urlCount = (urls: string | string[] | undefined) => (urls === undefined ? 0 : [urls].flat().length);
export const batchQuerySchema = z
  .object({ 'url[]': batchUrls.optional(), url: batchUrls.optional() })
  .refine((q) => urlCount(q['url[]']) + urlCount(q.url) <= BATCH_MAX_URLS, {
    error: 'too_many_urls',
    path: ['url[]'],
  });
export const batchResponseSchema = z.record(z.string(), z.unknown());
export type BatchResponse = z.infer<typeof batchResponseSchema>;

/** Realtime `tournaments_statuses`: the player's new standing and the leaderboard head. */
export const tournamentsStatusesEventSchema = z.object({
  tournament_id: z.number().int().positive(),
  status: tournamentStatusSchema,
  top_players: z.array(topPlayerSchema),
});
export type TournamentsStatusesEvent = z.infer<typeof tournamentsStatusesEventSchema>;

// ---- lotteries ----------------------------------------------------------------------------------

/** Tickets per deposit: a deposit of at least `from_amount_cents` buys one ticket per `price_cents`. */
export const depositScaleRuleSchema = z.object({
  from_amount_cents: z.number().int().min(0),
  price_cents: z.number().int().positive(),
});

/** A drawn ticket. */
export const lotteryWinnerSchema = z.object({
  award_place: z.number().int().positive(),
  ticket_number: z.number().int().positive(),
  nickname: z.string(),
  me: z.boolean(),
});

/** What anyone needs to re-run the draw (`npm run verify-draw`). */
export const lotteryDrawSchema = z.object({
  /** SHA-256 hex of the server seed, published before the lottery opens. */
  server_seed_hash: z.string(),
  /** Revealed after the draw (null before). */
  server_seed: z.string().nullable(),
  /** Number of tickets in the draw, numbered 1..n in issue order. */
  tickets_count: z.number().int().min(0),
  /** Ticket numbers drawn, first place first (empty before the draw). */
  winning_tickets: z.array(z.number().int().positive()),
  algorithm: z.string(),
});

/** `GET /api/lotteries` (array), `GET /api/lotteries/{slug}`. */
export const lotterySchema = z.object({
  id: z.number().int().positive(),
  title: z.string(),
  description: z.string(),
  currency: z.string(),
  /** `lottery--<slug>`; the page path is `/lottery/<slug>`. */
  frontend_identifier: z.string(),
  slug: z.string(),
  status: promoStatusSchema,
  in_progress: z.boolean(),
  start_at: z.string(),
  end_at: z.string(),
  finished_at: z.string().nullable(),
  /** Price of one ticket in the comp-points shop (0: not sold for points). */
  comp_points_ticket_price: z.number().int().min(0),
  money_budget_cents: z.number().int().min(0),
  group_ids: z.array(z.number().int()),
  prizes: z.array(promoPrizeSchema),
  deposit_scale_rules: z.record(z.string(), z.array(depositScaleRuleSchema)),
  max_tickets_count_to_player: z.number().int().positive(),
  /** All tickets issued so far. */
  lottery_tickets_count: z.number().int().min(0),
  draw: lotteryDrawSchema,
  winners: z.array(lotteryWinnerSchema),
});
export type Lottery = z.infer<typeof lotterySchema>;
export const lotteriesResponseSchema = z.array(lotterySchema);
/**
 * `GET /api/lotteries/offered_count`: how many lotteries `GET /api/lotteries` lists to this visitor
 * (the player's groups decide), without presenting them: the menu's question.
 */
export const lotteriesOfferedResponseSchema = z.object({ count: z.number().int().min(0) });

/** `GET /api/lotteries/{id}/status` (and each of `/statuses`): the player's tickets. */
/** One of the player's tickets: its number, how it came, and the place it won (null before the draw or none). */
export const lotteryTicketSchema = z.object({
  id: z.number().int().positive(),
  number: z.number().int().positive(),
  source: z.enum(['deposit', 'comp_points', 'operator']),
  award_place: z.number().int().positive().nullable(),
  created_at: z.string(),
});
export type LotteryTicket = z.infer<typeof lotteryTicketSchema>;

export const lotteryStatusSchema = z.object({
  lottery_id: z.number().int().positive(),
  tickets_count: z.number().int().min(0),
  ticket_numbers: z.array(z.number().int().positive()),
  /** Places the player's tickets won (empty before the draw). */
  award_places: z.array(z.number().int().positive()),
  /** The tickets themselves, in number order (what existing front ends read). */
  tickets: z.array(lotteryTicketSchema),
});
export type LotteryStatus = z.infer<typeof lotteryStatusSchema>;
export const lotteryStatusesResponseSchema = z.array(lotteryStatusSchema);

// ---- loot boxes and wheels ----------------------------------------------------------------------

export const LOOTBOX_STAGES = ['issued', 'activated', 'canceled', 'expired'] as const;
export type LootboxStage = (typeof LOOTBOX_STAGES)[number];
/** Wheel tiers (shown LITE, PRO, MAX). */
export const WHEEL_TIERS = ['rocket_lite', 'rocket_pro', 'rocket_max'] as const;
export type WheelTier = (typeof WHEEL_TIERS)[number];

const fieldValueSchema = z.object({ field: z.string(), value: z.unknown() });
export const lootboxBonusSchema = z.object({
  title: z.string(),
  type: z.enum(['freespins', 'bonus']),
  /** `freespins_count` (number) or `bonus_amount` ([{currency, amount_cents}]). */
  attributes: z.array(fieldValueSchema),
  /** `wager` (number) and `max_win` ([{currency, amount_cents}]). */
  result_bonus: z.array(fieldValueSchema),
});
export const lootboxItemSchema = z.object({
  id: z.number().int().positive(),
  weight: z.number().int().positive(),
  /** Whether this item is the one drawn (only after activation). */
  prize: z.boolean(),
  bonuses: z.array(lootboxBonusSchema),
});
export type LootboxItem = z.infer<typeof lootboxItemSchema>;

/** `GET /api/player/lootboxes` (array); activation answers the box with the won item marked `prize`. */
export const lootboxSchema = z.object({
  id: z.number().int().positive(),
  created_at: z.string(),
  currency: z.string(),
  /** The wheel tier or the box's kind: `wheel_rocket_lite`, `manual_wheel_...`, `shop_...`. */
  group_key: z.string(),
  stage: z.enum(LOOTBOX_STAGES),
  title: z.string(),
  valid_until: z.string().nullable(),
  /** When the box was opened (null until then): the web shows an opened box on the day it was opened. */
  activated_at: z.string().nullable(),
  items: z.array(lootboxItemSchema),
  /** Provable fairness: SHA-256 of the server seed before opening; the seed after. */
  fairness: z.object({
    server_seed_hash: z.string(),
    server_seed: z.string().nullable(),
    /** The HMAC-SHA256 roll mapped on the summed weights (null before opening). */
    roll: z.number().int().min(0).nullable(),
  }),
});
export type Lootbox = z.infer<typeof lootboxSchema>;
export const lootboxesResponseSchema = z.array(lootboxSchema);
export const lootboxActivationResponseSchema = lootboxSchema;
/** Realtime `lootboxes_changes`: the whole box after its change. */
export const lootboxesChangesEventSchema = lootboxSchema;

/** One segment of a wheel (`/api/fe/config/wheel-config-segments`). */
export const wheelSegmentSchema = z.object({
  weight: z.number().int().positive(),
  type: z.enum(['freespins', 'bonus']),
  freespins_count: z.number().int().min(0),
  bonus_amount_cents: z.number().int().min(0),
  /** 30 for bonus money, 3 for free-spin winnings (spec). */
  wager: z.number().min(0),
  title: z.string(),
});
export type WheelSegment = z.infer<typeof wheelSegmentSchema>;
/** The typed reading of `/api/fe/config/wheel-config-segments`: segment sets keyed by player group id ("21", "1308", "1309", "default"). */
export const wheelSegmentSetsSchema = z.object({
  segments_by_group: z.record(z.string(), z.array(wheelSegmentSchema)),
});
export type WheelSegmentSets = z.infer<typeof wheelSegmentSetsSchema>;
/** The typed reading of `/api/fe/config/wheel-config` (cms declares it loosely): per tier, the cost (deposit per group by currency: pay, get). */
export const wheelTiersConfigSchema = z.object({
  enabled: z.boolean(),
  tiers: z.array(
    z.object({
      tier: z.enum(WHEEL_TIERS),
      label: z.string(),
      /** currency → {pay, get} in cents; EUR is the fallback. */
      deposit: z.record(z.string(), z.object({ pay: z.number().int(), get: z.number().int() })),
    }),
  ),
});
export type WheelTiersConfig = z.infer<typeof wheelTiersConfigSchema>;

/** Operators: `POST /api/operator/players/{id}/lootboxes` issues a wheel box of a tier, once per key. */
export const operatorLootboxRequestSchema = z.object({
  tier: z.enum(WHEEL_TIERS),
  currency: z.string().min(3).max(5),
  idempotency_key: z.string().min(8).max(100),
  /** Days the box may be opened (default 7). */
  valid_days: z.number().int().min(1).max(90).default(7),
});
export type OperatorLootboxRequest = z.infer<typeof operatorLootboxRequestSchema>;
export const lootboxParamsSchema = z.object({
  id: z.coerce
    .number()
    .int()
    .positive()
    .max(2 ** 53 - 1),
});

const spinsSegment = (weight: number, count: number): WheelSegment => ({
  weight,
  type: 'freespins',
  freespins_count: count,
  bonus_amount_cents: 0,
  wager: 3,
  title: `${count} free spins`,
});
const bonusSegment = (weight: number, eur: number): WheelSegment => ({
  weight,
  type: 'bonus',
  freespins_count: 0,
  bonus_amount_cents: eur * 100,
  wager: 30,
  title: `${eur} bonus`,
});
/** The spec's sample weights, one segment set per player group (EUR; a tier multiplies the bonus amounts). */
const sampleSet = (scale: number): WheelSegment[] => [
  bonusSegment(5000, 1 * scale),
  spinsSegment(2000, 10),
  bonusSegment(1400, 2 * scale),
  bonusSegment(820, 5 * scale),
  bonusSegment(470, 10 * scale),
  bonusSegment(250, 20 * scale),
  bonusSegment(50, 50 * scale),
  bonusSegment(10, 100 * scale),
];
/** Built-in fallback segment sets by player group (21 testers, 1308, 1309) and `default`. */
export const WHEEL_SEGMENT_SAMPLES: WheelSegmentSets = {
  segments_by_group: { '21': sampleSet(1), '1308': sampleSet(2), '1309': sampleSet(5), default: sampleSet(1) },
};
/** The wheel groups, in the order a player's first matching group picks the set. */
export const WHEEL_GROUP_IDS = [21, 1308, 1309] as const;
/**
 * Built-in tiers: a deposit of at least `pay` cents (in its currency, else EUR converted) earns a
 * spin of the highest tier reached; `get` multiplies the segments' bonus amounts.
 */
export const WHEEL_TIER_SAMPLES: WheelTiersConfig = {
  enabled: true,
  tiers: [
    { tier: 'rocket_lite', label: 'LITE', deposit: { EUR: { pay: 2_000, get: 1 } } },
    { tier: 'rocket_pro', label: 'PRO', deposit: { EUR: { pay: 10_000, get: 3 } } },
    { tier: 'rocket_max', label: 'MAX', deposit: { EUR: { pay: 50_000, get: 10 } } },
  ],
};

// ---- the wheel's static page --------------------------------------------------------------------

/** The wagers of the wheel's prizes: bonus money 30 times, free-spin winnings 3 times (the templates `wheel-bonus`, `wheel-spins`). */
export const WHEEL_BONUS_WAGER = 30;
export const WHEEL_SPINS_WAGER = 3;
/** The static page that describes the wheel (/rocket-chance); its json may hold the wheel's terms. */
export const WHEEL_PAGE_SLUG = 'rocket-chance';
/** The keys of a page's json that belong to the wheel (a json with none of them is not the wheel's). */
export const WHEEL_PAGE_KEYS = ['deposit', 'maxWin', 'freeSpinsWager', 'spinRate'] as const;

const currencyCode = z.string().regex(/^[A-Z]{3,5}$/);
const centsByCurrency = z.record(currencyCode, z.number().int().positive());
/** One tier's terms in one currency: the deposit it needs (`pay`) and its top prize (`get`), both in cents. */
export const wheelPageDepositSchema = z.object({ pay: z.number().int().positive(), get: z.number().int().positive() });
/**
 * The wheel's part of the static page `rocket-chance`'s json (docs/promotions.md "The wheel's
 * page"): `deposit` keyed by player group id ("21", "1308", "1309") or `default`, then by tier,
 * then by currency (EUR is the fallback); `maxWin` the cap of a bonus prize's winnings by currency
 * (cents, EUR the fallback); `freeSpinsWager` and `spinRate` (a free spin's stake by currency,
 * cents) are shown on the wheel's pages.
 */
export const wheelPageJsonSchema = z.object({
  deposit: z
    .record(
      z.union([z.literal('default'), z.string().regex(/^\d{1,9}$/)]),
      z.partialRecord(z.enum(WHEEL_TIERS), z.record(currencyCode, wheelPageDepositSchema)),
    )
    .optional(),
  maxWin: centsByCurrency.optional(),
  freeSpinsWager: z.number().min(0).max(1000).optional(),
  spinRate: centsByCurrency.optional(),
});
export type WheelPageJson = z.infer<typeof wheelPageJsonSchema>;

const moneySchema = z.object({ currency: z.string(), amount_cents: z.number().int().min(0) });
/**
 * `GET /api/wheel`: the wheel's terms for the asking player (a guest: the default group, EUR):
 * each tier's cost (`pay_cents`) and top prize (`top_prize_cents`) in the player's currency, or
 * in EUR when the tier has no entry for it; the cap on a bonus prize's winnings; the wagers.
 */
export const wheelTermsResponseSchema = z.object({
  enabled: z.boolean(),
  /** `page`: the tiers come from the static page's json; `config`: from the fe config `wheel-config`. */
  source: z.enum(['page', 'config']),
  currency: z.string(),
  tiers: z.array(
    z.object({
      tier: z.enum(WHEEL_TIERS),
      label: z.string(),
      currency: z.string(),
      pay_cents: z.number().int().min(0),
      top_prize_cents: z.number().int().min(0),
    }),
  ),
  /** The most a bonus prize's wagering pays out, in the player's currency (null: no cap). */
  max_win: moneySchema.nullable(),
  bonus_wager: z.number(),
  free_spins_wager: z.number(),
  /** A free spin's stake as the page states it, in the player's currency (else EUR converted); null when it states none. */
  spin_rate: moneySchema.nullable(),
});
export type WheelTerms = z.infer<typeof wheelTermsResponseSchema>;
