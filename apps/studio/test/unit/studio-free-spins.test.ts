/**
 * The studio's free spins (docs/provider-protocol.md "Free spins", apps/studio/README.md): the
 * platform's signed issue and cancel calls, the session's `free_spins`, a free spin played like a
 * paid round at the grant's bet level with one wallet `freespin` call and no bet, the platform's
 * refusals, an owed spin, a restart, and the games that never offer them.
 */
import { createHmac } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { verifyRound } from '../../src/fair/verify';
import { GAMES } from '../../src/games';
import type { GameMath, StepGameMath } from '../../src/games/types';
import { DEFAULT_SLOT_GAMES, fileStore } from '../../src/service';
import { advance, now, SECRET, studioHarness, tmpDirs } from './support/studio-harness';

// ---------------------------------------------------------------- fake games

type StakeBet = { stake: number };
function parseStake(input: unknown): StakeBet {
  const stake = (input as { stake?: unknown } | null)?.stake;
  if (!Number.isSafeInteger(stake) || (stake as number) < 1 || (stake as number) > 1_000_000)
    throw new RangeError('invalid_bet');
  return { stake: stake as number };
}

/** A three-reel "slot": pays 5 × stake when the reels match. */
const slot: GameMath<StakeBet, { reels: number[] }> = {
  slug: 'fake-slot',
  title: 'Fake Slot',
  rtp: 0.3125,
  theoreticalRtp: () => 0.3125,
  returnVariance: () => 1,
  referenceBet: { stake: 100 },
  rules: { summary: ['Three alike pay 5 × stake.'], paytable: [] },
  parseBet: parseStake,
  stake: (bet) => bet.stake,
  play(draws, bet) {
    const reels = [draws.int(4), draws.int(4), draws.int(4)];
    return { outcome: { reels }, win: reels[0] === reels[1] && reels[1] === reels[2] ? bet.stake * 5 : 0 };
  },
};

/** Heads pays 1.96 × stake: a one-shot game that is no slot. */
const coin: GameMath<StakeBet, { side: number }> = {
  ...(slot as unknown as GameMath<StakeBet, { side: number }>),
  slug: 'coin',
  title: 'Coin',
  play(draws, bet) {
    const side = draws.int(2);
    return { outcome: { side }, win: side === 1 ? Math.floor((bet.stake * 196) / 100) : 0 };
  },
};

/** A step game: the round opens with the bet and settles with the player's "stand". */
const peek: StepGameMath<StakeBet, 'stand', { card: number; done: boolean }> = {
  ...(slot as unknown as GameMath<StakeBet, { card: number; done: boolean }>),
  steps: true,
  slug: 'peek',
  title: 'Peek',
  idleAction: 'stand',
  parseAction(input) {
    if (input === 'stand') return input;
    throw new RangeError('invalid_action');
  },
  resolve(draws, bet, actions) {
    const card = draws.int(10);
    const done = actions.length > 0;
    return {
      outcome: { card, done },
      stake: bet.stake,
      next: done ? null : ['stand'],
      win: done && card > 4 ? 2 * bet.stake : 0,
    };
  },
  strategy: () => 'stand',
  play(draws, bet) {
    const { outcome, win, stake } = this.resolve(draws, bet, ['stand']);
    return { outcome, win, stake };
  },
};

const { setup, restart } = studioHarness({ 'fake-slot': slot, coin, peek });
/** `peek` is named a slot too, to show that a step game never offers free spins however it is listed. */
const SLOTS = { slotGames: ['fake-slot', 'peek'] };

const inADay = () => new Date(now.getTime() + 86_400_000).toISOString();

// ---------------------------------------------------------------- tests

