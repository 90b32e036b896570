/**
 * The studio's HTTP routes: sessions (real through the casino's launch token, or demo), rounds,
 * seeds (client seed, rotation, the fair verifier's lookup), the platform's free spins calls, the
 * games' facts, and the rules and client pages.
 */
import fastifyStatic from '@fastify/static';
import {
  freespinCancelRequestSchema,
  freespinIssueRequestSchema,
  WALLET_SIGNATURE_HEADER,
  type WalletAuthenticateResponse,
  type WalletErrorCode,
} from '@orbit/contracts';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { timingSafeEqual } from 'node:crypto';
import { resolve } from 'node:path';
import { CRASH_GAME, type MoveResult } from './crash-table';
import type { StudioEngine } from './engine';
import { notFoundPage, rulesPage } from './html';
import type { AnyGameMath } from '../games/types';
import {
  actionRequestSchema,
  clientSeedRequestSchema,
  liveBetRequestSchema,
  createSessionRequestSchema,
  DEMO_CURRENCY,
  roundRequestSchema,
  type GameInfo,
  type GamesResponse,
  type RotateResponse,
  type SeedLookupResponse,
} from '../protocol';
import { randomHex, SEED_HASH } from './options';
import type { StudioSession } from './store';
import { signWalletBody } from './wallet';

/** Registers the studio's routes on `app` (the casino mounts them under `/studio`). */
export async function studioRoutes(app: FastifyInstance, engine: StudioEngine): Promise<void> {
  if (!engine.options.log) engine.useLog(app.log);
  answerErrorsAsJson(app, engine);
  acceptEmptyJsonBodies(app);
  if (engine.options.clientDir) {
    await app.register(fastifyStatic, {
      root: resolve(engine.options.clientDir, 'assets'),
      prefix: '/assets/',
      decorateReply: false,
      index: false,
    });
  }
  retryOnATimer(app, engine);
  sessionRoutes(app, engine);
  roundRoutes(app, engine);
  liveCrashRoutes(app, engine);
  seedRoutes(app, engine);
  await freeSpinRoutes(app, engine);
  gameRoutes(app, engine);
}

/** Every error, thrown or a route that does not exist, answers `{"error": code}` and never a stack. */
function answerErrorsAsJson(app: FastifyInstance, { fail, logger }: StudioEngine): void {
  app.setErrorHandler((error: { statusCode?: number; message: string }, _req, reply) => {
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500)
      return fail(reply, status === 404 ? 404 : 400, status === 404 ? 'not_found' : 'invalid_request');
    logger().error(error);
    return fail(reply, 500, 'internal_error');
  });
  app.setNotFoundHandler((_req, reply) => fail(reply, 404, 'not_found'));
}

/**
 * A POST without a body (rotate) may still say `content-type: application/json`: accept it.
 * Only this plugin's context changes; the casino's parser stays as it is.
 */
function acceptEmptyJsonBodies(app: FastifyInstance): void {
  const jsonParser = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (req, body, done) => {
    if (body === '') return done(null, undefined);
    jsonParser(req, body as string, done);
  });
}

/** Re-sends the owed wallet calls every `retryIntervalMs` (default 30 s) until the app closes. */
function retryOnATimer(app: FastifyInstance, { options, retryPending, logger }: StudioEngine): void {
  const interval = options.retryIntervalMs ?? 30_000;
  if (interval > 0) {
    const timer = setInterval(() => {
      retryPending().catch((error: unknown) => logger().error(error));
    }, interval);
    timer.unref();
    app.addHook('onClose', async () => clearInterval(timer));
  }
}

/** A demo session: the studio's own FUN money, no wallet call. */
const demoSession = (
  demoBalance: number,
  id: string,
  game: string,
  licence: string | undefined,
  now: string,
): StudioSession => ({
  id,
  mode: 'demo',
  game,
  currency: DEMO_CURRENCY,
  licence: (licence ?? 'CW').toUpperCase(),
  player: `demo:${id}`,
  balance_cents: demoBalance,
  created_at: now,
  last_seen_at: now,
});

/** A real session: the wallet's `authenticate` answer for the launch token. */
const realSession = (id: string, game: string, a: WalletAuthenticateResponse, now: string): StudioSession => ({
  id,
  mode: 'real',
  game,
  currency: a.currency,
  licence: a.licence.toUpperCase(),
  player: `real:${a.player_id}`,
  session_token: a.session_token,
  player_id: a.player_id,
  nickname: a.nickname,
  balance_cents: a.balance_cents,
  max_bet_cents: a.max_bet_cents ?? null,
  created_at: now,
  last_seen_at: now,
});

