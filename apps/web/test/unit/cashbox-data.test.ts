import type { PlayerAccount } from '@orbit/contracts';
import { afterEach, describe, expect, it } from 'vitest';
import { activeAccount, cashboxKeys, onBalanceMessage, queryClient } from '../../app/features/cashbox/data';

const account = (currency: string, amount: number, active = false): PlayerAccount => ({
  currency,
  amount_cents: amount,
  bonus_cents: 0,
  available_to_cashout_cents: amount,
  held_cents: 0,
  available_to_bet_with_locked_cent: 0,
  hidden_at: null,
  deposit_available: true,
  active,
});

describe('header balance data', () => {
  afterEach(() => queryClient.clear());

  it('picks the active account, else the first', () => {
    expect(activeAccount([account('EUR', 1), account('BTC', 2, true)])?.currency).toBe('BTC');
    expect(activeAccount([account('EUR', 1), account('BTC', 2)])?.currency).toBe('EUR');
    expect(activeAccount(undefined)).toBeUndefined();
  });

  it('puts a realtime balance message straight into the accounts query', () => {
    queryClient.setQueryData(cashboxKeys.accounts, [account('EUR', 100, true), account('BTC', 5)]);
    onBalanceMessage({ currency: 'EUR', amount_cents: 2500, available_to_cashout_cents: 2000 });
    const accounts = queryClient.getQueryData<PlayerAccount[]>(cashboxKeys.accounts)!;
    expect(accounts[0]).toMatchObject({
      currency: 'EUR',
      amount_cents: 2500,
      available_to_cashout_cents: 2000,
      active: true,
    });
    expect(accounts[1]).toMatchObject({ currency: 'BTC', amount_cents: 5 });
  });

  it('marks the accounts stale for a message it cannot apply', () => {
    queryClient.setQueryData(cashboxKeys.accounts, [account('EUR', 100, true)]);
    onBalanceMessage({ currency: 'USD', amount_cents: 1 });
    expect(queryClient.getQueryState(cashboxKeys.accounts)?.isInvalidated).toBe(true);
    expect(queryClient.getQueryData<PlayerAccount[]>(cashboxKeys.accounts)![0]!.amount_cents).toBe(100);
  });
});
