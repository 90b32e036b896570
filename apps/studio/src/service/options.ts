/**
 * The studio's options and limits: what a casino configures when it mounts the studio and what a
 * licence imposes. The shapes of the calls its browser client makes are in `../protocol`.
 */
import { randomBytes } from 'node:crypto';
import { WALLET_ERROR_STATUS, type WalletErrorCode } from '@orbit/contracts';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { AnyGameMath } from '../games/types';
import type { StudioStore } from './store';
import type { StudioFetch, WalletRetryOptions } from './wallet';

export type StudioLog = Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;

export type StudioOptions = {
  /** The provider identifier in the platform's catalogue (`orbit`). */
  provider: string;
  /** The platform's wallet endpoint for this provider, e.g. http://127.0.0.1:3000/api/wallet/orbit. */
  walletUrl: string;
  /** The shared secret of the `X-Request-Sign` signatures. */
  walletSecret: string;
  /** The games by slug. */
  games: Readonly<Record<string, AnyGameMath>>;
  /** Default: memory. `fileStore(path)` keeps sessions, seeds, demo balances and owed wallet calls across restarts. */
  store?: StudioStore;
  clock?: () => Date;
  /** Default: the global fetch. */
  fetch?: StudioFetch;
  /** The built browser client (`index.html`, `fair.html`, `assets/`); absent: pages saying it is not built. */
  clientDir?: string;
  /** Default: the Fastify logger of the app the plugin is registered in. */
  log?: StudioLog;
  /** Games whose bets carry a `jackpot_draw` (default `['stellar-sevens']`). */
  jackpotGames?: readonly string[];
  /** Games the licence's minimum spin time applies to (default the three slots). */
  slotGames?: readonly string[];
  /** Wallet call retries (defaults: 3 attempts, 4 s each, 200 ms backoff doubling). */
  wallet?: Partial<WalletRetryOptions>;
  /** How often the plugin calls `retryPending()` by itself (default 30 s; 0: never, the casino calls it). */
  retryIntervalMs?: number;
  /** A session expires after this long without a call (default 12 hours). */
  sessionTtlMs?: number;
  /** Demo money of a new demo session, in FUN minor units (default 100000 = 1,000.00 FUN). */
  demoBalanceCents?: number;
  /**
   * A step game's round (blackjack, video poker) with no action for this long is finished for the
   * player with the game's idle action and its win paid (default 1 hour).
   */
  openRoundIdleMs?: number;
};

export type RetryReport = { delivered: number; pending: number; failed: number };

export type Studio = {
  /** Register with `app.register(studio.plugin, { prefix: '/studio' })`. */
  plugin: (app: FastifyInstance) => Promise<void>;
  /** Re-sends the owed wins and rollbacks that are due (same bodies, same transaction ids). */
  retryPending(): Promise<RetryReport>;
  store: StudioStore;
};

/** Standalone, the studio's own choice; mounted by the casino, the casino's list is passed in. */
export const DEFAULT_JACKPOT_GAMES = ['stellar-sevens'] as const;
export const DEFAULT_SLOT_GAMES = [
  'stellar-sevens',
  'nebula-ways',
  'cosmic-clusters',
  'meteor-tumble',
  'lunar-link',
  'warp-ways',
  'nova-sevens',
  'saturn-wheel',
] as const;
export { CLIENT_SEED, DEMO_CURRENCY } from '../protocol';
export const DEMO_BALANCE_CENTS = 100_000;
export const SESSION_TTL_MS = 12 * 3_600_000;
export const OPEN_ROUND_IDLE_MS = 3_600_000;
export const MAX_RETRY_BACKOFF_MS = 5 * 60_000;

export type LicenceRules = { minSpinMs: number; quickSpin: boolean };

/** What a licence imposes on the game client and the rounds. `EE`: 2.5 s slot spins, no quick spin. */
export function licenceRules(licence: string): LicenceRules {
  if (licence === 'EE') return { minSpinMs: 2500, quickSpin: false };
  return { minSpinMs: 0, quickSpin: true };
}

/** The statuses of the wallet refusals a player sees as they are; any other refusal is the studio's problem. */
export const REFUSAL_STATUS: Partial<Record<WalletErrorCode, number>> = Object.fromEntries(
  (
    [
      'invalid_launch_token',
      'invalid_session',
      'insufficient_funds',
      'player_excluded',
      'limit_reached',
      'game_disabled',
      'bonus_max_bet',
      'bonus_game_restricted',
      'wrong_currency',
      'freespins_used',
      'freespin_not_found',
    ] as const
  ).map((code) => [code, WALLET_ERROR_STATUS[code]]),
);

export const randomHex = (bytes: number) => randomBytes(bytes).toString('hex');
export const SESSION_ID = /^[0-9a-f]{64}$/;
export const SEED_HASH = /^[0-9a-fA-F]{64}$/;
export const noLog: StudioLog = { info: () => {}, warn: () => {}, error: () => {} } as unknown as StudioLog;
