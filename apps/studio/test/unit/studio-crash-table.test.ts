/**
 * Rocket Crash's live table: one shared rocket, bets while it is on the pad, cash-outs by hand at
 * the server's multiplier or by the auto cash-out, every part paid at the crash and verifiable as a
 * Rocket Crash round, and a round cut short by a restart settled fairly.
 */
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { verifyRound } from '../../src/fair/verify';
import { liveMultiplierAt as multiplierAt, msToReach, rocketCrash } from '../../src/games/rocket-crash/math';
import { LIVE_CLIENT_SEED } from '../../src/protocol';
import { memoryStore, type StudioState, type StudioStore } from '../../src/service';
import { BETS_CLOSE_BEFORE_LAUNCH_MS, BETTING_MS, CRASHED_MS } from '../../src/service/crash-table';
import { advance, now, studioHarness } from './support/studio-harness';

const { setup, restart } = studioHarness({ 'rocket-crash': rocketCrash });
type Harness = Awaited<ReturnType<typeof setup>>;

const secretRound = (store: StudioStore) => (store.load() as StudioState).crash_table!.round!;

/** Watches the table until a round takes bets whose (secret) crash point is at least `atLeast`. */
async function roundCrashingAbove(h: Harness, atLeast: number) {
  for (let i = 0; i < 200; i++) {
    const state = (await h.api('GET', '/api/crash/state')).body;
    if (state.phase === 'betting' && secretRound(h.studio.store).crash_point >= atLeast) return state;
    const r = secretRound(h.studio.store);
    advance(Math.max(1, r.crash_at + CRASHED_MS - now.getTime()));
  }
  throw new Error(`no round crashing above ${atLeast}`);
}

