import type { ReactNode } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { useI18n } from '../../lib/i18n';
import { localizePath, type Locale } from '../../lib/locale';
import { backgroundOf, popupOf } from '../../lib/popups';
import { playerDisplayName } from '../../lib/player-name';
import { useSession } from '../../lib/session';
import { closeMenuOnEscape } from '../../ui/menu-escape';
// Static here: this menu is loaded on demand, after the shell has loaded the session client anyway.
import { signOut } from '../../lib/session-client';

/**
 * The signed-in player's menu in the header: profile and sign-out. Loaded on demand with the
 * rest of the player's header (a guest's page never loads it); the route composes it, and may
 * hand in more entries (`links`, before the profile), a `badge` on the button (the gifts'
 * counter, which takes the header icon's place on a phone) and a `nameBadge` by the name (VIP).
 */
export function PlayerMenu({
  locale,
  links,
  badge,
  nameBadge,
}: {
  locale: Locale;
  links?: ReactNode;
  badge?: ReactNode;
  /** Beside the name (the VIP badge of a VIP player). */
  nameBadge?: ReactNode;
}) {
  const { t } = useI18n();
  const session = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  const home = localizePath('/', locale);
  const background = backgroundOf(location.state);
  if (!session.player) return null;
  const name = playerDisplayName(session.player);
  return (
    <details className="header__player" onKeyDown={closeMenuOnEscape}>
      <summary className="button button--ghost" aria-label={name}>
        {/* On a phone only the initial shows (the name would take a row of its own). */}
        <span className="header__player-initial" aria-hidden="true">
          {[...name][0]?.toUpperCase()}
        </span>
        <span className="header__player-name">{name}</span>
        {nameBadge}
        {badge}
      </summary>
      <div className="header__player-menu">
        {links}
        <Link to={localizePath('/profile', locale)}>{t('auth.profile')}</Link>
        <button
          type="button"
          onClick={() => {
            // Off the login-only pages first (the profile, the cashbox's popups and return
            // page): leaving after the sign-out answers would close whatever the player opened
            // meanwhile (a sign-in popup mid-submit). A cashbox popup returns to the page under it.
            if (background && !popupOf(location.pathname))
              void navigate(background.pathname + background.search + background.hash, { replace: true });
            else if (/\/(profile|cashbox)(\/|$)/.test(location.pathname)) void navigate(home, { replace: true });
            void signOut();
          }}
        >
          {t('auth.signOut')}
        </button>
      </div>
    </details>
  );
}
