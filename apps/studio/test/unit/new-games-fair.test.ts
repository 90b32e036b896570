/**
 * The studio's newer games are provably fair like the first six: a round recomputed by the verifier
 * from the revealed seeds, the client seed, the nonce and the bet (and a step game's actions) is the round that was played,
 * and it survives JSON (the outcome the service stores and the verifier page shows).
 */
import { describe, expect, it } from 'vitest';
import { RoundDraws } from '../../src/fair/draws';
import { verifyRound } from '../../src/fair/verify';
import { GAMES, isStepGame } from '../../src/games';

const NEW_GAMES = [
  'orbit-plinko',
  'orbit-keno',
  'meteor-tumble',
  'lunar-link',
  'warp-ways',
  'nova-sevens',
  'saturn-wheel',
  'orbit-video-poker',
  'orbit-blackjack',
];
const BETS: Record<string, unknown[]> = {
  'orbit-plinko': [
    { stake: 100, rows: 8, risk: 'low' },
    { stake: 250, rows: 12, risk: 'high' },
  ],
  'orbit-keno': [
    { stake: 100, picks: [40] },
    { stake: 70, picks: [1, 5, 9, 13, 17, 21, 25, 29, 33, 37] },
  ],
};

describe('newer house games: provably fair', () => {
  it('are registered with the studio', () => {
    for (const slug of NEW_GAMES) expect(GAMES[slug]?.slug).toBe(slug);
  });

  it.each(NEW_GAMES)('%s: the verifier recomputes each round exactly as played', (slug) => {
    const game = GAMES[slug]!;
    for (const bet of [game.referenceBet, ...(BETS[slug] ?? [])]) {
      for (let nonce = 0; nonce < 40; nonce++) {
        const live = game.play(new RoundDraws('revealed-server-seed', 'my-client-seed', nonce), game.parseBet(bet));
        const verified = verifyRound({
          game,
          serverSeed: 'revealed-server-seed',
          clientSeed: 'my-client-seed',
          nonce,
          bet: JSON.parse(JSON.stringify(bet)),
          // A step game's round is replayed with the actions its outcome lists.
          ...(isStepGame(game)
            ? { actions: JSON.parse(JSON.stringify((live.outcome as { actions: unknown[] }).actions)) as unknown[] }
            : {}),
        });
        expect(verified.outcome).toEqual(live.outcome);
        expect(verified.win).toBe(live.win);
        expect(JSON.parse(JSON.stringify(live.outcome))).toEqual(live.outcome);
        expect(Number.isSafeInteger(live.win) && live.win >= 0).toBe(true);
      }
    }
  });
});
