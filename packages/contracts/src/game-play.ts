/**
 * Playing games: the launch call, the player's rounds (games history and recall), and the
 * provider wallet protocol a studio speaks with the platform (docs/provider-protocol.md).
 */
import { z } from 'zod';
import { PAGE_MAX } from './bounds';
import { paged } from './pagination';

// ---- POST /api/games/{id}/launch ----------------------------------------------------------------

export const gameModeSchema = z.enum(['real', 'demo'], { message: 'invalid_mode' });
export type GameMode = z.infer<typeof gameModeSchema>;

export const launchParamsSchema = z.object({ id: z.coerce.number({ message: 'invalid_type' }).int('invalid_type') });
export const launchRequestSchema = z.object({
  mode: gameModeSchema.default('real'),
  /** The page's locale (`de`, `fr-CA`): the game speaks it (else the player's language). */
  lang: z
    .string()
    .regex(/^[a-z]{2}(-[A-Z]{2})?$/)
    .optional(),
});
export type LaunchRequest = z.input<typeof launchRequestSchema>;

/** The studio's page for the iframe; real play carries a one-time launch token. */
export const launchResponseSchema = z.object({
  url: z.string(),
  mode: gameModeSchema,
  /** The session's currency (`FUN` in demo). */
  currency: z.string(),
});
export type LaunchResponse = z.infer<typeof launchResponseSchema>;

// ---- /api/player/game_rounds (games history, game recall) --------------------------------------

export const roundStatusSchema = z.enum(['open', 'closed', 'rolled_back']);
export type RoundStatus = z.infer<typeof roundStatusSchema>;

/** The provably fair inputs of a round (house studio): the commitment, client seed and nonce. */
export const roundFairSchema = z.object({
  server_seed_hash: z.string(),
  client_seed: z.string(),
  nonce: z.number().int(),
});
export type RoundFair = z.infer<typeof roundFairSchema>;

export const gameRoundSchema = z.object({
  id: z.number().int(),
  /** The provider's round id. */
  round_id: z.string(),
  game: z.object({
    id: z.number().int(),
    identifier: z.string(),
    title: z.string(),
    seo_title: z.string(),
    provider: z.string(),
  }),
  currency: z.string(),
  bet_cents: z.number().int(),
  win_cents: z.number().int(),
  /** Paid by a jackpot in this round (also in `win_cents`). */
  jackpot_win_cents: z.number().int(),
  status: roundStatusSchema,
  created_at: z.string(),
  closed_at: z.string().nullable(),
});
export type GameRound = z.infer<typeof gameRoundSchema>;

/** One round for recall: the stored outcome replays it, the fair inputs verify it on /fair. */
export const gameRoundDetailSchema = gameRoundSchema.extend({
  /** The bet as the game took it (`{stake}`, roulette's positions, dice's target ...). */
  bet: z.unknown().nullable(),
  outcome: z.unknown().nullable(),
  fair: roundFairSchema.nullable(),
  transactions: z.array(
    z.object({
      kind: z.enum(['bet', 'win', 'rollback', 'jackpot', 'freespin']),
      amount_cents: z.number().int(),
      real_cents: z.number().int(),
      bonus_cents: z.number().int(),
      created_at: z.string(),
    }),
  ),
});
export type GameRoundDetail = z.infer<typeof gameRoundDetailSchema>;

export const GAME_ROUNDS_PAGE_SIZE_DEFAULT = 20;

export const gameRoundsQuerySchema = z.object({
  page: z.coerce
    .number({ message: 'invalid_type' })
    .int('invalid_type')
    .min(1, 'too_small')
    .max(PAGE_MAX, 'too_big')
    .default(1),
  page_size: z.coerce
    .number({ message: 'invalid_type' })
    .int('invalid_type')
    .min(1, 'too_small')
    .max(100, 'too_big')
    .default(GAME_ROUNDS_PAGE_SIZE_DEFAULT),
  /** Game identifier (`orbit/european-roulette`). */
  game: z.string().max(200, 'too_long').optional(),
  currency: z.string().max(8, 'too_long').optional(),
  /** `won`: rounds that paid something; `lost`: closed rounds that paid nothing. */
  result: z.enum(['won', 'lost'], { message: 'invalid_result' }).optional(),
  /** ISO dates (inclusive), in UTC. */
  from: z.iso.date({ message: 'invalid_date' }).optional(),
  to: z.iso.date({ message: 'invalid_date' }).optional(),
});
export type GameRoundsQuery = z.input<typeof gameRoundsQuerySchema>;

export const gameRoundsResponseSchema = paged(gameRoundSchema);
export type GameRoundsResponse = z.infer<typeof gameRoundsResponseSchema>;
export const gameRoundParamsSchema = z.object({ id: z.coerce.number({ message: 'invalid_type' }).int('invalid_type') });

