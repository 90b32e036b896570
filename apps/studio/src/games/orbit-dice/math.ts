/**
 * Orbit Dice: one roll `draws.int(10000)`, shown as 0.00–99.99. The player picks a target and a
 * direction; `over` wins when roll > target, `under` when roll < target. The target is an integer
 * in hundredths (5000 = 50.00), like the roll, so the number of winning rolls is exact:
 *   over:  9999 − target winning rolls,   under: target winning rolls.
 * The win chance (winning rolls / 10000) must lie between 1 % and 98 %, i.e. 100 to 9800 rolls.
 *
 * A winning bet pays floor(stake × 9600 / winningRolls) minor units, i.e. stake × 0.96 / chance
 * rounded down: the RTP is 0.96 before the rounding, and exactly 0.96 whenever stake × 9600 is a
 * multiple of the winning rolls (the reference bet: 100 under 50.00 pays 192).
 */
import type { Draws } from '../../fair/draws';
import { bernoulliReturn, betFields, exactReturn, intIn, invalidBet, MAX_STAKE, type ReturnMoments } from '../shared';
import type { GameMath } from '../types';

export { MAX_STAKE };

export const ROLLS = 10_000;
/** 0.96 in basis points of a unit: the house keeps 4 %. */
export const RETURN_BP = 9_600;
export const MIN_WINNING_ROLLS = 100; // 1 %
export const MAX_WINNING_ROLLS = 9_800; // 98 %

export type DiceDirection = 'over' | 'under';
export type DiceBet = { stake: number; target: number; direction: DiceDirection };
export type DiceOutcome = {
  /** The roll in hundredths: 0 … 9999, shown as 0.00 … 99.99. */
  roll: number;
  target: number;
  direction: DiceDirection;
  /** Win chance as a fraction (winning rolls / 10000). */
  chance: number;
  /** Payout multiplier 0.96 / chance, rounded down to 4 decimals (display only: the win is computed in integers). */
  multiplier: number;
  won: boolean;
};

export function winningRolls(target: number, direction: DiceDirection): number {
  return direction === 'over' ? ROLLS - 1 - target : target;
}

/** What a winning bet pays, stake included: floor(stake × 9600 / winningRolls). */
export function diceWin(stake: number, rolls: number): number {
  return Math.floor((stake * RETURN_BP) / rolls);
}

function parseDiceBet(input: unknown): DiceBet {
  const fields = betFields(input);
  const stake = intIn(fields.stake, 1, MAX_STAKE);
  const direction = fields.direction;
  if (direction !== 'over' && direction !== 'under') invalidBet();
  const target = intIn(fields.target, 0, ROLLS - 1);
  const rolls = winningRolls(target, direction);
  if (rolls < MIN_WINNING_ROLLS || rolls > MAX_WINNING_ROLLS) invalidBet();
  return { stake, target, direction };
}

/** Exact mean and variance of the return per unit stake, the rounding down included. */
export function diceReturnMoments(bet: DiceBet): ReturnMoments {
  const rolls = winningRolls(bet.target, bet.direction);
  return bernoulliReturn(rolls / ROLLS, diceWin(bet.stake, rolls) / bet.stake);
}

const referenceBet: DiceBet = { stake: 100, target: 5000, direction: 'under' };

export const orbitDice: GameMath<DiceBet, DiceOutcome> = {
  slug: 'orbit-dice',
  title: 'Orbit Dice',
  rtp: 0.96,
  // 5000/10000 × 192/100 = 0.96: the reference bet's pay is a whole number of minor units.
  ...exactReturn(() => diceReturnMoments(referenceBet)),
  parseBet: parseDiceBet,
  stake: (bet) => bet.stake,
  play(draws: Draws, bet: DiceBet) {
    const roll = draws.int(ROLLS);
    const rolls = winningRolls(bet.target, bet.direction);
    const won = bet.direction === 'over' ? roll > bet.target : roll < bet.target;
    const outcome: DiceOutcome = {
      roll,
      target: bet.target,
      direction: bet.direction,
      chance: rolls / ROLLS,
      multiplier: Math.floor((RETURN_BP * ROLLS) / rolls) / ROLLS,
      won,
    };
    return { outcome, win: won ? diceWin(bet.stake, rolls) : 0 };
  },
  referenceBet,
  rules: {
    summary: [
      'Each round rolls a number from 0.00 to 99.99, every value equally likely.',
      'Choose a target and whether the roll must land over it or under it; the win chance is the share of rolls that win, from 1 % to 98 %.',
      'A win pays the stake times 0.96 divided by the win chance (rounded down to the minor unit): the lower the chance, the higher the pay.',
      'A roll equal to the target loses.',
      'The theoretical return to player is 96 % for every target.',
    ],
    paytable: [
      { label: 'Win chance 98 % (e.g. under 98.00)', pays: '× 0.9795' },
      { label: 'Win chance 90 %', pays: '× 1.0666' },
      { label: 'Win chance 50 % (under 50.00 or over 49.99)', pays: '× 1.92' },
      { label: 'Win chance 25 %', pays: '× 3.84' },
      { label: 'Win chance 10 %', pays: '× 9.60' },
      { label: 'Win chance 1 % (under 1.00 or over 98.99)', pays: '× 96.00' },
    ],
    lines: {
      summary: [
        { key: 'orbitDice.roll', values: { min: { n: 0, decimals: 2 }, max: { n: 99.99, decimals: 2 } } },
        { key: 'orbitDice.target', values: { min: 1, max: 98 } },
        { key: 'orbitDice.pay', values: { factor: 0.96 } },
        { key: 'orbitDice.equal' },
        { key: 'orbitDice.rtp', values: { rtp: 96 } },
      ],
      paytable: [
        {
          label: { key: 'orbitDice.chanceUnder', values: { chance: 98, under: { n: 98, decimals: 2 } } },
          pays: { key: 'times', values: { x: 0.9795 } },
        },
        { label: { key: 'orbitDice.chance', values: { chance: 90 } }, pays: { key: 'times', values: { x: 1.0666 } } },
        {
          label: {
            key: 'orbitDice.chanceUnderOver',
            values: { chance: 50, under: { n: 50, decimals: 2 }, over: { n: 49.99, decimals: 2 } },
          },
          pays: { key: 'times', values: { x: 1.92 } },
        },
        { label: { key: 'orbitDice.chance', values: { chance: 25 } }, pays: { key: 'times', values: { x: 3.84 } } },
        {
          label: { key: 'orbitDice.chance', values: { chance: 10 } },
          pays: { key: 'times', values: { x: { n: 9.6, decimals: 2 } } },
        },
        {
          label: {
            key: 'orbitDice.chanceUnderOver',
            values: { chance: 1, under: { n: 1, decimals: 2 }, over: { n: 98.99, decimals: 2 } },
          },
          pays: { key: 'times', values: { x: { n: 96, decimals: 2 } } },
        },
      ],
    },
  },
};
