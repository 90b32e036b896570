/**
 * The studio's HTTP protocol (apps/studio/README.md "HTTP API"): the JSON bodies its browser
 * client sends and the answers its service sends back, as zod schemas. The service validates the
 * requests with them and types its answers with the inferred types; the client types its requests
 * and parses every answer with them. One description of the wire for both sides.
 *
 * The browser bundles this module, so it imports `zod/mini` only: never Node (the client's tsconfig
 * has no Node types, so `npm run typecheck` refuses a `node:` import here), and not the classic
 * `zod` of @orbit/contracts (about 75 kB more in the game page than the mini build). The two shapes
 * it shares with the contracts (`fairSchema`, `jackpotWinSchema`) are checked equal to theirs in
 * apps/studio/test/unit/protocol.test.ts.
 */
import { z } from 'zod/mini';

/** The only currency of demo play, the studio's own play money. */
export const DEMO_CURRENCY = 'FUN';
/** A client seed: 1–64 printable ASCII characters. */
export const CLIENT_SEED = /^[\x20-\x7e]{1,64}$/;

// ---- requests ------------------------------------------------------------------------------------

const gameSlug = z.string().check(z.minLength(1), z.maxLength(100));

/** `POST /api/sessions`: real play with the casino's one-time launch token, or demo play. */
export const createSessionRequestSchema = z.discriminatedUnion('mode', [
  z.object({
    mode: z.literal('real'),
    game: gameSlug,
    launch_token: z.string().check(z.minLength(1), z.maxLength(200)),
  }),
  z.object({
    mode: z.literal('demo'),
    game: gameSlug,
    currency: z.optional(z.literal(DEMO_CURRENCY)),
    /** Two letters (default `CW`), upper-cased by the service. */
    licence: z.optional(z.string().check(z.regex(/^[A-Za-z]{2}$/))),
  }),
]);
export type CreateSessionRequest = z.input<typeof createSessionRequestSchema>;

/**
 * `POST /api/sessions/{id}/rounds`: the bet as the game's `parseBet` takes it (a stake, roulette's
 * positions, dice's target …). The game judges the bet; a body without one is an `invalid_bet`.
 * `free_spin: true` plays one of the session's free spins instead (no bet: the grant's bet level).
 */
export const roundRequestSchema = z.object({ bet: z.optional(z.unknown()), free_spin: z.optional(z.boolean()) });
export type RoundRequest = z.input<typeof roundRequestSchema>;

/**
 * `POST /api/sessions/{id}/rounds/{round_id}/actions`: a step game's action for its open round
 * (blackjack's `"hit"`, video poker's cards held …), as the game's `parseAction` takes it.
 */
export const actionRequestSchema = z.object({ action: z.unknown() });
export type ActionRequest = z.input<typeof actionRequestSchema>;

/** `PUT /api/sessions/{id}/client_seed`. */
export const clientSeedRequestSchema = z.object({ client_seed: z.string().check(z.regex(CLIENT_SEED)) });
export type ClientSeedRequest = z.input<typeof clientSeedRequestSchema>;

// ---- answers -------------------------------------------------------------------------------------

const cents = z.int();

/**
 * A seed pair as the player sees it: the server seed's commitment (sha256), the client seed and a
 * nonce (in a session, the next round's; in a round, that round's). The wallet's round report
 * carries the same shape (`roundFairSchema` of the contracts).
 */
export const fairSchema = z.object({ server_seed_hash: z.string(), client_seed: z.string(), nonce: z.int() });
export type Fair = z.infer<typeof fairSchema>;

/** A jackpot the round's bet won, as the wallet answered it (`jackpotWinSchema` of the contracts). */
export const jackpotWinSchema = z.object({ level: z.string(), name: z.string(), amount_cents: cents });
export type JackpotWin = z.infer<typeof jackpotWinSchema>;