// ---- provider wallet protocol: POST /api/wallet/{provider}/{action} ----------------------------

export const WALLET_SIGNATURE_HEADER = 'x-request-sign';
export const walletActionSchema = z.enum(['authenticate', 'balance', 'bet', 'win', 'rollback', 'freespin']);
export type WalletAction = z.infer<typeof walletActionSchema>;

const providerId = z.string().min(1).max(100);
const money = z.number().int().min(0).max(Number.MAX_SAFE_INTEGER);

export const walletAuthenticateRequestSchema = z.object({ launch_token: z.string().min(1).max(200), game: providerId });
export const walletBalanceRequestSchema = z.object({ session_token: z.string().min(1).max(200) });
export const walletBetRequestSchema = z.object({
  session_token: z.string().min(1).max(200),
  game: providerId,
  round_id: providerId,
  transaction_id: providerId,
  amount_cents: money.min(1),
  currency: z.string().min(1).max(8),
  /** Jackpot games: a uniform 32-bit integer of the round's fair stream. */
  jackpot_draw: z.number().int().min(0).max(0xffff_ffff).optional(),
});
export const walletRoundReportSchema = z.object({
  stake_cents: money,
  /** The bet as the game took it (what a verifier replays the round with). */
  bet: z.unknown().optional(),
  outcome: z.unknown(),
  fair: roundFairSchema.optional(),
});
export const walletWinRequestSchema = z.object({
  session_token: z.string().min(1).max(200),
  game: providerId,
  round_id: providerId,
  transaction_id: providerId,
  reference_transaction_id: providerId.optional(),
  amount_cents: money,
  currency: z.string().min(1).max(8),
  round: walletRoundReportSchema.optional(),
});
export const walletRollbackRequestSchema = z
  .object({
    session_token: z.string().min(1).max(200),
    game: providerId,
    round_id: providerId,
    transaction_id: providerId,
    reference_transaction_id: providerId,
  })
  // A rollback is a transaction of its own: under the id it rolls back it would collide with itself.
  .refine((r) => r.transaction_id !== r.reference_transaction_id, {
    path: ['reference_transaction_id'],
    message: 'must differ from transaction_id',
  });
/** A free spin: a round with no bet, closed by its win (docs/provider-protocol.md "Free spins"). */
export const walletFreespinRequestSchema = z.object({
  session_token: z.string().min(1).max(200),
  game: providerId,
  round_id: providerId,
  transaction_id: providerId,
  freespin_id: providerId,
  amount_cents: money,
  currency: z.string().min(1).max(8),
  round: walletRoundReportSchema.optional(),
});
export type WalletFreespinRequest = z.infer<typeof walletFreespinRequestSchema>;
/** Platform → studio: a player's free spins (`POST {freespins_url}/issue`). */
export const freespinIssueRequestSchema = z.object({
  freespin_id: providerId,
  player_id: z.string().min(1).max(100),
  currency: z.string().min(1).max(8),
  games: z.array(providerId).min(1),
  count: z.number().int().min(1).max(1000),
  bet_level_cents: money.min(1),
  valid_until: z.string(),
});
export type FreespinIssueRequest = z.infer<typeof freespinIssueRequestSchema>;
/** Platform → studio: the grant is withdrawn (`POST {freespins_url}/cancel`). */
export const freespinCancelRequestSchema = z.object({ freespin_id: providerId });
export type FreespinCancelRequest = z.infer<typeof freespinCancelRequestSchema>;
export const freespinCallResponseSchema = z.object({ status: z.literal('ok') });
export type WalletAuthenticateRequest = z.infer<typeof walletAuthenticateRequestSchema>;
export type WalletBalanceRequest = z.infer<typeof walletBalanceRequestSchema>;
export type WalletBetRequest = z.infer<typeof walletBetRequestSchema>;
export type WalletWinRequest = z.infer<typeof walletWinRequestSchema>;
export type WalletRollbackRequest = z.infer<typeof walletRollbackRequestSchema>;
export type WalletRoundReport = z.infer<typeof walletRoundReportSchema>;

export const jackpotWinSchema = z.object({ level: z.string(), name: z.string(), amount_cents: z.number().int() });
export type JackpotWin = z.infer<typeof jackpotWinSchema>;

