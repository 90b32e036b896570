/**
 * The studio's engine: sessions and their provably fair seed pairs, one round at a time per
 * player, the wallet calls a round makes (and the ones still owed after a failure, retried with
 * backoff), and the answers the routes send. State lives in a `StudioStore`.
 *
 * `createStudioEngine` composes its parts, each a section below: the core (options, store,
 * wallet), per-player serialisation, sessions and seeds, owed wallet calls, answers, rounds (free
 * spins among them; their grants' books are `free-spins.ts`).
 */
import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import type {
  WalletBetRequest,
  WalletErrorCode,
  WalletFreespinRequest,
  WalletMoveResponse,
  WalletRollbackRequest,
  WalletWinRequest,
} from '@orbit/contracts';
import type { FastifyReply } from 'fastify';
import { commitment, jackpotDraw, RoundDraws } from '../fair/draws';
import { isStepGame, type AnyGameMath, type AnyStepGameMath, type StepRound } from '../games/types';
import type { ErrorResponse, Fair, JackpotWin, RoundResponse, SessionResponse } from '../protocol';
import { crashTable } from './crash-table';
import { freeSpinGrants, type FreeSpinGrants } from './free-spins';
import { clientMissingPage } from './html';
import {
  DEFAULT_JACKPOT_GAMES,
  DEFAULT_SLOT_GAMES,
  DEMO_BALANCE_CENTS,
  licenceRules,
  MAX_RETRY_BACKOFF_MS,
  noLog,
  OPEN_ROUND_IDLE_MS,
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
  type OpenRound,
  type PendingCall,
  type SeedPair,
  type StudioSession,
  type StudioState,
} from './store';
import { walletClient } from './wallet';

export type StudioEngine = ReturnType<typeof createStudioEngine>;

