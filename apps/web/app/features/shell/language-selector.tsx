import type { UpdateLocaleRequest } from '@orbit/contracts';
import { Link, useLocation } from 'react-router';
import { browserApi } from '../../lib/api';
import { useI18n } from '../../lib/i18n';
import { LOCALE_NAMES, switchLocalePath, type Locale } from '../../lib/locale';
import { useOfferedLocales } from '../../lib/offered-locales';
import { setPlayer, useSession } from '../../lib/session';
import { Icon } from '../../ui/icons';

/**
 * Lists the locales this host offers (`useOfferedLocales`, in the host's order) as links to the
 * same page under each prefix. A `<details>` disclosure,
 * so it opens and its links work before JavaScript has loaded. A signed-in player's choice is
 * also saved as the language the casino writes to them in (mails: docs/localisation.md).
 */
export function LanguageSelector({ locale, className = '' }: { locale: Locale; className?: string }) {
  const { t } = useI18n();
  const { pathname, search } = useLocation();
  const player = useSession().player;
  const offered = useOfferedLocales();
  const remember = (code: Locale) => {
    if (!player || player.language === code) return;
    setPlayer({ ...player, language: code });
    // The body is typed, not parsed: a locale of the page's list always passes the server's schema,
    // and parsing here would put zod on the lobby's first JavaScript (docs/performance.md).
    const body: UpdateLocaleRequest = { locale: code };
    browserApi()
      .patch('/api/player/update_locale', body)
      .catch(() => setPlayer({ ...player }));
  };
  return (
    <details className={`lang ${className}`}>
      <summary className="lang__toggle" aria-label={t('header.language', { language: LOCALE_NAMES[locale] })}>
        <Icon name="globe" size={18} />
        <span className="lang__code">{locale}</span>
      </summary>
      <ul className="lang__list">
        {offered.map((code) => (
          <li key={code}>
            <Link
              to={switchLocalePath(pathname, search, code)}
              hrefLang={code}
              lang={code}
              className="lang__option"
              aria-current={code === locale ? 'true' : undefined}
              onClick={(event) => {
                event.currentTarget.closest('details')?.removeAttribute('open');
                remember(code);
              }}
            >
              {LOCALE_NAMES[code]}
            </Link>
          </li>
        ))}
      </ul>
    </details>
  );
}
