import type { Licence, MenuCategoryItem } from '@orbit/contracts';
import { localizePath, parseLocalePath, type Locale } from '../../lib/locale';

export type NavItem = { key: string; href: string; label: string; icon: string };
export type FooterLink = { slug: string; href: string; title: string };

/**
 * Navigation highlight (docs/rules/page-shell.md "Header and footer"): the lobby is active for
 * `/` and paths under /categories or /games; any other item for its own path and everything
 * under its first segment.
 */
export function isNavActive(itemPath: string, pathname: string): boolean {
  const current = parseLocalePath(pathname).path;
  const item = parseLocalePath(itemPath).path;
  if (item === '/') return current === '/' || current.startsWith('/categories/') || current.startsWith('/games/');
  const section = item.split('/')[1];
  return current === item || (section !== undefined && current.startsWith(`/${section}/`)) || current === `/${section}`;
}

/** Menu categories a visitor may see (login-only items are hidden for guests). */
export function visitorMenu(items: MenuCategoryItem[], locale: Locale): NavItem[] {
  return items
    .filter((item) => !item.login_only)
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