/** Sessions: real through the casino's launch token, or demo. */
function sessionRoutes(app: FastifyInstance, engine: StudioEngine): void {
  const { state, save, nowIso, demoBalance, wallet, findGame, sweep, liveSession, sessionView, refusal, fail, logger } =
    engine;

  app.post('/api/sessions', async (req, reply) => {
    const parsed = createSessionRequestSchema.safeParse(req.body);
    if (!parsed.success) return fail(reply, 422, 'invalid_request');
    const body = parsed.data;
    if (!findGame(body.game)) return fail(reply, 404, 'game_not_found');
    sweep();
    const id = randomHex(32);
    const now = nowIso();
    let s: StudioSession;
    if (body.mode === 'demo') {
      s = demoSession(demoBalance, id, body.game, body.licence, now);
    } else {
      const auth = await wallet.call('authenticate', { launch_token: body.launch_token, game: body.game });
      if (!auth.ok) {
        if (auth.kind === 'refused') return refusal(reply, auth.code, auth.balance_cents);
        logger().warn({ reason: auth.reason }, 'studio: authenticate failed');
        return fail(reply, 503, 'wallet_unavailable');
      }
      s = realSession(id, body.game, auth.data, now);
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
      if (balance.ok) {
        s.balance_cents = balance.data.balance_cents;
        // The cap moves when a bonus starts or ends while the game is open.
        if (balance.data.max_bet_cents !== undefined) s.max_bet_cents = balance.data.max_bet_cents;
      }
    }
    const view = sessionView(s);
    save();
    return reply.header('cache-control', 'no-store').send(view);
  });
}

/** A session's rounds: a bet (or a free spin), and a step game's actions. */
function roundRoutes(app: FastifyInstance, engine: StudioEngine): void {
  const { clock, findGame, withLock, liveSession, playRound, playFreeSpin, actOnRound, fail } = engine;

  app.post<{ Params: { id: string } }>('/api/sessions/:id/rounds', async (req, reply) => {
    const started = clock();
    const s = liveSession(req.params.id);
    if (!s) return fail(reply, 404, 'session_not_found');
    const game = findGame(s.game);
    if (!game) return fail(reply, 403, 'game_disabled');
    const request = roundRequestSchema.safeParse(req.body);
    if (request.success && request.data.free_spin === true) {
      const spun = await withLock(s.player, () => playFreeSpin(reply, s, game, started));
      return spun === undefined ? reply : reply.header('cache-control', 'no-store').send(spun);
    }
    // The game judges the bet: a body without one is the game's `invalid_bet` too.
    let bet: unknown;
    let stake: number;
    try {
      bet = game.parseBet(request.success ? request.data.bet : undefined);
      stake = game.stake(bet);
    } catch (error) {
      if (error instanceof RangeError) return fail(reply, 422, 'invalid_bet');
      throw error;
    }
    if (!Number.isSafeInteger(stake) || stake < 1) return fail(reply, 422, 'invalid_bet');
    const result = await withLock(s.player, () => playRound(reply, s, game, bet, stake, started));
    return result === undefined ? reply : reply.header('cache-control', 'no-store').send(result);
  });

  // A step game's action on the open round (the game judges it: a body without one is `invalid_action`).
  app.post<{ Params: { id: string; round: string } }>('/api/sessions/:id/rounds/:round/actions', async (req, reply) => {
    const s = liveSession(req.params.id);
    if (!s) return fail(reply, 404, 'session_not_found');
    const request = actionRequestSchema.safeParse(req.body);
    const action: unknown = request.success ? request.data.action : undefined;
    const result = await withLock(s.player, () => actOnRound(reply, s, req.params.round, action));
    return result === undefined ? reply : reply.header('cache-control', 'no-store').send(result);
  });
}

/**
 * Rocket Crash's live table (`crash-table.ts`): its state, its server-sent events, a bet on the next
 * launch and a cash-out by hand.
 */
