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

/**
 * The crypto-benefits link and the sportsbook-terms link are hidden under licence EE
 * (docs/rules/page-shell.md); the Curaçao (CW, GCB) and Australian variants take crypto and show
 * both (docs/licences.md).
 */
const HIDDEN_BY_LICENCE: Record<Licence, RegExp[]> = {
  CW: [],
  EE: [/crypto/, /sportsbook|sport-?terms|betting-terms/],
  GCB: [],
  AU: [],
};

export function isLinkShown(slug: string, licence: Licence): boolean {
  return !HIDDEN_BY_LICENCE[licence].some((re) => re.test(slug));
}

/** The top navigation's tournaments item (after the game categories; its title: `categories.tournaments`). */
export function tournamentsItem(locale: Locale): NavItem {
  return { key: 'tournaments', href: localizePath('/tournaments', locale), label: 'Tournaments', icon: 'star' };
}

/** What of the promotions this casino serves now (the shell layout's loader finds out). */
export type PromotionsOffer = {
  /** The static page `promotions` is served. */
  promotions: boolean;
  /** Lotteries are on (their flag) and at least one is listed: the tournaments' lotteries tab has something. */
  lotteries: boolean;
  /** The comp-points shop's static page (`rocket-mart`) is served. */
  shop: boolean;
};

/**
 * The promotions' menu items (docs/page-shell.md "Menus"), for guests and players alike, after the
 * tournaments: the promotions page, the lotteries, the VIP club and the comp-points shop. Only what
 * leads somewhere: a page the casino does not serve, or an empty list, has no item. `label` is the
 * item's message key under `nav.` (the shell says it in the page's language).
 */
export function promotionsMenu(locale: Locale, offer: PromotionsOffer): NavItem[] {
  const items: NavItem[] = [];
  if (offer.promotions)
    items.push({
      key: 'promotions',
      href: localizePath('/promotions', locale),
      label: 'promotions',
      icon: 'megaphone',
    });
  if (offer.lotteries)
    items.push({
      key: 'lotteries',
      href: localizePath('/tournaments/lotteries', locale),
      label: 'lotteries',
      icon: 'ticket',
    });
  items.push({ key: 'vip-club', href: localizePath('/vip-club', locale), label: 'vipClub', icon: 'crown' });
  if (offer.shop) items.push({ key: 'shop', href: localizePath('/rocket-mart', locale), label: 'shop', icon: 'gift' });
  return items;
}