/**
 * The free spins a real session may play now (the platform's grant for its player, currency and game):
 * `total` granted, `left` to play, each staking `bet_level_cents`; `won_cents`, what the spins played
 * so far won (the casino pays it as a bonus after the last spin).
 */
export const freeSpinsSchema = z.object({
  id: z.string(),
  left: z.int(),
  total: z.int(),
  bet_level_cents: cents,
  won_cents: cents,
});
export type FreeSpins = z.infer<typeof freeSpinsSchema>;

/** `POST /api/sessions/{id}/rounds` and `POST /api/sessions/{id}/rounds/{round_id}/actions`. */
export const roundResponseSchema = z.object({
  round_id: z.string(),
  /** The game's outcome (its `play`): what the client draws and the verifier recomputes. */
  outcome: z.unknown(),
  stake_cents: cents,
  win_cents: cents,
  /** After the round (counting a win still owed by the wallet). */
  balance_cents: cents,
  currency: z.string(),
  fair: fairSchema,
  jackpot_win: z.nullable(jackpotWinSchema),
  /** The win could not be delivered yet: the studio keeps it and re-sends it. */
  win_pending: z.optional(z.literal(true)),
  /**
   * Step games only: the actions allowed in the open round, or null once it is settled. While a
   * round is open, `outcome` shows only what the player may see, `win_cents` is 0 and
   * `stake_cents` is what the round staked so far.
   */
  next: z.optional(z.nullable(z.array(z.unknown()))),
  /** Real play: the session's free spins after this round (null: none to play). */
  free_spins: z.optional(z.nullable(freeSpinsSchema)),
});
export type RoundResponse = z.infer<typeof roundResponseSchema>;

/** `POST /api/sessions` (201) and `GET /api/sessions/{id}`. */
export const sessionResponseSchema = z.object({
  session_id: z.string(),
  mode: z.enum(['real', 'demo']),
  game: z.string(),
  currency: z.string(),
  balance_cents: cents,
  nickname: z.nullable(z.string()),
  licence: z.string(),
  /**
   * Real play: the highest stake the casino takes now (the running bonus's max bet), null: no cap.
   * The game offers no stake or chip above it; a `bonus_max_bet` refusal carries the new one.
   */
  max_bet_cents: z.optional(z.nullable(cents)),
  /** The licence's rules for this game: the slot spin's minimum length, whether quick spin is allowed. */
  rules: z.object({ min_spin_ms: z.int().check(z.minimum(0)), quick_spin: z.boolean() }),
  fair: fairSchema,
  /** A step game's round the player left open in this game (after a reload): continued with its actions. */
  open_round: z.optional(roundResponseSchema),
  /** The free spins the session may play now, before paid play; null when none (always in demo play). */
  free_spins: z.nullable(freeSpinsSchema),
});
export type SessionResponse = z.infer<typeof sessionResponseSchema>;

/** `PUT /api/sessions/{id}/client_seed`: the seed pair with the new client seed. */
export const clientSeedResponseSchema = fairSchema;
export type ClientSeedResponse = z.infer<typeof clientSeedResponseSchema>;

/** `POST /api/sessions/{id}/rotate`: the revealed server seed, and the new pair (nonce 0, same client seed). */
export const rotateResponseSchema = z.object({
  revealed: z.object({
    server_seed: z.string(),
    server_seed_hash: z.string(),
    client_seed: z.string(),
    /** Rounds played with this server seed. */
    rounds: z.int(),
    revealed_at: z.string(),
  }),
  next: fairSchema,
});
export type RotateResponse = z.infer<typeof rotateResponseSchema>;

/** `GET /api/fair/seeds/{server_seed_hash}` (public): the seed only once revealed. */
export const seedLookupResponseSchema = z.object({
  server_seed_hash: z.string(),
  server_seed: z.nullable(z.string()),
  revealed_at: z.nullable(z.string()),
});
export type SeedLookupResponse = z.infer<typeof seedLookupResponseSchema>;

