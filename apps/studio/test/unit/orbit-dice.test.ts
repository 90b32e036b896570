import { describe, expect, it } from 'vitest';
import { orbitDice as game } from '../../src/games/orbit-dice/math';
import { expectRefused, measuredRtpTest, playScripted, scripted } from './support/games';

const roll = (value: number, bet: unknown) => playScripted(game, [value], bet, [10_000]);
const winningRolls = (target: number, direction: 'over' | 'under') => (direction === 'over' ? 9_999 - target : target);

describe('orbit dice: outcomes', () => {
  it('under: wins below the target, pays floor(stake × 9600 / winning rolls)', () => {
    expect(roll(4_999, { stake: 100, target: 5_000, direction: 'under' })).toEqual({
      outcome: { roll: 4_999, target: 5_000, direction: 'under', chance: 0.5, multiplier: 1.92, won: true },
      win: 192,
    });
    expect(roll(0, { stake: 100, target: 5_000, direction: 'under' }).win).toBe(192);
    expect(roll(5_000, { stake: 100, target: 5_000, direction: 'under' })).toEqual({
      outcome: { roll: 5_000, target: 5_000, direction: 'under', chance: 0.5, multiplier: 1.92, won: false },
      win: 0,
    });
  });

  it('over: wins above the target (a roll equal to the target loses)', () => {
    expect(roll(5_000, { stake: 100, target: 4_999, direction: 'over' })).toMatchObject({
      outcome: { chance: 0.5, won: true },
      win: 192,
    });
    expect(roll(9_999, { stake: 100, target: 4_999, direction: 'over' }).win).toBe(192);
    expect(roll(4_999, { stake: 100, target: 4_999, direction: 'over' })).toMatchObject({
      outcome: { won: false },
      win: 0,
    });
  });

  it('rounds the win down to the minor unit, at the chance limits too', () => {
    // 100 × 9600 / 3333 = 288.03 → 288
    expect(roll(3_332, { stake: 100, target: 3_333, direction: 'under' })).toMatchObject({
      outcome: { chance: 0.3333, multiplier: 2.8802 },
      win: 288,
    });
    // 1 %: 9600 / 100 = × 96
    expect(roll(9_999, { stake: 250, target: 9_899, direction: 'over' })).toMatchObject({
      outcome: { chance: 0.01, multiplier: 96 },
      win: 24_000,
    });
    expect(roll(99, { stake: 250, target: 100, direction: 'under' }).win).toBe(24_000);
    // 98 %: 100 × 9600 / 9800 = 97.96 → 97 (a win below the stake)
    expect(roll(9_799, { stake: 100, target: 9_800, direction: 'under' })).toMatchObject({
      outcome: { chance: 0.98, multiplier: 0.9795 },
      win: 97,
    });
    expect(roll(5_000, { stake: 1, target: 4_999, direction: 'over' }).win).toBe(1); // 1.92 → 1
    expect(roll(9_999, { stake: 10_000_000, target: 9_899, direction: 'over' }).win).toBe(960_000_000);
  });
});

describe('orbit dice: bet validation', () => {
  const refused = (input: unknown) => expectRefused(game, input);
  it('refuses targets outside a 1 %–98 % chance', () => {
    refused({ stake: 100, target: 99, direction: 'under' }); // 0.99 %
    refused({ stake: 100, target: 9_801, direction: 'under' }); // 98.01 %
    refused({ stake: 100, target: 9_900, direction: 'over' }); // 99 rolls
    refused({ stake: 100, target: 198, direction: 'over' }); // 9801 rolls
    refused({ stake: 100, target: -1, direction: 'under' });
    refused({ stake: 100, target: 10_000, direction: 'over' });
    refused({ stake: 100, target: 50.5, direction: 'under' });
    refused({ stake: 100, target: '5000', direction: 'under' });
    expect(game.parseBet({ stake: 100, target: 100, direction: 'under' })).toEqual({
      stake: 100,
      target: 100,
      direction: 'under',
    });
    expect(game.parseBet({ stake: 100, target: 9_899, direction: 'over' }).target).toBe(9_899);
    expect(game.parseBet({ stake: 100, target: 199, direction: 'over' }).target).toBe(199);
    expect(game.parseBet({ stake: 100, target: 9_800, direction: 'under' }).target).toBe(9_800);
  });
  it('refuses bad stakes and directions', () => {
    for (const stake of [0, -1, 1.5, '100', undefined, 10_000_001])
      refused({ stake, target: 5_000, direction: 'under' });
    refused({ stake: 100, target: 5_000, direction: 'sideways' });
    refused({ stake: 100, target: 5_000 });
    refused(null);
    refused([100, 5_000, 'under']);
    expect(game.stake(game.parseBet({ stake: 10_000_000, target: 5_000, direction: 'under' }))).toBe(10_000_000);
  });
});

describe('orbit dice: return to player', () => {
  it('the reference bet returns exactly 0.96 (its pay needs no rounding)', () => {
    expect(game.referenceBet).toEqual({ stake: 100, target: 5_000, direction: 'under' });
    expect(game.theoreticalRtp()).toBe(0.96);
    expect(game.rtp).toBe(0.96);
    // Returns 1.92 with probability ½: variance ½ × 1.92² − 0.96² = 0.96².
    expect(game.returnVariance()).toBeCloseTo(0.9216, 14);
  });

  it('every allowed target returns 0.96 before rounding, and the rounded return by enumeration of the 10,000 rolls', () => {
    for (const direction of ['over', 'under'] as const) {
      for (let target = 0; target < 10_000; target++) {
        const rolls = winningRolls(target, direction);
        if (rolls < 100 || rolls > 9_800) continue;
        const stake = 100;
        // Integer identity: total returned over all rolls = rolls × floor(9600 × stake / rolls) ≤ 9600 × stake.
        const returned = rolls * Math.floor((9_600 * stake) / rolls);
        expect(returned).toBeLessThanOrEqual(9_600 * stake);
        expect(returned).toBeGreaterThan(9_600 * stake - rolls);
        if ((9_600 * stake) % rolls === 0) expect(returned).toBe(9_600 * stake);
      }
    }
    // Full enumeration for a few bets through `play` itself.
    for (const bet of [
      game.referenceBet,
      { stake: 100, target: 4_999, direction: 'over' },
      { stake: 100, target: 3_333, direction: 'under' },
      { stake: 77, target: 9_899, direction: 'over' },
    ]) {
      const parsed = game.parseBet(bet);
      const rolls = winningRolls(parsed.target, parsed.direction);
      let returned = 0;
      for (let r = 0; r < 10_000; r++) returned += game.play(scripted(r), parsed).win;
      expect(returned).toBe(rolls * Math.floor((parsed.stake * 9_600) / rolls));
    }
  });

  measuredRtpTest(game);
});