function liveCrashRoutes(app: FastifyInstance, engine: StudioEngine): void {
  const { liveCrash, liveSession, withLock, fail, refusal, findGame } = engine;
  const streams = new Set<{ end(): void }>();
  app.addHook('onClose', async () => liveCrash.close());
  // An open event stream would keep the server from closing: ended first.
  app.addHook('preClose', async () => {
    for (const stream of streams) stream.end();
  });
  const sessionOf = (query: unknown) => {
    const id = (query as { session?: unknown }).session;
    return typeof id === 'string' ? id : undefined;
  };

  app.get('/api/crash/state', async (req, reply) => {
    if (!findGame(CRASH_GAME)) return fail(reply, 404, 'game_not_found');
    return reply.header('cache-control', 'no-store').send(liveCrash.watch(sessionOf(req.query)));
  });

  app.get('/api/crash/live', async (req, reply) => {
    if (!findGame(CRASH_GAME)) return fail(reply, 404, 'game_not_found');
    const session = sessionOf(req.query);
    reply.hijack();
    const raw = reply.raw;
    raw.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
      connection: 'keep-alive',
      'x-accel-buffering': 'no',
    });
    const send = () => raw.write(`event: state\ndata: ${JSON.stringify(liveCrash.view(session))}\n\n`);
    raw.write(`event: state\ndata: ${JSON.stringify(liveCrash.watch(session))}\n\n`);
    const unsubscribe = liveCrash.subscribe(send);
    // Watching keeps the table flying; a comment now and then keeps proxies from closing the stream.
    const beat = setInterval(() => {
      liveCrash.watch(session);
      raw.write(': beat\n\n');
    }, 15_000);
    beat.unref();
    streams.add(raw);
    req.raw.on('close', () => {
      clearInterval(beat);
      unsubscribe();
      streams.delete(raw);
    });
  });

  const move = async (reply: FastifyReply, result: MoveResult) => {
    if (result.ok) return reply.header('cache-control', 'no-store').send(result.state);
    if ('refusal' in result) return refusal(reply, result.refusal, result.balance, result.maxBet);
    return fail(
      reply,
      result.status,
      result.error,
      result.balance === undefined ? {} : { balance_cents: result.balance },
    );
  };

  app.post<{ Params: { id: string } }>('/api/sessions/:id/crash/bet', async (req, reply) => {
    const s = liveSession(req.params.id);
    if (!s) return fail(reply, 404, 'session_not_found');
    const parsed = liveBetRequestSchema.safeParse(req.body);
    if (!parsed.success) return fail(reply, 422, 'invalid_bet');
    return move(reply, await withLock(s.player, () => liveCrash.placeBet(s, parsed.data.bet)));
  });

  app.post<{ Params: { id: string } }>('/api/sessions/:id/crash/cashout', async (req, reply) => {
    const s = liveSession(req.params.id);
    if (!s) return fail(reply, 404, 'session_not_found');
    return move(reply, await withLock(s.player, async () => liveCrash.cashOut(s)));
  });
}

/** Seeds: the client seed, rotation, and the fair verifier's lookup of a revealed seed. */
function seedRoutes(app: FastifyInstance, engine: StudioEngine): void {
  const { state, save, withLock, liveSession, seedPair, revealPair, newPair, fairView, hasOpenRound, fail } = engine;

  app.put<{ Params: { id: string } }>('/api/sessions/:id/client_seed', async (req, reply) => {
    const s = liveSession(req.params.id);
    if (!s) return fail(reply, 404, 'session_not_found');
    const parsed = clientSeedRequestSchema.safeParse(req.body);
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
      // Revealing the server seed would show an open round's cards still to come.
      if (hasOpenRound(s.player)) return fail(reply, 409, 'round_in_progress');
      const old = seedPair(s.player);
      const revealed_at = revealPair(old);
      const next = newPair(old.client_seed);
      state.seeds[s.player] = next;
      save();
      const answer: RotateResponse = {
        revealed: {
          server_seed: old.server_seed,
          server_seed_hash: old.server_seed_hash,
          client_seed: old.client_seed,
          rounds: old.nonce,
          revealed_at,
        },
        next: fairView(next),
      };
      return reply.header('cache-control', 'no-store').send(answer);
    });
  });

  app.get<{ Params: { hash: string } }>('/api/fair/seeds/:hash', async (req, reply) => {
    const hash = req.params.hash.toLowerCase();
    if (!SEED_HASH.test(hash) || !Object.hasOwn(state.commitments, hash)) return fail(reply, 404, 'seed_not_found');
    const record = state.commitments[hash]!;
    const answer: SeedLookupResponse = {
      server_seed_hash: hash,
      server_seed: record.server_seed,
      revealed_at: record.revealed_at,
    };
    return answer;
  });
}