export function createStudioEngine(options: StudioOptions) {
  const core = engineCore(options);
  const grants = freeSpinGrants(core);
  const sessions = sessionsAndSeeds(core, grants);
  const owed = owedWalletCalls(core, sessions, grants);
  const answers = studioAnswers(core);
  const rounds = roundPlay(core, sessions, owed, answers, grants);
  const idleMs = options.openRoundIdleMs ?? OPEN_ROUND_IDLE_MS;
  /** Each pass first finishes the step rounds left idle, so that their wins go with the owed calls. */
  const retryPending = () => {
    rounds.finishIdleRounds(idleMs);
    return owed.retryPending();
  };
  const liveCrash = crashTable({ ...core, ...owed, liveSession: sessions.liveSession });
  liveCrash.useDelivery(retryPending);
  return {
    ...core,
    withLock: playerLocks(),
    ...grants,
    ...sessions,
    ...owed,
    ...answers,
    ...rounds,
    retryPending,
    liveCrash,
  };
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
  /** Step games' unfinished rounds (a state saved before step games has none). */
  const openRounds = (): Record<string, OpenRound> => (state.open_rounds ??= {});

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
    openRounds,
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

/** The key of a player's open round in a game. */
export const openRoundKey = (player: string, game: string) => `${player}|${game}`;

/** A step round replayed from its seeds: the seed pair must still be the one it opened with. */
export function replayStep(game: AnyStepGameMath, open: OpenRound, pair: SeedPair, actions: readonly unknown[]) {
  if (pair.server_seed_hash !== open.fair.server_seed_hash)
    throw new Error(`open round ${open.round_id}: its seed pair is gone`);
  const draws = new RoundDraws(pair.server_seed, open.fair.client_seed, open.fair.nonce);
  return game.resolve(draws, open.bet, actions) as StepRound<unknown, unknown>;
}

function sessionsAndSeeds(core: EngineCore, grants: FreeSpinGrants) {
  const seeds = seedPairs(core);
  const books = sessionBooks(core, grants, seeds);
  const views = sessionViews(core, grants, seeds);
  return {
    expired: books.expired,
    dropSession: books.dropSession,
    sweep: books.sweep,
    liveSession: books.liveSession,
    newPair: seeds.newPair,
    seedPair: seeds.seedPair,
    revealPair: seeds.revealPair,
    fairView: seeds.fairView,
    sessionView: views.sessionView,
    hasOpenRound: views.hasOpenRound,
  };
}

type SeedPairs = ReturnType<typeof seedPairs>;

/** The players' seed pairs and their commitments. */
function seedPairs({ state, nowIso }: EngineCore) {
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

  return { newPair, seedPair, revealPair, fairView };
}

/** The live sessions: their expiry, the sweep of the expired ones. */
function sessionBooks(
  { state, save, openRounds, clock, nowIso, sessionTtlMs }: EngineCore,
  { pruneGrants }: FreeSpinGrants,
  { revealPair }: SeedPairs,
) {
  const expired = (s: StudioSession, now = clock()) =>
    now.getTime() - new Date(s.last_seen_at).getTime() > sessionTtlMs;

  /** Drops a session; a demo session's seed pair goes with it, revealed (nobody plays it again). */
  function dropSession(s: StudioSession): void {
    delete state.sessions[s.id];
    if (s.mode === 'demo') {
      const pair = state.seeds[s.player];
      if (pair) revealPair(pair);
      delete state.seeds[s.player];
      // Play money: a demo round left open ends with its session.
      delete openRounds()[openRoundKey(s.player, s.game)];
    }
  }

  function sweep(): void {
    const now = clock();
    for (const s of Object.values(state.sessions)) if (expired(s, now)) dropSession(s);
    pruneGrants(now);
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

  return { expired, dropSession, sweep, liveSession };
}

/** A session as the game sees it, with the open round it continues. */
function sessionViews(
  { openRounds, slotGames, findGame }: EngineCore,
  { freeSpinsView }: FreeSpinGrants,
  { seedPair, fairView }: SeedPairs,
) {
  /** The open round of the session's player in its game, as a round answer (the player continues it). */
  function openRoundView(s: StudioSession): RoundResponse | undefined {
    const open = openRounds()[openRoundKey(s.player, s.game)];
    const game = open && findGame(open.game);
    if (!open || !game || !isStepGame(game)) return undefined;
    const step = replayStep(game, open, seedPair(s.player), open.actions);
    return {
      round_id: open.round_id,
      outcome: step.outcome,
      stake_cents: open.staked,
      win_cents: 0,
      balance_cents: s.balance_cents,
      currency: s.currency,
      fair: open.fair,
      jackpot_win: null,
      next: step.next,
    };
  }

  /** Whether the player has a round open in any game (the seed pair cannot be revealed then). */
  const hasOpenRound = (player: string) => Object.keys(openRounds()).some((key) => key.startsWith(`${player}|`));

  function sessionView(s: StudioSession): SessionResponse {
    const rules = licenceRules(s.licence);
    const open = openRoundView(s);
    return {
      session_id: s.id,
      mode: s.mode,
      game: s.game,
      currency: s.currency,
      balance_cents: s.balance_cents,
      nickname: s.nickname ?? null,
      licence: s.licence,
      max_bet_cents: s.max_bet_cents ?? null,
      rules: { min_spin_ms: slotGames.has(s.game) ? rules.minSpinMs : 0, quick_spin: rules.quickSpin },
      fair: fairView(seedPair(s.player)),
      ...(open ? { open_round: open } : {}),
      free_spins: freeSpinsView(s),
    };
  }

  return { sessionView, hasOpenRound };
}

// ---------------------------------------------------------------- owed wallet calls

type OwedWalletCalls = ReturnType<typeof owedWalletCalls>;

function owedWalletCalls(core: EngineCore, sessions: SessionsAndSeeds, grants: FreeSpinGrants) {
  const books = owedBooks(core);
  const { retryPending } = owedDelivery(core, sessions, grants, books.noteBalance);
  return { owe: books.owe, failed: books.failed, noteBalance: books.noteBalance, retryPending };
}

/** The wait before an owed call's next attempt: doubling, up to the longest backoff. */
function backoff(attempts: number): number {
  return Math.min(1000 * 2 ** Math.max(0, attempts - 1), MAX_RETRY_BACKOFF_MS);
}

/** The calls kept to re-send (or kept as refused), and the balances the platform's answers tell. */
function owedBooks({ state, clock, nowIso, logger }: EngineCore) {
  /** A call kept to re-send, first after `delayMs` (by default the backoff after one failed attempt). */
  function owe(action: PendingCall['action'], id: string, body: string, error: string, delayMs = backoff(1)): void {
    state.pending.push({
      id,
      action,
      body,
      attempts: 1,
      next_attempt_at: new Date(clock().getTime() + delayMs).toISOString(),
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

  return { owe, failed, noteBalance };
}

/** The owed calls re-sent, one pass at a time. */
function owedDelivery(
  { state, save, clock, wallet, logger }: EngineCore,
  { sweep }: SessionsAndSeeds,
  { noteLeft, noteRefused }: FreeSpinGrants,
  noteBalance: (sessionToken: string, balance: number) => void,
) {
  async function pass(): Promise<RetryReport> {
    sweep();
    save();
    const report: RetryReport = { delivered: 0, pending: 0, failed: 0 };
    const now = clock();
    for (const call of [...state.pending]) {
      if (call.state !== 'pending' || new Date(call.next_attempt_at) > now) continue;
      const result = await wallet.call(call.action, call.body);
      call.attempts += 1;
      const sent = JSON.parse(call.body) as { session_token: string; freespin_id?: string };
      if (result.ok) {
        state.pending = state.pending.filter((p) => p !== call);
        noteBalance(sent.session_token, result.data.balance_cents);
        if (sent.freespin_id !== undefined && 'freespins_left' in result.data)
          noteLeft(sent.freespin_id, result.data.freespins_left);
        report.delivered++;
        logger().info(
          { action: call.action, transaction_id: call.id, attempts: call.attempts },
          'studio: owed wallet call delivered',
        );
      } else if (result.kind === 'refused') {
        call.state = 'failed';
        call.last_error = result.code;
        if (sent.freespin_id !== undefined) noteRefused(sent.freespin_id, result.code);
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

  return { retryPending };
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
  function refusal(reply: FastifyReply, code: WalletErrorCode, balance?: number, maxBet?: number | null) {
    const status = REFUSAL_STATUS[code];
    if (!status) {
      logger().error({ code }, 'studio: unexpected wallet refusal');
      return fail(reply, 503, 'wallet_unavailable');
    }
    return fail(
      reply,
      status,
      code,
      code === 'insufficient_funds' && balance !== undefined
        ? { balance_cents: balance }
        : code === 'bonus_max_bet' && maxBet !== undefined
          ? { max_bet_cents: maxBet }
          : {},
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
  /** The round's stake (a step round's: so far, with its doubles and splits). */
  stake: number;
  outcome: unknown;
  win: number;
  /** A step round's actions allowed now, null once settled; undefined for a one-request round. */
  next?: unknown[] | null;
  started: Date;
};

/** The rounds: one-request and step rounds, free spins, and the step rounds left idle. */
function roundPlay(
  core: EngineCore,
  sessions: SessionsAndSeeds,
  owed: OwedWalletCalls,
  answers: StudioAnswers,
  grants: FreeSpinGrants,
) {
  const basics = roundBasics(core, sessions, grants);
  const moves = roundWalletMoves(core, owed, answers, basics);
  const { playRound } = openingRounds(core, answers, basics, moves);
  const { playFreeSpin } = freeSpinRounds(core, sessions, owed, answers, grants, basics);
  const { actOnRound } = stepActions(core, sessions, answers, basics, moves);
  const { finishIdleRounds } = idleRounds(core, sessions, owed);
  return { playRound, playFreeSpin, actOnRound, rollback: moves.rollback, finishIdleRounds };
}

type RoundBasics = ReturnType<typeof roundBasics>;

/** What every round does: the licence's spin time, the draw, the count, the answer, an open step round kept. */
function roundBasics(
  { nowIso, openRounds, slotGames }: EngineCore,
  { seedPair, fairView }: SessionsAndSeeds,
  { freeSpinsView }: FreeSpinGrants,
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

  /**
   * Draws the round from the player's seed pair with the game's mathematics (nothing counted yet);
   * a step game's round as it opens (settled already when, say, the dealer peeks a blackjack).
   */
  function drawRound(s: StudioSession, game: AnyGameMath, bet: unknown, stake: number, started: Date): DrawnRound {
    const pair = seedPair(s.player);
    const fair = fairView(pair);
    const draws = new RoundDraws(pair.server_seed, pair.client_seed, pair.nonce);
    const played = isStepGame(game) ? game.resolve(draws, bet, []) : { ...game.play(draws, bet), next: undefined };
    const { outcome, win, next } = played;
    if (!Number.isSafeInteger(win) || win < 0)
      throw new Error(`${game.slug}: play returned an invalid win ${String(win)}`);
    return { round_id: randomHex(16), session: s, game, pair, fair, bet, stake, outcome, win, next, started };
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
    ...(r.next !== undefined ? { next: r.next } : {}),
    ...(r.session.mode === 'real' ? { free_spins: freeSpinsView(r.session) } : {}),
  });

  /** A step round still open after its opening bet: kept until the player's last action. */
  function keepOpen(r: DrawnRound): void {
    const now = nowIso();
    openRounds()[openRoundKey(r.session.player, r.game.slug)] = {
      round_id: r.round_id,
      game: r.game.slug,
      currency: r.session.currency,
      session_id: r.session.id,
      ...(r.session.session_token ? { session_token: r.session.session_token } : {}),
      bet: r.bet,
      actions: [],
      staked: r.stake,
      fair: r.fair,
      opened_at: now,
      updated_at: now,
    };
  }

  return { tooFast, drawRound, countRound, answer, keepOpen };
}

type RoundWalletMoves = ReturnType<typeof roundWalletMoves>;

/** A real round's wallet calls: its bets, its win, a bet's rollback. */
function roundWalletMoves(
  { save, wallet, jackpotGames, logger }: EngineCore,
  { owe, failed }: OwedWalletCalls,
  { fail, refusal }: StudioAnswers,
  { answer }: RoundBasics,
) {
  /**
   * A wallet `bet` of a real round (the opening one `<round_id>:bet`, with the jackpot draw on
   * jackpot games; a step round's double or split `<round_id>:bet:<n>`): the platform's answer once
   * taken, or undefined when an error was sent (a refusal, or no confirmation: then the bet is
   * rolled back).
   */
  async function placeBet(
    reply: FastifyReply,
    r: DrawnRound,
    betTx: string,
    amount: number,
  ): Promise<WalletMoveResponse | undefined> {
    const { session: s, round_id } = r;
    const placed = await wallet.call('bet', betBody(r, betTx, amount, jackpotGames));
    if (!placed.ok) {
      if (placed.kind === 'refused') {
        if (placed.balance_cents !== undefined) s.balance_cents = placed.balance_cents;
        // A bonus started (or its cap changed) since the launch: the game learns the cap in force now.
        if (placed.max_bet_cents !== undefined) s.max_bet_cents = placed.max_bet_cents;
        save();
        void refusal(reply, placed.code, placed.balance_cents ?? s.balance_cents, placed.max_bet_cents);
        return undefined;
      }
      // Whether the platform took the bet is unknown: roll it back (it answers OK for an unknown bet).
      logger().warn({ round_id, reason: placed.reason }, 'studio: bet not confirmed, rolling back');
      await rollback(s, round_id, betTx);
      save();
      void fail(reply, 503, 'wallet_unavailable');
      return undefined;
    }
    s.balance_cents = placed.data.balance_cents;
    save();
    return placed.data;
  }

  /**
   * The wallet `win` of a real round whose bet was taken. A win the platform does not answer is
   * owed: kept and re-sent, and the answer says `win_pending`.
   */
  async function payWin(r: DrawnRound, jackpot: JackpotWin | null): Promise<RoundResponse> {
    const { session: s, round_id } = r;
    const winTx = `${round_id}:win`;
    const raw = JSON.stringify(winBody(r, s.currency, s.session_token!));
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
    const body = rollbackBody(s, round_id, betTx);
    const raw = JSON.stringify(body);
    const result = await wallet.call('rollback', raw);
    if (result.ok) s.balance_cents = result.data.balance_cents;
    else if (result.kind === 'unavailable') owe('rollback', body.transaction_id, raw, result.reason);
    else failed('rollback', body.transaction_id, raw, result.code);
  }

  return { placeBet, payWin, rollback };
}

/** The body of a real round's wallet `bet`: the opening one carries the jackpot draw on jackpot games. */
function betBody(r: DrawnRound, betTx: string, amount: number, jackpotGames: ReadonlySet<string>): WalletBetRequest {
  const { session: s, game, pair, round_id } = r;
  const opening = betTx === `${round_id}:bet`;
  return {
    session_token: s.session_token!,
    game: game.slug,
    round_id,
    transaction_id: betTx,
    amount_cents: amount,
    currency: s.currency,
    ...(opening && jackpotGames.has(game.slug)
      ? { jackpot_draw: jackpotDraw(pair.server_seed, pair.client_seed, pair.nonce) }
      : {}),
  };
}

/** The body of a real round's wallet `win` (`<round_id>:win`, amount 0 on a loss, with the round report). */
function winBody(
  r: Pick<DrawnRound, 'round_id' | 'game' | 'stake' | 'bet' | 'outcome' | 'fair' | 'win'>,
  currency: string,
  sessionToken: string,
): WalletWinRequest {
  return {
    session_token: sessionToken,
    game: r.game.slug,
    round_id: r.round_id,
    transaction_id: `${r.round_id}:win`,
    reference_transaction_id: `${r.round_id}:bet`,
    amount_cents: r.win,
    currency,
    round: { stake_cents: r.stake, bet: r.bet, outcome: r.outcome, fair: r.fair },
  };
}

/** The body of a bet's wallet `rollback`. */
function rollbackBody(s: StudioSession, round_id: string, betTx: string): WalletRollbackRequest {
  return {
    session_token: s.session_token!,
    game: s.game,
    round_id,
    // The opening bet's rollback keeps the name it always had; a double's or split's is named after its bet.
    transaction_id: betTx === `${round_id}:bet` ? `${round_id}:rollback` : `${betTx}:rollback`,
    reference_transaction_id: betTx,
  };
}

/** A round's opening request: a one-request round whole, a step round as it opens. */
function openingRounds(
  { save, openRounds }: EngineCore,
  { fail }: StudioAnswers,
  { tooFast, drawRound, countRound, answer, keepOpen }: RoundBasics,
  { placeBet, payWin }: RoundWalletMoves,
) {
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
    // One round at a time in a step game: the open one is continued (the session tells it).
    if (isStepGame(game) && openRounds()[openRoundKey(s.player, game.slug)]) {
      void fail(reply, 409, 'round_in_progress');
      return undefined;
    }
    const round = drawRound(s, game, bet, stake, started);
    if (s.mode === 'demo') return playDemoRound(reply, round);
    const placed = await placeBet(reply, round, `${round.round_id}:bet`, round.stake);
    if (!placed) return undefined;
    // The bet is taken: the round is played, whatever happens to the win.
    countRound(round);
    if (round.next) {
      keepOpen(round);
      save();
      return answer(round, s.balance_cents, placed.jackpot_win ?? null);
    }
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
    if (r.next) keepOpen(r);
    save();
    return answer(r, s.balance_cents, null);
  }

  return { playRound };
}

/** The session's free spins. */
function freeSpinRounds(
  { save, wallet, logger }: EngineCore,
  { hasOpenRound }: SessionsAndSeeds,
  { owe }: OwedWalletCalls,
  { fail, refusal }: StudioAnswers,
  { offersFreeSpins, usableGrant, noteLeft, noteRefused }: FreeSpinGrants,
  { tooFast, drawRound, countRound, answer }: RoundBasics,
) {
  /** Why the session cannot spin one of its free spins now (the error sent), or its grant. */
  function spinnable(reply: FastifyReply, s: StudioSession, game: AnyGameMath, started: Date) {
    if (s.mode !== 'real' || !offersFreeSpins(game)) {
      void fail(reply, 409, 'no_free_spins');
      return undefined;
    }
    // A step round open in any game of the player's comes first (the session names it).
    if (hasOpenRound(s.player)) {
      void fail(reply, 409, 'round_in_progress');
      return undefined;
    }
    const usable = usableGrant(s);
    if (!usable) {
      void fail(reply, 409, 'no_free_spins');
      return undefined;
    }
    if (tooFast(s, game, started)) {
      save();
      void fail(reply, 429, 'too_fast');
      return undefined;
    }
    return usable;
  }

  /**
   * One of the session's free spins, under the player's lock: the game's round at the grant's bet
   * level, drawn from the player's seed pair like a paid one, with no bet. One wallet `freespin`
   * (`<round_id>:freespin`, the win and the round report) closes it; one the platform does not
   * answer is owed like a win. A refusal of the grant (`freespins_used`, `freespin_not_found`)
   * ends it here too and is the player's to see; the round then is not played (the nonce stays).
   */
  async function playFreeSpin(
    reply: FastifyReply,
    s: StudioSession,
    game: AnyGameMath,
    started: Date,
  ): Promise<RoundResponse | undefined> {
    const usable = spinnable(reply, s, game, started);
    if (!usable) return undefined;
    const { grant } = usable;
    const round = drawRound(s, game, usable.bet, usable.stake, started);
    const body = freespinBody(round, grant.id);
    const raw = JSON.stringify(body);
    const spun = await wallet.call('freespin', raw);
    if (!spun.ok && spun.kind === 'refused') {
      noteRefused(grant.id, spun.code);
      if (spun.balance_cents !== undefined) s.balance_cents = spun.balance_cents;
      save();
      void refusal(reply, spun.code, spun.balance_cents);
      return undefined;
    }
    // Taken, or owed: the spin is played either way.
    countRound(round);
    grant.won_cents += round.win;
    if (spun.ok) {
      s.balance_cents = spun.data.balance_cents;
      noteLeft(grant.id, spun.data.freespins_left);
      save();
      return answer(round, s.balance_cents, null);
    }
    logger().warn({ round_id: round.round_id, reason: spun.reason }, 'studio: free spin not delivered, kept for retry');
    owe('freespin', body.transaction_id, raw, spun.reason);
    grant.left = Math.max(0, grant.left - 1);
    save();
    return { ...answer(round, s.balance_cents, null), win_pending: true as const };
  }

  return { playFreeSpin };
}

/** The body of a free spin's wallet `freespin` (`<round_id>:freespin`, the win and the round report). */
function freespinBody(round: DrawnRound, freespinId: string): WalletFreespinRequest {
  const s = round.session;
  return {
    session_token: s.session_token!,
    game: round.game.slug,
    round_id: round.round_id,
    transaction_id: `${round.round_id}:freespin`,
    freespin_id: freespinId,
    amount_cents: round.win,
    currency: s.currency,
    round: { stake_cents: round.stake, bet: round.bet, outcome: round.outcome, fair: round.fair },
  };
}

/** A step game's actions on the player's open round. */
function stepActions(
  { save, clock, nowIso, openRounds, findGame }: EngineCore,
  { seedPair }: SessionsAndSeeds,
  { fail }: StudioAnswers,
  { answer }: RoundBasics,
  { placeBet, payWin }: RoundWalletMoves,
) {
  /** What the action stakes on top (a double, a split), taken; false when an error was sent. */
  async function stakeExtra(reply: FastifyReply, r: DrawnRound, open: OpenRound): Promise<boolean> {
    const s = r.session;
    const extra = r.stake - open.staked;
    if (extra <= 0) return true;
    if (s.mode === 'demo') {
      if (extra > s.balance_cents) {
        void fail(reply, 402, 'insufficient_funds', { balance_cents: s.balance_cents });
        return false;
      }
      s.balance_cents -= extra;
    } else {
      const placed = await placeBet(reply, r, `${open.round_id}:bet:${open.actions.length + 1}`, extra);
      if (!placed) return false;
    }
    open.staked = r.stake;
    return true;
  }

  /**
   * A step game's action on the player's open round, under the player's lock: replayed from the
   * round's seeds with the actions so far and this one; what it stakes on top (a double, a split)
   * is a wallet `bet` of its own (`<round_id>:bet:<n>`), and the last action settles the round.
   * The answer, or undefined when an error was sent (the round is then as it was).
   */
  async function actOnRound(
    reply: FastifyReply,
    s: StudioSession,
    roundId: string,
    input: unknown,
  ): Promise<RoundResponse | undefined> {
    const key = openRoundKey(s.player, s.game);
    const open = openRounds()[key];
    const game = open && findGame(open.game);
    if (!open || open.round_id !== roundId || !game || !isStepGame(game)) {
      void fail(reply, 404, 'round_not_found');
      return undefined;
    }
    const pair = seedPair(s.player);
    const next = nextStep(fail, reply, game, open, pair, input);
    if (!next) return undefined;
    const { action, step } = next;
    const r = stepRound(open, s, game, pair, step, clock());
    if (!(await stakeExtra(reply, r, open))) return undefined;
    open.actions.push(action);
    open.updated_at = nowIso();
    if (s.session_token) open.session_token = s.session_token;
    if (step.next !== null) {
      save();
      return answer(r, s.balance_cents, null);
    }
    delete openRounds()[key];
    if (s.mode === 'demo') {
      s.balance_cents += r.win;
      save();
      return answer(r, s.balance_cents, null);
    }
    return payWin(r, null);
  }

  return { actOnRound };
}

/** The action read and the open round replayed with it; undefined when an error was sent. */
function nextStep(
  fail: StudioAnswers['fail'],
  reply: FastifyReply,
  game: AnyStepGameMath,
  open: OpenRound,
  pair: SeedPair,
  input: unknown,
) {
  let action: unknown;
  try {
    action = game.parseAction(input);
  } catch (error) {
    if (!(error instanceof RangeError)) throw error;
    void fail(reply, 422, 'invalid_action');
    return undefined;
  }
  try {
    return { action, step: replayStep(game, open, pair, [...open.actions, action]) };
  } catch (error) {
    if (!(error instanceof RangeError)) throw error;
    void fail(reply, 422, 'action_not_allowed');
    return undefined;
  }
}

/** The open round after an action, as a drawn round (its wallet calls and answer are made of it). */
function stepRound(
  open: OpenRound,
  s: StudioSession,
  game: AnyGameMath,
  pair: SeedPair,
  step: StepRound<unknown, unknown>,
  started: Date,
): DrawnRound {
  return {
    round_id: open.round_id,
    session: s,
    game,
    pair,
    fair: open.fair,
    bet: open.bet,
    stake: step.stake,
    outcome: step.outcome,
    win: step.win,
    next: step.next,
    started,
  };
}

/** Step rounds the player left idle. */
function idleRounds(
  { save, clock, openRounds, findGame, logger }: EngineCore,
  { seedPair }: SessionsAndSeeds,
  { owe }: OwedWalletCalls,
) {
  /**
   * Step rounds idle for longer than `idleMs` are finished for the player with the game's idle
   * action (stand, keep the hand: never more stake), and a real round's win is owed to the
   * platform like any undelivered win (sent by the next pass of `retryPending`).
   */
  function finishIdleRounds(idleMs: number): number {
    const now = clock().getTime();
    let finished = 0;
    for (const [key, open] of Object.entries(openRounds())) {
      if (now - new Date(open.updated_at).getTime() < idleMs) continue;
      const game = findGame(open.game);
      const player = key.slice(0, key.lastIndexOf('|'));
      const pair = seedPair(player);
      delete openRounds()[key];
      if (!game || !isStepGame(game) || pair.server_seed_hash !== open.fair.server_seed_hash) {
        logger().error({ round_id: open.round_id }, 'studio: an open round cannot be finished');
        continue;
      }
      const actions = [...open.actions];
      let step = replayStep(game, open, pair, actions);
      for (let guard = 0; step.next !== null && guard < 20; guard++) {
        actions.push(game.idleAction);
        step = replayStep(game, open, pair, actions);
      }
      finished++;
      if (!player.startsWith('real:') || !open.session_token) continue;
      const settled = { ...open, game, stake: step.stake, outcome: step.outcome, win: step.win };
      const body = winBody(settled, open.currency, open.session_token);
      owe('win', body.transaction_id, JSON.stringify(body), 'finished after idling', 0);
      logger().info({ round_id: open.round_id, win: step.win }, 'studio: an idle round finished for the player');
    }
    if (finished) save();
    return finished;
  }

  return { finishIdleRounds };
}
