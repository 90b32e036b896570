/**
 * The stake cap in the studio (README "The stake cap"): the session answers the platform's cap (the
 * running bonus's max bet) from `authenticate` and again from `balance` on a read; a bet above it
 * is refused by the platform with `bonus_max_bet`, which the studio passes on with the cap in
 * force now, so that the game offers no stake above it.
 */
import { describe, expect, it } from 'vitest';
import type { GameMath } from '../../src/games/types';
import { studioHarness } from './support/studio-harness';

type CoinBet = { stake: number };
const coin: GameMath<CoinBet, { side: number }> = {
  slug: 'coin',
  title: 'Coin',
  rtp: 0.98,
  theoreticalRtp: () => 0.98,
  parseBet(input) {
    const stake = (input as { stake?: unknown } | null)?.stake;
    if (!Number.isSafeInteger(stake) || (stake as number) < 1) throw new RangeError('invalid_bet');
    return { stake: stake as number };
  },
  stake: (bet) => bet.stake,
  play(draws, bet) {
    const side = draws.int(2);
    return { outcome: { side }, win: side === 1 ? Math.floor((bet.stake * 196) / 100) : 0 };
  },
  referenceBet: { stake: 100 },
  returnVariance: () => 0.96,
  rules: { summary: ['Heads pays 1.96 × stake.'], paytable: [{ label: 'Heads', pays: '1.96 × stake' }] },
};
const { setup } = studioHarness({ coin });

describe('studio service: the stake cap', () => {
  it('answers the cap in the session, passes a refusal above it on with the cap, and follows it when it moves', async () => {
    const { api, real, round, platform } = await setup();
    const player = platform.player('capped', 10_000);
    player.maxBet = 500;
    const s = await real('capped');
    expect(s.max_bet_cents).toBe(500);

    const refused = await round(s.session_id, { stake: 600 });
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ error: 'bonus_max_bet', max_bet_cents: 500 });
    expect((await round(s.session_id, { stake: 500 })).status).toBe(200);

    // The bonus ended: the session read asks the platform's balance, which answers no cap.
    player.maxBet = null;
    expect((await api('GET', `/api/sessions/${s.session_id}`)).body.max_bet_cents).toBeNull();
    // A bonus started with a lower cap: the refused bet tells the new one, and the session keeps it.
    player.maxBet = 200;
    expect((await round(s.session_id, { stake: 300 })).body).toEqual({ error: 'bonus_max_bet', max_bet_cents: 200 });
  });

  it('has no cap in demo play', async () => {
    const { demo } = await setup();
    expect((await demo()).max_bet_cents).toBeNull();
  });
});
