import { createHash, createHmac } from 'node:crypto';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { commitment, jackpotDraw } from '../../src/fair/draws';
import { verifyRound } from '../../src/fair/verify';
import type { AnyGameMath, GameMath } from '../../src/games/types';
import { createStudio, fileStore } from '../../src/service';
import { advance, apps, fakePlatform, now, SECRET, studioHarness, tmpDirs, WALLET_URL } from './support/studio-harness';

// ---------------------------------------------------------------- fake games

type CoinBet = { stake: number };
function parseStake(input: unknown): CoinBet {
  if (typeof input !== 'object' || input === null) throw new RangeError('invalid_bet');
  const stake = (input as { stake?: unknown }).stake;
  if (!Number.isSafeInteger(stake) || (stake as number) < 1 || (stake as number) > 1_000_000)
    throw new RangeError('invalid_bet');
  return { stake: stake as number };
}

/** Heads (1) pays 1.96 × stake. */
const coin: GameMath<CoinBet, { side: number; roll: number }> = {
  slug: 'coin',
  title: 'Coin <Flip> & Co',
  rtp: 0.98,
  theoreticalRtp: () => 0.98,
  parseBet: parseStake,
  stake: (bet) => bet.stake,
  play(draws, bet) {
    const side = draws.int(2);
    const roll = draws.int(1000);
    return { outcome: { side, roll }, win: side === 1 ? Math.floor((bet.stake * 196) / 100) : 0 };
  },
  referenceBet: { stake: 100 },
  returnVariance: () => 0.96,
  rules: { summary: ['Heads pays <b>1.96</b> × stake.'], paytable: [{ label: 'Heads', pays: '1.96 × stake' }] },
};

/** A three-reel "slot": pays 5 × stake when the reels match. */
const slot: GameMath<CoinBet, { reels: number[] }> = {
  ...(coin as unknown as GameMath<CoinBet, { reels: number[] }>),
  slug: 'fake-slot',
  title: 'Fake Slot',
  play(draws, bet) {
    const reels = [draws.int(4), draws.int(4), draws.int(4)];
    return { outcome: { reels }, win: reels[0] === reels[1] && reels[1] === reels[2] ? bet.stake * 5 : 0 };
  },
};

const broken: AnyGameMath = {
  ...coin,
  slug: 'broken',
  play() {
    throw new Error('secret internals at /srv/studio');
  },
};

const GAMES: Record<string, AnyGameMath> = { coin, 'fake-slot': slot, broken };

const { setup, restart } = studioHarness(GAMES);

// ---------------------------------------------------------------- tests

describe('studio service: demo play', () => {
  it('plays demo rounds with FUN money, counts the nonce, and every outcome recomputes from the revealed seed', async () => {
    const { api, demo, round, platform } = await setup();
    const s = await demo();
    expect(s).toMatchObject({
      mode: 'demo',
      game: 'coin',
      currency: 'FUN',
      balance_cents: 100_000,
      licence: 'CW',
      rules: { min_spin_ms: 0, quick_spin: true },
    });
    expect(s.session_id).toMatch(/^[0-9a-f]{64}$/);
    expect(s.fair.nonce).toBe(0);
    expect(s.fair.client_seed).toMatch(/^[0-9a-f]{16}$/);
    const hash = s.fair.server_seed_hash as string;

    let balance = 100_000;
    const played: Array<Record<string, any>> = [];
    for (let i = 0; i < 6; i++) {
      const r = await round(s.session_id, { stake: 250 });
      expect(r.status).toBe(200);
      expect(r.body.fair).toEqual({ server_seed_hash: hash, client_seed: s.fair.client_seed, nonce: i });
      balance = balance - 250 + r.body.win_cents;
      expect(r.body).toMatchObject({ stake_cents: 250, balance_cents: balance, currency: 'FUN', jackpot_win: null });
      played.push(r.body);
    }
    const again = await api('GET', `/api/sessions/${s.session_id}`);
    expect(again.body.balance_cents).toBe(balance);
    expect(again.body.fair.nonce).toBe(6);

    const rotated = await api('POST', `/api/sessions/${s.session_id}/rotate`);
    expect(rotated.status).toBe(200);
    const seed = rotated.body.revealed.server_seed as string;
    expect(rotated.body.revealed.server_seed_hash).toBe(hash);
    expect(commitment(seed)).toBe(hash);
    for (const r of played) {
      const v = verifyRound({
        game: coin,
        serverSeed: seed,
        clientSeed: r.fair.client_seed,
        nonce: r.fair.nonce,
        bet: { stake: 250 },
      });
      expect(v.commitment).toBe(hash);
      expect(v.outcome).toEqual(r.outcome);
      expect(v.win).toBe(r.win_cents);
    }
    expect(platform.calls).toHaveLength(0); // demo never reaches the wallet
  });

  it('refuses a demo bet above the FUN balance', async () => {
    const { demo, round } = await setup({ demoBalanceCents: 100 });
    const s = await demo();
    const r = await round(s.session_id, { stake: 101 });
    expect(r.status).toBe(402);
    expect(r.body).toEqual({ error: 'insufficient_funds', balance_cents: 100 });
  });
});

