/**
 * Comparing amounts across currencies (docs/reference-rates.md): exact integer conversion
 * between minor units of different sizes, rounding the way the caller asks, and the rate's
 * decimal text read and written without floating point.
 */
import { describe, expect, it } from 'vitest';
import { formatRate, parseRate, ReferenceRates } from '../../src/modules/wallet/reference-rates';

const rates = new ReferenceRates(
  new Map([
    ['EUR', { scaled: parseRate('1'), subunits: 100n }],
    ['USD', { scaled: parseRate('0.92'), subunits: 100n }],
    ['JPY', { scaled: parseRate('0.0061'), subunits: 1n }],
    ['BTC', { scaled: parseRate('60000'), subunits: 100_000_000n }],
  ]),
);

describe('reference rates', () => {
  it('converts between minor units of different sizes, rounding as asked', () => {
    // 50 EUR = 54.347… USD.
    expect(rates.convert(5_000, 'EUR', 'USD', 'up')).toBe(5_435);
    expect(rates.convert(5_000, 'EUR', 'USD', 'down')).toBe(5_434);
    // 1,000 yen (no minor unit) = 6.10 EUR exactly: no rounding either way.
    expect(rates.convert(1_000, 'JPY', 'EUR', 'up')).toBe(610);
    expect(rates.convert(1_000, 'JPY', 'EUR', 'down')).toBe(610);
    // 0.001 BTC = 60 EUR; one satoshi is 0.06 cents: up to one cent, down to none.
    expect(rates.convert(100_000, 'BTC', 'EUR', 'up')).toBe(6_000);
    expect(rates.convert(1, 'BTC', 'EUR', 'up')).toBe(1);
    expect(rates.convert(1, 'BTC', 'EUR', 'down')).toBe(0);
    // A negative amount (a player who is up) rounds toward the larger number when asked up.
    expect(rates.convert(-5_000, 'EUR', 'USD', 'up')).toBe(-5_434);
    expect(rates.convert(-5_000, 'EUR', 'USD', 'down')).toBe(-5_435);
    expect(rates.convert(1_234, 'USD', 'USD', 'up')).toBe(1_234);
  });

  it('never lets a round trip come back larger when rounded down, nor smaller when rounded up', () => {
    for (let cents = 1; cents < 5_000; cents += 37) {
      const down = rates.convert(rates.convert(cents, 'EUR', 'BTC', 'down'), 'BTC', 'EUR', 'down');
      const up = rates.convert(rates.convert(cents, 'EUR', 'USD', 'up'), 'USD', 'EUR', 'up');
      expect(down).toBeLessThanOrEqual(cents);
      expect(up).toBeGreaterThanOrEqual(cents);
    }
  });

  it('reads and writes the decimal text exactly', () => {
    expect(parseRate('0.92')).toBe(920_000_000_000n);
    expect(parseRate('60000')).toBe(60_000_000_000_000_000n);
    expect(formatRate(parseRate('0.920000000000'))).toBe('0.92');
    expect(formatRate(parseRate('0.000000000001'))).toBe('0.000000000001');
    expect(formatRate(parseRate('2500'))).toBe('2500');
    expect(() => parseRate('1e3')).toThrow();
  });

  it('says which currency has no rate instead of guessing', () => {
    expect(() => rates.convert(100, 'EUR', 'XYZ', 'up')).toThrow(/XYZ/);
  });
});