describe('studio service: the live crash table', () => {
  it('takes bets on the pad, cashes out by hand at the server’s multiplier, and pays at the crash', async () => {
    const h = await setup();
    const p = h.platform.player('c-1', 10_000);
    const s = await h.real('c-1', 'rocket-crash');
    const open = await roundCrashingAbove(h, 200);
    expect(open).toMatchObject({ launch_in_ms: BETTING_MS, elapsed_ms: null, crash_point: null, server_seed: null });
    expect(open.server_seed_hash).toMatch(/^[0-9a-f]{64}$/);

    const bet = await h.api('POST', `/api/sessions/${s.session_id}/crash/bet`, { bet: { stake: 500 } });
    expect(bet.status).toBe(200);
    expect(bet.body).toMatchObject({
      balance_cents: 9_500,
      mine: { stake_cents: 500, cashout_at: 100_000, cashed_at: null },
      bets: [{ nickname: 'nick-c-1', stake_cents: 500, currency: 'EUR', cashed_at: null }],
    });
    expect((await h.api('POST', `/api/sessions/${s.session_id}/crash/bet`, { bet: { stake: 500 } })).body).toEqual({
      error: 'already_in_round',
    });
    expect((await h.api('POST', `/api/sessions/${s.session_id}/crash/cashout`)).body).toEqual({
      error: 'not_launched',
    });

    advance(BETTING_MS);
    expect((await h.api('POST', `/api/sessions/${s.session_id}/crash/cashout`)).body).toEqual({ error: 'too_early' });
    // Another player comes too late for this flight.
    h.platform.player('c-2', 10_000);
    const late = await h.real('c-2', 'rocket-crash');
    expect((await h.api('POST', `/api/sessions/${late.session_id}/crash/bet`, { bet: { stake: 100 } })).body).toEqual({
      error: 'betting_closed',
    });

    advance(msToReach(150) + 10);
    const m = multiplierAt(msToReach(150) + 10);
    const cashed = await h.api('POST', `/api/sessions/${s.session_id}/crash/cashout`);
    expect(cashed.body.mine).toMatchObject({ cashed_at: m, win_cents: Math.floor((500 * m) / 100) });
    expect(cashed.body.bets[0]).toMatchObject({ cashed_at: m });
    // Nothing is paid, nor any report sent, while the rocket flies.
    expect(h.platform.callsOf('win')).toHaveLength(0);

    const round = secretRound(h.studio.store);
    advance(round.crash_at - now.getTime());
    const crashed = (await h.api('GET', '/api/crash/state')).body;
    expect(crashed).toMatchObject({ phase: 'crashed', crash_point: round.crash_point, server_seed: round.server_seed });
    expect(createHash('sha256').update(crashed.server_seed).digest('hex')).toBe(open.server_seed_hash);
    expect(crashed.history[0]).toMatchObject({ round: open.round, crash_point: round.crash_point });
    await h.studio.retryPending();
    const [win] = h.platform.callsOf('win');
    expect(win!.json).toMatchObject({ amount_cents: Math.floor((500 * m) / 100), game: 'rocket-crash' });
    expect(p.balance).toBe(10_000 - 500 + Math.floor((500 * m) / 100));

    // The player's part is a Rocket Crash round anyone can recompute from the revealed seed.
    const report = (
      win!.json as { round: { bet: unknown; outcome: unknown; fair: { nonce: number; client_seed: string } } }
    ).round;
    expect(report.fair).toMatchObject({ client_seed: LIVE_CLIENT_SEED, nonce: open.round });
    const v = verifyRound({
      game: rocketCrash,
      serverSeed: crashed.server_seed,
      clientSeed: LIVE_CLIENT_SEED,
      nonce: open.round,
      bet: report.bet,
    });
    expect(v).toMatchObject({ outcome: report.outcome, win: win!.json.amount_cents });
    // The seed is in the verifier's lookup.
    expect((await h.api('GET', `/api/fair/seeds/${open.server_seed_hash as string}`)).body.server_seed).toBe(
      crashed.server_seed,
    );

    // The next round opens after the pause.
    advance(CRASHED_MS);
    expect((await h.api('GET', '/api/crash/state')).body).toMatchObject({ phase: 'betting', round: open.round + 1 });
  });

  it('cashes out at the auto cash-out, and a bet the rocket does not reach is lost with a zero win', async () => {
    const h = await setup();
    const d = await h.demo('rocket-crash');
    const winner = await h.demo('rocket-crash');
    await roundCrashingAbove(h, 120);
    const crash = secretRound(h.studio.store).crash_point;
    await h.api('POST', `/api/sessions/${winner.session_id}/crash/bet`, { bet: { stake: 1_000, cashout_at: 110 } });
    const missed = Math.min(100_000, crash + 1);
    await h.api('POST', `/api/sessions/${d.session_id}/crash/bet`, { bet: { stake: 1_000, cashout_at: missed } });
    advance(BETTING_MS + msToReach(110));
    const flying = (await h.api('GET', `/api/crash/state?session=${winner.session_id as string}`)).body;
    expect(flying.mine).toMatchObject({ cashed_at: 110, win_cents: 1_100 });
    advance(secretRound(h.studio.store).crash_at - now.getTime());
    const after = (await h.api('GET', `/api/crash/state?session=${d.session_id as string}`)).body;
    expect(after.phase).toBe('crashed');
    expect(after.mine).toMatchObject({ cashed_at: null, win_cents: null });
    expect(after.balance_cents).toBe(100_000 - 1_000);
    expect((await h.api('GET', `/api/sessions/${winner.session_id as string}`)).body.balance_cents).toBe(
      100_000 - 1_000 + 1_100,
    );
  });

  it('refuses bets it cannot take with clear codes', async () => {
    const h = await setup();
    const d = await h.demo('rocket-crash');
    await roundCrashingAbove(h, 100);
    for (const bet of [{ stake: 0 }, { stake: 100, cashout_at: 100 }, { stake: 'x' }])
      expect((await h.api('POST', `/api/sessions/${d.session_id as string}/crash/bet`, { bet })).body).toEqual({
        error: 'invalid_bet',
      });
    expect(
      (await h.api('POST', `/api/sessions/${d.session_id as string}/crash/bet`, { bet: { stake: 100_001 } })).body,
    ).toMatchObject({ error: 'insufficient_funds', balance_cents: 100_000 });
  });

  it('closes bets a second before the launch, before any wallet call: a late bet is never taken and refunded', async () => {
    const h = await setup();
    const p = h.platform.player('l-1', 10_000);
    const s = await h.real('l-1', 'rocket-crash');
    await roundCrashingAbove(h, 100);
    // 1 ms and then 999 ms before the launch: refused, and the wallet never hears of them.
    for (const before of [1, BETS_CLOSE_BEFORE_LAUNCH_MS - 1]) {
      advance(secretRound(h.studio.store).launch_at - now.getTime() - before);
      expect(
        (await h.api('POST', `/api/sessions/${s.session_id as string}/crash/bet`, { bet: { stake: 500 } })).body,
      ).toEqual({
        error: 'betting_closed',
      });
      if (before === 1) {
        // Through the next launch, to a round on the pad again.
        advance(1);
        await roundCrashingAbove(h, 100);
      }
    }
    expect(h.platform.callsOf('bet')).toHaveLength(0);
    expect(h.platform.callsOf('rollback')).toHaveLength(0);
    expect(p.balance).toBe(10_000);
    // Just before the close it is taken.
    await roundCrashingAbove(h, 100);
    advance(secretRound(h.studio.store).launch_at - now.getTime() - BETS_CLOSE_BEFORE_LAUNCH_MS);
    expect(
      (await h.api('POST', `/api/sessions/${s.session_id as string}/crash/bet`, { bet: { stake: 500 } })).status,
    ).toBe(200);
    expect(h.platform.callsOf('bet')).toHaveLength(1);
    expect(p.balance).toBe(9_500);
  });

  it('settles a round cut short by a restart: cashed-out bets are paid, the others rolled back', async () => {
    const store = memoryStore();
    const h = await setup({ store });
    const a = h.platform.player('r-1', 10_000);
    const b = h.platform.player('r-2', 10_000);
    const sa = await h.real('r-1', 'rocket-crash');
    const sb = await h.real('r-2', 'rocket-crash');
    await roundCrashingAbove(h, 200);
    await h.api('POST', `/api/sessions/${sa.session_id as string}/crash/bet`, { bet: { stake: 1_000 } });
    await h.api('POST', `/api/sessions/${sb.session_id as string}/crash/bet`, { bet: { stake: 1_000 } });
    advance(BETTING_MS + msToReach(150));
    const cashed = await h.api('POST', `/api/sessions/${sa.session_id as string}/crash/cashout`);
    const m = cashed.body.mine.cashed_at as number;

    // A new studio on the same store, as after a crash of the process mid-flight.
    const { studio } = await restart(store, h.platform);
    expect(await studio.retryPending()).toEqual({ delivered: 2, pending: 0, failed: 0 });
    expect(a.balance).toBe(10_000 - 1_000 + Math.floor((1_000 * m) / 100));
    expect(b.balance).toBe(10_000);
  });

  it('passes a bet refused above the bonus max bet on with the cap in force now, which the session keeps', async () => {
    const h = await setup();
    const p = h.platform.player('cap-1', 10_000);
    const s = await h.real('cap-1', 'rocket-crash');
    expect(s.max_bet_cents).toBeNull();
    await roundCrashingAbove(h, 100);
    // A bonus started after the launch: the platform refuses the stake above its max bet.
    p.maxBet = 300;
    const refused = await h.api('POST', `/api/sessions/${s.session_id as string}/crash/bet`, { bet: { stake: 500 } });
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ error: 'bonus_max_bet', max_bet_cents: 300 });
    expect(p.balance).toBe(10_000);
    // The session answers the new cap (the game page reads it again after a round), and a stake within it is taken.
    expect((await h.api('GET', `/api/sessions/${s.session_id as string}`)).body.max_bet_cents).toBe(300);
    const taken = await h.api('POST', `/api/sessions/${s.session_id as string}/crash/bet`, { bet: { stake: 300 } });
    expect(taken.status).toBe(200);
  });
});
