/**
 * The studio's protocol (src/protocol) between its service and its browser client: the client's
 * calls (client/src/calls.ts) run against the real service (app.inject), and every answer the
 * service sends must parse to exactly what was sent — a field the service adds, drops or retypes
 * without the schema fails here, not in a player's browser.
 */
import {
  jackpotWinSchema as contractsJackpotWinSchema,
  roundFairSchema,
  type JackpotWin as ContractsJackpotWin,
  type RoundFair,
} from '@orbit/contracts';
import fastify, { type FastifyInstance } from 'fastify';
import { createHmac } from 'node:crypto';
import { afterEach, describe, expect, expectTypeOf, it, vi } from 'vitest';
import { ApiError, sessionFrom, studioApi } from '../../client/src/calls';
import { GAMES } from '../../src/games';
import {
  CLIENT_SEED,
  fairSchema,
  jackpotWinSchema,
  roundResponseSchema,
  sessionResponseSchema,
  type Fair,
  type JackpotWin,
} from '../../src/protocol';
import { createStudio, memoryStore, type StudioFetch, type StudioOptions } from '../../src/service';

const WALLET_URL = 'http://platform.test/api/wallet/orbit';
const JACKPOT = { level: 'major', name: 'Major', amount_cents: 5_000 };

/** A platform wallet that accepts every call; its bets win a jackpot, its wins can be made to fail. */
function fakeWallet() {
  let balance = 10_000;
  let seq = 0;
  const wallet = { winsFail: false, freespinsLeft: 1 };
  const ok = (answer: object) => ({ status: 200, text: async () => JSON.stringify({ status: 'ok', ...answer }) });
  const moved = (extra: object = {}) =>
    ok({ currency: 'EUR', balance_cents: balance, transaction_id: `t-${++seq}`, ...extra });
  const fetch: StudioFetch = async (url, init) => {
    const action = url.slice(WALLET_URL.length + 1);
    const body = JSON.parse(init.body ?? '{}') as { amount_cents?: number };
    if (action === 'authenticate')
      return ok({
        session_token: 'sess-1',
        player_id: 'p-1',
        nickname: 'Ann',
        currency: 'EUR',
        balance_cents: balance,
        licence: 'CW',
      });
    if (action === 'balance') return ok({ currency: 'EUR', balance_cents: balance });
    if (action === 'bet') {
      balance -= body.amount_cents!;
      return moved({ jackpot_win: JACKPOT });
    }
    if (action === 'win' && wallet.winsFail) return { status: 503, text: async () => '' };
    if (action === 'freespin') return moved({ freespins_left: wallet.freespinsLeft });
    balance += body.amount_cents ?? 0;
    return moved();
  };
  return Object.assign(wallet, { fetch });
}

const apps: FastifyInstance[] = [];
afterEach(async () => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  await Promise.all(apps.splice(0).map((a) => a.close()));
});

/**
 * The studio mounted under `/studio`, and the client's calls reaching it through a `fetch` that
 * keeps every answer's raw JSON (`answers`), or answers with `tamper(json)` when that is set.
 */
async function setup(extra: Partial<StudioOptions> = {}) {
  const wallet = fakeWallet();
  const studio = createStudio({
    provider: 'orbit',
    walletUrl: WALLET_URL,
    walletSecret: 'protocol-test-secret',
    games: GAMES,
    store: memoryStore(),
    fetch: wallet.fetch,
    wallet: { attempts: 1, timeoutMs: 200, backoffMs: 1 },
    retryIntervalMs: 0,
    ...extra,
  });
  const app = fastify();
  await app.register(studio.plugin, { prefix: '/studio' });
  apps.push(app);
  const answers: unknown[] = [];
  const control: { tamper?: (json: Record<string, unknown>) => unknown } = {};
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    const res = await app.inject({
      method: init.method as 'GET' | 'POST' | 'PUT',
      url,
      headers: init.headers as Record<string, string>,
      ...(init.body === undefined ? {} : { payload: init.body as string }),
    });
    const json = res.json() as Record<string, unknown>;
    answers.push(json);
    const text = control.tamper ? JSON.stringify(control.tamper(json)) : res.body;
    return new Response(text, { status: res.statusCode, headers: { 'content-type': 'application/json' } });
  });
  const api = studioApi(() => '/studio');
  /** The last answer the service sent, as raw JSON. */
  const sent = () => answers[answers.length - 1];
  /** The platform's issue call for free spins of player `p-1` (the fake wallet's). */
  const issue = async (body: object) => {
    const raw = JSON.stringify(body);
    const res = await app.inject({
      method: 'POST',
      url: '/studio/api/freespins/issue',
      headers: {
        'content-type': 'application/json',
        'x-request-sign': createHmac('sha256', 'protocol-test-secret').update(raw).digest('hex'),
      },
      payload: raw,
    });
    expect(res.json()).toEqual({ status: 'ok' });
  };
  return { api, wallet, control, sent, issue };
}