/**
 * The platform's free spins calls (docs/provider-protocol.md "Free spins"): `POST
 * /api/freespins/issue` and `/cancel`, signed like the wallet's calls (`X-Request-Sign`, hex
 * HMAC-SHA256 of the raw body with the wallet secret) and answered in the wallet protocol's shapes
 * (`{status:"ok"}`, `{status:"error", code}`). Their own context reads the body as the raw text, so
 * the signature is checked over the exact bytes before anything is parsed.
 */
async function freeSpinRoutes(app: FastifyInstance, engine: StudioEngine): Promise<void> {
  const { options, issue, cancel, save, logger } = engine;
  const expected = (body: string) => Buffer.from(signWalletBody(body, options.walletSecret), 'hex');
  const refuse = (reply: FastifyReply, status: number, code: WalletErrorCode) =>
    reply.code(status).header('cache-control', 'no-store').send({ status: 'error', code });

  /** The request's JSON when its signature is the wallet secret's over its raw body; else refused. */
  function signedJson(raw: unknown, sign: unknown, reply: FastifyReply): { json: unknown } | undefined {
    const body = typeof raw === 'string' ? raw : '';
    const given = typeof sign === 'string' && /^[0-9a-fA-F]{64}$/.test(sign) ? Buffer.from(sign, 'hex') : undefined;
    if (!given || !timingSafeEqual(given, expected(body))) {
      void refuse(reply, 401, 'invalid_signature');
      return undefined;
    }
    try {
      return { json: JSON.parse(body) as unknown };
    } catch {
      void refuse(reply, 400, 'invalid_request');
      return undefined;
    }
  }

  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'string' }, (_req, body, done) => done(null, body));
    scope.setErrorHandler((error: { statusCode?: number }, _req, reply) => {
      const status = error.statusCode ?? 500;
      if (status >= 400 && status < 500) return refuse(reply, 400, 'invalid_request');
      logger().error(error);
      return refuse(reply, 500, 'internal_error');
    });

    scope.post('/api/freespins/issue', async (req, reply) => {
      const signed = signedJson(req.body, req.headers[WALLET_SIGNATURE_HEADER], reply);
      if (!signed) return reply;
      const parsed = freespinIssueRequestSchema.safeParse(signed.json);
      if (!parsed.success || !issue(parsed.data)) return refuse(reply, 400, 'invalid_request');
      save();
      return reply.header('cache-control', 'no-store').send({ status: 'ok' });
    });

    scope.post('/api/freespins/cancel', async (req, reply) => {
      const signed = signedJson(req.body, req.headers[WALLET_SIGNATURE_HEADER], reply);
      if (!signed) return reply;
      const parsed = freespinCancelRequestSchema.safeParse(signed.json);
      if (!parsed.success) return refuse(reply, 400, 'invalid_request');
      cancel(parsed.data.freespin_id);
      save();
      return reply.header('cache-control', 'no-store').send({ status: 'ok' });
    });
  });
}

/** The games' facts, the rules pages and the client pages. */
function gameRoutes(app: FastifyInstance, engine: StudioEngine): void {
  const { games, jackpotGames, slotGames, findGame, fail, html, clientPage } = engine;

  const gameView = (g: AnyGameMath): GameInfo => ({
    slug: g.slug,
    title: g.title,
    rtp: g.rtp,
    rules: g.rules.summary,
    paytable: g.rules.paytable,
    slot: slotGames.has(g.slug),
    jackpot: jackpotGames.has(g.slug),
  });

  app.get('/api/games', async (): Promise<GamesResponse> => ({ games: Object.values(games).map(gameView) }));

  app.get<{ Params: { game: string } }>('/api/games/:game', async (req, reply) => {
    const game = findGame(req.params.game);
    if (!game) return fail(reply, 404, 'game_not_found');
    return gameView(game);
  });

  app.get<{ Params: { game: string }; Querystring: { lang?: string } }>('/rules/:game', async (req, reply) => {
    const game = findGame(req.params.game);
    if (!game) return html(reply, notFoundPage('No such game.'), 404);
    // The game page's locale (its Rules link passes `lang`): the page's own texts are written in it.
    return html(reply, rulesPage(game, typeof req.query.lang === 'string' ? req.query.lang : null));
  });

  app.get<{ Params: { game: string } }>('/play/:game', async (req, reply) => {
    const game = findGame(req.params.game);
    if (!game) return html(reply, notFoundPage('No such game.'), 404);
    return clientPage(reply, 'index.html', game.title);
  });

  app.get('/fair', async (_req, reply) => clientPage(reply, 'fair.html', 'Provably fair verifier'));
}
