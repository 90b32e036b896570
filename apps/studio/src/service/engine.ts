/**
 * The studio's engine: sessions and their provably fair seed pairs, one round at a time per
 * player, the wallet calls a round makes (and the ones still owed after a failure, retried with
 * backoff), and the answers the routes send. State lives in a `StudioStore`.
 *
 * `createStudioEngine` composes its parts, each a section below: the core (options, store,
 * wallet), per-player serialisation, sessions and seeds, owed wallet calls, answers, rounds.
 */
import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import type {
  WalletBetRequest,
  WalletErrorCode,
  WalletMoveResponse,
  WalletRollbackRequest,
  WalletWinRequest,
} from '@orbit/contracts';
import type { FastifyReply } from 'fastify';
import { commitment, jackpotDraw, RoundDraws } from '../fair/draws';
import type { AnyGameMath } from '../games/types';
import type { ErrorResponse, Fair, JackpotWin, RoundResponse, SessionResponse } from '../protocol';
import { clientMissingPage } from './html';
import {
  DEFAULT_JACKPOT_GAMES,
  DEFAULT_SLOT_GAMES,
  DEMO_BALANCE_CENTS,
  licenceRules,
  MAX_RETRY_BACKOFF_MS,
  noLog,
  randomHex,
  REFUSAL_STATUS,
  SESSION_ID,
  SESSION_TTL_MS,
  type RetryReport,
  type StudioLog,
  type StudioOptions,
} from './options';
import {
  emptyStudioState,
  memoryStore,
  type PendingCall,
  type SeedPair,
  type StudioSession,
  type StudioState,
} from './store';
import { walletClient } from './wallet';

export type StudioEngine = ReturnType<typeof createStudioEngine>;

export function createStudioEngine(options: StudioOptions) {
  const core = engineCore(options);
  const sessions = sessionsAndSeeds(core);
  const owed = owedWalletCalls(core, sessions);
  const answers = studioAnswers(core);
  const rounds = roundPlay(core, sessions, owed, answers);
  return { ...core, withLock: playerLocks(), ...sessions, ...owed, ...answers, ...rounds };
}

// ---------------------------------------------------------------- core

type EngineCore = ReturnType<typeof engineCore>;