export const walletAuthenticateResponseSchema = z.object({
  status: z.literal('ok'),
  session_token: z.string(),
  player_id: z.string(),
  nickname: z.string(),
  currency: z.string(),
  balance_cents: z.number().int(),
  licence: z.string(),
  /** The highest stake the player may bet now (the running bonus's max bet), null: no cap. */
  max_bet_cents: z.number().int().nullable().optional(),
});
export const walletBalanceResponseSchema = z.object({
  status: z.literal('ok'),
  currency: z.string(),
  balance_cents: z.number().int(),
  /** The highest stake the player may bet now (the running bonus's max bet), null: no cap (`balance` answers only). */
  max_bet_cents: z.number().int().nullable().optional(),
});
export const walletMoveResponseSchema = walletBalanceResponseSchema.extend({
  /** The platform's id of the movement. */
  transaction_id: z.string(),
  jackpot_win: jackpotWinSchema.nullable().optional(),
});
/** The answer to a free spin: the balance (unchanged: the wins wait for the last spin) and the spins left. */
export const walletFreespinResponseSchema = walletMoveResponseSchema.extend({ freespins_left: z.number().int() });
export type WalletFreespinResponse = z.infer<typeof walletFreespinResponseSchema>;
export type WalletAuthenticateResponse = z.infer<typeof walletAuthenticateResponseSchema>;
export type WalletBalanceResponse = z.infer<typeof walletBalanceResponseSchema>;
export type WalletMoveResponse = z.infer<typeof walletMoveResponseSchema>;

export const WALLET_ERROR_CODES = [
  'invalid_signature',
  'invalid_request',
  'invalid_launch_token',
  'invalid_session',
  'insufficient_funds',
  'player_excluded',
  'limit_reached',
  'game_disabled',
  'bonus_max_bet',
  'bonus_game_restricted',
  'freespin_not_found',
  'freespins_used',
  'wrong_currency',
  'transaction_not_found',
  'duplicate_transaction',
  'transaction_rolled_back',
  'round_closed',
  'internal_error',
] as const;
export type WalletErrorCode = (typeof WALLET_ERROR_CODES)[number];
/** The HTTP status each refusal answers with (docs/provider-protocol.md "Errors"). */
export const WALLET_ERROR_STATUS: Readonly<Record<WalletErrorCode, number>> = {
  invalid_signature: 401,
  invalid_request: 400,
  invalid_launch_token: 401,
  invalid_session: 401,
  insufficient_funds: 402,
  player_excluded: 403,
  limit_reached: 403,
  game_disabled: 403,
  bonus_max_bet: 403,
  bonus_game_restricted: 403,
  freespin_not_found: 404,
  freespins_used: 409,
  wrong_currency: 422,
  transaction_not_found: 404,
  duplicate_transaction: 409,
  transaction_rolled_back: 409,
  round_closed: 409,
  internal_error: 500,
};
export const walletErrorResponseSchema = z.object({
  status: z.literal('error'),
  code: z.enum(WALLET_ERROR_CODES),
  balance_cents: z.number().int().optional(),
  currency: z.string().optional(),
  /** `bonus_max_bet`: the stake cap in force now (null: none any more). */
  max_bet_cents: z.number().int().nullable().optional(),
});
export type WalletErrorResponse = z.infer<typeof walletErrorResponseSchema>;

// ---- GET /api/jackpots, /api/jackpot_wins -------------------------------------------------------

export const jackpotLevelSchema = z.object({
  id: z.number().int(),
  identifier: z.string(),
  index: z.number().int(),
  name: z.string(),
  state: z.string(),
  amount_cents: z.number().int(),
});
export const jackpotSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  identifier: z.string(),
  currency: z.string(),
  state: z.string(),
  /** Catalogue identifiers of the games that feed it. */
  games: z.array(z.string()),
  levels: z.array(jackpotLevelSchema),
});
export type Jackpot = z.infer<typeof jackpotSchema>;
export const jackpotsResponseSchema = z.array(jackpotSchema);
export type JackpotsResponse = z.infer<typeof jackpotsResponseSchema>;

export const jackpotWinnerSchema = z.object({
  amount_cents: z.number().int(),
  jackpot_name: z.string(),
  jackpot_level_name: z.string(),
  created_at: z.string(),
  /** The first six characters of the winner's name, then `***`. */
  user_name: z.string(),
  jackpot_original_currency: z.string(),
  jackpot_original_amount_cents: z.number().int(),
});
export type JackpotWinner = z.infer<typeof jackpotWinnerSchema>;
export const jackpotWinsResponseSchema = z.array(jackpotWinnerSchema);
export type JackpotWinsResponse = z.infer<typeof jackpotWinsResponseSchema>;
export const jackpotWinsQuerySchema = z.object({
  limit: z.coerce
    .number({ message: 'invalid_type' })
    .int('invalid_type')
    .min(1, 'too_small')
    .max(50, 'too_big')
    .default(10),
  /** `latest` first (default) or `biggest` first (the winners board's two tabs). */
  sort: z.enum(['latest', 'biggest'], { message: 'unsupported_sort' }).default('latest'),
});

/** `GET /api/games/jackpots`: currency → provider → the sum of its jackpots' levels now. */
export const gamesJackpotsResponseSchema = z.record(z.string(), z.record(z.string(), z.number().int()));
export type GamesJackpotsResponse = z.infer<typeof gamesJackpotsResponseSchema>;
