import { afterEach, describe, expect, it, vi } from 'vitest';
import { stillFavourite } from '../../app/features/games/favourite-games';
import {
  clearFavourites,
  currentFavourites,
  loadFavourites,
  tileAccess,
  toggleFavourite,
} from '../../app/features/games/favourites';
import { INFINITE_SCROLL_PX } from '../../app/features/games/paged-game-list';
import { introDue, markIntroSeen, SPECIAL_SLOT_INTRO_FLAG } from '../../app/features/shell/special-slot';

const game = { currencies: { EUR: { id: 11 }, BTC: { id: 12 }, FUN: { id: 13 } } };

describe('tile access (lock and favourite toggle)', () => {
  it('a guest gets the guest overlay whatever the game carries', () => {
    expect(tileAccess(game, false, 'EUR')).toEqual({ kind: 'guest' });
    expect(tileAccess({ currencies: {} }, false, null)).toEqual({ kind: 'guest' });
  });

  it("a player gets the toggle with the game's id in the player's currency", () => {
    expect(tileAccess(game, true, 'EUR')).toEqual({ kind: 'player', favouriteId: 11 });
    expect(tileAccess(game, true, 'BTC')).toEqual({ kind: 'player', favouriteId: 12 });
  });

  it('a fiat currency the game lacks locks the tile', () => {
    expect(tileAccess(game, true, 'NOK')).toEqual({ kind: 'locked', currency: 'NOK' });
    // An inherited key of a plain object is no currency of the game.
    expect(tileAccess(game, true, 'toString')).toEqual({ kind: 'locked', currency: 'toString' });
  });

  it('a crypto currency the game lacks does not lock, but offers no toggle (no id to keep)', () => {
    expect(tileAccess(game, true, 'ETH')).toEqual({ kind: 'player', favouriteId: null });
    expect(tileAccess(game, true, 'USDT')).toEqual({ kind: 'player', favouriteId: null });
  });

  it('an unknown currency (accounts still loading) locks nothing and offers no toggle', () => {
    expect(tileAccess(game, true, null)).toEqual({ kind: 'player', favouriteId: null });
  });
});

describe('favourites page list', () => {
  it('keeps a game while one of its ids is a favourite, and all while the store is unknown', () => {
    expect(stillFavourite(game, new Set([12]))).toBe(true);
    expect(stillFavourite(game, new Set([99]))).toBe(false);
    expect(stillFavourite(game, null)).toBe(true);
  });
});

describe('infinite scroll', () => {
  it('asks for the next page 500 px before the end', () => {
    expect(INFINITE_SCROLL_PX).toBe(500);
  });
});

/** The page's fetch: each call waits for the test to answer it (`answer(i, body)`). */
function deferredFetch() {
  const calls: Array<{ method: string; url: string; resolve: (body: unknown, status?: number) => void }> = [];
  const fetch = vi.fn(
    (url: string, init?: RequestInit) =>
      new Promise<Response>((done) => {
        calls.push({
          method: init?.method ?? 'GET',
          url,
          resolve: (body, status = 200) =>
            done(
              new Response(status === 200 ? JSON.stringify(body) : '', {
                status,
                headers: { 'Content-Type': 'application/json' },
              }),
            ),
        });
      }),
  );
  vi.stubGlobal('window', { fetch, dispatchEvent: () => true });
  return calls;
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('favourites store', () => {
  afterEach(() => {
    clearFavourites();
    vi.unstubAllGlobals();
  });

  it('does nothing before the list is known', () => {
    const calls = deferredFetch();
    expect(toggleFavourite(11)).toBe(false);
    expect(calls).toHaveLength(0);
  });

  it('sends one request per game at a time: a second click while pending does nothing', async () => {
    const calls = deferredFetch();
    const loaded = loadFavourites();
    await settle();
    calls[0]!.resolve([5]);
    await loaded;
    expect([...currentFavourites().ids!]).toEqual([5]);

    expect(toggleFavourite(11)).toBe(true);
    expect(toggleFavourite(11)).toBe(false);
    await settle();
    expect(calls.map((c) => `${c.method} ${c.url}`)).toEqual([
      'GET /api/player/favorite_games',
      'PUT /api/player/favorite_games/11',
    ]);
    expect(currentFavourites().pending.has(11)).toBe(true);
    calls[1]!.resolve([11, 5]);
    await settle();
    expect(currentFavourites().pending.has(11)).toBe(false);
    expect(currentFavourites().ids!.has(11)).toBe(true);

    // Pressed again: removed (DELETE), the server's answer is the new list.
    expect(toggleFavourite(11)).toBe(true);
    await settle();
    expect(calls[2]!.method).toBe('DELETE');
    calls[2]!.resolve([5]);
    await settle();
    expect(currentFavourites().ids!.has(11)).toBe(false);
  });

  it('a failed toggle keeps the list as it was and marks the game', async () => {
    const calls = deferredFetch();
    const loaded = loadFavourites();
    await settle();
    calls[0]!.resolve([]);
    await loaded;
    toggleFavourite(11);
    await settle();
    calls[1]!.resolve(null, 500);
    await settle();
    expect(currentFavourites().ids!.size).toBe(0);
    expect(currentFavourites().failed.has(11)).toBe(true);
    expect(currentFavourites().pending.has(11)).toBe(false);
  });

  it('a sign-out empties the store and drops answers of the old session', async () => {
    const calls = deferredFetch();
    const loaded = loadFavourites();
    await settle();
    calls[0]!.resolve([1]);
    await loaded;
    toggleFavourite(2);
    await settle();
    clearFavourites();
    calls[1]!.resolve([2, 1]);
    await settle();
    expect(currentFavourites().ids).toBeNull();
    expect(currentFavourites().pending.size).toBe(0);
  });
});

describe('special-slot intro', () => {
  it('is due until the flag is set, then never again; blocked storage shows it each time', () => {
    const values = new Map<string, string>();
    const store = {
      getItem: (k: string) => values.get(k) ?? null,
      setItem: (k: string, v: string) => void values.set(k, v),
    };
    expect(introDue(store)).toBe(true);
    markIntroSeen(store);
    expect(values.get(SPECIAL_SLOT_INTRO_FLAG)).toBe('1');
    expect(introDue(store)).toBe(false);
    const blocked = {
      getItem: () => {
        throw new Error('blocked');
      },
      setItem: () => {
        throw new Error('blocked');
      },
    };
    expect(introDue(blocked)).toBe(true);
    expect(() => markIntroSeen(blocked)).not.toThrow();
    expect(introDue(null)).toBe(true);
  });
});
