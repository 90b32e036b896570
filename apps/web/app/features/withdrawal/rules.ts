/**
 * The withdrawal page's rules without React: which methods an account offers, what the form
 * starts with, the body it sends, and the server's codes → message keys.
 */
import type { PaymentMethod } from '@orbit/contracts';
import type { FieldErrors } from '../../ui/form';
import type { WithdrawalAccount, WithdrawalInfo } from './withdrawal-api';

/** The token's own refusals (`withdrawal_token: invalid | expired`); a missing token reads as invalid. */
export type TokenProblem = 'invalid' | 'expired';

export function tokenProblemOf(errors: FieldErrors): TokenProblem | null {
  const code = errors.withdrawal_token;
  if (!code) return null;
  return code === 'expired' ? 'expired' : 'invalid';
}

/** The cashout methods of a currency, as the server listed them. */
export function methodsFor(info: Pick<WithdrawalInfo, 'methods'>, currency: string): PaymentMethod[] {
  return info.methods.filter((m) => m.currency === currency && m.action === 'cashout');
}

/** The account the form starts with: the first with money in it, else the first. */
export function initialAccount(accounts: readonly WithdrawalAccount[]): WithdrawalAccount | undefined {
  return accounts.find((a) => a.real_cents > 0) ?? accounts[0];
}

export { destinationError, destinationKey, initialDestination } from '../../lib/cashout-destination';

/**
 * Keys of a server or rule code on a field, most specific first: this page's wording, then the
 * cashbox's (the same codes as a cashout's), then the shared one.
 */
export function withdrawalErrorKeys(field: string, code: string): string[] {
  return [
    `withdrawal.errors.${field}.${code}`,
    `cashbox.errors.${field}.${code}`,
    `cashbox.errors.${code}`,
    `errors.${code}`,
  ];
}

/** The accounts after a cashout of `amount` in `currency` (until the server's figures are read again). */
export function afterCashout(
  accounts: readonly WithdrawalAccount[],
  currency: string,
  amount: number,
): WithdrawalAccount[] {
  return accounts.map((a) => (a.currency === currency ? { ...a, real_cents: Math.max(0, a.real_cents - amount) } : a));
}
