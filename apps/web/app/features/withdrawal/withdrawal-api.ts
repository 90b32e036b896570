/**
 * The mailed withdrawal link's two calls (no session: the token is the proof). Browser calls
 * are typed, not validated (no zod in the page for the answers), as everywhere in the page.
 * The shapes are the contract's (`WithdrawalResponse`, `WithdrawalRequest`: a cashout's fields and the token).
 */
import type { Payment, WithdrawalRequest, WithdrawalResponse } from '@orbit/contracts';
import { browserApi } from '../../lib/api';

/** `GET /api/cashbox/withdrawal`: the masked address, the accounts and the cashout methods of their currencies. */
export type WithdrawalInfo = WithdrawalResponse;

/** One currency account of the excluded player: what can be withdrawn (real money, minor units). */
export type WithdrawalAccount = WithdrawalInfo['accounts'][number];

export const WITHDRAWAL_PATH = '/api/cashbox/withdrawal';

export const withdrawalApi = {
  load: (token: string, signal?: AbortSignal) =>
    browserApi().get<WithdrawalInfo>(
      `${WITHDRAWAL_PATH}?withdrawal_token=${encodeURIComponent(token)}`,
      signal ? { signal } : {},
    ),
  withdraw: (body: WithdrawalRequest) => browserApi().post<Payment>(WITHDRAWAL_PATH, body),
};