describe('studio service: real play through the wallet', () => {
  it('authenticates with the launch token, then signs a bet and a win with the round report', async () => {
    const { api, real, round, platform } = await setup();
    platform.player('p-1', 10_000, 'CW');
    const s = await real('p-1', 'fake-slot');
    expect(s).toMatchObject({
      mode: 'real',
      game: 'fake-slot',
      currency: 'EUR',
      balance_cents: 10_000,
      nickname: 'nick-p-1',
      licence: 'CW',
    });
    expect(platform.callsOf('authenticate')[0]!.json).toEqual({
      launch_token: expect.stringMatching(/^launch-/),
      game: 'fake-slot',
    });

    const results: Array<Record<string, any>> = [];
    for (let i = 0; i < 3; i++) {
      const r = await round(s.session_id, { stake: 100 });
      expect(r.status).toBe(200);
      expect(r.body.fair.nonce).toBe(i);
      results.push(r.body);
    }
    const bets = platform.callsOf('bet');
    const wins = platform.callsOf('win');
    expect(bets).toHaveLength(3);
    expect(wins).toHaveLength(3);
    // bet then win, per round
    const order = platform.calls
      .filter((c) => c.action === 'bet' || c.action === 'win')
      .map((c) => `${c.action}:${c.json.round_id as string}`);
    expect(order).toEqual(results.flatMap((r) => [`bet:${r.round_id}`, `win:${r.round_id}`]));

    const rotated = await api('POST', `/api/sessions/${s.session_id}/rotate`);
    const seed = rotated.body.revealed.server_seed as string;
    results.forEach((r, i) => {
      const bet = bets[i]!.json;
      expect(bet).toEqual({
        session_token: expect.stringMatching(/^sess-/),
        game: 'fake-slot',
        round_id: r.round_id,
        transaction_id: `${r.round_id}:bet`,
        amount_cents: 100,
        currency: 'EUR',
        jackpot_draw: jackpotDraw(seed, r.fair.client_seed, i),
      });
      const win = wins[i]!.json;
      expect(win).toEqual({
        session_token: bet.session_token,
        game: 'fake-slot',
        round_id: r.round_id,
        transaction_id: `${r.round_id}:win`,
        reference_transaction_id: `${r.round_id}:bet`,
        amount_cents: r.win_cents,
        currency: 'EUR',
        round: { stake_cents: 100, bet: { stake: 100 }, outcome: r.outcome, fair: r.fair },
      });
      const v = verifyRound({
        game: slot,
        serverSeed: seed,
        clientSeed: r.fair.client_seed,
        nonce: i,
        bet: { stake: 100 },
      });
      expect(v.outcome).toEqual(r.outcome);
      expect(v.win).toBe(r.win_cents);
    });
    const paid = results.reduce((sum, r) => sum + r.win_cents, 0);
    expect(results.at(-1)!.balance_cents).toBe(10_000 - 300 + paid);

    // The session shows the platform's balance.
    const view = await api('GET', `/api/sessions/${s.session_id}`);
    expect(view.body.balance_cents).toBe(10_000 - 300 + paid);
  });

  it('answers a refused launch token with its code', async () => {
    const { api } = await setup();
    const r = await api('POST', '/api/sessions', { game: 'coin', mode: 'real', launch_token: 'nope' });
    expect(r.status).toBe(401);
    expect(r.body).toEqual({ error: 'invalid_launch_token' });
  });

  it('answers a refused bet with the protocol code and balance, and does not count the round', async () => {
    const { api, real, round, platform } = await setup();
    platform.player('poor', 50);
    const s = await real('poor');
    const r = await round(s.session_id, { stake: 100 });
    expect(r.status).toBe(402);
    expect(r.body).toEqual({ error: 'insufficient_funds', balance_cents: 50 });
    expect(platform.callsOf('win')).toHaveLength(0);
    expect(platform.callsOf('rollback')).toHaveLength(0);
    const view = await api('GET', `/api/sessions/${s.session_id}`);
    expect(view.body.fair.nonce).toBe(0);
    const ok = await round(s.session_id, { stake: 50 });
    expect(ok.status).toBe(200);
    expect(ok.body.fair.nonce).toBe(0);
  });

  it('keeps one seed pair per player across that player’s sessions', async () => {
    const { real, round, platform } = await setup();
    platform.player('p-2', 10_000);
    const a = await real('p-2');
    await round(a.session_id, { stake: 10 });
    const b = await real('p-2');
    expect(b.fair.server_seed_hash).toBe(a.fair.server_seed_hash);
    expect(b.fair.nonce).toBe(1);
  });
});

