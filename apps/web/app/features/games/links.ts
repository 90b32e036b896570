import type { Game } from '@orbit/contracts';
import { localizePath, type Locale } from '../../lib/locale';

/** The game page: `/play/{provider}/{seo_title}` (docs/rules/routes-and-guards.md "Pages"). */
export function gamePath(game: Pick<Game, 'provider' | 'seo_title'>, locale: Locale): string {
  return localizePath(`/play/${encodeURIComponent(game.provider)}/${encodeURIComponent(game.seo_title)}`, locale);
}

/** A visitor's Play goes to registration, carrying the game as the redirect target. */
export function visitorPlayHref(game: Pick<Game, 'provider' | 'seo_title'>, locale: Locale): string {
  return `${localizePath('/sign-up', locale)}?redirect=${encodeURIComponent(gamePath(game, locale))}`;
}

/** Play: the game page in real mode for a signed-in player, registration for a visitor. */
export function playHref(game: Pick<Game, 'provider' | 'seo_title'>, locale: Locale, signedIn: boolean): string {
  return signedIn ? gamePath(game, locale) : visitorPlayHref(game, locale);
}

/** Demo is open to visitors (FUN money, no login). */
export function demoHref(game: Pick<Game, 'provider' | 'seo_title'>, locale: Locale): string {
  return `${gamePath(game, locale)}?mode=demo`;
}
