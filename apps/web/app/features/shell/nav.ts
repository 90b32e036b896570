import type { Licence, MenuCategoryItem } from '@orbit/contracts';
import { localizePath, parseLocalePath, type Locale } from '../../lib/locale';

export type NavItem = { key: string; href: string; label: string; icon: string };
export type FooterLink = { slug: string; href: string; title: string };

/**
 * Navigation highlight (docs/rules/page-shell.md "Header and footer"): at most one item of a
 * menu is active. The lobby's on `/` and on paths under /categories or /games; the tournaments'
 * on the paths of `isTournamentsPath`; otherwise the item whose path is the current path or
 * contains it (the longest), else the first item of the current path's section (`/pokies/new` → the item at `/pokies/...`, when `new` has none).
 */
export function activeNavHref(hrefs: readonly string[], pathname: string): string | null {
  const path = (href: string) => parseLocalePath(href).path;
  // The lobby stands for /categories and /games; the tournaments item for /arena, /promo (not
  // /promotions), /quests and /leaderboard (docs/rules/promotions.md "Navigation").
  const current = path(pathname)
    .replace(/^\/(categories|games)\/.*/, '/')
    .replace(/^\/(arena|promo(?!tions)|quests|leaderboard).*/, '/tournaments');
  const within = hrefs
    .filter((href) => current === path(href) || (path(href) !== '/' && current.startsWith(`${path(href)}/`)))
    .sort((a, b) => path(b).length - path(a).length);
  const section = current.split('/')[1];
  return within[0] ?? hrefs.find((href) => path(href) !== '/' && path(href).split('/')[1] === section) ?? null;
}

/**
 * The tournaments menu item's highlight (docs/rules/promotions.md "Navigation"): paths starting
 * /arena, /promo, /tournaments, /quests or /leaderboard, never /promotions; the menu's own rule.
 */
export const isTournamentsPath = (path: string) => activeNavHref(['/tournaments'], path) !== null;

/**
 * Menu categories a visitor may see: login-only items are hidden for guests, and a category with
 * no game to open is left out (`stocked`: the categories that hold some; null when not known).
 */
export function visitorMenu(
  items: MenuCategoryItem[],
  locale: Locale,
  stocked: ReadonlySet<string> | null = null,
): NavItem[] {
  return items
    .filter((item) => !item.login_only)
    .filter((item) => stocked === null || stocked.has(item.identifier))
    .map((item) => ({
      key: item.identifier,
      href: localizePath(item.path, locale),
      label: item.title,
      icon: item.icon,
    }));
}

/** The crypto-benefits link and the sportsbook-terms link are hidden under licence EE (docs/rules/page-shell.md). */
const HIDDEN_BY_LICENCE: Record<Licence, RegExp[]> = {
  CW: [],
  EE: [/crypto/, /sportsbook|sport-?terms|betting-terms/],
};

export function isLinkShown(slug: string, licence: Licence): boolean {
  return !HIDDEN_BY_LICENCE[licence].some((re) => re.test(slug));
}

/** The top navigation's tournaments item (after the game categories; its title: `categories.tournaments`). */
export function tournamentsItem(locale: Locale): NavItem {
  return { key: 'tournaments', href: localizePath('/tournaments', locale), label: 'Tournaments', icon: 'star' };
}
