/**
 * The cashbox's data in the browser: the API calls (typed by the contracts) and one TanStack
 * Query client shared by the header's balance island, the cashbox popups and the return page
 * (all loaded on demand, so neither the library nor this client is in the lobby's first
 * JavaScript). Each of those roots mounts `<CashboxQueryProvider>` with this client.
 *
 * Realtime (the lead wires it): the WebSocket client of `app/realtime` calls
 * `onBalanceMessage` for `balance` messages and `onPaymentsMessage` for `payments_changes` /
 * `payments_events`; see `header-wallet.tsx` for the one place to mount `useRealtime`.
 */
import type {
  BonusOffer,
  Player,
  CashoutRequest,
  CryptoAddressResponse,
  DepositRequest,
  DepositResponse,
  Payment,
  PaymentAction,
  PaymentMethodsResponse,
  PaymentRiskData,
  PlayerAccount,
  PlayerBonus,
  UserLimit,
} from '@orbit/contracts';
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { createElement, type ReactNode } from 'react';
import { ApiError, browserApi } from '../../lib/api';
import { loadCurrencyCatalogue } from '../../lib/currencies';
import { promotionsOfferedTo } from '../../lib/promotions-offered';
import { currentSession, setPlayer } from '../../lib/session';
import { logFailure } from '../../lib/telemetry';
import { bonusesForfeitedByCashout, loadMethodsRetryingEmpty } from './rules';

export const queryClient = new QueryClient({
  defaultOptions: {
    // The API client already retries network failures; an HTTP answer is final (docs/rules/page-shell.md).
    queries: { retry: false, staleTime: 15_000, refetchOnWindowFocus: true },
  },
});

export function CashboxQueryProvider({ children }: { children: ReactNode }) {
  return createElement(QueryClientProvider, { client: queryClient }, children);
}

/** Query keys: what realtime messages and cashbox actions invalidate. */
export const cashboxKeys = {
  all: ['cashbox'] as const,
  /** `GET /api/player/accounts`: the header's balance and the switcher read this. */
  accounts: ['cashbox', 'accounts'] as const,
  currencies: ['cashbox', 'currencies'] as const,
  methods: (action: PaymentAction, currency: string) => ['cashbox', 'methods', action, currency] as const,
  payments: ['cashbox', 'payments'] as const,
  paymentList: (filter: PaymentsFilter) => ['cashbox', 'payments', filter] as const,
  /** `GET /api/bonuses/deposit`: the offers of the player's next deposit in the active currency. */
  depositOffers: (currency: string) => ['cashbox', 'deposit-offers', currency] as const,
  /** `GET /api/player/bonuses`: what a cashout would forfeit (deposit bonuses waiting to be activated). */
  bonuses: ['cashbox', 'bonuses'] as const,
  /** `GET /api/user_limits`: a reached deposit limit pauses the deposit step. */
  limits: ['cashbox', 'limits'] as const,
};

/** The answer of the bonus code and bonus settings calls (the player's fields they change). */
export type BonusSettings = { deposit_bonus_code: string | null; can_issue_bonuses: boolean };

export type PaymentsFilter = { page: number; page_size: number; type?: PaymentAction; currency?: string };

const api = () => browserApi();

export const cashboxApi = {
  accounts: () => api().get<PlayerAccount[]>('/api/player/accounts'),
  /** Opens (or switches to) the account in that currency. */
  switchAccount: (currency: string) => api().post<PlayerAccount>('/api/player/accounts', { currency }),
  currencies: loadCurrencyCatalogue,
  methods: (action: PaymentAction, currency: string) =>
    api().get<PaymentMethodsResponse>(`/api/cashbox/methods?action=${action}&currency=${encodeURIComponent(currency)}`),
  deposit: (body: DepositRequest) => api().post<DepositResponse>('/api/cashbox/deposits', body),
  cashout: (body: CashoutRequest) => api().post<Payment>('/api/cashbox/cashouts', body),
  cryptoAddress: (currency: string) => api().post<CryptoAddressResponse>('/api/cashbox/crypto_address', { currency }),
  payments: ({ page, page_size, type, currency }: PaymentsFilter) => {
    const query = new URLSearchParams({ page: String(page), page_size: String(page_size) });
    if (type) query.set('type', type);
    if (currency) query.set('currency', currency);
    return api().get<Payment[]>(`/api/player/payments?${query}`);
  },
  /** The player's limits (a refused deposit tells what the deposit limit still allows). */
  limits: () => api().get<UserLimit[]>('/api/user_limits'),
  /** The deposit offers for the player's active currency and next deposit. */
  depositOffers: () => api().get<BonusOffer[]>('/api/bonuses/deposit'),
  /** The player's bonuses (the withdrawal form names the deposit bonuses a cashout forfeits). */
  bonuses: () => api().get<PlayerBonus[]>('/api/player/bonuses'),
  /** Chooses the deposit offer with that code for the next deposit (422 `deposit_bonus_code: invalid`: no offer has it). */
  setBonusCode: (code: string) =>
    api().patch<BonusSettings>('/api/player/set_bonus_code', { deposit_bonus_code: code }),
  clearBonusCode: () => api().delete<BonusSettings>('/api/player/clear_bonus_code'),
  /** Whether the player takes bonuses at all. */
  bonusSettings: (canIssue: boolean) =>
    api().patch<BonusSettings>('/api/player/update_bonus_settings', { can_issue: canIssue }),
  /** The payment risk data before a payment (docs/rules/fields.md "Payment risk data"). */
  riskData: (data: PaymentRiskData) => api().post<{ custom_player_status: string }>('/api/users/transaction', data),
  check: (id: number) => api().post<Payment>(`/api/player/payments/${id}/check`, {}),
  recall: (id: number) => api().post<Payment>(`/api/player/payments/${id}/recall`, {}),
};