/** The options with their defaults, the wallet client, the state (loaded and saved at once) and the logger. */
function engineCore(options: StudioOptions) {
  const store = options.store ?? memoryStore();
  const clock = options.clock ?? (() => new Date());
  const games = options.games;
  const jackpotGames = new Set(options.jackpotGames ?? DEFAULT_JACKPOT_GAMES);
  const slotGames = new Set(options.slotGames ?? DEFAULT_SLOT_GAMES);
  const sessionTtlMs = options.sessionTtlMs ?? SESSION_TTL_MS;
  const demoBalance = options.demoBalanceCents ?? DEMO_BALANCE_CENTS;
  let log: StudioLog = options.log ?? noLog;
  if (!/^https?:\/\//.test(options.walletUrl))
    throw new Error(`studio: walletUrl must be an absolute http(s) URL, got "${options.walletUrl}"`);
  if (!options.walletSecret) throw new Error('studio: walletSecret is required');

  const wallet = walletClient({
    walletUrl: options.walletUrl,
    walletSecret: options.walletSecret,
    fetch: options.fetch,
    retry: { attempts: 3, timeoutMs: 4_000, backoffMs: 200, ...options.wallet },
    userAgent: `orbit-studio/1 (${options.provider})`,
  });

  const state: StudioState = store.load() ?? emptyStudioState();
  const save = () => store.save(state);
  save();

  const nowIso = () => clock().toISOString();
  const findGame = (slug: string): AnyGameMath | undefined => (Object.hasOwn(games, slug) ? games[slug] : undefined);

  /** The casino's logger, once the plugin is registered (unless the options gave one). */
  function useLog(next: StudioLog): void {
    log = next;
  }
  const logger = () => log;

  return {
    options,
    store,
    clock,
    games,
    jackpotGames,
    slotGames,
    sessionTtlMs,
    demoBalance,
    wallet,
    state,
    save,
    nowIso,
    findGame,
    useLog,
    logger,
  };
}

// ---------------------------------------------------------------- per-player serialisation

/** A player's rounds, seed changes and rotations run one at a time (two tabs share one seed pair). */
function playerLocks() {
  const locks = new Map<string, Promise<unknown>>();
  return function withLock<T>(key: string, fn: () => Promise<T>): Promise<T> {
    const previous = locks.get(key) ?? Promise.resolve();
    const run = previous.then(fn, fn);
    const tail = run.then(
      () => undefined,
      () => undefined,
    );
    locks.set(key, tail);
    void tail.then(() => {
      if (locks.get(key) === tail) locks.delete(key);
    });
    return run;
  };
}

// ---------------------------------------------------------------- sessions and seeds

type SessionsAndSeeds = ReturnType<typeof sessionsAndSeeds>;

function sessionsAndSeeds({ state, save, clock, nowIso, sessionTtlMs, slotGames }: EngineCore) {
  const expired = (s: StudioSession, now = clock()) =>
    now.getTime() - new Date(s.last_seen_at).getTime() > sessionTtlMs;

  /** Drops a session; a demo session's seed pair goes with it, revealed (nobody plays it again). */
  function dropSession(s: StudioSession): void {
    delete state.sessions[s.id];
    if (s.mode === 'demo') {
      const pair = state.seeds[s.player];
      if (pair) revealPair(pair);
      delete state.seeds[s.player];
    }
  }

  function sweep(): void {
    const now = clock();
    for (const s of Object.values(state.sessions)) if (expired(s, now)) dropSession(s);
  }

  /** The live session with that id, its last call now; undefined when unknown or expired. */
  function liveSession(id: string): StudioSession | undefined {
    if (!SESSION_ID.test(id) || !Object.hasOwn(state.sessions, id)) return undefined;
    const s = state.sessions[id]!;
    if (expired(s)) {
      dropSession(s);
      save();
      return undefined;
    }
    s.last_seen_at = nowIso();
    return s;
  }

  function newPair(clientSeed: string): SeedPair {
    const server_seed = randomHex(32);
    const server_seed_hash = commitment(server_seed);
    const created_at = nowIso();
    state.commitments[server_seed_hash] = { server_seed: null, created_at, revealed_at: null };
    return { server_seed, server_seed_hash, client_seed: clientSeed, nonce: 0, created_at };
  }

  function seedPair(player: string): SeedPair {
    let pair = state.seeds[player];
    if (!pair) {
      pair = newPair(randomHex(8));
      state.seeds[player] = pair;
    }
    return pair;
  }

  function revealPair(pair: SeedPair): string {
    const revealed_at = nowIso();
    state.commitments[pair.server_seed_hash] = {
      server_seed: pair.server_seed,
      created_at: state.commitments[pair.server_seed_hash]?.created_at ?? pair.created_at,
      revealed_at,
    };
    return revealed_at;
  }

  const fairView = (pair: SeedPair): Fair => ({
    server_seed_hash: pair.server_seed_hash,
    client_seed: pair.client_seed,
    nonce: pair.nonce,
  });

  function sessionView(s: StudioSession): SessionResponse {
    const rules = licenceRules(s.licence);
    return {
      session_id: s.id,
      mode: s.mode,
      game: s.game,
      currency: s.currency,
      balance_cents: s.balance_cents,
      nickname: s.nickname ?? null,
      licence: s.licence,
      rules: { min_spin_ms: slotGames.has(s.game) ? rules.minSpinMs : 0, quick_spin: rules.quickSpin },
      fair: fairView(seedPair(s.player)),
    };
  }

  return { expired, dropSession, sweep, liveSession, newPair, seedPair, revealPair, fairView, sessionView };
}

// ---------------------------------------------------------------- owed wallet calls

type OwedWalletCalls = ReturnType<typeof owedWalletCalls>;

function owedWalletCalls({ state, save, clock, nowIso, wallet, logger }: EngineCore, { sweep }: SessionsAndSeeds) {
  function backoff(attempts: number): number {
    return Math.min(1000 * 2 ** Math.max(0, attempts - 1), MAX_RETRY_BACKOFF_MS);
  }

  function owe(action: PendingCall['action'], id: string, body: string, error: string): void {
    state.pending.push({
      id,
      action,
      body,
      attempts: 1,
      next_attempt_at: new Date(clock().getTime() + backoff(1)).toISOString(),
      state: 'pending',
      last_error: error,
      created_at: nowIso(),
    });
  }

  function failed(action: PendingCall['action'], id: string, body: string, error: string): void {
    logger().error({ action, transaction_id: id, error }, 'studio: the platform refused a wallet call the studio owes');
    state.pending.push({
      id,
      action,
      body,
      attempts: 1,
      next_attempt_at: nowIso(),
      state: 'failed',
      last_error: error,
      created_at: nowIso(),
    });
  }

  /** Updates the balance of the live sessions on that platform session. */
  function noteBalance(sessionToken: string, balance: number): void {
    for (const s of Object.values(state.sessions)) if (s.session_token === sessionToken) s.balance_cents = balance;
  }

  async function pass(): Promise<RetryReport> {
    sweep();
    save();
    const report: RetryReport = { delivered: 0, pending: 0, failed: 0 };
    const now = clock();
    for (const call of [...state.pending]) {
      if (call.state !== 'pending' || new Date(call.next_attempt_at) > now) continue;
      const result = await wallet.call(call.action, call.body);
      call.attempts += 1;
      if (result.ok) {
        state.pending = state.pending.filter((p) => p !== call);
        noteBalance((JSON.parse(call.body) as { session_token: string }).session_token, result.data.balance_cents);
        report.delivered++;
        logger().info(
          { action: call.action, transaction_id: call.id, attempts: call.attempts },
          'studio: owed wallet call delivered',
        );
      } else if (result.kind === 'refused') {
        call.state = 'failed';
        call.last_error = result.code;
        logger().error(
          { action: call.action, transaction_id: call.id, code: result.code },
          'studio: the platform refused an owed wallet call',
        );
      } else {
        call.last_error = result.reason;
        call.next_attempt_at = new Date(clock().getTime() + backoff(call.attempts)).toISOString();
      }
      save();
    }
    for (const call of state.pending) report[call.state === 'pending' ? 'pending' : 'failed']++;
    return report;
  }

  let running: Promise<RetryReport> | undefined;
  function retryPending(): Promise<RetryReport> {
    // One pass at a time: a timer tick during a slow delivery must not send twice at once.
    running ??= pass().finally(() => {
      running = undefined;
    });
    return running;
  }

  return { owe, failed, noteBalance, retryPending };
}

// ---------------------------------------------------------------- answers

type StudioAnswers = ReturnType<typeof studioAnswers>;

function studioAnswers({ options, logger }: EngineCore) {
  const fail = (reply: FastifyReply, status: number, error: string, extra: Omit<ErrorResponse, 'error'> = {}) =>
    reply
      .code(status)
      .header('cache-control', 'no-store')
      .send({ error, ...extra } satisfies ErrorResponse);

  /** A wallet refusal as the studio's error: the player-facing codes as they are, others 503. */
  function refusal(reply: FastifyReply, code: WalletErrorCode, balance?: number) {
    const status = REFUSAL_STATUS[code];
    if (!status) {
      logger().error({ code }, 'studio: unexpected wallet refusal');
      return fail(reply, 503, 'wallet_unavailable');
    }
    return fail(
      reply,
      status,
      code,
      code === 'insufficient_funds' && balance !== undefined ? { balance_cents: balance } : {},
    );
  }

  const html = (reply: FastifyReply, body: string, status = 200) =>
    reply
      .code(status)
      .header('content-type', 'text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .send(body);

  async function clientPage(reply: FastifyReply, file: string, what: string) {
    if (options.clientDir) {
      try {
        return html(reply, await readFile(resolve(options.clientDir, file), 'utf8'));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      }
    }
    return html(reply, clientMissingPage(what));
  }

  return { fail, refusal, html, clientPage };
}

// ---------------------------------------------------------------- rounds

/** A round drawn and about to be paid: what its wallet calls and its answer are made of. */
type DrawnRound = {
  round_id: string;
  session: StudioSession;
  game: AnyGameMath;
  pair: SeedPair;
  /** The pair as it was for this round (the nonce before the round counts). */
  fair: Fair;
  bet: unknown;
  stake: number;
  outcome: unknown;
  win: number;
  started: Date;
};

function roundPlay(
  { save, wallet, jackpotGames, slotGames, logger }: EngineCore,
  { seedPair, fairView }: SessionsAndSeeds,
  { owe, failed }: OwedWalletCalls,
  { fail, refusal }: StudioAnswers,
) {
  /** A slot round sooner after the last one than the licence's minimum spin time. */
  function tooFast(s: StudioSession, game: AnyGameMath, started: Date): boolean {
    const rules = licenceRules(s.licence);
    const last = s.last_round_at ? new Date(s.last_round_at).getTime() : undefined;
    return (
      slotGames.has(game.slug) &&
      rules.minSpinMs > 0 &&
      last !== undefined &&
      started.getTime() - last < rules.minSpinMs
    );
  }

  /** Draws the round from the player's seed pair with the game's mathematics (nothing counted yet). */
  function drawRound(s: StudioSession, game: AnyGameMath, bet: unknown, stake: number, started: Date): DrawnRound {
    const pair = seedPair(s.player);
    const fair = fairView(pair);
    const { outcome, win } = game.play(new RoundDraws(pair.server_seed, pair.client_seed, pair.nonce), bet);
    if (!Number.isSafeInteger(win) || win < 0)
      throw new Error(`${game.slug}: play returned an invalid win ${String(win)}`);
    return { round_id: randomHex(16), session: s, game, pair, fair, bet, stake, outcome, win, started };
  }

  /** The round is played: its pair's nonce moves on and the licence's spin time counts from it. */
  function countRound(r: DrawnRound): void {
    r.pair.nonce += 1;
    r.session.last_round_at = r.started.toISOString();
  }

  const answer = (r: DrawnRound, balance: number, jackpot: JackpotWin | null): RoundResponse => ({
    round_id: r.round_id,
    outcome: r.outcome,
    stake_cents: r.stake,
    win_cents: r.win,
    balance_cents: balance,
    currency: r.session.currency,
    fair: r.fair,
    jackpot_win: jackpot,
  });

  /** Plays one round under the player's lock: its answer, or undefined when an error was sent. */
  async function playRound(
    reply: FastifyReply,
    s: StudioSession,
    game: AnyGameMath,
    bet: unknown,
    stake: number,
    started: Date,
  ): Promise<RoundResponse | undefined> {
    if (tooFast(s, game, started)) {
      save();
      void fail(reply, 429, 'too_fast');
      return undefined;
    }
    const round = drawRound(s, game, bet, stake, started);
    if (s.mode === 'demo') return playDemoRound(reply, round);
    const placed = await placeBet(reply, round);
    if (!placed) return undefined;
    return payWin(round, placed.jackpot_win ?? null);
  }

  /** A demo round: the session's FUN money, no wallet call. */
  function playDemoRound(reply: FastifyReply, r: DrawnRound): RoundResponse | undefined {
    const s = r.session;
    if (r.stake > s.balance_cents) {
      save();
      void fail(reply, 402, 'insufficient_funds', { balance_cents: s.balance_cents });
      return undefined;
    }
    s.balance_cents = s.balance_cents - r.stake + r.win;
    countRound(r);
    save();
    return answer(r, s.balance_cents, null);
  }

  /**
   * The wallet `bet` of a real round (`<round_id>:bet`, with the jackpot draw on jackpot games):
   * the platform's answer once taken, or undefined when an error was sent (a refusal, or no
   * confirmation: then the bet is rolled back).
   */
  async function placeBet(reply: FastifyReply, r: DrawnRound): Promise<WalletMoveResponse | undefined> {
    const { session: s, game, pair, round_id } = r;
    const betTx = `${round_id}:bet`;
    const betBody: WalletBetRequest = {
      session_token: s.session_token!,
      game: game.slug,
      round_id,
      transaction_id: betTx,
      amount_cents: r.stake,
      currency: s.currency,
      ...(jackpotGames.has(game.slug)
        ? { jackpot_draw: jackpotDraw(pair.server_seed, pair.client_seed, pair.nonce) }
        : {}),
    };
    const placed = await wallet.call('bet', betBody);
    if (!placed.ok) {
      if (placed.kind === 'refused') {
        if (placed.balance_cents !== undefined) s.balance_cents = placed.balance_cents;
        save();
        void refusal(reply, placed.code, placed.balance_cents ?? s.balance_cents);
        return undefined;
      }
      // Whether the platform took the bet is unknown: roll it back (it answers OK for an unknown bet).
      logger().warn({ round_id, reason: placed.reason }, 'studio: bet not confirmed, rolling back');
      await rollback(s, round_id, betTx);
      save();
      void fail(reply, 503, 'wallet_unavailable');
      return undefined;
    }
    // The bet is taken: the round is played, whatever happens to the win.
    countRound(r);
    s.balance_cents = placed.data.balance_cents;
    save();
    return placed.data;
  }

  /**
   * The wallet `win` of a real round whose bet was taken (`<round_id>:win`, amount 0 on a loss,
   * with the round report). A win the platform does not answer is owed: kept and re-sent, and
   * the answer says `win_pending`.
   */
  async function payWin(r: DrawnRound, jackpot: JackpotWin | null): Promise<RoundResponse> {
    const { session: s, round_id } = r;
    const winTx = `${round_id}:win`;
    const winBody: WalletWinRequest = {
      session_token: s.session_token!,
      game: r.game.slug,
      round_id,
      transaction_id: winTx,
      reference_transaction_id: `${round_id}:bet`,
      amount_cents: r.win,
      currency: s.currency,
      round: { stake_cents: r.stake, bet: r.bet, outcome: r.outcome, fair: r.fair },
    };
    const raw = JSON.stringify(winBody);
    const paid = await wallet.call('win', raw);
    if (paid.ok) {
      s.balance_cents = paid.data.balance_cents;
      save();
      return answer(r, s.balance_cents, jackpot);
    }
    if (paid.kind === 'unavailable') {
      // Owed: kept in the store and re-sent with the same body until the platform answers.
      logger().warn({ round_id, reason: paid.reason }, 'studio: win not delivered, kept for retry');
      owe('win', winTx, raw, paid.reason);
      s.balance_cents += r.win;
    } else {
      failed('win', winTx, raw, paid.code);
    }
    save();
    return { ...answer(r, s.balance_cents, jackpot), win_pending: true as const };
  }

  async function rollback(s: StudioSession, round_id: string, betTx: string): Promise<void> {
    const body: WalletRollbackRequest = {
      session_token: s.session_token!,
      game: s.game,
      round_id,
      transaction_id: `${round_id}:rollback`,
      reference_transaction_id: betTx,
    };
    const raw = JSON.stringify(body);
    const result = await wallet.call('rollback', raw);
    if (result.ok) s.balance_cents = result.data.balance_cents;
    else if (result.kind === 'unavailable') owe('rollback', body.transaction_id, raw, result.reason);
    else failed('rollback', body.transaction_id, raw, result.code);
  }

  return { playRound, rollback };
}