describe('studio protocol: the shapes it shares with the contracts', () => {
  it('a round’s fair inputs and a jackpot win are the contracts’ shapes', () => {
    expectTypeOf<Fair>().toEqualTypeOf<RoundFair>();
    expectTypeOf<JackpotWin>().toEqualTypeOf<ContractsJackpotWin>();
    const fairs = [
      { server_seed_hash: 'a'.repeat(64), client_seed: 'seed', nonce: 3 },
      { server_seed_hash: 'a'.repeat(64), client_seed: 'seed', nonce: 3.5 },
      { server_seed_hash: 'a'.repeat(64), nonce: 3 },
      { server_seed_hash: 1, client_seed: 'seed', nonce: 3 },
    ];
    for (const v of fairs) expect(fairSchema.safeParse(v).success).toBe(roundFairSchema.safeParse(v).success);
    const wins = [JACKPOT, { ...JACKPOT, amount_cents: 1.5 }, { level: 'major', amount_cents: 1 }];
    for (const v of wins)
      expect(jackpotWinSchema.safeParse(v).success).toBe(contractsJackpotWinSchema.safeParse(v).success);
  });
});

describe('studio protocol: the client parses exactly what the service answers', () => {
  it('a demo session: its rounds, client seed, rotation and the seed lookup', async () => {
    const { api, sent } = await setup();
    const created = await api.createSession({ game: 'orbit-dice', mode: 'demo', currency: 'FUN', licence: 'EE' });
    expect(created).toEqual(sent());
    const session = sessionFrom(created);
    expect(session).toMatchObject({ game: 'orbit-dice', mode: 'demo', currency: 'FUN', licence: 'EE', nextNonce: 0 });
    expect(session.rules).toEqual({ minSpinMs: 0, quickSpin: false }); // EE, but dice is no slot
    expect(await api.session(session.id)).toEqual(sent());

    const round = await api.play(session.id, GAMES['orbit-dice']!.referenceBet);
    expect(round).toEqual(sent());
    expect(round).toMatchObject({ stake_cents: 100, currency: 'FUN', jackpot_win: null });
    expect(round.fair).toEqual({ server_seed_hash: session.serverSeedHash, client_seed: session.clientSeed, nonce: 0 });

    expect(await api.setClientSeed(session.id, 'my lucky seed!')).toEqual(sent());
    const before = await api.seed(session.serverSeedHash);
    expect(before).toEqual(sent());
    expect(before.server_seed).toBeNull();
    const rotated = await api.rotate(session.id);
    expect(rotated).toEqual(sent());
    expect(rotated.revealed).toMatchObject({ server_seed_hash: session.serverSeedHash, rounds: 1 });
    expect(rotated.next).toMatchObject({ client_seed: 'my lucky seed!', nonce: 0 });
    const after = await api.seed(session.serverSeedHash);
    expect(after).toEqual(sent());
    expect(after.server_seed).toBe(rotated.revealed.server_seed);
  });

  it('a real session: a round with a jackpot win, and one whose win is still owed', async () => {
    const { api, wallet, sent } = await setup();
    const created = await api.createSession({ game: 'stellar-sevens', mode: 'real', launch_token: 'launch-1' });
    expect(created).toEqual(sent());
    expect(created).toMatchObject({ mode: 'real', currency: 'EUR', nickname: 'Ann', balance_cents: 10_000 });
    const bet = GAMES['stellar-sevens']!.referenceBet;

    const paid = await api.play(created.session_id, bet);
    expect(paid).toEqual(sent());
    expect(paid.jackpot_win).toEqual(JACKPOT);
    expect(paid.win_pending).toBeUndefined();

    wallet.winsFail = true;
    const owed = await api.play(created.session_id, bet);
    expect(owed).toEqual(sent());
    expect(owed.win_pending).toBe(true);
  });
});

