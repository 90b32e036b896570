/**
 * Money on the player's card: the API gives minor units, the operator reads major units with the
 * currency ("53.00 EUR", "0.00125000 BTC"). How many minor units make a unit comes with the
 * player's accounts (every movement of a player is in one of their currencies), read once per card.
 */
import { createContext, useContext, type ReactNode } from 'react';
import { useGetManyReference } from 'react-admin';
import type { BackofficePlayerAccount } from '@orbit/contracts';

const Units = createContext<ReadonlyMap<string, number>>(new Map());

/** Provides the minor units of the player's currencies to the card below it. */
export function PlayerCurrencies({ playerId, children }: { playerId: number; children: ReactNode }) {
  const { data } = useGetManyReference<BackofficePlayerAccount>('accounts', {
    target: 'players',
    id: playerId,
    pagination: { page: 1, perPage: 200 },
    sort: { field: 'id', order: 'ASC' },
  });
  const units = new Map((data ?? []).map((a) => [a.currency, a.subunits_to_unit]));
  return <Units.Provider value={units}>{children}</Units.Provider>;
}

/** `cents` of `currency` in its major unit, with as many decimals as the currency has (100 → 2). */
export function formatMoney(cents: number, currency: string, subunits: number): string {
  const decimals = Math.max(0, Math.round(Math.log10(subunits)));
  const amount = new Intl.NumberFormat('en', { minimumFractionDigits: decimals, maximumFractionDigits: decimals });
  return `${amount.format(cents / subunits)} ${currency}`;
}

/** Minor units per unit of a currency of the player (100 when the player has no account in it). */
export function useSubunits(): (currency: string) => number {
  const units = useContext(Units);
  return (currency) => units.get(currency) ?? 100;
}

export function useMoney(): (cents: number | null | undefined, currency: string) => string {
  const units = useContext(Units);
  // A currency the player has no account in (none should move) is shown with cents.
  return (cents, currency) =>
    cents === null || cents === undefined ? '' : formatMoney(cents, currency, units.get(currency) ?? 100);
}

/** An amount of the row's currency, its sign kept (a debit shows as −3.00 EUR). */
export function Money({ cents, currency }: { cents: number | null | undefined; currency: string }) {
  const money = useMoney();
  return <span style={{ whiteSpace: 'nowrap' }}>{money(cents, currency)}</span>;
}