/** `GET /api/games/{game}`: a game's facts for its rules page. */
export const gameInfoSchema = z.object({
  slug: z.string(),
  title: z.string(),
  rtp: z.number(),
  rules: z.array(z.string()),
  paytable: z.array(z.object({ label: z.string(), pays: z.string() })),
  slot: z.boolean(),
  jackpot: z.boolean(),
});
export type GameInfo = z.infer<typeof gameInfoSchema>;

/** `GET /api/games`. */
export const gamesResponseSchema = z.object({ games: z.array(gameInfoSchema) });
export type GamesResponse = z.infer<typeof gamesResponseSchema>;

/**
 * Every refusal: its code (README "Errors") with an HTTP status; `insufficient_funds` adds the
 * balance, `bonus_max_bet` the stake cap in force now (null: none any more).
 */
export const errorResponseSchema = z.object({
  error: z.string(),
  balance_cents: z.optional(cents),
  max_bet_cents: z.optional(z.nullable(cents)),
});
export type ErrorResponse = z.infer<typeof errorResponseSchema>;

// ---- Rocket Crash's live table ---------------------------------------------------------------------

/** The live table's fixed client seed: a shared round's draws cannot take any one player's seed. */
export const LIVE_CLIENT_SEED = 'orbit-live';

/** `POST /api/sessions/{id}/crash/bet`: a bet on the next launch, with an optional auto cash-out (hundredths). */
export const liveBetRequestSchema = z.object({
  bet: z.object({ stake: z.unknown(), cashout_at: z.optional(z.unknown()) }),
});
export type LiveBetRequest = z.input<typeof liveBetRequestSchema>;

/** A player's bet on the live table, as every watcher sees it. */
export const liveBetSchema = z.object({
  nickname: z.string(),
  stake_cents: cents,
  currency: z.string(),
  /** Where this bet cashed out (hundredths), null while riding or lost. */
  cashed_at: z.nullable(z.int()),
  /** Its win once cashed out (paid when the rocket crashes), else null. */
  win_cents: z.nullable(cents),
});
export type LiveBet = z.infer<typeof liveBetSchema>;

/**
 * `GET /api/crash/state?session=…` and every event of `GET /api/crash/live?session=…` (server-sent
 * events, `event: state`): the shared round as it is now. While flying, the multiplier is
 * ⌊100 × e^(0.00006 × elapsed ms)⌋ hundredths, counted by the client from `elapsed_ms`.
 */
export const liveStateSchema = z.object({
  phase: z.enum(['idle', 'betting', 'flying', 'crashed']),
  round: z.int(),
  /** sha256 of the round's server seed, shown before any bet (the draw: RoundDraws(seed, LIVE_CLIENT_SEED, round)). */
  server_seed_hash: z.string(),
  /** Betting: ms left until the launch. */
  launch_in_ms: z.nullable(z.int()),
  /** Flying: ms since the launch. */
  elapsed_ms: z.nullable(z.int()),
  /** Crashed: the crash point (hundredths) and the revealed seed. */
  crash_point: z.nullable(z.int()),
  server_seed: z.nullable(z.string()),
  bets: z.array(liveBetSchema),
  /** The asking session's bet in this round. */
  mine: z.nullable(
    z.object({
      stake_cents: cents,
      cashout_at: z.int(),
      cashed_at: z.nullable(z.int()),
      win_cents: z.nullable(cents),
    }),
  ),
  /** The last rounds, newest first. */
  history: z.array(
    z.object({ round: z.int(), crash_point: z.int(), server_seed: z.string(), server_seed_hash: z.string() }),
  ),
  balance_cents: z.nullable(cents),
});
export type LiveState = z.infer<typeof liveStateSchema>;

/** `POST …/crash/bet` and `POST …/crash/cashout`: the table after the move and the player's balance. */
export const liveMoveResponseSchema = liveStateSchema;