describe('studio service: seeds', () => {
  it('uses a changed client seed from the next round on', async () => {
    const { api, demo, round } = await setup();
    const s = await demo();
    await round(s.session_id, { stake: 10 });
    const put = await api('PUT', `/api/sessions/${s.session_id}/client_seed`, { client_seed: 'my lucky seed!' });
    expect(put.status).toBe(200);
    expect(put.body).toEqual({ server_seed_hash: s.fair.server_seed_hash, client_seed: 'my lucky seed!', nonce: 1 });
    const r = await round(s.session_id, { stake: 10 });
    expect(r.body.fair).toEqual({ server_seed_hash: s.fair.server_seed_hash, client_seed: 'my lucky seed!', nonce: 1 });
    const seed = (await api('POST', `/api/sessions/${s.session_id}/rotate`)).body.revealed.server_seed as string;
    const v = verifyRound({ game: coin, serverSeed: seed, clientSeed: 'my lucky seed!', nonce: 1, bet: { stake: 10 } });
    expect(v.outcome).toEqual(r.body.outcome);

    for (const bad of ['', 'x'.repeat(65), 'line\nbreak', 'é', 42]) {
      const res = await api('PUT', `/api/sessions/${s.session_id}/client_seed`, { client_seed: bad });
      expect(res.status).toBe(422);
      expect(res.body).toEqual({ error: 'invalid_client_seed' });
    }
    expect(
      (await api('PUT', `/api/sessions/${s.session_id}/client_seed`, { client_seed: 'x'.repeat(64) })).status,
    ).toBe(200);
  });

  it('reveals the old server seed on rotation and publishes it by its hash only then', async () => {
    const { app, api, demo, round } = await setup();
    const s = await demo();
    const hash = s.fair.server_seed_hash as string;
    await round(s.session_id, { stake: 10 });
    await round(s.session_id, { stake: 10 });

    const before = await api('GET', `/api/fair/seeds/${hash}`);
    expect(before.status).toBe(200);
    expect(before.body).toEqual({ server_seed_hash: hash, server_seed: null, revealed_at: null });

    advance(1000);
    // A browser's fetch may send the JSON content type without a body.
    const res = await app.inject({
      method: 'POST',
      url: `/studio/api/sessions/${s.session_id as string}/rotate`,
      headers: { 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(200);
    const rotated = { body: res.json() as Record<string, any> };
    expect(rotated.body.revealed).toMatchObject({ server_seed_hash: hash, client_seed: s.fair.client_seed, rounds: 2 });
    expect(rotated.body.next).toEqual({
      server_seed_hash: expect.stringMatching(/^[0-9a-f]{64}$/),
      client_seed: s.fair.client_seed,
      nonce: 0,
    });
    expect(rotated.body.next.server_seed_hash).not.toBe(hash);

    const after = await api('GET', `/api/fair/seeds/${hash.toUpperCase()}`);
    expect(after.body).toEqual({
      server_seed_hash: hash,
      server_seed: rotated.body.revealed.server_seed,
      revealed_at: now.toISOString(),
    });
    const next = await api('GET', `/api/fair/seeds/${rotated.body.next.server_seed_hash as string}`);
    expect(next.body.server_seed).toBeNull();

    const view = await api('GET', `/api/sessions/${s.session_id}`);
    expect(view.body.fair).toEqual(rotated.body.next);
    expect((await round(s.session_id, { stake: 10 })).body.fair.nonce).toBe(0);

    expect((await api('GET', `/api/fair/seeds/${'0'.repeat(64)}`)).status).toBe(404);
    expect((await api('GET', '/api/fair/seeds/not-a-hash')).body).toEqual({ error: 'seed_not_found' });
  });
});

describe('studio service: licence rules', () => {
  it('EE: refuses a slot round within 2.5 s of the last one', async () => {
    const { real, round, platform } = await setup();
    platform.player('ee', 10_000, 'EE');
    const s = await real('ee', 'fake-slot');
    expect(s.rules).toEqual({ min_spin_ms: 2500, quick_spin: false });
    expect((await round(s.session_id, { stake: 10 })).status).toBe(200);
    advance(2499);
    const fast = await round(s.session_id, { stake: 10 });
    expect(fast.status).toBe(429);
    expect(fast.body).toEqual({ error: 'too_fast' });
    expect(platform.callsOf('bet')).toHaveLength(1);
    advance(1);
    const ok = await round(s.session_id, { stake: 10 });
    expect(ok.status).toBe(200);
    expect(ok.body.fair.nonce).toBe(1);

    // Not a slot: no minimum.
    const demoEe = await (await setup()).api('POST', '/api/sessions', { game: 'coin', mode: 'demo', licence: 'EE' });
    expect(demoEe.body.rules).toEqual({ min_spin_ms: 0, quick_spin: false });
  });

  it('EE demo slots wait too; CW plays as fast as it likes', async () => {
    const { demo, round } = await setup();
    const ee = await demo('fake-slot', 'EE');
    expect((await round(ee.session_id, { stake: 10 })).status).toBe(200);
    expect((await round(ee.session_id, { stake: 10 })).status).toBe(429);
    const cw = await demo('fake-slot', 'CW');
    expect(cw.rules).toEqual({ min_spin_ms: 0, quick_spin: true });
    for (let i = 0; i < 3; i++) expect((await round(cw.session_id, { stake: 10 })).status).toBe(200);
  });
});

describe('studio service: errors', () => {
  it('answers invalid bets, unknown sessions and games, bad bodies with JSON codes and no stack', async () => {
    const { app, api, demo, round } = await setup();
    const s = await demo();
    for (const bet of [undefined, null, { stake: 0 }, { stake: 1.5 }, { stake: '10' }, 'x']) {
      const r = await round(s.session_id, bet);
      expect(r.status).toBe(422);
      expect(r.body).toEqual({ error: 'invalid_bet' });
    }
    expect((await api('GET', `/api/sessions/${s.session_id}`)).body.fair.nonce).toBe(0);
    expect((await round('f'.repeat(64), { stake: 1 })).body).toEqual({ error: 'session_not_found' });
    expect((await api('GET', '/api/sessions/__proto__')).status).toBe(404);
    expect((await api('POST', '/api/sessions', { game: 'nope', mode: 'demo' })).body).toEqual({
      error: 'game_not_found',
    });
    expect((await api('POST', '/api/sessions', { game: 'constructor', mode: 'demo' })).status).toBe(404);
    expect((await api('POST', '/api/sessions', { game: 'coin', mode: 'demo', currency: 'EUR' })).status).toBe(422);
    expect((await api('POST', '/api/sessions', { game: 'coin', mode: 'sideways' })).body).toEqual({
      error: 'invalid_request',
    });
    expect((await api('GET', '/api/nothing')).body).toEqual({ error: 'not_found' });
    const garbage = await app.inject({
      method: 'POST',
      url: '/studio/api/sessions',
      headers: { 'content-type': 'application/json' },
      payload: '{"game":',
    });
    expect(garbage.statusCode).toBe(400);
    expect(garbage.json()).toEqual({ error: 'invalid_request' });
    const poisoned = await app.inject({
      method: 'POST',
      url: '/studio/api/sessions',
      headers: { 'content-type': 'application/json' },
      payload: '{"__proto__":{"x":1},"game":"coin","mode":"demo"}',
    });
    expect(poisoned.statusCode).toBe(400);

    const b = await demo('broken');
    const crash = await round(b.session_id, { stake: 1 });
    expect(crash.status).toBe(500);
    expect(crash.text).toBe('{"error":"internal_error"}');
  });

  it('expires a session after 12 hours without a call', async () => {
    const { api, demo } = await setup();
    const s = await demo();
    advance(11 * 3_600_000);
    expect((await api('GET', `/api/sessions/${s.session_id}`)).status).toBe(200);
    advance(12 * 3_600_000 + 1);
    expect((await api('GET', `/api/sessions/${s.session_id}`)).status).toBe(404);
    // A gone demo session's seed is revealed: nobody plays it any more.
    expect((await api('GET', `/api/fair/seeds/${s.fair.server_seed_hash as string}`)).body.server_seed).toMatch(
      /^[0-9a-f]{64}$/,
    );
  });
});

describe('studio service: wallet failures', () => {
  it('retries a win that answered 5xx with the same transaction id and body', async () => {
    const { real, round, platform } = await setup();
    const p = platform.player('w-1', 10_000);
    const s = await real('w-1');
    platform.faults.push({ action: 'win', kind: '5xx', times: 1 });
    const r = await round(s.session_id, { stake: 100 });
    expect(r.status).toBe(200);
    expect(r.body.win_pending).toBeUndefined();
    const wins = platform.callsOf('win');
    expect(wins).toHaveLength(2);
    expect(wins[1]!.body).toBe(wins[0]!.body);
    expect(wins[0]!.json.transaction_id).toBe(`${r.body.round_id as string}:win`);
    expect(p.balance).toBe(10_000 - 100 + r.body.win_cents);
    expect(r.body.balance_cents).toBe(p.balance);
  });

  it('keeps a win it cannot deliver and re-sends it with retryPending()', async () => {
    const { api, studio, real, round, platform } = await setup();
    const p = platform.player('w-2', 10_000);
    const s = await real('w-2');
    // Find a winning round first so the owed amount is visible.
    let r: Awaited<ReturnType<typeof round>>;
    platform.faults.push({ action: 'win', kind: '5xx', times: 3 });
    r = await round(s.session_id, { stake: 100 });
    expect(r.status).toBe(200);
    expect(r.body.win_pending).toBe(true);
    expect(r.body.fair.nonce).toBe(0);
    expect(r.body.balance_cents).toBe(10_000 - 100 + r.body.win_cents);
    expect(p.balance).toBe(10_000 - 100);
    expect(platform.callsOf('win')).toHaveLength(3);

    // Not due yet: nothing is sent.
    expect(await studio.retryPending()).toEqual({ delivered: 0, pending: 1, failed: 0 });
    expect(platform.callsOf('win')).toHaveLength(3);

    // Still failing: stays owed, backs off.
    platform.faults.push({ action: 'win', kind: '5xx', times: 3 });
    advance(1_000);
    expect(await studio.retryPending()).toEqual({ delivered: 0, pending: 1, failed: 0 });
    advance(2_000);
    expect(await studio.retryPending()).toEqual({ delivered: 1, pending: 0, failed: 0 });
    const wins = platform.callsOf('win');
    expect(wins.length).toBeGreaterThan(3);
    expect(new Set(wins.map((w) => w.body)).size).toBe(1);
    expect(p.balance).toBe(10_000 - 100 + r.body.win_cents);
    expect(await studio.retryPending()).toEqual({ delivered: 0, pending: 0, failed: 0 });

    // The next round goes on normally with the next nonce.
    r = await round(s.session_id, { stake: 100 });
    expect(r.body.fair.nonce).toBe(1);
    expect((await api('GET', `/api/sessions/${s.session_id}`)).body.balance_cents).toBe(p.balance);
  });

  it('rolls back a bet whose answer never comes, and does not count the round', async () => {
    const { api, real, round, platform } = await setup();
    const p = platform.player('t-1', 10_000);
    const s = await real('t-1');
    platform.faults.push({ action: 'bet', kind: 'hang-after', times: 3 });
    const r = await round(s.session_id, { stake: 300 });
    expect(r.status).toBe(503);
    expect(r.body).toEqual({ error: 'wallet_unavailable' });
    const bets = platform.callsOf('bet');
    expect(bets).toHaveLength(3);
    expect(new Set(bets.map((b) => b.body)).size).toBe(1);
    const rollbacks = platform.callsOf('rollback');
    expect(rollbacks).toHaveLength(1);
    const roundId = bets[0]!.json.round_id as string;
    expect(rollbacks[0]!.json).toEqual({
      session_token: bets[0]!.json.session_token,
      game: 'coin',
      round_id: roundId,
      transaction_id: `${roundId}:rollback`,
      reference_transaction_id: `${roundId}:bet`,
    });
    expect(platform.callsOf('win')).toHaveLength(0);
    expect(p.balance).toBe(10_000);
    const view = await api('GET', `/api/sessions/${s.session_id}`);
    expect(view.body.fair.nonce).toBe(0);
    expect(view.body.balance_cents).toBe(10_000);
  });

  it('keeps a rollback it cannot deliver and re-sends it later', async () => {
    const { studio, real, round, platform } = await setup();
    const p = platform.player('t-2', 10_000);
    const s = await real('t-2');
    platform.faults.push(
      { action: 'bet', kind: 'hang-after', times: 3 },
      { action: 'rollback', kind: '5xx', times: 3 },
    );
    expect((await round(s.session_id, { stake: 300 })).status).toBe(503);
    expect(p.balance).toBe(9_700);
    advance(1_000);
    expect(await studio.retryPending()).toEqual({ delivered: 1, pending: 0, failed: 0 });
    expect(p.balance).toBe(10_000);
    expect(new Set(platform.callsOf('rollback').map((c) => c.body)).size).toBe(1);
  });
});

describe('studio service: games and pages', () => {
  it('lists the games with rules, paytable and RTP', async () => {
    const { api } = await setup();
    const list = await api('GET', '/api/games');
    expect(list.body.games.map((g: { slug: string }) => g.slug)).toEqual(['coin', 'fake-slot', 'broken']);
    const one = await api('GET', '/api/games/fake-slot');
    expect(one.body).toEqual({
      slug: 'fake-slot',
      title: 'Fake Slot',
      rtp: 0.98,
      rules: coin.rules.summary,
      paytable: coin.rules.paytable,
      slot: true,
      jackpot: true,
    });
    expect((await api('GET', '/api/games/nope')).status).toBe(404);
  });

  it('serves an escaped rules page, and the client pages (or a not-built page)', async () => {
    const { api } = await setup();
    const rules = await api('GET', '/rules/coin');
    expect(rules.status).toBe(200);
    expect(rules.headers['content-type']).toContain('text/html');
    expect(rules.text).toContain('Coin &lt;Flip&gt; &amp; Co');
    expect(rules.text).toContain('Heads pays &lt;b&gt;1.96&lt;/b&gt;');
    expect(rules.text).not.toContain('<b>1.96');
    expect((await api('GET', '/rules/nope')).status).toBe(404);

    const play = await api('GET', '/play/coin?mode=demo&currency=FUN');
    expect(play.status).toBe(200);
    expect(play.text).toContain('not built');
    expect((await api('GET', '/play/nope')).status).toBe(404);

    const dir = mkdtempSync(join(tmpdir(), 'studio-client-'));
    tmpDirs.push(dir);
    mkdirSync(join(dir, 'assets'));
    writeFileSync(
      join(dir, 'index.html'),
      '<!doctype html><title>play</title><script src="/studio/assets/app.js"></script>',
    );
    writeFileSync(join(dir, 'fair.html'), '<!doctype html><title>verifier</title>');
    writeFileSync(join(dir, 'assets', 'app.js'), 'console.log("hi")');
    const built = await setup({ clientDir: dir });
    const page = await built.api('GET', '/play/coin?mode=real&launch_token=x');
    expect(page.text).toContain('<title>play</title>');
    expect((await built.api('GET', '/fair?game=coin&nonce=1')).text).toContain('<title>verifier</title>');
    const asset = await built.api('GET', '/assets/app.js');
    expect(asset.status).toBe(200);
    expect(asset.text).toBe('console.log("hi")');
    expect((await built.api('GET', '/assets/missing.js')).status).toBe(404);
    expect((await built.api('GET', '/play/nope')).status).toBe(404);
  });
});

describe('studio service: mounting', () => {
  it('changes the JSON body parser only inside its own prefix', async () => {
    const platform = fakePlatform();
    const studio = createStudio({
      provider: 'orbit',
      walletUrl: WALLET_URL,
      walletSecret: SECRET,
      games: GAMES,
      fetch: platform.fetch,
      retryIntervalMs: 0,
    });
    const app = fastify();
    apps.push(app);
    app.post('/outside', async (req) => ({ body: req.body ?? null }));
    await app.register(studio.plugin, { prefix: '/studio' });
    const outside = await app.inject({
      method: 'POST',
      url: '/outside',
      headers: { 'content-type': 'application/json' },
    });
    expect(outside.statusCode).toBe(400);
    expect((await app.inject({ method: 'POST', url: '/outside', payload: { a: 1 } })).json()).toEqual({
      body: { a: 1 },
    });
  });

  it('draws the jackpot word from HMAC-SHA256(server seed, "client:nonce:jackpot") (the isomorphic draws match node:crypto)', () => {
    const block = createHmac('sha256', 'server').update('client:12:jackpot').digest();
    expect(jackpotDraw('server', 'client', 12)).toBe(block.readUInt32BE(0));
    expect(commitment('séed')).toBe(createHash('sha256').update('séed').digest('hex'));
  });
});

describe('studio service: file store', () => {
  it('keeps sessions, seeds, balances and owed wins across a restart', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'studio-store-'));
    tmpDirs.push(dir);
    const path = join(dir, 'nested', 'studio.json');
    const first = await setup({ store: fileStore(path) });
    const p = first.platform.player('f-1', 10_000);
    const s = await first.real('f-1');
    const d = await first.demo();
    const played = await first.round(d.session_id, { stake: 500 });
    first.platform.faults.push({ action: 'win', kind: '5xx', times: 3 });
    const owed = await first.round(s.session_id, { stake: 100 });
    expect(owed.body.win_pending).toBe(true);

    // A new studio on the same file, talking to the same platform.
    const { studio, app } = await restart(fileStore(path), first.platform);
    const view = await app.inject({ method: 'GET', url: `/studio/api/sessions/${d.session_id as string}` });
    expect(view.json()).toMatchObject({
      balance_cents: played.body.balance_cents,
      fair: { nonce: 1, server_seed_hash: d.fair.server_seed_hash },
    });
    advance(1_000);
    expect(await studio.retryPending()).toEqual({ delivered: 1, pending: 0, failed: 0 });
    expect(p.balance).toBe(10_000 - 100 + owed.body.win_cents);
  });
});
