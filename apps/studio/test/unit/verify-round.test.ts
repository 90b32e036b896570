import { describe, expect, it } from 'vitest';
import type { AnyGameMath } from '../../src/games/types';
import { commitment, RoundDraws } from '../../src/fair/draws';
import { verifyRound } from '../../src/fair/verify';
import { europeanRoulette } from '../../src/games/european-roulette/math';
import { orbitDice } from '../../src/games/orbit-dice/math';
import { rocketCrash } from '../../src/games/rocket-crash/math';

describe('verifyRound', () => {
  it('recomputes a round exactly as it was played: RoundDraws(server, client, nonce) then game.play', () => {
    for (const game of [europeanRoulette, orbitDice, rocketCrash] as AnyGameMath[]) {
      for (let nonce = 0; nonce < 50; nonce++) {
        const live = game.play(
          new RoundDraws('revealed-server-seed', 'my-client-seed', nonce),
          game.parseBet(game.referenceBet),
        );
        const verified = verifyRound({
          game,
          serverSeed: 'revealed-server-seed',
          clientSeed: 'my-client-seed',
          nonce,
          bet: game.referenceBet,
        });
        expect(verified.outcome).toEqual(live.outcome);
        expect(verified.win).toBe(live.win);
        expect(verified.stake).toBe(game.stake(game.referenceBet));
      }
    }
  });

  it('gives the commitment sha256(server seed) and the words consumed', () => {
    const round = verifyRound({
      game: orbitDice,
      serverSeed: 'abc',
      clientSeed: 'c',
      nonce: 3,
      bet: { stake: 100, target: 5_000, direction: 'under' },
    });
    expect(round.commitment).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
    expect(round.commitment).toBe(commitment('abc'));
    expect(round.words).toBeGreaterThanOrEqual(1);
    const draws = new RoundDraws('abc', 'c', 3);
    expect(round.outcome).toMatchObject({ roll: draws.int(10_000) });
  });

  it('validates the bet like a live round and refuses a bad nonce', () => {
    expect(() =>
      verifyRound({
        game: rocketCrash,
        serverSeed: 's',
        clientSeed: 'c',
        nonce: 0,
        bet: { stake: 100, cashout_at: 100 },
      }),
    ).toThrow(new RangeError('invalid_bet'));
    expect(() =>
      verifyRound({ game: rocketCrash, serverSeed: 's', clientSeed: 'c', nonce: -1, bet: rocketCrash.referenceBet }),
    ).toThrow(RangeError);
  });
});
