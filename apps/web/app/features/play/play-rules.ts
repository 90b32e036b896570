/**
 * The game page's rules without React: the mode from the address, the page's guards
 * (each written below), what a refused launch leads to, and where Close goes.
 */
import { PLAYER_FIELDS_MISSING, type GameMode } from '@orbit/contracts';
import { ApiError } from '../../lib/api';
import { localizePath, parseLocalePath, type Locale } from '../../lib/locale';
import { POPUPS } from '../../lib/popups';

/** `?mode=demo` plays for FUN money; anything else (or nothing) is real play, the default. */
export function modeOf(value: string | null | undefined): GameMode {
  return value === 'demo' ? 'demo' : 'real';
}

export type PlayGuardInput = {
  /** The session: still loading, a guest, or a player. */
  status: 'unknown' | 'guest' | 'player';
  mode: GameMode;
  hasDemo: boolean;
  launchable: boolean;
  /**
   * A signed-in player's limits at the page's entry (the limit guard): still being read, none
   * stopping play, or a reached limit that stops play. Left out: not checked here.
   */
  limits?: 'unknown' | 'clear' | 'blocked';
  /**
   * A signed-in player's fields the game's provider still needs for real play (docs/rules/fields.md
   * "Before real play"): still being read, or the missing ones (none: ready). Left out: not checked.
   */
  fields?: 'unknown' | readonly string[];
};

/**
 * - `wait`: the session (or a player's limits, for real play) is not known yet;
 * - `sign-up`: a guest asking for real play, or for the demo of a game without one (a visitor's
 *   Play goes to registration; real play needs an account);
 * - `to-real`: a player asking for a demo the game does not have gets real play;
 * - `limits`: a signed-in player with a reached limit that stops play goes to the limits page
 *   (before entering a game page; docs/rules/routes-and-guards.md "The game page");
 * - `unavailable`: a catalogue-only game (nothing to open, in either mode);
 * - `profile`: real play for a player missing a field the provider needs: the edit-profile popup
 *   asks for them first (a demo skips the check);
 * - `launch`: ask the platform for the game's address. Demo is open to guests and does not wait
 *   for the session (nor for a player's limits: a reached one still sends the player away once known).
 */
export type PlayDecision = 'wait' | 'sign-up' | 'to-real' | 'limits' | 'unavailable' | 'profile' | 'launch';

export function playGuard({ status, mode, hasDemo, launchable, limits, fields }: PlayGuardInput): PlayDecision {
  if (!launchable) return 'unavailable';
  if (status === 'player' && limits === 'blocked') return 'limits';
  if (mode === 'demo' && hasDemo) return 'launch';
  if (status === 'unknown') return 'wait';
  if (status === 'guest') return 'sign-up';
  if (mode === 'demo') return 'to-real';
  if (limits === 'unknown' || fields === 'unknown') return 'wait';
  return fields && fields.length > 0 ? 'profile' : 'launch';
}

/**
 * The sign-up popup with the game as `redirect` (the full target; real play when the guest
 * asked for a demo the game does not have).
 */
export function signUpHref(
  locale: Locale,
  location: { pathname: string; search: string; hash: string },
  mode: GameMode,
): string {
  const target = mode === 'demo' ? location.pathname : location.pathname + location.search + location.hash;
  return `${localizePath('/sign-up', locale)}?redirect=${encodeURIComponent(target)}`;
}

/** The same game in the other mode (real is the default, so it has no query). */
export function modeSearch(mode: GameMode): string {
  return mode === 'demo' ? '?mode=demo' : '';
}

/** Launch refusals the page words itself; any other code is "could not be opened". */
export const LAUNCH_ERROR_CODES = [
  'game_not_launchable',
  'demo_unavailable',
  'currency_not_supported',
  'game_disabled',
  'game_not_found',
  'demo_excluded',
  'network',
] as const;
export type LaunchErrorCode = (typeof LAUNCH_ERROR_CODES)[number] | 'unknown';

/** Launch refusals the game page's limit guard stands for: a player with a reached limit goes to the limits page. */
const LIMIT_CODES = ['limit_reached', 'player_excluded'];

export type LaunchFailure =
  /** The player's limits or self-exclusion: `/profile/limits`. */
  | { action: 'limits'; code: string }
  /** The session ended (the API client has already fired the auth error: the shell opens sign-in). */
  | { action: 'signed-out' }
  /** The provider needs these fields of the player first (`player_fields_missing`): the edit-profile popup. */
  | { action: 'profile'; fields: string[] }
  | { action: 'message'; code: LaunchErrorCode; retry: boolean };

/**
 * What a failed `POST /api/games/{id}/launch` leads to. A demo refused for `player_excluded` is a
 * device that started an exclusion, under a licence that closes demo play then: said on the page
 * (the player cannot sign in to see the limits page).
 */
export function launchFailure(error: unknown, mode: GameMode = 'real'): LaunchFailure {
  if (!(error instanceof ApiError)) return { action: 'message', code: 'network', retry: true };
  if (error.status === 401) return { action: 'signed-out' };
  const code = error.errors.base?.[0] ?? Object.values(error.errors).flat()[0];
  if (mode === 'demo' && code === 'player_excluded') return { action: 'message', code: 'demo_excluded', retry: false };
  if (code && LIMIT_CODES.includes(code)) return { action: 'limits', code };
  if (code === PLAYER_FIELDS_MISSING)
    return { action: 'profile', fields: Object.keys(error.errors).filter((field) => field !== 'base') };
  if (error.status === 404) return { action: 'message', code: 'game_not_found', retry: false };
  const known = (LAUNCH_ERROR_CODES as readonly string[]).includes(code ?? '') ? (code as LaunchErrorCode) : 'unknown';
  return { action: 'message', code: known, retry: error.status >= 500 || error.status === 429 };
}

/** Paths Close never returns to: the game pages and the identity pages and popups. */
function isExcluded(path: string): boolean {
  if (path === '/play' || path.startsWith('/play/')) return true;
  if ((POPUPS as readonly string[]).includes(path.slice(1))) return true;
  return path === '/login' || path === '/registration';
}

export type CloseInput = {
  locale: Locale;
  /** The router state the page was opened with (`{from: "/pokies/all"}` from a link of this site). */
  state: unknown;
  /** `document.referrer` (the page a link or redirect loaded this one from). */
  referrer: string;
  /** This site's origin (`window.location.origin`). */
  origin: string;
};

/**
 * Where Close leads: the page the player came from (a `from` in the router state, else the
 * referring page of this site), never a game page or an identity page (the sign-up that led
 * here), and the lobby otherwise.
 */
export function closeTarget({ locale, state, referrer, origin }: CloseInput): string {
  const lobby = localizePath('/', locale);
  const from = (state as { from?: unknown } | null)?.from;
  if (
    typeof from === 'string' &&
    from.startsWith('/') &&
    !from.startsWith('//') &&
    !isExcluded(parseLocalePath(from.split(/[?#]/)[0]!).path)
  ) {
    return from;
  }
  if (!referrer) return lobby;
  let url: URL;
  try {
    url = new URL(referrer);
  } catch {
    return lobby;
  }
  if (url.origin !== origin || isExcluded(parseLocalePath(url.pathname).path)) return lobby;
  return url.pathname + url.search;
}
