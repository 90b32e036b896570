import { describe, expect, it } from 'vitest';
import { crashPoint, crashRtp, drawsReaching, rocketCrash as game } from '../../src/games/rocket-crash/math';
import { expectRefused, measuredRtpTest, playScripted } from './support/games';

const TWO_32 = 2 ** 32;
const fly = (u: number, bet: unknown) => playScripted(game, [u], bet, [TWO_32]);
/** The first draw whose crash point reaches m (crash points never decrease with u), by bisection. */
function firstReaching(m: number): number {
  let lo = 0;
  let hi = TWO_32; // crashPoint(2^32 − 1) = 10,000,000 ≥ every allowed m
  while (lo < hi) {
    const mid = Math.floor((lo + hi) / 2);
    if (crashPoint(mid) >= m) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}

describe('rocket crash: outcomes', () => {
  it('turns one 32-bit draw into the crash point floor(96 × 2^32 / (2^32 − u)), clamped to [100, 10,000,000]', () => {
    expect(crashPoint(0)).toBe(100); // 96 → 100
    expect(crashPoint(TWO_32 - 1)).toBe(10_000_000);
    expect(crashPoint(TWO_32 / 2)).toBe(192);
    expect(crashPoint(TWO_32 - 2_061_584_302)).toBe(200); // 96 × 2^32 / 2,061,584,302 = 200.000000008
    expect(crashPoint(TWO_32 - 2_061_584_303)).toBe(199);
    expect(crashPoint(TWO_32 - 41_231)).toBe(10_000_000); // raw 10,000,166 clamped
    expect(crashPoint(TWO_32 - 41_232)).toBe(9_999_923);
    // Never decreasing in u (what the bisection below relies on).
    for (let u = 0; u < TWO_32 - 1; u += 999_983) expect(crashPoint(u)).toBeLessThanOrEqual(crashPoint(u + 1));
  });

  it('pays stake × cash-out when the crash point reaches it, nothing when it crashes one draw earlier', () => {
    const first = firstReaching(200);
    expect(first).toBe(TWO_32 - drawsReaching(200));
    expect(fly(first, { stake: 100, cashout_at: 200 })).toEqual({
      outcome: { crash_point: 200, cashout_at: 200, won: true },
      win: 200,
    });
    expect(fly(first - 1, { stake: 100, cashout_at: 200 })).toEqual({
      outcome: { crash_point: 199, cashout_at: 200, won: false },
      win: 0,
    });
    expect(fly(TWO_32 - 1, { stake: 100, cashout_at: 200 })).toEqual({
      outcome: { crash_point: 10_000_000, cashout_at: 200, won: true },
      win: 200,
    });
    expect(fly(0, { stake: 100, cashout_at: 101 })).toEqual({
      outcome: { crash_point: 100, cashout_at: 101, won: false },
      win: 0,
    });
  });

  it('rounds the win down to the minor unit, up to × 1000', () => {
    expect(fly(TWO_32 - 1, { stake: 333, cashout_at: 101 }).win).toBe(336); // 336.33
    expect(fly(TWO_32 - 1, { stake: 1, cashout_at: 150 }).win).toBe(1); // 1.5
    expect(fly(TWO_32 - 1, { stake: 100, cashout_at: 100_000 }).win).toBe(100_000);
    expect(fly(TWO_32 - 1, { stake: 10_000_000, cashout_at: 100_000 }).win).toBe(10_000_000_000);
    const first = firstReaching(100_000);
    expect(fly(first, { stake: 7, cashout_at: 100_000 })).toMatchObject({
      outcome: { crash_point: 100_000, won: true },
      win: 7_000,
    });
    expect(fly(first - 1, { stake: 7, cashout_at: 100_000 }).win).toBe(0);
  });
});

describe('rocket crash: bet validation', () => {
  const refused = (input: unknown) => expectRefused(game, input);
  it('refuses cash-outs outside ×1.01 … ×1000.00 and bad stakes', () => {
    for (const cashout_at of [100, 100_001, 0, -200, 150.5, '200', undefined]) refused({ stake: 100, cashout_at });
    for (const stake of [0, -1, 2.5, '100', null, 10_000_001]) refused({ stake, cashout_at: 200 });
    refused(null);
    refused('{"stake":100,"cashout_at":200}');
    expect(game.parseBet({ stake: 1, cashout_at: 101 })).toEqual({ stake: 1, cashout_at: 101 });
    expect(game.parseBet({ stake: 10_000_000, cashout_at: 100_000 })).toEqual({
      stake: 10_000_000,
      cashout_at: 100_000,
    });
    expect(game.stake(game.parseBet({ stake: 250, cashout_at: 300 }))).toBe(250);
  });
});

describe('rocket crash: return to player', () => {
  it('counts the winning draws exactly and keeps the RTP in [0.94, 0.97] for every allowed cash-out', () => {
    // Every cash-out is checked, but the mismatches are collected and asserted once: an `expect`
    // per cash-out made this test cost seconds. The bisection (32 crash points each) runs on a
    // sample: every cash-out below ×10 and every 97th above; the extremes have a test of their own.
    const scaled = 96n * BigInt(TWO_32);
    const wrong: string[] = [];
    let lowest = 1;
    for (let m = 101; m <= 100_000; m++) {
      const reaching = drawsReaching(m);
      if ((m % 97 === 0 || m < 1_000) && reaching !== TWO_32 - firstReaching(m))
        wrong.push(`${m}: ${reaching} draws reach it, bisection says ${TWO_32 - firstReaching(m)}`);
      // Closed form over integers: ⌊96·2^32 / m⌋ words win m per 100 staked.
      const { numerator, denominator, value } = crashRtp({ stake: 100, cashout_at: m });
      if (numerator !== (scaled / BigInt(m)) * BigInt(m) || denominator !== 100n * BigInt(TWO_32))
        wrong.push(`${m}: RTP ${numerator}/${denominator}`);
      if (numerator * 100n < 94n * denominator || numerator * 100n > 97n * denominator)
        wrong.push(`${m}: RTP ${value} outside [0.94, 0.97]`);
      // Within one discretisation step of 0.96: 96·2^32 − m < numerator ≤ 96·2^32.
      if (numerator > scaled || numerator <= scaled - BigInt(m)) wrong.push(`${m}: more than one step from 0.96`);
      lowest = Math.min(lowest, value);
    }
    expect(wrong).toEqual([]);
    expect(lowest).toBeGreaterThan(0.96 - 1e-6);
  });

  it('matches the bisection count at the cash-out extremes', () => {
    for (const m of [101, 102, 199, 200, 256, 1_000, 99_999, 100_000])
      expect(drawsReaching(m)).toBe(TWO_32 - firstReaching(m));
  });

  it('declares the exact RTP of the reference bet (cash-out × 2.00)', () => {
    expect(game.referenceBet).toEqual({ stake: 100, cashout_at: 200 });
    const { numerator, denominator } = crashRtp(game.referenceBet);
    expect(numerator).toBe(2_061_584_302n * 200n);
    expect(denominator).toBe(100n * 4_294_967_296n);
    expect(game.rtp).toBe(game.theoreticalRtp());
    expect(game.rtp).toBeCloseTo(2_061_584_302 / 2_147_483_648, 15);
    expect(0.96 - game.rtp).toBeCloseTo(0.08 / 2 ** 31, 15);
    const p = 2_061_584_302 / TWO_32;
    expect(game.returnVariance()).toBeCloseTo(4 * p * (1 - p), 14);
  });

  measuredRtpTest(game);
});
