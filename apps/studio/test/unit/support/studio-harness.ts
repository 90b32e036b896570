/**
 * The studio service's test harness: the platform's side of the wallet protocol in memory (it
 * checks signatures, bodies and idempotency, keeps free spins grants, and can fail on purpose), a
 * clock the tests move, and a studio mounted under `/studio` with the games a test file brings.
 */
import { createHmac } from 'node:crypto';
import {
  WALLET_SIGNATURE_HEADER,
  walletAuthenticateRequestSchema,
  walletBalanceRequestSchema,
  walletBetRequestSchema,
  walletFreespinRequestSchema,
  walletRollbackRequestSchema,
  walletWinRequestSchema,
  type FreespinIssueRequest,
  type WalletBetRequest,
  type WalletFreespinRequest,
  type WalletRollbackRequest,
  type WalletWinRequest,
} from '@orbit/contracts';
import fastify, { type FastifyInstance } from 'fastify';
import { rmSync } from 'node:fs';
import { afterEach, expect } from 'vitest';
import type { AnyGameMath } from '../../../src/games/types';
import { createStudio, memoryStore, type StudioFetch, type StudioOptions } from '../../../src/service';

// ---------------------------------------------------------------- fake platform wallet

export const SECRET = 'studio-wallet-secret-0123456789abcdef';
export const WALLET_URL = 'http://platform.test/api/wallet/orbit';

type Call = { action: string; body: string; json: Record<string, unknown> };
type Fault = { action: string; kind: '5xx' | 'hang-after'; times: number };
/** `maxBet`: the stake cap the platform answers (a running bonus's max bet) and refuses a bet above. */
type Player = {
  id: string;
  nickname: string;
  currency: string;
  licence: string;
  balance: number;
  maxBet?: number | null;
};
/** A free spins grant as the platform keeps it: the spins left and what they won (paid as a bonus later). */
export type PlatformGrant = {
  id: string;
  player: string;
  currency: string;
  games: string[];
  left: number;
  canceled: boolean;
  won: number;
};