describe('studio free spins: the platform’s issue and cancel calls', () => {
  it('refuses a call not signed with the wallet secret, or a body that is not the call’s', async () => {
    const { app, signed, real, platform } = await setup(SLOTS);
    platform.player('p-1', 1_000);
    const body = {
      freespin_id: 'fs-1',
      player_id: 'p-1',
      currency: 'EUR',
      games: ['fake-slot'],
      count: 3,
      bet_level_cents: 100,
      valid_until: inADay(),
    };
    expect(await signed('issue', body, 'another-secret-0123456789abcdef')).toEqual({
      status: 401,
      body: { status: 'error', code: 'invalid_signature' },
    });
    const unsigned = await app.inject({ method: 'POST', url: '/studio/api/freespins/issue', payload: body });
    expect(unsigned.statusCode).toBe(401);
    expect(unsigned.json()).toEqual({ status: 'error', code: 'invalid_signature' });
    // The signature is over the bytes as sent: the same JSON written otherwise is another body.
    const raw = JSON.stringify(body);
    const moved = await app.inject({
      method: 'POST',
      url: '/studio/api/freespins/issue',
      headers: {
        'content-type': 'application/json',
        'x-request-sign': createHmac('sha256', SECRET).update(raw).digest('hex'),
      },
      payload: JSON.stringify(body, null, 2),
    });
    expect(moved.statusCode).toBe(401);

    const invalid = { status: 400, body: { status: 'error', code: 'invalid_request' } };
    expect(await signed('issue', '{not json')).toEqual(invalid);
    expect(await signed('issue', { ...body, count: 0 })).toEqual(invalid);
    expect(await signed('issue', { ...body, games: [] })).toEqual(invalid);
    expect(await signed('issue', { ...body, valid_until: 'someday' })).toEqual(invalid);
    expect(await signed('cancel', {})).toEqual(invalid);

    // Nothing refused was kept.
    expect((await real('p-1', 'fake-slot')).free_spins).toBeNull();
  });

  it('keeps a grant once: issuing its id again answers ok and changes nothing', async () => {
    const { signed, real, platform, issueFreeSpins } = await setup(SLOTS);
    platform.player('p-1', 1_000);
    await issueFreeSpins({ freespin_id: 'fs-1', player_id: 'p-1', count: 3 });
    const again = await signed('issue', {
      freespin_id: 'fs-1',
      player_id: 'p-1',
      currency: 'EUR',
      games: ['fake-slot'],
      count: 50,
      bet_level_cents: 500,
      valid_until: inADay(),
    });
    expect(again).toEqual({ status: 200, body: { status: 'ok' } });
    expect((await real('p-1', 'fake-slot')).free_spins).toEqual({
      id: 'fs-1',
      left: 3,
      total: 3,
      bet_level_cents: 100,
      won_cents: 0,
    });
  });
});

describe('studio free spins: the session', () => {
  it('shows the first usable grant of the session’s player, currency and game, and none otherwise', async () => {
    const { api, real, demo, platform, issueFreeSpins } = await setup(SLOTS);
    platform.player('p-1', 1_000);
    platform.player('p-2', 1_000);
    const before = await real('p-1', 'fake-slot');
    expect(before.free_spins).toBeNull();

    await issueFreeSpins({ freespin_id: 'other-currency', player_id: 'p-1', currency: 'USD' });
    await issueFreeSpins({ freespin_id: 'other-game', player_id: 'p-1', games: ['coin'] });
    await issueFreeSpins({ freespin_id: 'no-such-stake', player_id: 'p-1', bet_level_cents: 2_000_000 });
    expect((await api('GET', `/api/sessions/${before.session_id}`)).body.free_spins).toBeNull();

    await issueFreeSpins({ freespin_id: 'first', player_id: 'p-1', count: 10, bet_level_cents: 200 });
    advance(1_000);
    await issueFreeSpins({ freespin_id: 'second', player_id: 'p-1', games: ['orbit/fake-slot'] });
    const view = await api('GET', `/api/sessions/${before.session_id}`);
    expect(view.body.free_spins).toEqual({ id: 'first', left: 10, total: 10, bet_level_cents: 200, won_cents: 0 });
    // The session's creation answer tells them too.
    expect((await real('p-1', 'fake-slot')).free_spins).toMatchObject({ id: 'first' });

    // Not another player's, not in another game, never in demo play.
    expect((await real('p-2', 'fake-slot')).free_spins).toBeNull();
    expect((await real('p-1', 'coin')).free_spins).toBeNull();
    expect((await demo('fake-slot')).free_spins).toBeNull();

    // Past `valid_until`, a grant is offered no more.
    advance(86_400_000 - 500);
    expect((await real('p-1', 'fake-slot')).free_spins).toMatchObject({ id: 'second' });
    advance(1_000);
    expect((await real('p-1', 'fake-slot')).free_spins).toBeNull();
  });
});