export function useAccounts() {
  return useQuery({ queryKey: cashboxKeys.accounts, queryFn: cashboxApi.accounts });
}

/** The currency catalogue changes with a deploy, not during a visit. */
export function useCurrencies() {
  return useQuery({ queryKey: cashboxKeys.currencies, queryFn: cashboxApi.currencies, staleTime: Infinity });
}

export function useMethods(action: PaymentAction, currency: string | undefined) {
  return useQuery({
    queryKey: cashboxKeys.methods(action, currency ?? ''),
    // Asked again, three calls in all, while the list comes back empty (rules.ts).
    queryFn: () =>
      loadMethodsRetryingEmpty(() => cashboxApi.methods(action, currency!)).catch((error: unknown) => {
        logFailure('LOAD_PAYMENT_METHODS_ERROR', error);
        throw error;
      }),
    enabled: Boolean(currency),
  });
}

/**
 * The deposit offers of the account's currency (the server answers for the active currency: an
 * offer of another is left out). A failed load shows no offer, as the site's other lists do. A
 * player the casino offers no promotions (`promotions_offered: false`, docs/rules/gifts.md
 * "Deposit") gets none: the list stays pending until that answer is in, so the welcome bonus is
 * never chosen for them in the meantime.
 */
export function useDepositOffers(currency: string) {
  return useQuery({
    queryKey: cashboxKeys.depositOffers(currency),
    queryFn: () => depositOffersFor(currency, currentSession().player?.id ?? null),
  });
}

/** The deposit offers of `currency` shown to the player (none when promotions are not offered to them). */
export async function depositOffersFor(currency: string, playerId: number | null): Promise<BonusOffer[]> {
  const [offers, offered] = await Promise.all([
    cashboxApi.depositOffers().then(
      (list) => (Array.isArray(list) ? list.filter((offer) => offer.currency === currency) : []),
      (error: unknown) => {
        logFailure('LOAD_DEPOSIT_OFFERS_ERROR', error);
        return [] as BonusOffer[];
      },
    ),
    promotionsOfferedTo(playerId),
  ]);
  return offered ? offers : [];
}

/**
 * The deposit bonuses of this currency a cashout would forfeit (docs/bonuses.md "Cashouts"). A
 * failed load names none: the server still applies the rule.
 */
export function useBonusesForfeitedByCashout(currency: string) {
  return useQuery({
    queryKey: cashboxKeys.bonuses,
    queryFn: () =>
      cashboxApi.bonuses().then(
        (bonuses) => (Array.isArray(bonuses) ? bonuses : []),
        (error: unknown) => {
          logFailure('LOAD_BONUSES_ERROR', error);
          return [] as PlayerBonus[];
        },
      ),
    select: (bonuses) => bonusesForfeitedByCashout(bonuses, currency),
  });
}

export function usePayments(filter: PaymentsFilter) {
  return useQuery({ queryKey: cashboxKeys.paymentList(filter), queryFn: () => cashboxApi.payments(filter) });
}

/** The active account (else the first one). */
export function activeAccount(accounts: readonly PlayerAccount[] | undefined): PlayerAccount | undefined {
  return accounts?.find((a) => a.active) ?? accounts?.[0];
}

/** After a deposit, cashout, recall or switch: balances, payments and methods (saved cards, first-deposit suggestion) again. */
export function refreshCashbox(): Promise<void> {
  return queryClient.invalidateQueries({
    predicate: (query) => query.queryKey[0] === 'cashbox' && query.queryKey[1] !== 'currencies',
  });
}

/**
 * A realtime `balance` message: the account's new amounts go straight into the header's
 * query; a message without them (or an unknown account) refetches the accounts.
 */
export function onBalanceMessage(message: unknown): void {
  const update = message as Partial<PlayerAccount> | null;
  const accounts = queryClient.getQueryData<PlayerAccount[]>(cashboxKeys.accounts);
  if (
    accounts &&
    update &&
    typeof update.currency === 'string' &&
    typeof update.amount_cents === 'number' &&
    accounts.some((a) => a.currency === update.currency)
  ) {
    queryClient.setQueryData<PlayerAccount[]>(
      cashboxKeys.accounts,
      accounts.map((a) => (a.currency === update.currency ? { ...a, ...update } : a)),
    );
    return;
  }
  void queryClient.invalidateQueries({ queryKey: cashboxKeys.accounts });
}

/** A realtime payments message: the history, the pending cashouts and the balances are stale. */
export function onPaymentsMessage(): void {
  void refreshCashbox();
}

/** The player in the page's store with the bonus fields an answer changed. */
export function applySettings(answer: BonusSettings): void {
  const player = currentSession().player;
  if (player) setPlayer({ ...player, ...answer });
}

/**
 * A deposit code kept from a promo link (`depositPromocode`, docs/rules/gifts.md "Promo-code
 * links"): bonuses turned on first when the player has them off, then the code set as the
 * deposit bonus code. `invalid`: no deposit offer has the code (drop it); `failed`: no answer
 * or another refusal (keep it for the next visit to the lobby).
 */
export async function applyDepositPromoCode(code: string, player: Player): Promise<'set' | 'invalid' | 'failed'> {
  try {
    if (!player.can_issue_bonuses) applySettings(await cashboxApi.bonusSettings(true));
  } catch {
    return 'failed';
  }
  try {
    applySettings(await cashboxApi.setBonusCode(code.trim()));
    return 'set';
  } catch (error) {
    return error instanceof ApiError && error.status === 422 ? 'invalid' : 'failed';
  }
}