/** The platform side of the protocol, in memory: checks signatures, bodies and idempotency. */
export function fakePlatform() {
  const players = new Map<string, Player>();
  const launchTokens = new Map<string, string>();
  const sessions = new Map<string, string>();
  const txs = new Map<string, { body: string; status: number; answer: unknown }>();
  const rolledBack = new Set<string>();
  const closedRounds = new Set<string>();
  const grants = new Map<string, PlatformGrant>();
  const calls: Call[] = [];
  const faults: Fault[] = [];
  let seq = 0;

  const schemas: Record<string, { safeParse(v: unknown): { success: boolean } }> = {
    authenticate: walletAuthenticateRequestSchema,
    balance: walletBalanceRequestSchema,
    bet: walletBetRequestSchema,
    win: walletWinRequestSchema,
    rollback: walletRollbackRequestSchema,
    freespin: walletFreespinRequestSchema,
  };

  const ok = (status: number, answer: unknown) => ({ status, text: async () => JSON.stringify(answer) });
  const err = (status: number, code: string, extra: Record<string, unknown> = {}) => ({
    status,
    answer: { status: 'error', code, ...extra },
  });

  function handle(action: string, raw: string, json: Record<string, unknown>): { status: number; answer: unknown } {
    if (action === 'authenticate') {
      const playerId = launchTokens.get(json.launch_token as string);
      if (!playerId) return err(401, 'invalid_launch_token');
      launchTokens.delete(json.launch_token as string);
      const p = players.get(playerId)!;
      const token = `sess-${++seq}`;
      sessions.set(token, playerId);
      return {
        status: 200,
        answer: {
          status: 'ok',
          session_token: token,
          player_id: p.id,
          nickname: p.nickname,
          currency: p.currency,
          balance_cents: p.balance,
          licence: p.licence,
          max_bet_cents: p.maxBet ?? null,
        },
      };
    }
    const playerId = sessions.get(json.session_token as string);
    if (!playerId) return err(401, 'invalid_session');
    const p = players.get(playerId)!;
    if (action === 'balance')
      return {
        status: 200,
        answer: { status: 'ok', currency: p.currency, balance_cents: p.balance, max_bet_cents: p.maxBet ?? null },
      };

    const tx = json.transaction_id as string;
    const prior = txs.get(tx);
    if (prior) return prior.body === raw ? prior : err(409, 'duplicate_transaction');
    let result: { status: number; answer: unknown };
    const moved = () => ({
      status: 200,
      answer: {
        status: 'ok',
        currency: p.currency,
        balance_cents: p.balance,
        transaction_id: `plat-${++seq}`,
        jackpot_win: null,
      },
    });
    if (action === 'bet') {
      const bet = json as WalletBetRequest;
      if (rolledBack.has(tx)) result = err(409, 'transaction_rolled_back');
      else if (p.maxBet != null && bet.amount_cents > p.maxBet)
        result = err(403, 'bonus_max_bet', { max_bet_cents: p.maxBet });
      else if (bet.amount_cents > p.balance)
        result = err(402, 'insufficient_funds', { balance_cents: p.balance, currency: p.currency });
      else {
        p.balance -= bet.amount_cents;
        result = moved();
      }
    } else if (action === 'win') {
      const win = json as WalletWinRequest;
      if (closedRounds.has(win.round_id)) result = err(409, 'round_closed');
      else if (![...txs.keys()].includes(`${win.round_id}:bet`)) result = err(404, 'transaction_not_found');
      else {
        p.balance += win.amount_cents;
        closedRounds.add(win.round_id);
        result = moved();
      }
    } else if (action === 'freespin') {
      // A spin of a grant: counted, its win kept aside (no money moves), the spins left answered.
      const spin = json as WalletFreespinRequest;
      const g = grants.get(spin.freespin_id);
      if (!g || g.player !== playerId || g.currency !== spin.currency || !g.games.includes(spin.game))
        result = err(404, 'freespin_not_found');
      else if (g.canceled || g.left <= 0) result = err(409, 'freespins_used');
      else {
        g.left -= 1;
        g.won += spin.amount_cents;
        const answer = moved();
        result = { status: 200, answer: { ...(answer.answer as object), freespins_left: g.left } };
      }
    } else {
      const rb = json as WalletRollbackRequest;
      const bet = txs.get(rb.reference_transaction_id);
      if (!bet) {
        rolledBack.add(rb.reference_transaction_id);
        result = moved();
      } else {
        if (bet.status === 200) p.balance += (JSON.parse(bet.body) as WalletBetRequest).amount_cents;
        result = moved();
      }
    }
    txs.set(tx, { body: raw, ...result });
    return result;
  }

  const fetch: StudioFetch = async (url, init) => {
    const action = url.slice(WALLET_URL.length + 1);
    expect(url.startsWith(`${WALLET_URL}/`)).toBe(true);
    expect(init.method).toBe('POST');
    const raw = init.body ?? '';
    const sign = init.headers[WALLET_SIGNATURE_HEADER];
    if (sign !== createHmac('sha256', SECRET).update(raw).digest('hex'))
      return ok(401, { status: 'error', code: 'invalid_signature' });
    const json = JSON.parse(raw) as Record<string, unknown>;
    calls.push({ action, body: raw, json });
    if (!schemas[action]?.safeParse(json).success) return ok(400, { status: 'error', code: 'invalid_request' });
    const fault = faults.find((f) => f.action === action && f.times > 0);
    if (fault?.kind === '5xx') {
      fault.times--;
      return ok(500, { status: 'error', code: 'internal_error' });
    }
    const result = handle(action, raw, json);
    if (fault?.kind === 'hang-after') {
      fault.times--;
      return new Promise(() => {}); // the platform moved the money, its answer is lost
    }
    return ok(result.status, result.answer);
  };

  return {
    fetch,
    calls,
    faults,
    player(id: string, balance: number, licence = 'CW', currency = 'EUR'): Player {
      const p = { id, nickname: `nick-${id}`, currency, licence, balance };
      players.set(id, p);
      return p;
    },
    /** The platform's side of a grant (the studio hears of it through the issue call). */
    grant(issue: FreespinIssueRequest): PlatformGrant {
      const g: PlatformGrant = {
        id: issue.freespin_id,
        player: issue.player_id,
        currency: issue.currency,
        games: [...issue.games],
        left: issue.count,
        canceled: false,
        won: 0,
      };
      grants.set(g.id, g);
      return g;
    },
    grants,
    launch(playerId: string): string {
      const token = `launch-${++seq}`;
      launchTokens.set(token, playerId);
      return token;
    },
    callsOf: (action: string) => calls.filter((c) => c.action === action),
  };
}

// ---------------------------------------------------------------- harness

export let now = new Date('2025-03-01T12:00:00.000Z');
export const advance = (ms: number) => {
  now = new Date(now.getTime() + ms);
};
export const apps: FastifyInstance[] = [];
export const tmpDirs: string[] = [];

