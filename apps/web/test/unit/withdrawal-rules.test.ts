import type { PaymentMethod } from '@orbit/contracts';
import { describe, expect, it } from 'vitest';
import {
  afterCashout,
  destinationError,
  destinationKey,
  initialAccount,
  initialDestination,
  methodsFor,
  tokenProblemOf,
  withdrawalErrorKeys,
} from '../../app/features/withdrawal/rules';

const method = (over: Partial<PaymentMethod>): PaymentMethod => ({
  id: 'bank_sofort',
  brand: 'sofort',
  provider: 'sandbox',
  type: 'bank_transfer',
  currency: 'EUR',
  action: 'cashout',
  min_amount_cents: 2_000,
  max_amount_cents: 1_000_000,
  fee_percent: 0,
  processing_time: '1-3 days',
  fields: [{ name: 'iban', type: 'text', required: true, pattern: '^[A-Z]{2}[0-9]{2}[A-Z0-9]{10,30}$' }],
  saved_profiles: [],
  network: null,
  ...over,
});

describe('withdrawal rules', () => {
  it('reads the token refusals; a missing code is no token problem', () => {
    expect(tokenProblemOf({ withdrawal_token: 'expired' })).toBe('expired');
    expect(tokenProblemOf({ withdrawal_token: 'invalid' })).toBe('invalid');
    expect(tokenProblemOf({ withdrawal_token: 'required' })).toBe('invalid');
    expect(tokenProblemOf({ amount_cents: 'insufficient_funds' })).toBeNull();
  });

  it('offers the cashout methods of the chosen currency', () => {
    const bank = method({});
    const btc = method({ id: 'crypto_btc', currency: 'BTC', type: 'crypto' });
    const deposit = method({ id: 'voucher', action: 'deposit' });
    expect(methodsFor({ methods: [bank, btc, deposit] }, 'EUR')).toEqual([bank]);
  });

  it('starts with the first account holding money', () => {
    const accounts = [
      { currency: 'BTC', real_cents: 0, subunits_to_unit: 100_000_000 },
      { currency: 'EUR', real_cents: 5_000, subunits_to_unit: 100 },
    ];
    expect(initialAccount(accounts)?.currency).toBe('EUR');
    expect(initialAccount([accounts[0]!])?.currency).toBe('BTC');
    expect(afterCashout(accounts, 'EUR', 3_000)[1]?.real_cents).toBe(2_000);
  });

  it('checks the destination: required, the field pattern, a saved card', () => {
    const bank = method({});
    expect(destinationError(bank, '  ')).toBe('required');
    expect(destinationError(bank, 'not an iban')).toBe('invalid');
    expect(destinationError(bank, ' DE89370400440532013000 ')).toBeUndefined();
    expect(destinationError(bank, `DE89${'1'.repeat(130)}`)).toBe('invalid');
    const card = method({
      id: 'card_visa',
      type: 'card',
      fields: [],
      saved_profiles: [{ id: 7, brand: 'visa', last4: '4242' }],
    });
    expect(initialDestination(card)).toBe('7');
    expect(initialDestination(bank)).toBe('');
    expect(destinationError(card, '7')).toBeUndefined();
    expect(destinationError(card, '8')).toBe('invalid');
    expect(destinationKey(card)).toBe('card');
    expect(destinationKey(bank)).toBe('iban');
  });

  it('words a code with this page first, then the cashbox, then the shared messages', () => {
    expect(withdrawalErrorKeys('amount_cents', 'too_small')).toEqual([
      'withdrawal.errors.amount_cents.too_small',
      'cashbox.errors.amount_cents.too_small',
      'cashbox.errors.too_small',
      'errors.too_small',
    ]);
  });
});
