import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import type { CrashTableState } from './crash-table';

/** A studio session: one launch of one game (real: one wallet `authenticate`; demo: FUN money). */
export type StudioSession = {
  id: string;
  mode: 'real' | 'demo';
  game: string;
  currency: string;
  licence: string;
  /** Whose seed pair the rounds use: `real:<player_id>` or `demo:<session id>`. */
  player: string;
  /** Real play: the platform's session token, player id and nickname. */
  session_token?: string;
  player_id?: string;
  nickname?: string;
  /**
   * Real play: the highest stake the platform takes now (the running bonus's max bet), as its last
   * `authenticate`, `balance` or `bonus_max_bet` refusal said; null or absent: no cap.
   */
  max_bet_cents?: number | null;
  /** Demo: the session's FUN money. Real: the last balance the wallet answered. */
  balance_cents: number;
  created_at: string;
  last_seen_at: string;
  /** When the last played round started (the licence's minimum spin time counts from it). */
  last_round_at?: string;
};

/** A player's provably fair seed pair: the server seed stays secret until the player rotates it. */
export type SeedPair = {
  server_seed: string;
  server_seed_hash: string;
  client_seed: string;
  /** The nonce of the next round (rounds played with this server seed). */
  nonce: number;
  created_at: string;
};

/** Every server seed the studio ever committed to, by its sha256; the seed itself once revealed. */
export type SeedRecord = { server_seed: string | null; created_at: string; revealed_at: string | null };

/** A wallet call the studio still owes the platform (a win, a rollback or a free spin), re-sent with the same body. */
export type PendingCall = {
  /** The call's `transaction_id`. */
  id: string;
  action: 'win' | 'rollback' | 'freespin';
  /** The exact JSON body of the first attempt, re-sent byte for byte. */
  body: string;
  attempts: number;
  next_attempt_at: string;
  /** `failed`: the platform refused it (kept for an operator, not re-sent). */
  state: 'pending' | 'failed';
  last_error?: string;
  created_at: string;
};

/**
 * A step game's round the player has not finished (blackjack, video poker): what the round is
 * made of (its bet, the actions so far and the seed pair's values it draws from), replayed by the
 * game's `resolve` at each action. One per player and game.
 */
export type OpenRound = {
  round_id: string;
  game: string;
  currency: string;
  /** The session that opened it (its wallet session pays the win). */
  session_id: string;
  session_token?: string;
  bet: unknown;
  actions: unknown[];
  /** What the round has staked so far (the opening stake, doubles, splits), in minor units. */
  staked: number;
  /** The seed pair's values for this round (its nonce; the pair's own nonce moved on when it opened). */
  fair: { server_seed_hash: string; client_seed: string; nonce: number };
  opened_at: string;
  /** The last action (a round idle for long is finished with the game's idle action). */
  updated_at: string;
};

/**
 * A player's free spins as the platform issued them (`POST /api/freespins/issue`,
 * docs/provider-protocol.md "Free spins"), by the platform's `freespin_id`.
 */
export type FreespinGrant = {
  id: string;
  /** The platform's player id (a real session's `player_id`). */
  player_id: string;
  currency: string;
  /** The game slugs the spins may be played on. */
  games: string[];
  /** Spins granted. */
  count: number;
  /** Spins still to play (the platform's `freespins_left`, less the spins whose call is still owed). */
  left: number;
  /** The stake of each spin, in minor units. */
  bet_level_cents: number;
  valid_until: string;
  /** Withdrawn by the platform's cancel call. */
  canceled: boolean;
  /** What the spins played so far won (the platform pays it as a bonus after the last one). */
  won_cents: number;
  issued_at: string;
  /** The platform refused a spin of it (`freespins_used`, `freespin_not_found`): it offers no more. */
  refused?: string;
};

export type StudioState = {
  version: 1;
  sessions: Record<string, StudioSession>;
  /** Seed pairs by player (`real:<player_id>` or `demo:<session id>`). */
  seeds: Record<string, SeedPair>;
  /** Committed server seeds by hash; `server_seed` is null until revealed. */
  commitments: Record<string, SeedRecord>;
  pending: PendingCall[];
  /** Step games' unfinished rounds by `<player>|<game>` (absent in states saved before step games). */
  open_rounds?: Record<string, OpenRound>;
  /** Rocket Crash's live table: its round in play and the last crash points. */
  crash_table?: CrashTableState;
  /** Free spins by the platform's `freespin_id` (absent in states saved before free spins). */
  freespins?: Record<string, FreespinGrant>;
};

/**
 * Where the studio keeps its state (sessions, seed pairs, revealed seeds, demo balances, owed
 * wallet calls). Synchronous on purpose, like the sandbox PSP's: a save that finishes before the
 * HTTP answer means a crash never loses what a player was told.
 */
export type StudioStore = {
  load(): StudioState | undefined;
  save(state: StudioState): void;
};

export function emptyStudioState(): StudioState {
  return { version: 1, sessions: {}, seeds: {}, commitments: {}, pending: [], open_rounds: {}, freespins: {} };
}

/** Keeps state in memory only (a restart forgets everything). */
export function memoryStore(): StudioStore {
  let saved: string | undefined;
  return {
    load: () => (saved === undefined ? undefined : (JSON.parse(saved) as StudioState)),
    save: (state) => {
      saved = JSON.stringify(state);
    },
  };
}

/**
 * Persists state as JSON in `path`. Writes a temporary file and renames it over the old one,
 * so a crash mid-write leaves either the old or the new state, never half of one.
 */
export function fileStore(path: string): StudioStore {
  return {
    load() {
      let text: string;
      try {
        text = readFileSync(path, 'utf8');
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
        throw error;
      }
      return JSON.parse(text) as StudioState;
    },
    save(state) {
      mkdirSync(dirname(path), { recursive: true });
      const tmp = `${path}.${process.pid}.tmp`;
      writeFileSync(tmp, JSON.stringify(state));
      renameSync(tmp, path);
    },
  };
}