describe('studio protocol: free spins', () => {
  it('a session with free spins, a free spin, and the session after the last one', async () => {
    const { api, wallet, sent, issue } = await setup();
    const level = GAMES['nova-sevens']!.stake(GAMES['nova-sevens']!.referenceBet);
    await issue({
      freespin_id: 'fs-1',
      player_id: 'p-1',
      currency: 'EUR',
      games: ['nova-sevens'],
      count: 2,
      bet_level_cents: level,
      valid_until: new Date(Date.now() + 3_600_000).toISOString(),
    });
    const created = await api.createSession({ game: 'nova-sevens', mode: 'real', launch_token: 'launch-1' });
    expect(created).toEqual(sent());
    const session = sessionFrom(created);
    expect(session.freeSpins).toEqual({ id: 'fs-1', left: 2, total: 2, bet_level_cents: level, won_cents: 0 });

    const spin = await api.freeSpin(session.id);
    expect(spin).toEqual(sent());
    expect(spin).toMatchObject({ stake_cents: level, balance_cents: 10_000, free_spins: { left: 1 } });
    wallet.freespinsLeft = 0;
    const last = await api.freeSpin(session.id);
    expect(last).toEqual(sent());
    expect(last.free_spins).toBeNull();
    expect(sessionFrom(await api.session(session.id)).freeSpins).toBeNull();
    await expect(api.freeSpin(session.id)).rejects.toMatchObject({ code: 'no_free_spins', status: 409 });
    // A paid round's answer tells them too (none now).
    expect(await api.play(session.id, GAMES['nova-sevens']!.referenceBet)).toMatchObject({ free_spins: null });
  });
});

describe('studio protocol: the client refuses what the service would not send', () => {
  it('a round or session answer with a field missing, renamed or of another type', async () => {
    const { api, control } = await setup();
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const created = await api.createSession({ game: 'orbit-dice', mode: 'demo' });
    const bet = GAMES['orbit-dice']!.referenceBet;
    const tampered: Array<[string, (json: Record<string, unknown>) => unknown]> = [
      ['no fair inputs', ({ fair: _fair, ...rest }) => rest],
      ['the win as text', (json) => ({ ...json, win_cents: String(json.win_cents) })],
      ['a fractional nonce', (json) => ({ ...json, fair: { ...(json.fair as object), nonce: 0.5 } })],
      ['a jackpot without its name', (json) => ({ ...json, jackpot_win: { level: 'major', amount_cents: 1 } })],
      ['win_pending false', (json) => ({ ...json, win_pending: false })],
      ['not an object', () => []],
    ];
    for (const [what, tamper] of tampered) {
      control.tamper = tamper;
      const error = await api.play(created.session_id, bet).catch((e: unknown) => e);
      expect(error, what).toBeInstanceOf(ApiError);
      expect((error as ApiError).code, what).toBe('invalid_response');
    }
    // The lenient reader of old took a camel-cased or flattened session; the schema does not.
    control.tamper = ({ session_id, ...rest }) => ({ ...rest, sessionId: session_id });
    await expect(api.session(created.session_id)).rejects.toMatchObject({ code: 'invalid_response' });
    control.tamper = ({ rules, ...rest }) => ({ ...rest, ...(rules as object) });
    await expect(api.session(created.session_id)).rejects.toMatchObject({ code: 'invalid_response' });
    expect(logged).toHaveBeenCalledTimes(tampered.length + 2); // each says which field, in the console
    expect(roundResponseSchema.safeParse({}).success).toBe(false);
    expect(sessionResponseSchema.safeParse(null).success).toBe(false);
  });

  it('reads a refusal’s code and balance, and checks a client seed as the service does', async () => {
    const { api } = await setup({ demoBalanceCents: 50 });
    const created = await api.createSession({ game: 'orbit-dice', mode: 'demo' });
    await expect(api.play(created.session_id, GAMES['orbit-dice']!.referenceBet)).rejects.toMatchObject({
      code: 'insufficient_funds',
      status: 402,
      body: { error: 'insufficient_funds', balance_cents: 50 },
    });
    for (const seed of ['ok seed', 'é', '', 'x'.repeat(65)]) {
      const answer = await api.setClientSeed(created.session_id, seed).catch((e: unknown) => e);
      if (CLIENT_SEED.test(seed)) expect(answer).toMatchObject({ client_seed: seed });
      else expect(answer).toMatchObject({ code: 'invalid_client_seed', status: 422 });
    }
    await expect(api.session('f'.repeat(64))).rejects.toMatchObject({ code: 'session_not_found', status: 404 });
  });
});
