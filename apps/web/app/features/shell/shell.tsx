import type { Licence } from '@orbit/contracts';
import { lazy, Suspense, useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { categoryTitle, useI18n } from '../../lib/i18n';
import { backgroundOf, popupOf } from '../../lib/popups';
import { useSession } from '../../lib/session';
import { track } from '../../lib/telemetry';
import { localizePath, parseLocalePath, type Locale } from '../../lib/locale';
import { Icon } from '../../ui/icons';
import { NOTICE_STRIP_ID } from '../../ui/toast';
import { LanguageSelector } from './language-selector';
import { activeNavHref, type FooterLink, type NavItem } from './nav';
import { FooterMarks } from './footer-marks-island';
import './shell.css';

const SideMenu = lazy(() => import('./side-menu'));

export type ShellProps = {
  locale: Locale;
  licence: Licence;
  projectName: string;
  minimumAge: number;
  /** Game categories of the top navigation (already filtered for visitors). */
  nav: NavItem[];
  /** The promotions' items (`promotionsMenu`: labels are message keys under `nav.`), after the categories. */
  promotions: NavItem[];
  infoLinks: FooterLink[];
  helpLinks: FooterLink[];
  /** The header's search (composed by the route from the search and games features). */
  search: ReactNode;
  /**
   * The signed-in player's part of the header (balance, Deposit, the player menu `PlayerMenu`),
   * composed by the route and loaded on demand: drawn only while a player is signed in.
   */
  player: ReactNode;
  /**
   * The support chat's button (composed by the route from the support feature), drawn for a guest
   * beside the enter buttons; a player's header draws its own by the notifications' bell.
   */
  support?: ReactNode;
  /**
   * A game page is drawn (its route says so): header, footer and bottom bar give way, the page
   * takes the viewport (`data-immersive`, shell.css).
   */
  immersive?: boolean;
  /** The sport page (`/sport`) while a betting site is configured: the bottom bar's Sports instead of Live. */
  sports?: string | null;
  children: ReactNode;
};

/** Page frame of every public page: sticky header, drawer, content, footer, mobile bottom bar. */
export function Shell({
  locale,
  licence,
  projectName,
  minimumAge,
  nav,
  promotions,
  infoLinks,
  helpLinks,
  search,
  player,
  support = null,
  immersive = false,
  sports = null,
  children,
}: ShellProps) {
  const { t } = useI18n();
  const [drawerOpen, setDrawerOpen] = useState(false);
  // The side menu's code is fetched on the first press of a menu button (or a hover over one).
  const [menuLoaded, setMenuLoaded] = useState(false);
  const loadMenu = useCallback(() => setMenuLoaded(true), []);
  const openDrawer = useCallback(() => {
    setMenuLoaded(true);
    setDrawerOpen(true);
  }, []);
  const closeDrawer = useCallback(() => setDrawerOpen(false), []);
  const location = useLocation();
  const { pathname } = location;
  // On a phone the search is a button in the header's one row; pressed, its box opens under it.
  const [searchOpen, setSearchOpen] = useState(false);
  useEffect(() => {
    setDrawerOpen(false);
    setSearchOpen(false);
  }, [pathname]);
  const openSearch = () => {
    setSearchOpen((open) => !open);
    requestAnimationFrame(() => document.querySelector<HTMLInputElement>('#header-search input')?.focus());
  };
  const top = useShellTopHeight();
  const session = useSession();
  // Popups open over this page (over the page under the current popup, if one is open).
  const popupState = { background: popupOf(pathname) ? backgroundOf(location.state) : location };

  const home = localizePath('/', locale);
  const signIn = localizePath('/sign-in', locale);
  const signUp = localizePath('/sign-up', locale);
  const lobbyItem: NavItem = { key: 'lobby', href: home, label: t('nav.lobby'), icon: 'grid' };
  // The menu's categories by the page's own names (docs/rules/page-shell.md "Translations").
  const promos = promotions.map((item) => ({ ...item, label: t(`nav.${item.label}`) }));
  const games = [lobbyItem, ...nav.map((item) => ({ ...item, label: categoryTitle(t, item.key, item.label) }))];
  const menu = [...games, ...promos];
  const activeTop = activeNavHref(
    menu.map((item) => item.href),
    pathname,
  );
  // A section of the bottom bar shows only while the menu offers one of its categories.
  const offers = (section: string) => nav.some((item) => parseLocalePath(item.href).path.startsWith(`/${section}/`));
  // The bottom bar (docs/page-shell.md "Menus"): Games, Pokies, then Sports while a betting site is
  // configured (docs/sportsbook.md), else Live while the menu offers live games that open, else the
  // promotions in that place; a player's Deposit comes first, the Menu last.
  const promotionsItem = promos.find((item) => item.key === 'promotions');
  const bottomItems = [
    { href: home, icon: 'grid', label: t('nav.games') },
    ...(offers('pokies')
      ? [{ href: localizePath('/pokies/all', locale), icon: 'cherry', label: t('nav.pokies') }]
      : []),
    ...(sports
      ? [{ href: sports, icon: 'ball', label: t('nav.sports') }]
      : offers('live')
        ? [{ href: localizePath('/live/all', locale), icon: 'live', label: t('nav.live') }]
        : promotionsItem
          ? [{ href: promotionsItem.href, icon: promotionsItem.icon, label: promotionsItem.label }]
          : []),
  ];
  const activeBottom = activeNavHref(
    bottomItems.map((item) => item.href),
    pathname,
  );

  return (
    <div className="shell" data-licence={licence} data-immersive={immersive ? '' : undefined}>
      <a className="skip-link" href="#main">
        {t('header.skipToContent')}
      </a>
      <div className="shell__top" ref={top}>
        <header className="header" data-search-open={searchOpen ? '' : undefined}>
          <div className="header__bar">
            <button
              type="button"
              className="icon-button header__menu"
              aria-label={t('header.openMenu')}
              aria-expanded={drawerOpen}
              aria-controls={menuLoaded ? 'side-menu' : undefined}
              onClick={openDrawer}
              onPointerEnter={loadMenu}
            >
              <Icon name="menu" />
            </button>
            <Link to={home} className="logo" aria-label={t('header.home', { name: projectName })}>
              <Logo />
              <span className="logo__word">{projectName}</span>
            </Link>
            <button
              type="button"
              className="icon-button header__search-toggle"
              aria-label={t('search.label')}
              aria-expanded={searchOpen}
              aria-controls="header-search"
              onClick={openSearch}
            >
              <Icon name={searchOpen ? 'close' : 'search'} />
            </button>
            <div className="header__search" id="header-search">
              {search}
            </div>
            <LanguageSelector locale={locale} className="header__lang" />
            {session.player ? (
              player
            ) : (
              <div className="header__enter">
                {support}
                <Link to={signIn} state={popupState} preventScrollReset className="button button--ghost">
                  {t('auth.signIn')}
                </Link>
                <Link
                  to={signUp}
                  state={popupState}
                  preventScrollReset
                  className="button button--primary"
                  onClick={() => track({ name: 'registration_click', source: 'header' })}
                >
                  {t('auth.signUp')}
                </Link>
              </div>
            )}
          </div>
          <div className="header__nav">
            <nav className="topnav" aria-label={t('nav.label')}>
              <ul>
                {menu.map((item) => (
                  <li key={item.key}>
                    <Link
                      to={item.href}
                      className={`topnav__link ${item.href === activeTop ? 'is-active' : ''}`}
                      aria-current={item.href === activeTop ? 'page' : undefined}
                      prefetch="intent"
                    >
                      <Icon name={item.icon} size={18} />
                      {item.label}
                    </Link>
                  </li>
                ))}
              </ul>
            </nav>
          </div>
        </header>
        {/* The notice strip (ui/toast.tsx): every notice is drawn here, in the flow under the header. */}
        <div className="notice-strip" id={NOTICE_STRIP_ID} />
      </div>

      {menuLoaded ? (
        <Suspense fallback={null}>
          <SideMenu
            open={drawerOpen}
            onClose={closeDrawer}
            locale={locale}
            items={games}
            promotions={promos}
            infoLinks={infoLinks}
            signIn={signIn}
            signUp={signUp}
            pathname={pathname}
          />
        </Suspense>
      ) : null}

      <main id="main" className="main" tabIndex={-1}>
        {children}
      </main>

      <Footer
        locale={locale}
        licence={licence}
        projectName={projectName}
        minimumAge={minimumAge}
        infoLinks={infoLinks}
        helpLinks={helpLinks}
      />

      <nav className="bottombar" aria-label={t('nav.quick')}>
        {session.player ? (
          <Link
            to={localizePath('/deposit', locale)}
            state={popupState}
            preventScrollReset
            className="bottombar__item bottombar__deposit"
            onClick={() => track({ name: 'deposit_open', source: 'bottom_bar' })}
          >
            <Icon name="wallet" />
            <span>{t('cashbox.depositSubmit')}</span>
          </Link>
        ) : null}
        {bottomItems.map((item) => (
          <Link
            key={item.href}
            to={item.href}
            className={`bottombar__item ${item.href === activeBottom ? 'is-active' : ''}`}
            aria-current={item.href === activeBottom ? 'page' : undefined}
          >
            <Icon name={item.icon} />
            <span>{item.label}</span>
          </Link>
        ))}
        <button
          type="button"
          className="bottombar__item"
          aria-expanded={drawerOpen}
          aria-controls={menuLoaded ? 'side-menu' : undefined}
          onClick={openDrawer}
          onPointerEnter={loadMenu}
        >
          <Icon name="menu" />
          <span>{t('nav.menu')}</span>
        </button>
      </nav>
    </div>
  );
}

/**
 * The height of the sticky top (header and notice strip) as `--shell-top-h` on the document: the
 * page's scroll padding keeps what is scrolled to (an anchor, a focused field) clear of it.
 */
function useShellTopHeight() {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = ref.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const root = document.documentElement;
    const observer = new ResizeObserver(() =>
      root.style.setProperty('--shell-top-h', `${Math.ceil(element.getBoundingClientRect().height)}px`),
    );
    observer.observe(element);
    return () => {
      observer.disconnect();
      root.style.removeProperty('--shell-top-h');
    };
  }, []);
  return ref;
}