describe('studio free spins: playing them', () => {
  it('plays every spin at the bet level with one freespin call each and no bet, then paid play resumes', async () => {
    const { real, round, freeSpin, platform, issueFreeSpins } = await setup(SLOTS);
    const p = platform.player('p-1', 1_000);
    const grant = await issueFreeSpins({ freespin_id: 'fs-1', player_id: 'p-1', count: 5, bet_level_cents: 300 });
    const s = await real('p-1', 'fake-slot');
    expect(s.free_spins).toMatchObject({ left: 5, total: 5, bet_level_cents: 300 });

    let won = 0;
    for (let i = 0; i < 5; i++) {
      const r = await freeSpin(s.session_id);
      expect(r.status).toBe(200);
      won += r.body.win_cents as number;
      expect(r.body).toMatchObject({ stake_cents: 300, balance_cents: 1_000, jackpot_win: null, fair: { nonce: i } });
      expect(r.body.win_pending).toBeUndefined();
      expect(r.body.free_spins).toEqual(
        i < 4 ? { id: 'fs-1', left: 4 - i, total: 5, bet_level_cents: 300, won_cents: won } : null,
      );
      const call = platform.callsOf('freespin')[i]!;
      // Exactly the protocol's body: no jackpot draw (nothing was staked), the round report at the bet level.
      expect(call.json).toEqual({
        session_token: expect.any(String),
        game: 'fake-slot',
        round_id: r.body.round_id,
        transaction_id: `${r.body.round_id as string}:freespin`,
        freespin_id: 'fs-1',
        amount_cents: r.body.win_cents,
        currency: 'EUR',
        round: { stake_cents: 300, bet: { stake: 300 }, outcome: r.body.outcome, fair: r.body.fair },
      });
    }
    expect(platform.callsOf('freespin')).toHaveLength(5);
    expect(platform.callsOf('bet')).toHaveLength(0);
    expect(platform.callsOf('win')).toHaveLength(0);
    expect(grant).toMatchObject({ left: 0, won });
    expect(p.balance).toBe(1_000);

    // None left: a free spin is refused, a paid round is played as ever (its nonce follows the spins').
    expect(await freeSpin(s.session_id)).toMatchObject({ status: 409, body: { error: 'no_free_spins' } });
    const paid = await round(s.session_id, { stake: 100 });
    expect(paid.body).toMatchObject({ stake_cents: 100, fair: { nonce: 5 }, free_spins: null });
    expect(platform.callsOf('bet')).toHaveLength(1);
  });

  it('recomputes a free spin from its revealed seed like a paid round (Stellar Sevens)', async () => {
    const real7 = studioHarness(GAMES);
    const { api, real, round, freeSpin, platform, issueFreeSpins } = await real7.setup({
      slotGames: DEFAULT_SLOT_GAMES,
    });
    platform.player('p-7', 100_000);
    const game = GAMES['stellar-sevens']!;
    const level = game.stake(game.referenceBet);
    await issueFreeSpins({ freespin_id: 'fs-7', player_id: 'p-7', games: ['stellar-sevens'], bet_level_cents: level });
    const s = await real('p-7', 'stellar-sevens');
    const paid = await round(s.session_id, game.referenceBet);
    const spins = [await freeSpin(s.session_id), await freeSpin(s.session_id)];
    expect([paid, ...spins].map((r) => r.body.fair.nonce)).toEqual([0, 1, 2]);
    const rotated = await api('POST', `/api/sessions/${s.session_id}/rotate`);
    for (const spin of spins) {
      const [call] = platform.callsOf('freespin').filter((c) => c.json.round_id === spin.body.round_id);
      const v = verifyRound({
        game,
        serverSeed: rotated.body.revealed.server_seed,
        clientSeed: spin.body.fair.client_seed,
        nonce: spin.body.fair.nonce,
        bet: (call!.json.round as { bet: unknown }).bet,
      });
      expect(v.commitment).toBe(spin.body.fair.server_seed_hash);
      expect(v).toMatchObject({ outcome: spin.body.outcome, win: spin.body.win_cents, stake: level });
    }
  });

  it('takes the platform’s spins left as the truth, and its refusals end the grant here too', async () => {
    const { api, real, freeSpin, platform, issueFreeSpins } = await setup(SLOTS);
    platform.player('p-1', 1_000);
    const grant = await issueFreeSpins({ freespin_id: 'fs-1', player_id: 'p-1', count: 5 });
    const s = await real('p-1', 'fake-slot');
    grant.left = 2; // the platform counted spins the studio did not
    expect((await freeSpin(s.session_id)).body.free_spins).toMatchObject({ left: 1 });

    // Cancelled at the platform without the studio hearing of it: the spin is refused and not played.
    grant.canceled = true;
    const refused = await freeSpin(s.session_id);
    expect(refused).toMatchObject({ status: 409, body: { error: 'freespins_used' } });
    const view = await api('GET', `/api/sessions/${s.session_id}`);
    expect(view.body.free_spins).toBeNull();
    expect(view.body.fair.nonce).toBe(1);

    // A grant the platform does not know (for this player, game and currency).
    platform.player('p-2', 1_000);
    const s2 = await real('p-2', 'fake-slot');
    await issueFreeSpins({ freespin_id: 'fs-2', player_id: 'p-2' });
    platform.grants.get('fs-2')!.player = 'someone-else';
    expect(await freeSpin(s2.session_id)).toMatchObject({ status: 404, body: { error: 'freespin_not_found' } });
    expect((await api('GET', `/api/sessions/${s2.session_id}`)).body.free_spins).toBeNull();
  });

  it('owes a spin the platform does not answer, re-sends it, and counts it meanwhile', async () => {
    const { studio, real, freeSpin, platform, issueFreeSpins } = await setup(SLOTS);
    platform.player('p-1', 1_000);
    const grant = await issueFreeSpins({ freespin_id: 'fs-1', player_id: 'p-1', count: 3 });
    const s = await real('p-1', 'fake-slot');
    platform.faults.push({ action: 'freespin', kind: '5xx', times: 3 });
    const owed = await freeSpin(s.session_id);
    expect(owed.body).toMatchObject({ win_pending: true, free_spins: { left: 2 } });
    expect(grant.left).toBe(3);

    // The next spin is answered before the owed one arrives: the platform's count less the owed spin.
    const next = await freeSpin(s.session_id);
    expect(grant.left).toBe(2);
    expect(next.body.free_spins).toMatchObject({ left: 1 });
    advance(1_000);
    expect(await studio.retryPending()).toEqual({ delivered: 1, pending: 0, failed: 0 });
    expect(grant.left).toBe(1);
    const bodies = platform.callsOf('freespin').filter((c) => c.json.round_id === owed.body.round_id);
    expect(new Set(bodies.map((c) => c.body)).size).toBe(1);
    const last = await freeSpin(s.session_id);
    expect(last.body.free_spins).toBeNull();
    expect(grant).toMatchObject({ left: 0 });
  });

  it('keeps a grant across a restart of the studio', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'studio-free-spins-'));
    tmpDirs.push(dir);
    const store = fileStore(join(dir, 'studio.json'));
    const first = await setup({ ...SLOTS, store });
    first.platform.player('p-1', 1_000);
    await first.issueFreeSpins({ freespin_id: 'fs-1', player_id: 'p-1', count: 4 });
    const s = await first.real('p-1', 'fake-slot');
    const played = await first.freeSpin(s.session_id);
    await first.freeSpin(s.session_id);

    const second = await restart(fileStore(join(dir, 'studio.json')), first.platform, SLOTS);
    const view = await second.api('GET', `/api/sessions/${s.session_id}`);
    expect(view.body.free_spins).toMatchObject({ id: 'fs-1', left: 2, total: 4 });
    expect((await second.real('p-1', 'fake-slot')).free_spins).toMatchObject({ left: 2 });
    expect((await second.freeSpin(s.session_id)).body.free_spins).toMatchObject({ left: 1 });
    expect(played.body.free_spins).toMatchObject({ left: 3 });
    // Issued again after the restart (the platform retrying): still the one grant.
    await second.signed('issue', {
      freespin_id: 'fs-1',
      player_id: 'p-1',
      currency: 'EUR',
      games: ['fake-slot'],
      count: 4,
      bet_level_cents: 100,
      valid_until: inADay(),
    });
    expect((await second.api('GET', `/api/sessions/${s.session_id}`)).body.free_spins).toMatchObject({ left: 1 });
  });

  it('stops offering a cancelled grant; a cancel of an unknown id answers ok and wins over a later issue', async () => {
    const { api, real, freeSpin, signed, platform, issueFreeSpins } = await setup(SLOTS);
    platform.player('p-1', 1_000);
    await issueFreeSpins({ freespin_id: 'fs-1', player_id: 'p-1', count: 4 });
    const s = await real('p-1', 'fake-slot');
    await freeSpin(s.session_id);
    expect(await signed('cancel', { freespin_id: 'fs-1' })).toEqual({ status: 200, body: { status: 'ok' } });
    expect((await api('GET', `/api/sessions/${s.session_id}`)).body.free_spins).toBeNull();
    expect(await freeSpin(s.session_id)).toMatchObject({ status: 409, body: { error: 'no_free_spins' } });
    expect(platform.callsOf('freespin')).toHaveLength(1);

    expect(await signed('cancel', { freespin_id: 'fs-never' })).toEqual({ status: 200, body: { status: 'ok' } });
    await issueFreeSpins({ freespin_id: 'fs-never', player_id: 'p-1' });
    expect((await api('GET', `/api/sessions/${s.session_id}`)).body.free_spins).toBeNull();
  });
});

