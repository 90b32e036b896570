import './profile.css';
import type { Player } from '@orbit/contracts';
import { useEffect, useRef } from 'react';
import { NavLink, useLocation, useOutletContext } from 'react-router';
import { useI18n } from '../../lib/i18n';
import { localizePath } from '../../lib/locale';

/** The profile's tabs. */
export const PROFILE_TABS = [
  { key: 'main', path: '/profile' },
  { key: 'level', path: '/profile/level' },
  { key: 'gifts', path: '/profile/gifts' },
  { key: 'security', path: '/profile/security' },
  { key: 'verification', path: '/profile/verification' },
  { key: 'gamesHistory', path: '/profile/games-history' },
  { key: 'limits', path: '/profile/limits' },
] as const;

/**
 * Tabs as links: each tab is a page of its own (reload, share, back button), so this is
 * navigation with `aria-current="page"` (NavLink sets it), not an ARIA tablist; links are
 * reached with Tab and followed with Enter like any other.
 */
export function ProfileNav() {
  const { t, locale } = useI18n();
  const nav = useRef<HTMLElement>(null);
  const { pathname } = useLocation();
  // On a narrow screen the tabs scroll sideways: bring the current one into view (the strip only,
  // never the page).
  useEffect(() => {
    const strip = nav.current;
    const current = strip?.querySelector<HTMLElement>('[aria-current="page"]');
    if (!strip || !current) return;
    const box = strip.getBoundingClientRect();
    const tab = current.getBoundingClientRect();
    strip.scrollLeft += tab.left - box.left - (box.width - tab.width) / 2;
  }, [pathname]);
  return (
    <nav className="profile-tabs" aria-label={t('profile.tabsLabel')} ref={nav}>
      {PROFILE_TABS.map((tab) => (
        // `/profile` is current on its own address only; a tab stays current on its sub-pages (a round of the history).
        <NavLink
          key={tab.key}
          to={localizePath(tab.path, locale)}
          end={tab.key === 'main'}
          className="profile-tabs__tab"
          preventScrollReset
        >
          {t(`profile.tabs.${tab.key}`)}
        </NavLink>
      ))}
    </nav>
  );
}

/** The signed-in player, for a tab (the profile's layout draws its tabs only once there is one). */
export function useProfilePlayer(): Player {
  return useOutletContext<Player>();
}
