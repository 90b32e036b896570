/**
 * The studio's HTTP service (apps/studio/README.md): sessions, rounds, seeds, the rules and
 * client pages. It moves real money only through the provider wallet protocol
 * (docs/provider-protocol.md) and keeps its own state in a `StudioStore`.
 */
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import fastifyStatic from '@fastify/static';
import {
  WALLET_ERROR_STATUS,
  type WalletBetRequest,
  type WalletErrorCode,
  type WalletRollbackRequest,
  type WalletWinRequest,
  type JackpotWin,
} from '@orbit/contracts';
import type { FastifyBaseLogger, FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import { commitment, jackpotDraw, RoundDraws } from '../fair/draws';
import type { AnyGameMath } from '../games/types';
import { clientMissingPage, notFoundPage, rulesPage } from './html';
import {
  emptyStudioState,
  memoryStore,
  type PendingCall,
  type SeedPair,
  type StudioSession,
  type StudioState,
  type StudioStore,
} from './store';
import { walletClient, type StudioFetch, type WalletRetryOptions } from './wallet';

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
export const DEFAULT_SLOT_GAMES = ['stellar-sevens', 'nebula-ways', 'cosmic-clusters'] as const;
export const DEMO_CURRENCY = 'FUN';
export const DEMO_BALANCE_CENTS = 100_000;
export const SESSION_TTL_MS = 12 * 3_600_000;
const MAX_RETRY_BACKOFF_MS = 5 * 60_000;

export type LicenceRules = { minSpinMs: number; quickSpin: boolean };

/** What a licence imposes on the game client and the rounds. `EE`: 2.5 s slot spins, no quick spin. */
export function licenceRules(licence: string): LicenceRules {
  if (licence === 'EE') return { minSpinMs: 2500, quickSpin: false };
  return { minSpinMs: 0, quickSpin: true };
}

/** The statuses of the wallet refusals a player sees as they are; any other refusal is the studio's problem. */
const REFUSAL_STATUS: Partial<Record<WalletErrorCode, number>> = Object.fromEntries(
  (
    [
      'invalid_launch_token',
      'invalid_session',
      'insufficient_funds',
      'player_excluded',
      'limit_reached',
      'game_disabled',
      'bonus_max_bet',
      'wrong_currency',
    ] as const
  ).map((code) => [code, WALLET_ERROR_STATUS[code]]),
);

const randomHex = (bytes: number) => randomBytes(bytes).toString('hex');
const SESSION_ID = /^[0-9a-f]{64}$/;
const SEED_HASH = /^[0-9a-fA-F]{64}$/;
/** 1–64 printable ASCII characters. */
export const CLIENT_SEED = /^[\x20-\x7e]{1,64}$/;

const sessionBody = z.discriminatedUnion('mode', [
  z.object({ mode: z.literal('real'), game: z.string().min(1).max(100), launch_token: z.string().min(1).max(200) }),
  z.object({
    mode: z.literal('demo'),
    game: z.string().min(1).max(100),
    currency: z.literal(DEMO_CURRENCY).optional(),
    licence: z
      .string()
      .regex(/^[A-Za-z]{2}$/)
      .optional(),
  }),
]);
const clientSeedBody = z.object({ client_seed: z.string().regex(CLIENT_SEED) });

const noLog: StudioLog = { info: () => {}, warn: () => {}, error: () => {} } as unknown as StudioLog;

/** Builds the studio: its Fastify plugin, `retryPending()` and its store. */
export function createStudio(options: StudioOptions): Studio {
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

  // ---------------------------------------------------------------- per-player serialisation

  // A player's rounds, seed changes and rotations run one at a time (two tabs share one seed pair).
  const locks = new Map<string, Promise<unknown>>();
  function withLock<T>(key: string, fn: () => Promise<T>): Promise<T> {
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
  }

  // ---------------------------------------------------------------- sessions and seeds

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

  const fairView = (pair: SeedPair) => ({
    server_seed_hash: pair.server_seed_hash,
    client_seed: pair.client_seed,
    nonce: pair.nonce,
  });

  function sessionView(s: StudioSession) {
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

  // ---------------------------------------------------------------- owed wallet calls

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
    log.error({ action, transaction_id: id, error }, 'studio: the platform refused a wallet call the studio owes');
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
        log.info(
          { action: call.action, transaction_id: call.id, attempts: call.attempts },
          'studio: owed wallet call delivered',
        );
      } else if (result.kind === 'refused') {
        call.state = 'failed';
        call.last_error = result.code;
        log.error(
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

  // ---------------------------------------------------------------- answers

  const fail = (reply: FastifyReply, status: number, error: string, extra: Record<string, unknown> = {}) =>
    reply
      .code(status)
      .header('cache-control', 'no-store')
      .send({ error, ...extra });

  /** A wallet refusal as the studio's error: the player-facing codes as they are, others 503. */
  function refusal(reply: FastifyReply, code: WalletErrorCode, balance?: number) {
    const status = REFUSAL_STATUS[code];
    if (!status) {
      log.error({ code }, 'studio: unexpected wallet refusal');
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

  // ---------------------------------------------------------------- rounds

  type RoundAnswer = {
    round_id: string;
    outcome: unknown;
    stake_cents: number;
    win_cents: number;
    balance_cents: number;
    currency: string;
    fair: { server_seed_hash: string; client_seed: string; nonce: number };
    jackpot_win: JackpotWin | null;
    win_pending?: true;
  };

  /** Plays one round under the player's lock: its answer, or undefined when an error was sent. */
  async function playRound(
    reply: FastifyReply,
    s: StudioSession,
    game: AnyGameMath,
    bet: unknown,
    stake: number,
    started: Date,
  ): Promise<RoundAnswer | undefined> {
    const rules = licenceRules(s.licence);
    const last = s.last_round_at ? new Date(s.last_round_at).getTime() : undefined;
    if (
      slotGames.has(game.slug) &&
      rules.minSpinMs > 0 &&
      last !== undefined &&
      started.getTime() - last < rules.minSpinMs
    ) {
      save();
      void fail(reply, 429, 'too_fast');
      return undefined;
    }
    const pair = seedPair(s.player);
    const fair = fairView(pair);
    const { outcome, win } = game.play(new RoundDraws(pair.server_seed, pair.client_seed, pair.nonce), bet);
    if (!Number.isSafeInteger(win) || win < 0)
      throw new Error(`${game.slug}: play returned an invalid win ${String(win)}`);
    const round_id = randomHex(16);
    const answer = (balance: number, jackpot: JackpotWin | null): RoundAnswer => ({
      round_id,
      outcome,
      stake_cents: stake,
      win_cents: win,
      balance_cents: balance,
      currency: s.currency,
      fair,
      jackpot_win: jackpot,
    });

    if (s.mode === 'demo') {
      if (stake > s.balance_cents) {
        save();
        void fail(reply, 402, 'insufficient_funds', { balance_cents: s.balance_cents });
        return undefined;
      }
      s.balance_cents = s.balance_cents - stake + win;
      pair.nonce += 1;
      s.last_round_at = started.toISOString();
      save();
      return answer(s.balance_cents, null);
    }

    const sessionToken = s.session_token!;
    const betTx = `${round_id}:bet`;
    const betBody: WalletBetRequest = {
      session_token: sessionToken,
      game: game.slug,
      round_id,
      transaction_id: betTx,
      amount_cents: stake,
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
      log.warn({ round_id, reason: placed.reason }, 'studio: bet not confirmed, rolling back');
      await rollback(s, round_id, betTx);
      save();
      void fail(reply, 503, 'wallet_unavailable');
      return undefined;
    }
    // The bet is taken: the round is played, whatever happens to the win.
    pair.nonce += 1;
    s.last_round_at = started.toISOString();
    s.balance_cents = placed.data.balance_cents;
    save();

    const winTx = `${round_id}:win`;
    const winBody: WalletWinRequest = {
      session_token: sessionToken,
      game: game.slug,
      round_id,
      transaction_id: winTx,
      reference_transaction_id: betTx,
      amount_cents: win,
      currency: s.currency,
      round: { stake_cents: stake, bet, outcome, fair },
    };
    const raw = JSON.stringify(winBody);
    const paid = await wallet.call('win', raw);
    const jackpot = placed.data.jackpot_win ?? null;
    if (paid.ok) {
      s.balance_cents = paid.data.balance_cents;
      save();
      return answer(s.balance_cents, jackpot);
    }
    if (paid.kind === 'unavailable') {
      // Owed: kept in the store and re-sent with the same body until the platform answers.
      log.warn({ round_id, reason: paid.reason }, 'studio: win not delivered, kept for retry');
      owe('win', winTx, raw, paid.reason);
      s.balance_cents += win;
    } else {
      failed('win', winTx, raw, paid.code);
    }
    save();
    return { ...answer(s.balance_cents, jackpot), win_pending: true as const };
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

  // ---------------------------------------------------------------- plugin

  async function plugin(app: FastifyInstance): Promise<void> {
    if (!options.log) log = app.log;

    app.setErrorHandler((error: { statusCode?: number; message: string }, _req, reply) => {
      const status = error.statusCode ?? 500;
      if (status >= 400 && status < 500)
        return fail(reply, status === 404 ? 404 : 400, status === 404 ? 'not_found' : 'invalid_request');
      log.error(error);
      return fail(reply, 500, 'internal_error');
    });
    app.setNotFoundHandler((_req, reply) => fail(reply, 404, 'not_found'));

    // A POST without a body (rotate) may still say `content-type: application/json`: accept it.
    // Only this plugin's context changes; the casino's parser stays as it is.
    const jsonParser = app.getDefaultJsonParser('error', 'error');
    app.removeContentTypeParser('application/json');
    app.addContentTypeParser('application/json', { parseAs: 'string' }, (req, body, done) => {
      if (body === '') return done(null, undefined);
      jsonParser(req, body as string, done);
    });

    if (options.clientDir) {
      await app.register(fastifyStatic, {
        root: resolve(options.clientDir, 'assets'),
        prefix: '/assets/',
        decorateReply: false,
        index: false,
      });
    }

    const interval = options.retryIntervalMs ?? 30_000;
    if (interval > 0) {
      const timer = setInterval(() => {
        retryPending().catch((error: unknown) => log.error(error));
      }, interval);
      timer.unref();
      app.addHook('onClose', async () => clearInterval(timer));
    }

    // ---- sessions

    app.post('/api/sessions', async (req, reply) => {
      const parsed = sessionBody.safeParse(req.body);
      if (!parsed.success) return fail(reply, 422, 'invalid_request');
      const body = parsed.data;
      if (!findGame(body.game)) return fail(reply, 404, 'game_not_found');
      sweep();
      const id = randomHex(32);
      const now = nowIso();
      let s: StudioSession;
      if (body.mode === 'demo') {
        s = {
          id,
          mode: 'demo',
          game: body.game,
          currency: DEMO_CURRENCY,
          licence: (body.licence ?? 'CW').toUpperCase(),
          player: `demo:${id}`,
          balance_cents: demoBalance,
          created_at: now,
          last_seen_at: now,
        };
      } else {
        const auth = await wallet.call('authenticate', { launch_token: body.launch_token, game: body.game });
        if (!auth.ok) {
          if (auth.kind === 'refused') return refusal(reply, auth.code, auth.balance_cents);
          log.warn({ reason: auth.reason }, 'studio: authenticate failed');
          return fail(reply, 503, 'wallet_unavailable');
        }
        const a = auth.data;
        s = {
          id,
          mode: 'real',
          game: body.game,
          currency: a.currency,
          licence: a.licence.toUpperCase(),
          player: `real:${a.player_id}`,
          session_token: a.session_token,
          player_id: a.player_id,
          nickname: a.nickname,
          balance_cents: a.balance_cents,
          created_at: now,
          last_seen_at: now,
        };
      }
      state.sessions[id] = s;
      const view = sessionView(s);
      save();
      return reply.code(201).header('cache-control', 'no-store').send(view);
    });

    app.get<{ Params: { id: string } }>('/api/sessions/:id', async (req, reply) => {
      const s = liveSession(req.params.id);
      if (!s) return fail(reply, 404, 'session_not_found');
      if (s.mode === 'real') {
        // A fresh balance when the platform answers at once; the last known one otherwise.
        const balance = await wallet.call('balance', { session_token: s.session_token! }, { attempts: 1 });
        if (balance.ok) s.balance_cents = balance.data.balance_cents;
      }
      const view = sessionView(s);
      save();
      return reply.header('cache-control', 'no-store').send(view);
    });

    app.post<{ Params: { id: string } }>('/api/sessions/:id/rounds', async (req, reply) => {
      const started = clock();
      const s = liveSession(req.params.id);
      if (!s) return fail(reply, 404, 'session_not_found');
      const game = findGame(s.game);
      if (!game) return fail(reply, 403, 'game_disabled');
      let bet: unknown;
      let stake: number;
      try {
        bet = game.parseBet((req.body as { bet?: unknown } | null | undefined)?.bet);
        stake = game.stake(bet);
      } catch (error) {
        if (error instanceof RangeError) return fail(reply, 422, 'invalid_bet');
        throw error;
      }
      if (!Number.isSafeInteger(stake) || stake < 1) return fail(reply, 422, 'invalid_bet');
      const result = await withLock(s.player, () => playRound(reply, s, game, bet, stake, started));
      return result === undefined ? reply : reply.header('cache-control', 'no-store').send(result);
    });

    // ---- seeds

    app.put<{ Params: { id: string } }>('/api/sessions/:id/client_seed', async (req, reply) => {
      const s = liveSession(req.params.id);
      if (!s) return fail(reply, 404, 'session_not_found');
      const parsed = clientSeedBody.safeParse(req.body);
      if (!parsed.success) return fail(reply, 422, 'invalid_client_seed');
      return withLock(s.player, async () => {
        const pair = seedPair(s.player);
        pair.client_seed = parsed.data.client_seed;
        save();
        return reply.header('cache-control', 'no-store').send(fairView(pair));
      });
    });

    app.post<{ Params: { id: string } }>('/api/sessions/:id/rotate', async (req, reply) => {
      const s = liveSession(req.params.id);
      if (!s) return fail(reply, 404, 'session_not_found');
      return withLock(s.player, async () => {
        const old = seedPair(s.player);
        const revealed_at = revealPair(old);
        const next = newPair(old.client_seed);
        state.seeds[s.player] = next;
        save();
        return reply.header('cache-control', 'no-store').send({
          revealed: {
            server_seed: old.server_seed,
            server_seed_hash: old.server_seed_hash,
            client_seed: old.client_seed,
            rounds: old.nonce,
            revealed_at,
          },
          next: fairView(next),
        });
      });
    });

    app.get<{ Params: { hash: string } }>('/api/fair/seeds/:hash', async (req, reply) => {
      const hash = req.params.hash.toLowerCase();
      if (!SEED_HASH.test(hash) || !Object.hasOwn(state.commitments, hash)) return fail(reply, 404, 'seed_not_found');
      const record = state.commitments[hash]!;
      return { server_seed_hash: hash, server_seed: record.server_seed, revealed_at: record.revealed_at };
    });

    // ---- games and pages

    const gameView = (g: AnyGameMath) => ({
      slug: g.slug,
      title: g.title,
      rtp: g.rtp,
      rules: g.rules.summary,
      paytable: g.rules.paytable,
      slot: slotGames.has(g.slug),
      jackpot: jackpotGames.has(g.slug),
    });

    app.get('/api/games', async () => ({ games: Object.values(games).map(gameView) }));

    app.get<{ Params: { game: string } }>('/api/games/:game', async (req, reply) => {
      const game = findGame(req.params.game);
      if (!game) return fail(reply, 404, 'game_not_found');
      return gameView(game);
    });

    app.get<{ Params: { game: string } }>('/rules/:game', async (req, reply) => {
      const game = findGame(req.params.game);
      if (!game) return html(reply, notFoundPage('No such game.'), 404);
      return html(reply, rulesPage(game));
    });

    app.get<{ Params: { game: string } }>('/play/:game', async (req, reply) => {
      const game = findGame(req.params.game);
      if (!game) return html(reply, notFoundPage('No such game.'), 404);
      return clientPage(reply, 'index.html', game.title);
    });

    app.get('/fair', async (_req, reply) => clientPage(reply, 'fair.html', 'Provably fair verifier'));
  }

  return { plugin, retryPending, store };
}
