import { describe, expect, it } from 'vitest';
import { limitsOf, methodsFor, toMinor, type CurrencyInfo } from '../../src/modules/cashbox/methods';

const EUR: CurrencyInfo = { code: 'EUR', fiat: true, subunitsToUnit: 100 };
const BTC: CurrencyInfo = { code: 'BTC', fiat: false, subunitsToUnit: 100_000_000 };
const USDT: CurrencyInfo = { code: 'USDT', fiat: false, subunitsToUnit: 1_000_000 };
const ETH: CurrencyInfo = { code: 'ETH', fiat: false, subunitsToUnit: 100_000_000 };

describe('cashbox methods', () => {
  it('offers cards, e-wallet, bank transfer and vouchers for fiat deposits, and no crypto', () => {
    expect(methodsFor(EUR, 'deposit', []).map((m) => m.id)).toEqual([
      'card_visa',
      'card_mastercard',
      'card_maestro',
      'ewallet_ecopayz',
      'bank_sofort',
      'voucher_sandbox',
    ]);
  });

  it('hides sofort from group 631 only', () => {
    expect(methodsFor(EUR, 'deposit', [631]).map((m) => m.brand)).not.toContain('sofort');
    expect(methodsFor(EUR, 'deposit', [21, 1117]).map((m) => m.brand)).toContain('sofort');
  });

  it('offers vouchers for deposits only', () => {
    expect(methodsFor(EUR, 'cashout', []).map((m) => m.type)).not.toContain('voucher');
  });

  it('offers a crypto currency only its own method, with its limits in minor units', () => {
    const [btc] = methodsFor(BTC, 'deposit', []);
    expect(methodsFor(BTC, 'deposit', []).map((m) => m.id)).toEqual(['crypto_btc']);
    expect(limitsOf(btc!, 'deposit', BTC).min).toBe(10_000); // 0.0001 BTC
    expect(limitsOf(btc!, 'cashout', BTC)).toEqual({ min: 10_000, max: 40_000_000 }); // 0.0001 .. 0.4
    const [usdt] = methodsFor(USDT, 'cashout', []);
    expect(limitsOf(usdt!, 'deposit', USDT).min).toBe(20_000_000); // 20 USDT
    expect(limitsOf(usdt!, 'cashout', USDT)).toEqual({ min: 25_000_000, max: 4_000_000_000 });
    const [eth] = methodsFor(ETH, 'cashout', []);
    expect(limitsOf(eth!, 'cashout', ETH)).toEqual({ min: 10_000, max: 1_200_000_000 }); // 0.0001 .. 12
  });

  it('converts decimal units to minor units without floating-point drift', () => {
    expect(toMinor(0.0001, 100_000_000)).toBe(10_000);
    expect(toMinor(0.01, 100_000_000)).toBe(1_000_000);
    expect(toMinor(1_600_000, 100_000_000)).toBe(160_000_000_000_000);
    expect(toMinor(10, 100)).toBe(1_000);
  });
});