describe('studio free spins: the games that never offer them', () => {
  it('a step game offers none, and no free spin is played while a step round is open', async () => {
    const { api, real, round, freeSpin, platform, issueFreeSpins } = await setup(SLOTS);
    platform.player('p-1', 1_000);
    await issueFreeSpins({ freespin_id: 'fs-1', player_id: 'p-1', games: ['fake-slot', 'peek', 'coin'] });
    const step = await real('p-1', 'peek');
    expect(step.free_spins).toBeNull();
    expect(await freeSpin(step.session_id)).toMatchObject({ status: 409, body: { error: 'no_free_spins' } });
    const coinSession = await real('p-1', 'coin');
    expect(coinSession.free_spins).toBeNull();
    expect(await freeSpin(coinSession.session_id)).toMatchObject({ status: 409, body: { error: 'no_free_spins' } });

    const opened = await round(step.session_id, { stake: 100 });
    expect(opened.body.next).toEqual(['stand']);
    const slotSession = await real('p-1', 'fake-slot');
    expect(await freeSpin(slotSession.session_id)).toMatchObject({ status: 409, body: { error: 'round_in_progress' } });
    await api('POST', `/api/sessions/${step.session_id}/rounds/${opened.body.round_id as string}/actions`, {
      action: 'stand',
    });
    expect((await freeSpin(slotSession.session_id)).status).toBe(200);
    expect(platform.callsOf('freespin')).toHaveLength(1);
  });

  it('of the house games, only the slots offer them (not the card games, the crash table or roulette)', async () => {
    const house = studioHarness(GAMES);
    const { real, platform, issueFreeSpins } = await house.setup({ slotGames: DEFAULT_SLOT_GAMES });
    platform.player('p-1', 100_000);
    const slugs = Object.keys(GAMES);
    await issueFreeSpins({ freespin_id: 'fs-all', player_id: 'p-1', games: slugs, bet_level_cents: 2_000 });
    const offered: string[] = [];
    for (const slug of slugs) if ((await real('p-1', slug)).free_spins) offered.push(slug);
    expect(offered.sort()).toEqual([...DEFAULT_SLOT_GAMES].sort());
  });

  it('demo play has none to play', async () => {
    const { demo, freeSpin } = await setup(SLOTS);
    const d = await demo('fake-slot');
    expect(d.free_spins).toBeNull();
    expect(await freeSpin(d.session_id)).toMatchObject({ status: 409, body: { error: 'no_free_spins' } });
  });
});
