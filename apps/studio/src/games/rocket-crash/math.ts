/**
 * Rocket Crash, single player: the rocket's multiplier climbs from ×1.00 until it crashes; the
 * player's auto cash-out `cashout_at` (hundredths: 101 = ×1.01 … 100000 = ×1000.00) wins
 * floor(stake × cashout_at / 100) if the rocket reaches it, else nothing.
 *
 * The crash point comes from one draw u = draws.int(2^32) (a whole 32-bit word, never redrawn):
 *   crash (hundredths) = floor(96 × 2^32 / (2^32 − u)), clamped to [100, 10,000,000].
 * With d = 2^32 − u uniform in 1 … 2^32, crash ≥ m (101 ≤ m ≤ 10,000,000) exactly when
 * d ≤ 96 × 2^32 / m, so exactly ⌊96 × 2^32 / m⌋ of the 2^32 words reach m: P(crash ≥ m) = 0.96 / m
 * up to that floor. (The clamps never matter for an allowed cash-out: the low one only turns
 * crashes below ×1.00 into ×1.00, the high one keeps every crash above ×100,000 at ×100,000.)
 * Hence the exact RTP of cash-out m with a stake s:
 *   RTP(m, s) = ⌊96 × 2^32 / m⌋ × ⌊s × m / 100⌋ / (2^32 × s),
 * which for s a multiple of 100 lies in (0.96 − m / (100 × 2^32), 0.96]: 0.96 to 7 digits for
 * every allowed cash-out. Smaller stakes lose the rounding down of the win (under one minor unit).
 */
import type { Draws } from '../../fair/draws';
import { bernoulliReturn, betFields, exactReturn, intIn, MAX_STAKE, type ReturnMoments } from '../shared';
import type { GameMath } from '../types';

export { MAX_STAKE };

export const TWO_32 = 0x1_0000_0000;
/** 96 × 2^32, safe as a double (≈ 4.1 × 10^11). */
export const SCALED_RETURN = 96 * TWO_32;
export const MIN_CRASH = 100;
export const MAX_CRASH = 10_000_000;
export const MIN_CASHOUT = 101;
export const MAX_CASHOUT = 100_000;

/**
 * The live table's flight (`src/service/crash-table.ts`): the multiplier grows as e^(0.00006 t),
 * t in ms since the launch (×2 after 11.6 s, ×10 after 38 s), in whole hundredths rounded down.
 */
export const LIVE_GROWTH_PER_MS = 0.00006;

/** The live multiplier (hundredths) `ms` after the launch. */
export function liveMultiplierAt(ms: number): number {
  return Math.floor(100 * Math.exp(LIVE_GROWTH_PER_MS * Math.max(0, ms)));
}

/** The first whole ms after the launch at which the live multiplier reaches `m` (hundredths). */
export function msToReach(m: number): number {
  let ms = Math.max(0, Math.floor(Math.log(m / 100) / LIVE_GROWTH_PER_MS) - 2);
  while (liveMultiplierAt(ms) < m) ms++;
  return ms;
}

export type CrashBet = { stake: number; cashout_at: number };
export type CrashOutcome = {
  /** Where the rocket crashed, in hundredths (100 = ×1.00). */
  crash_point: number;
  cashout_at: number;
  won: boolean;
};

/** The crash point (hundredths) of the 32-bit draw `u`. */
export function crashPoint(u: number): number {
  const raw = Math.floor(SCALED_RETURN / (TWO_32 - u));
  return Math.min(MAX_CRASH, Math.max(MIN_CRASH, raw));
}

/** How many of the 2^32 draws reach cash-out `m` (hundredths, 101 … 10,000,000): ⌊96 × 2^32 / m⌋. */
export function drawsReaching(m: number): number {
  return Math.floor(SCALED_RETURN / m);
}

export function crashWin(stake: number, cashoutAt: number): number {
  return Math.floor((stake * cashoutAt) / 100);
}

/** Exact RTP of a bet as a fraction of integers, and its value. */
export function crashRtp(bet: CrashBet): { numerator: bigint; denominator: bigint; value: number } {
  const numerator = BigInt(drawsReaching(bet.cashout_at)) * BigInt(crashWin(bet.stake, bet.cashout_at));
  const denominator = BigInt(TWO_32) * BigInt(bet.stake);
  return { numerator, denominator, value: ratio(numerator, denominator) };
}

