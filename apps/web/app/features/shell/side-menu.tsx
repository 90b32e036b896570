import { Link } from 'react-router';
import { useI18n } from '../../lib/i18n';
import type { Locale } from '../../lib/locale';
import { Drawer } from '../../ui/drawer';
import { Icon } from '../../ui/icons';
import { LanguageSelector } from './language-selector';
import { isNavActive, type FooterLink, type NavItem } from './nav';

type SideMenuProps = {
  open: boolean;
  onClose: () => void;
  locale: Locale;
  /** The lobby and the game categories. */
  items: NavItem[];
  infoLinks: FooterLink[];
  signIn: string;
  signUp: string;
  pathname: string;
};

/**
 * The side menu (drawer). It opens only by a button press, so it is neither rendered on the
 * server nor loaded with the page: the shell loads it on the first press.
 */
export default function SideMenu({ open, onClose, locale, items, infoLinks, signIn, signUp, pathname }: SideMenuProps) {
  const { t } = useI18n();
  return (
    <Drawer open={open} onClose={onClose} label={t('nav.menu')} closeLabel={t('header.closeMenu')} id="side-menu">
      <div className="side-menu">
        <div className="side-menu__enter">
          <Link to={signUp} className="button button--primary">
            {t('auth.signUp')}
          </Link>
          <Link to={signIn} className="button button--secondary">
            {t('auth.signIn')}
          </Link>
        </div>
        <nav aria-label={t('nav.games')}>
          <ul className="side-menu__list">
            {items.map((item) => (
              <li key={item.key}>
                <Link
                  to={item.href}
                  className={`side-menu__link ${isNavActive(item.href, pathname) ? 'is-active' : ''}`}
                >
                  <Icon name={item.icon} size={18} />
                  {item.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
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
