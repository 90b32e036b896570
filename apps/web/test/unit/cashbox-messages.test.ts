import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { amountErrorText, errorText } from '../../app/features/cashbox/parts';
import { checkAmount } from '../../app/lib/money';
import { translate, type Messages, type TFunction } from '../../app/lib/i18n';

const dir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../app/i18n/messages');
const messages = (lang: string) => JSON.parse(fs.readFileSync(path.join(dir, `${lang}.json`), 'utf8')) as Messages;
const tOf = (lang: 'en' | 'de'): TFunction => {
  const bundle = { [lang]: messages(lang), en: messages('en') };
  return (key, values, fallback) => translate(bundle, lang, key, values, fallback);
};

const EUR = { code: 'EUR', subunits_to_unit: 100, fiat: true };
const BTC = { code: 'BTC', subunits_to_unit: 100_000_000, fiat: false };
const limits = { min: 1000, max: 500_000 };

const message = (
  lang: 'en' | 'de',
  text: string,
  currency = EUR,
  within: { min: number; max: number; available?: number } = limits,
) => {
  const checked = checkAmount(text, currency, within);
  return checked.error ? amountErrorText(tOf(lang), checked.error, currency, lang) : null;
};

describe('cashbox amount messages', () => {
  it('names the broken limit in the currency', () => {
    expect(message('en', '5')).toBe('The minimum is €10.00.');
    expect(message('en', '6000')).toBe('The maximum is €5,000.00.');
    expect(message('en', '30', EUR, { ...limits, available: 2500 })).toBe('You can withdraw at most €25.00.');
    expect(message('en', '0.00001', BTC, { min: 10_000, max: 40_000_000 })).toBe('The minimum is 100 μBTC.');
    expect(message('de', '5')).toMatch(/^Der Mindestbetrag ist 10,00\s€\.$/);
    expect(message('en', '10')).toBeNull();
  });

  it('explains input that is not an amount', () => {
    expect(message('en', '')).toBe('Please enter an amount.');
    expect(message('en', 'ten')).toBe('Please enter a valid amount.');
    expect(message('en', '10.001')).toBe('This amount has too many decimal places for the currency.');
  });

  it("words the server's codes: the cashbox's own first, then the shared ones", () => {
    const t = tOf('en');
    expect(errorText(t, 'base', 'email_not_confirmed')).toBe(
      'Please confirm your email address before your first withdrawal.',
    );
    expect(errorText(t, 'destination.iban', 'invalid')).toMatch(/^Please enter a valid IBAN/);
    expect(errorText(t, 'destination.address', 'invalid')).toBe('This is not a valid address for this currency.');
    expect(errorText(t, 'payment_method', 'invalid')).toBe('Please check this field.');
    expect(errorText(t, 'base', 'too_many_requests')).toBe(
      'Too many attempts. Please wait a few minutes and try again.',
    );
    expect(errorText(t, 'base', 'no_such_code')).toBe('Something went wrong. Please try again.');
  });
});
