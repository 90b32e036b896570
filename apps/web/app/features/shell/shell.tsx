import type { Licence, LogoConfig } from '@orbit/contracts';
import { lazy, Suspense, useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { categoryTitle, useI18n } from '../../lib/i18n';
import { backgroundOf, popupOf } from '../../lib/popups';
import { useSession } from '../../lib/session';
import { track } from '../../lib/telemetry';
import { localizePath, parseLocalePath, type Locale } from '../../lib/locale';
import { Icon } from '../../ui/icons';
import { NOTICE_STRIP_ID } from '../../ui/toast';
import { CLOSE_MENU_EVENT, OPEN_MENU_EVENT } from '../../lib/events';
import { LanguageSelector } from './language-selector';
import { activeNavHref, type FooterLink, type NavItem } from './nav';
import { FooterMarks, FooterMore } from './footer-marks-island';
import type { FooterMoreProps } from './footer-marks';
import { textKey, type Contacts, type SocialLink } from './shell-content';
import './shell.css';

const SideMenu = lazy(() => import('./side-menu'));
/** The guest's promo banner: its code once the page runs (a countdown has nothing to show on the server). */
const PromoBanner = lazy(() => import('./promo-banner'));

/** What the footer draws from the CMS besides its links (docs/page-shell.md "Footer"). */
export type FooterContent = FooterMoreProps & {
  contacts: Contacts;
  socials: SocialLink[];
  /** The contact form's page (`/support`). */
  contactHref: string;
};

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
  /** The fe config `logo-config` (its images and link same-site only: `shell-content.ts` `logoOf`). */
  logo?: LogoConfig | null;
  /** The header's notice strip (snippet `header-notice`), plain text; null: none. */
  notice?: string | null;
  /** The guest's promo banner's text (snippet `header-promo`); null: no banner. */
  promo?: string | null;
  /** The CMS pages of the `top-menu` category the fixed items do not already link (title and path). */
  topPages?: FooterLink[];
  footer?: FooterContent | null;
  /** Opens the support chat (the footer's Chat button); composed by the route. */
  onChat?: () => void;
  /**
   * Notices drawn first in the notice strip from the server's HTML on (the install notice, whose
   * room an iPhone keeps from the first paint: docs/page-shell.md "Layers"); composed by the route.
   */
  notices?: ReactNode;
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
  logo = null,
  notice = null,
  promo = null,
  topPages = [],
  footer = null,
  onChat,
  notices = null,
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
  // Anything in the page opens or closes the drawer by an event (lib/events.ts).
  useEffect(() => {
    window.addEventListener(OPEN_MENU_EVENT, openDrawer);
    window.addEventListener(CLOSE_MENU_EVENT, closeDrawer);
    return () => {
      window.removeEventListener(OPEN_MENU_EVENT, openDrawer);
      window.removeEventListener(CLOSE_MENU_EVENT, closeDrawer);
    };
  }, [openDrawer, closeDrawer]);
  // The page runs (the promo banner's countdown is the browser's).
  const [running, setRunning] = useState(false);
  useEffect(() => setRunning(true), []);
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
  // The CMS's own top-menu pages, after the fixed items (docs/page-shell.md "Menus").
  const pages: NavItem[] = topPages
    .filter((page) => !promos.some((item) => item.href === page.href))
    .map((page) => ({ key: `page-${page.slug}`, href: page.href, label: page.title, icon: 'megaphone' }));
  const menu = [...games, ...promos, ...pages];
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
      {/* The notice strip scrolls away with the page; the sticky top keeps the header and the promo. */}
      {notice && !immersive ? <HeaderNotice text={notice} /> : null}
      <div className="shell__top" ref={top}>
        {/* `data-player`: a player's bar (shell.css: its search and language stay put as the player's part comes). */}
        <header
          className="header"
          data-search-open={searchOpen ? '' : undefined}
          data-player={session.player ? '' : undefined}
        >
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
            <Link
              to={logo ? localizePath(logo.href, locale) : home}
              className="logo"
              aria-label={t('header.home', { name: logo?.title || projectName })}
            >
              {logo?.desktop || logo?.mobile ? (
                <picture className="logo__picture">
                  {logo.mobile ? <source media="(max-width: 599px)" srcSet={logo.mobile} /> : null}
                  <img src={logo.desktop ?? logo.mobile ?? ''} alt={logo.alt} height={32} />
                </picture>
              ) : (
                <>
                  <Logo />
                  <span className="logo__word">{logo?.title || projectName}</span>
                </>
              )}
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
        {/* The promo's slot: its room is kept from the first paint (shell.css: none for a browser that
            signed in, or while the banner is not to show); the banner itself only once the session
            is known to be a guest's, so a player's page never flashes it. */}
        {promo && !immersive && session.status !== 'player' ? (
          <div className="promo-slot" data-testid="promo-slot">
            {running && session.status === 'guest' ? (
              <Suspense fallback={null}>
                <PromoBanner text={promo} locale={locale} />
              </Suspense>
            ) : null}
          </div>
        ) : null}
        {/* The notice strip (ui/toast.tsx): every notice is drawn here, in the flow under the header. */}
        <div className="notice-strip" id={NOTICE_STRIP_ID}>
          {notices}
        </div>
      </div>

      {menuLoaded ? (
        <Suspense fallback={null}>
          <SideMenu
            open={drawerOpen}
            onClose={closeDrawer}
            locale={locale}
            items={games}
            promotions={[...promos, ...pages]}
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
        content={footer}
        onChat={onChat}
      />

      <nav className="bottombar" aria-label={t('nav.quick')}>
        {/* Deposit's place while the session is asked for: kept for a browser that signed in (shell.css). */}
        {session.status === 'unknown' ? (
          <span className="bottombar__item bottombar__deposit-slot" aria-hidden="true" />
        ) : null}
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

type FooterProps = Pick<ShellProps, 'locale' | 'licence' | 'projectName' | 'minimumAge' | 'infoLinks' | 'helpLinks'> & {
  content: FooterContent | null;
  onChat?: () => void;
};

/** Where a closed notice is remembered (its text's key): a new text shows again. */
const NOTICE_CLOSED_KEY = 'orbit_header_notice_closed';

/** The header's optional notice strip: one line of the CMS's, closable (docs/page-shell.md "Header"). */
function HeaderNotice({ text }: { text: string }) {
  const { t } = useI18n();
  const key = textKey(text);
  const [closed, setClosed] = useState(false);
  useEffect(() => {
    try {
      setClosed(localStorage.getItem(NOTICE_CLOSED_KEY) === key);
    } catch {
      // no storage: it shows
    }
  }, [key]);
  if (closed) return null;
  return (
    <div className="header-notice" role="note" data-testid="header-notice">
      <p>{text}</p>
      <button
        type="button"
        className="icon-button header-notice__close"
        aria-label={t('shell.notice.close')}
        onClick={() => {
          try {
            localStorage.setItem(NOTICE_CLOSED_KEY, key);
          } catch {
            // closed for this page only
          }
          setClosed(true);
        }}
      >
        <Icon name="close" size={16} />
      </button>
    </div>
  );
}

/**
 * The footer's contacts (docs/page-shell.md "Footer"): the chat, the contact form, and a phone and
 * mail link when the CMS has them. The values are never printed: the buttons say what they do.
 */
function FooterContacts({ content, onChat }: { content: FooterContent; onChat?: () => void }) {
  const { t } = useI18n();
  const { contacts, socials, contactHref } = content;
  return (
    <section className="footer__contacts" aria-labelledby="footer-contacts" data-testid="footer-contacts">
      <h2 id="footer-contacts" className="footer__heading">
        {t('shell.footer.contact')}
      </h2>
      <ul className="footer__contact-list">
        {onChat ? (
          <li>
            <button type="button" className="button button--ghost footer__contact" onClick={() => onChat()}>
              <Icon name="chat" size={16} />
              {t('shell.footer.chat')}
            </button>
          </li>
        ) : null}
        <li>
          <Link to={contactHref} className="button button--ghost footer__contact">
            {t('shell.footer.write')}
          </Link>
        </li>
        {contacts.phone ? (
          <li>
            <a href={`tel:${contacts.phone}`} className="button button--ghost footer__contact" data-contact="phone">
              {t('shell.footer.call')}
            </a>
          </li>
        ) : null}
        {contacts.email ? (
          <li>
            <a href={`mailto:${contacts.email}`} className="button button--ghost footer__contact" data-contact="email">
              {t('shell.footer.email')}
            </a>
          </li>
        ) : null}
      </ul>
      {socials.length > 0 ? (
        <ul className="footer__socials" aria-label={t('shell.footer.social')}>
          {socials.map((social) => (
            <li key={social.url}>
              <a href={social.url} rel="noopener noreferrer" target="_blank" data-social={social.icon}>
                {social.name}
              </a>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}

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

function Footer({ locale, licence, projectName, minimumAge, infoLinks, helpLinks, content, onChat }: FooterProps) {
  const { t } = useI18n();
  // A string: a year is not a number to group ("2.026").
  const year = String(new Date().getFullYear());
  return (
    <footer className="footer" data-licence={licence}>
      <div className="footer__inner">
        <div className="footer__links">
          <FooterLinks id="footer-info" heading={t('footer.info')} links={infoLinks} />
          <FooterLinks id="footer-help" heading={t('footer.help')} links={helpLinks} />
          {content ? <FooterContacts content={content} onChat={onChat} /> : null}
          <div className="footer__lang">
            <h2 className="footer__heading">{t('shell.footer.language')}</h2>
            <LanguageSelector locale={locale} className="lang--footer" />
          </div>
        </div>
        {content ? (
          <FooterMore awards={content.awards} awardsHref={content.awardsHref} providers={content.providers} />
        ) : null}
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
