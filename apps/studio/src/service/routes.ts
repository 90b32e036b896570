/**
 * The studio's HTTP routes: sessions (real through the casino's launch token, or demo), rounds,
 * seeds (client seed, rotation, the fair verifier's lookup), the games' facts, and the rules and
 * client pages.
 */
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { resolve } from 'node:path';
import type { StudioEngine } from './engine';
import { notFoundPage, rulesPage } from './html';
import type { AnyGameMath } from '../games/types';
import { clientSeedBody, DEMO_CURRENCY, randomHex, SEED_HASH, sessionBody } from './options';
import type { StudioSession } from './store';

/** Registers the studio's routes on `app` (the casino mounts them under `/studio`). */
export async function studioRoutes(app: FastifyInstance, engine: StudioEngine): Promise<void> {
  const {
    options,
    games,
    jackpotGames,
    slotGames,
    state,
    save,
    clock,
    nowIso,
    demoBalance,
    wallet,
    findGame,
    withLock,
    sweep,
    liveSession,
    sessionView,
    seedPair,
    revealPair,
    newPair,
    fairView,
    playRound,
    retryPending,
    refusal,
    fail,
    html,
    clientPage,
    logger,
  } = engine;
  if (!options.log) engine.useLog(app.log);

  app.setErrorHandler((error: { statusCode?: number; message: string }, _req, reply) => {
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500)
      return fail(reply, status === 404 ? 404 : 400, status === 404 ? 'not_found' : 'invalid_request');
    logger().error(error);
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
      retryPending().catch((error: unknown) => logger().error(error));
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
        logger().warn({ reason: auth.reason }, 'studio: authenticate failed');
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