/** numerator / denominator as the nearest-ish double (exact to ~1e-16 relative). */
function ratio(numerator: bigint, denominator: bigint): number {
  const whole = numerator / denominator;
  const rest = numerator % denominator;
  const scale = 10n ** 18n;
  return Number(whole) + Number((rest * scale) / denominator) / 1e18;
}

/** Exact mean (from the integer ratio) and variance of the return per unit stake. */
export function crashReturnMoments(bet: CrashBet): ReturnMoments {
  const { variance } = bernoulliReturn(
    drawsReaching(bet.cashout_at) / TWO_32,
    crashWin(bet.stake, bet.cashout_at) / bet.stake,
  );
  return { mean: crashRtp(bet).value, variance };
}

function parseCrashBet(input: unknown): CrashBet {
  const fields = betFields(input);
  return { stake: intIn(fields.stake, 1, MAX_STAKE), cashout_at: intIn(fields.cashout_at, MIN_CASHOUT, MAX_CASHOUT) };
}

const referenceBet: CrashBet = { stake: 100, cashout_at: 200 };

export const rocketCrash: GameMath<CrashBet, CrashOutcome> = {
  slug: 'rocket-crash',
  title: 'Rocket Crash',
  /** ⌊0.48 × 2^32⌋ × 200 / (100 × 2^32) = 2,061,584,302 / 2,147,483,648 ≈ 0.96 − 3.7 × 10^-11. */
  rtp: crashRtp(referenceBet).value,
  ...exactReturn(() => crashReturnMoments(referenceBet)),
  parseBet: parseCrashBet,
  stake: (bet) => bet.stake,
  play(draws: Draws, bet: CrashBet) {
    const crash = crashPoint(draws.int(TWO_32));
    const won = crash >= bet.cashout_at;
    return {
      outcome: { crash_point: crash, cashout_at: bet.cashout_at, won },
      win: won ? crashWin(bet.stake, bet.cashout_at) : 0,
    };
  },
  referenceBet,
  rules: {
    summary: [
      'One rocket flies for every player at the table: bets are placed during the 7 seconds it stands on the pad; a bet placed while it flies goes on the next launch.',
      'The rocket lifts off at ×1.00 and its multiplier climbs until it crashes; the crash point is fixed by the launch\u2019s provably fair draw, whose seed is committed to before the first bet and revealed at the crash.',
      'Cash out by hand at any moment of the flight (at the multiplier the server\u2019s clock reaches when your cash-out arrives), or set an auto cash-out between ×1.01 and ×1000.00 before the launch.',
      'If the rocket reaches your cash-out, you win your stake times the cash-out (rounded down to the minor unit); if it crashes first, the stake is lost.',
      'The chance of reaching ×m is 96 % / m, so the theoretical return to player is 96 % whatever the cash-out.',
      'About 5 % of rounds crash at ×1.00, before any cash-out can be reached.',
    ],
    paytable: [
      { label: 'Cash-out ×1.01 (reached 95.05 % of rounds)', pays: '× 1.01' },
      { label: 'Cash-out ×1.50 (64 %)', pays: '× 1.50' },
      { label: 'Cash-out ×2.00 (48 %)', pays: '× 2.00' },
      { label: 'Cash-out ×10.00 (9.6 %)', pays: '× 10.00' },
      { label: 'Cash-out ×100.00 (0.96 %)', pays: '× 100.00' },
      { label: 'Cash-out ×1000.00 (0.096 %)', pays: '× 1000.00' },
    ],
    lines: {
      summary: [
        { key: 'rocketCrash.pad' },
        { key: 'rocketCrash.liftOff', values: { start: { n: 1, decimals: 2 } } },
        {
          key: 'rocketCrash.cashOut',
          values: { min: { n: 1.01, decimals: 2 }, max: { n: 1000, decimals: 2, grouping: false } },
        },
        { key: 'rocketCrash.win' },
        { key: 'rocketCrash.chance' },
        { key: 'rocketCrash.early', values: { start: { n: 1, decimals: 2 } } },
      ],
      paytable: (
        [
          [1.01, 95.05],
          [1.5, 64],
          [2, 48],
          [10, 9.6],
          [100, 0.96],
          [1000, 0.096],
        ] as const
      ).map(([x, reached], i) => {
        const cashOut = { n: x, decimals: 2, grouping: false };
        return {
          label: { key: i === 0 ? 'rocketCrash.rowFirst' : 'rocketCrash.row', values: { x: cashOut, reached } },
          pays: { key: 'times', values: { x: cashOut } },
        };
      }),
    },
  },
};
