/**
 * Promo-code links (docs/rules/routes-and-guards.md "Promo-code links"): `?depositPromocode=` and
 * `?giftPromocode=` on any page are kept in session storage and taken out of the address
 * (replaced, no new history entry). A signed-out
 * visitor reaching the lobby drops them. Using them (docs/rules/gifts.md "Promo-code links"):
 * `promoCodeStep` says what a signed-in player's kept codes ask for at a page (the player's header
 * follows it: gift code → /profile/gifts, which sends and drops it; deposit code → bonuses on, the
 * code set, the deposit popup). The shell layout loads it after the page is interactive
 * (`applyPromoCodes`).
 */
import { parseLocalePath } from './locale';
import type { Session } from './session';

export const PROMO_PARAMS = ['depositPromocode', 'giftPromocode'] as const;
export type PromoCodes = Partial<Record<(typeof PROMO_PARAMS)[number], string>>;

type Store = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;
const KEY = 'orbit_promo_';

function storage(): Store | null {
  try {
    return window.sessionStorage;
  } catch {
    return null; // blocked storage: the codes are only dropped from the address
  }
}

/**
 * Stores the promo codes of a query string; answers the query without them, or null when it
 * has none (nothing to replace). An empty value is dropped from the address but not stored.
 */
export function takePromoCodes(search: string, store: Store | null = storage()): string | null {
  const params = new URLSearchParams(search);
  let found = false;
  for (const name of PROMO_PARAMS) {
    const value = params.get(name);
    if (value === null) continue;
    found = true;
    params.delete(name);
    if (value.trim()) store?.setItem(KEY + name, value.trim());
  }
  if (!found) return null;
  const rest = params.toString();
  return rest ? `?${rest}` : '';
}

export function storedPromoCodes(store: Store | null = storage()): PromoCodes {
  const codes: PromoCodes = {};
  for (const name of PROMO_PARAMS) {
    const value = store?.getItem(KEY + name);
    if (value) codes[name] = value;
  }
  return codes;
}

/** Drops one code (used, or refused as invalid) or both. */
export function clearPromoCodes(
  names: ReadonlyArray<keyof PromoCodes> = PROMO_PARAMS,
  store: Store | null = storage(),
) {
  for (const name of names) store?.removeItem(KEY + name);
}

/** A signed-out visitor reaching the lobby (of any locale) drops the stored codes; answers whether it did. */
export function dropAtLobbyForGuest(
  pathname: string,
  status: Session['status'],
  store: Store | null = storage(),
): boolean {
  if (status !== 'guest' || parseLocalePath(pathname).path !== '/') return false;
  clearPromoCodes(PROMO_PARAMS, store);
  return true;
}

/**
 * Run by the shell layout on every location and session change (loaded on demand, so none of
 * this is in the page's first JavaScript): moves the codes from the address into storage
 * (replacing the entry) and drops them for a guest at the lobby.
 */
export function applyPromoCodes(
  location: { pathname: string; search: string; hash: string; state: unknown },
  status: Session['status'],
  navigate: (
    to: { pathname: string; search: string; hash: string },
    options: { replace: true; state: unknown; preventScrollReset: true },
  ) => unknown,
) {
  const search = takePromoCodes(location.search);
  // Replaced only while the page is still there (another navigation may have happened while this loaded).
  if (search !== null && window.location.search === location.search) {
    void navigate(
      { pathname: location.pathname, search, hash: location.hash },
      { replace: true, state: location.state, preventScrollReset: true },
    );
  }
  dropAtLobbyForGuest(location.pathname, status);
}

/** What a signed-in player's kept codes ask for at a page: only at the lobby, the gift code first. */
export type PromoCodeStep = { kind: 'gift' | 'deposit'; code: string } | null;

/**
 * A signed-in player at the lobby (of any locale) with a kept gift code goes to /profile/gifts
 * (which sends the code and drops it); with a kept deposit code, bonuses are turned on when off,
 * the code is set as the deposit bonus code and the deposit step opens (docs/rules/gifts.md
 * "Promo-code links"). Elsewhere the codes wait.
 */
export function promoCodeStep(pathname: string, codes: PromoCodes): PromoCodeStep {
  if (parseLocalePath(pathname).path !== '/') return null;
  if (codes.giftPromocode) return { kind: 'gift', code: codes.giftPromocode };
  if (codes.depositPromocode) return { kind: 'deposit', code: codes.depositPromocode };
  return null;
}