function Logo() {
  return (
    <svg className="logo__mark" viewBox="0 0 32 32" width="32" height="32" aria-hidden="true" focusable="false">
      <defs>
        <linearGradient id="logo-g" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#ffd166" />
          <stop offset="1" stopColor="#ff7a59" />
        </linearGradient>
      </defs>
      <circle cx="16" cy="16" r="7" fill="url(#logo-g)" />
      <ellipse
        cx="16"
        cy="16"
        rx="14"
        ry="5.5"
        fill="none"
        stroke="#8b7cff"
        strokeWidth="2"
        transform="rotate(-25 16 16)"
      />
      <circle cx="28" cy="10.5" r="2" fill="#8b7cff" />
    </svg>
  );
}

type FooterProps = Pick<ShellProps, 'locale' | 'licence' | 'projectName' | 'minimumAge' | 'infoLinks' | 'helpLinks'>;

function FooterLinks({ id, heading, links }: { id: string; heading: string; links: FooterProps['infoLinks'] }) {
  return (
    <nav aria-labelledby={id}>
      <h2 id={id} className="footer__heading">
        {heading}
      </h2>
      <ul>
        {links.map((link) => (
          <li key={link.slug}>
            <Link to={link.href}>{link.title}</Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

function Footer({ licence, projectName, minimumAge, infoLinks, helpLinks }: FooterProps) {
  const { t } = useI18n();
  // A string: a year is not a number to group ("2.026").
  const year = String(new Date().getFullYear());
  return (
    <footer className="footer" data-licence={licence}>
      <div className="footer__inner">
        <div className="footer__links">
          <FooterLinks id="footer-info" heading={t('footer.info')} links={infoLinks} />
          <FooterLinks id="footer-help" heading={t('footer.help')} links={helpLinks} />
        </div>
        <FooterMarks licence={licence} minimumAge={minimumAge} />
        <p className="footer__licence">{t(`footer.licenceText.${licence}`, { name: projectName, age: minimumAge })}</p>
        {/* The licence's own line: the licensing body and registration, or the Australian helpline (docs/licences.md). */}
        {licence === 'CW' ? null : (
          <p className="footer__seal-line" data-seal-line={licence}>
            {t(`footer.sealLine.${licence}`)}
          </p>
        )}
        <p className="footer__age">{t('footer.ageNotice', { age: minimumAge })}</p>
        <p className="footer__copyright">{t('footer.copyright', { year, name: projectName })}</p>
      </div>
    </footer>
  );
}
