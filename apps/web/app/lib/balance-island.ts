/**
 * The signed-in player's live balance for pages that show it beside the header's (the game
 * page's toolbar). Its code is the cashbox's (accounts query, realtime `balance` messages) and
 * comes with the player's header (`routes/cashbox-header.tsx`, loaded by the shell layout once a
 * player is signed in), which hands the component in here: the game page needs no import of its
 * own for it (a lazy import there would split the bundler's preload helper out of the shell's
 * chunk into the lobby's first JavaScript), and guests never load it.
 */
import { useSyncExternalStore, type ComponentType } from 'react';

export type BalanceProps = {
  /** The currency to show (the launch's); the active account when null or not an account of the player. */
  currency: string | null;
};

let balance: ComponentType<BalanceProps> | null = null;
const listeners = new Set<() => void>();

export function provideBalance(component: ComponentType<BalanceProps>): void {
  if (balance === component) return;
  balance = component;
  listeners.forEach((listener) => listener());
}

/** The balance component once the player's header has loaded it, else null. */
export function useBalanceComponent(): ComponentType<BalanceProps> | null {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => balance,
    () => null,
  );
}