afterEach(async () => {
  await Promise.all(apps.splice(0).map((a) => a.close()));
  for (const dir of tmpDirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** The studio with `games` (and options a test overrides), its fake platform and call helpers. */
export function studioHarness(games: Record<string, AnyGameMath>) {
  return { setup, restart };

  /**
   * A new studio on `store`, talking to the same `platform`, as after a restart of the process:
   * the studio and its app (mounted, closed after the test).
   */
  async function restart(
    store: StudioOptions['store'],
    platform: ReturnType<typeof fakePlatform>,
    extra: Partial<StudioOptions> = {},
  ) {
    const studio = createStudio({
      provider: 'orbit',
      walletUrl: WALLET_URL,
      walletSecret: SECRET,
      games,
      store,
      clock: () => now,
      fetch: platform.fetch,
      wallet: { attempts: 1, timeoutMs: 40, backoffMs: 1 },
      retryIntervalMs: 0,
      ...extra,
    });
    return mount(studio, platform);
  }

  async function setup(extra: Partial<StudioOptions> = {}) {
    const platform = fakePlatform();
    const studio = createStudio({
      provider: 'orbit',
      walletUrl: WALLET_URL,
      walletSecret: SECRET,
      games,
      store: memoryStore(),
      clock: () => now,
      fetch: platform.fetch,
      slotGames: ['fake-slot'],
      jackpotGames: ['fake-slot'],
      wallet: { attempts: 3, timeoutMs: 40, backoffMs: 1 },
      retryIntervalMs: 0,
      ...extra,
    });
    return mount(studio, platform);
  }

  /** The studio mounted under `/studio` (closed after the test), with the calls the tests make. */
  async function mount(studio: ReturnType<typeof createStudio>, platform: ReturnType<typeof fakePlatform>) {
    const app = fastify();
    await app.register(studio.plugin, { prefix: '/studio' });
    apps.push(app);
    const api = async (method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) => {
      const res = await app.inject({
        method,
        url: `/studio${url}`,
        ...(payload === undefined ? {} : { payload: payload as object }),
      });
      return {
        status: res.statusCode,
        body: String(res.headers['content-type'] ?? '').includes('json')
          ? (res.json() as Record<string, any>)
          : ({} as Record<string, any>),
        text: res.body,
        headers: res.headers,
      };
    };
    const demo = async (game = 'coin', licence = 'CW') => {
      const res = await api('POST', '/api/sessions', { game, mode: 'demo', currency: 'FUN', licence });
      expect(res.status).toBe(201);
      return res.body;
    };
    const real = async (playerId: string, game = 'coin') => {
      const res = await api('POST', '/api/sessions', { game, mode: 'real', launch_token: platform.launch(playerId) });
      expect(res.status).toBe(201);
      return res.body;
    };
    const round = (sessionId: string, bet: unknown) => api('POST', `/api/sessions/${sessionId}/rounds`, { bet });
    const freeSpin = (sessionId: string) => api('POST', `/api/sessions/${sessionId}/rounds`, { free_spin: true });
    /** A platform → studio call (`issue`, `cancel`), signed with `secret` (the wallet secret unless a test says). */
    const signed = async (call: 'issue' | 'cancel', body: unknown, secret = SECRET) => {
      const raw = typeof body === 'string' ? body : JSON.stringify(body);
      const res = await app.inject({
        method: 'POST',
        url: `/studio/api/freespins/${call}`,
        headers: {
          'content-type': 'application/json',
          [WALLET_SIGNATURE_HEADER]: createHmac('sha256', secret).update(raw).digest('hex'),
        },
        payload: raw,
      });
      return { status: res.statusCode, body: res.json() as Record<string, unknown> };
    };
    /** Free spins granted by the platform and issued to the studio (defaults: 5 spins of 100 on `fake-slot` in EUR for a day). */
    const issueFreeSpins = async (grant: Partial<FreespinIssueRequest> & Pick<FreespinIssueRequest, 'player_id'>) => {
      const body: FreespinIssueRequest = {
        freespin_id: `fs-${grant.player_id}`,
        currency: 'EUR',
        games: ['fake-slot'],
        count: 5,
        bet_level_cents: 100,
        valid_until: new Date(now.getTime() + 86_400_000).toISOString(),
        ...grant,
      };
      const platformGrant = platform.grant(body);
      const res = await signed('issue', body);
      expect(res).toEqual({ status: 200, body: { status: 'ok' } });
      return platformGrant;
    };
    return { app, studio, platform, api, demo, real, round, freeSpin, signed, issueFreeSpins };
  }
}
