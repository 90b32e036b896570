/**
 * The signed-in player's active account currency, for parts of a page that show amounts in
 * the visitor's currency (the lobby's jackpots). The player's header (`routes/cashbox-header.tsx`,
 * loaded only for players) reads the accounts and hands the code in here; guests and a player
 * whose accounts are not loaded yet have null. Nothing imports this from the first JavaScript.
 */
import { useSyncExternalStore } from 'react';

let currency: string | null = null;
const listeners = new Set<() => void>();

export function setPlayerCurrency(code: string | null): void {
  if (currency === code) return;
  currency = code;
  listeners.forEach((listener) => listener());
}

export function usePlayerCurrency(): string | null {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => currency,
    () => null,
  );
}
