/**
 * The signed-in player's favourite games for every tile of the page (docs/rules/page-shell.md
 * "Game lists"): the ids version of `GET /api/player/favorite_games` is asked once per sign-in
 * and shared; a tile's toggle adds (`PUT …/{id}`) or removes (`DELETE …/{id}`) its game and the
 * server's answer (the whole list) replaces the store. One request per game at a time: a click
 * while the game's request is on its way does nothing. Signing out empties the store.
 */
import type { PlayerGameIdsResponse } from '@orbit/contracts';
import { useEffect, useSyncExternalStore } from 'react';
import { browserApi } from '../../lib/api';
import { currencyInfo } from '../../lib/money';
import { useSession } from '../../lib/session';
import { logFailure } from '../../lib/telemetry';

type State = {
  /** null: not loaded (a guest, or the list is on its way or failed). */
  ids: ReadonlySet<number> | null;
  /** Games whose add or remove is on its way. */
  pending: ReadonlySet<number>;
  /** The last toggle failed (the tile says so in its tooltip). */
  failed: ReadonlySet<number>;
};

const EMPTY: State = { ids: null, pending: new Set(), failed: new Set() };
let state: State = EMPTY;
let loading: Promise<void> | null = null;
/** Bumped on every sign-out: answers of an earlier session are dropped. */
let generation = 0;
const listeners = new Set<() => void>();

function set(next: State) {
  state = next;
  listeners.forEach((listener) => listener());
}

const withItem = (s: ReadonlySet<number>, id: number) => new Set(s).add(id);
function without(s: ReadonlySet<number>, id: number) {
  const copy = new Set(s);
  copy.delete(id);
  return copy;
}

/** The store now (tests, and code outside React). */
export function currentFavourites(): State {
  return state;
}

/** Loads the list once per session (a failure is asked again on the next tile that mounts). */
export function loadFavourites(): Promise<void> {
  if (state.ids !== null) return Promise.resolve();
  const mine = generation;
  loading ??= browserApi()
    .get<PlayerGameIdsResponse>('/api/player/favorite_games')
    .then(
      (ids) => {
        if (mine === generation) set({ ...state, ids: new Set(ids) });
      },
      (error: unknown) => logFailure('LOAD_FAVOURITES_ERROR', error),
    )
    .finally(() => {
      loading = null;
    });
  return loading;
}

/** Sign-out: the favourites are the player's, not the browser's. */
export function clearFavourites(): void {
  generation += 1;
  loading = null;
  set(EMPTY);
}

/**
 * Adds or removes one game; does nothing while that game's request is on its way or before the
 * list is known. Answers whether a request was sent.
 */
export function toggleFavourite(gameId: number): boolean {
  if (state.ids === null || state.pending.has(gameId)) return false;
  const on = state.ids.has(gameId);
  const mine = generation;
  set({ ...state, pending: withItem(state.pending, gameId), failed: without(state.failed, gameId) });
  const path = `/api/player/favorite_games/${gameId}`;
  const call = on
    ? browserApi().delete<PlayerGameIdsResponse>(path)
    : browserApi().put<PlayerGameIdsResponse>(path, undefined);
  call.then(
    (ids) => {
      if (mine === generation) set({ ...state, ids: new Set(ids), pending: without(state.pending, gameId) });
    },
    (error: unknown) => {
      console.error('TOGGLE_FAVOURITE_ERROR', error);
      if (mine === generation)
        set({ ...state, pending: without(state.pending, gameId), failed: withItem(state.failed, gameId) });
    },
  );
  return true;
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The store for a list of tiles; loads it for a player, empties it when the session turns guest. */
export function useFavourites(): State {
  const status = useSession().status;
  useEffect(() => {
    if (status === 'player') void loadFavourites();
    else if (status === 'guest' && state !== EMPTY) clearFavourites();
  }, [status]);
  return useSyncExternalStore(
    subscribe,
    () => state,
    () => EMPTY,
  );
}

/** What a tile offers a visitor (docs/rules/page-shell.md "Game lists"). */
export type TileAccess =
  /** Guest: Play (to registration) and Demo. */
  | { kind: 'guest' }
  /** Signed in, the player's currency is fiat and the game is not played in it: a lock instead of Play. */
  | { kind: 'locked'; currency: string }
  /** Signed in: Play, Demo and, when the game has an id in the currency, the favourite toggle. */
  | { kind: 'player'; favouriteId: number | null };

/**
 * The tile's overlay for a visitor: a guest's; a locked one when the player's currency is not
 * crypto and the game lacks it; otherwise the player's, with the favourite toggle only when the
 * game has an id for that currency. An unknown currency (the accounts not loaded yet) locks
 * nothing and offers no toggle.
 */
export function tileAccess(
  game: { currencies: Readonly<Record<string, { id: number }>> },
  signedIn: boolean,
  currency: string | null,
): TileAccess {
  if (!signedIn) return { kind: 'guest' };
  if (currency === null) return { kind: 'player', favouriteId: null };
  const entry = Object.prototype.hasOwnProperty.call(game.currencies, currency) ? game.currencies[currency] : undefined;
  if (!entry && currencyInfo(currency, undefined).fiat) return { kind: 'locked', currency };
  return { kind: 'player', favouriteId: entry?.id ?? null };
}
