import { useSyncExternalStore, type ComponentType } from 'react';
import { Link, useLocation } from 'react-router';
import { useI18n } from '../../lib/i18n';
import { localizePath, type Locale } from '../../lib/locale';
import { playerDisplayName } from '../../lib/player-name';
import { useSession } from '../../lib/session';
import { track } from '../../lib/telemetry';
import { Drawer } from '../../ui/drawer';
import { Icon } from '../../ui/icons';
import { LanguageSelector } from './language-selector';
import { activeNavHref, type FooterLink, type NavItem } from './nav';
import { SpecialSlotItem } from './special-slot';

/**
 * The signed-in player's part of the drawer (the comp points, the VIP badge, the personal
 * manager): its code comes with the player's header (`routes/cashbox-header.tsx`, loaded once a
 * player is signed in), which hands the component in here, as `lib/balance-island.ts` does for the
 * game page. Kept in this module (not a shared one of its own): the lobby's first JavaScript
 * lists every chunk of its lazy parts, and a new chunk would grow it.
 */
export type DrawerPlayerProps = { locale: Locale };
let drawerPlayer: ComponentType<DrawerPlayerProps> | null = null;
const drawerListeners = new Set<() => void>();

export function provideDrawerPlayer(component: ComponentType<DrawerPlayerProps>): void {
  if (drawerPlayer === component) return;
  drawerPlayer = component;
  drawerListeners.forEach((listener) => listener());
}

function useDrawerPlayer(): ComponentType<DrawerPlayerProps> | null {
  return useSyncExternalStore(
    (listener) => {
      drawerListeners.add(listener);
      return () => drawerListeners.delete(listener);
    },
    () => drawerPlayer,
    () => null,
  );
}

type SideMenuProps = {
  open: boolean;
  onClose: () => void;
  locale: Locale;
  /** The lobby and the game categories (and the tournaments). */
  items: NavItem[];
  /** The promotions' items (promotions, lotteries, VIP club, shop), translated. */
  promotions: NavItem[];
  infoLinks: FooterLink[];
  signIn: string;
  signUp: string;
  pathname: string;
};

/**
 * The side menu (drawer): for a guest sign-up and sign-in, for a player their name, deposit and
 * profile; then the categories, the promotions (docs/page-shell.md "Menus") and the info links. It opens only by a button press, so it is neither rendered on the
 * server nor loaded with the page: the shell loads it on the first press.
 */
export default function SideMenu({
  open,
  onClose,
  locale,
  items,
  promotions,
  infoLinks,
  signIn,
  signUp,
  pathname,
}: SideMenuProps) {
  const { t } = useI18n();
  const { player } = useSession();
  const DrawerPlayer = useDrawerPlayer();
  const location = useLocation();
  const active = activeNavHref(
    [...items, ...promotions].map((item) => item.href),
    pathname,
  );
  const list = (links: NavItem[]) => (
    <ul className="side-menu__list">
      {links.map((item) => (
        <li key={item.key}>
          <Link
            to={item.href}
            className={`side-menu__link ${item.href === active ? 'is-active' : ''}`}
            aria-current={item.href === active ? 'page' : undefined}
          >
            <Icon name={item.icon} size={18} />
            {item.label}
          </Link>
        </li>
      ))}
    </ul>
  );
  return (
    <Drawer open={open} onClose={onClose} label={t('nav.menu')} closeLabel={t('header.closeMenu')} id="side-menu">
      <div className="side-menu">
        {player ? (
          <div className="side-menu__enter side-menu__player">
            <p className="side-menu__name">{playerDisplayName(player)}</p>
            {/* The comp points, VIP badge and personal manager: handed in by the player's header. */}
            {DrawerPlayer ? <DrawerPlayer locale={locale} /> : null}
            <Link
              to={localizePath('/deposit', locale)}
              state={{ background: location }}
              className="button button--primary"
              onClick={() => track({ name: 'deposit_open', source: 'side_menu' })}
            >
              {t('cashbox.depositSubmit')}
            </Link>
            <Link to={localizePath('/profile', locale)} className="button button--secondary">
              {t('auth.profile')}
            </Link>
            {/* The player's favourite games (docs/rules/page-shell.md "Game lists"). */}
            <Link
              to={localizePath('/favorite-games', locale)}
              className="button button--ghost"
              data-testid="menu-favourites"
            >
              {t('games.favourites.title')}
            </Link>
          </div>
        ) : (
          <div className="side-menu__enter">
            <Link
              to={signUp}
              className="button button--primary"
              onClick={() => track({ name: 'registration_click', source: 'side_menu' })}
            >
              {t('auth.signUp')}
            </Link>
            <Link to={signIn} className="button button--secondary">
              {t('auth.signIn')}
            </Link>
          </div>
        )}
        <nav aria-label={t('nav.games')}>
          {list(items)}
          {/* The special-slot item with its intro popup (special-slot.tsx). */}
          <ul className="side-menu__list">
            <li>
              <SpecialSlotItem locale={locale} className="side-menu__link" />
            </li>
          </ul>
        </nav>
        {promotions.length > 0 ? (
          <nav aria-label={t('nav.promotions')}>
            <h2 className="side-menu__heading">{t('nav.promotions')}</h2>
            {list(promotions)}
          </nav>
        ) : null}
        {infoLinks.length > 0 ? (
          <nav aria-label={t('footer.info')}>
            <ul className="side-menu__list side-menu__list--small">
              {infoLinks.map((link) => (
                <li key={link.slug}>
                  <Link to={link.href} className="side-menu__link">
                    {link.title}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        ) : null}
        <LanguageSelector locale={locale} className="side-menu__lang" />
      </div>
    </Drawer>
  );
}
