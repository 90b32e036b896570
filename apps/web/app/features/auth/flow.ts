import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { localizePath, type Locale } from '../../lib/locale';
import { useSession } from '../../lib/session';
import { safeRedirect } from './forms';

/**
 * What the popups and the /login, /registration pages share: the same-site `redirect` of the
 * address, the guard that sends a signed-in player to the lobby (guest-only screens), and
 * `finish` — after sign-in or registration go to the redirect target, else `fallback`.
 */
export function useAuthFlow(locale: Locale, guestOnly: boolean, fallback: string | null) {
  const navigate = useNavigate();
  const location = useLocation();
  const session = useSession();
  const lobby = localizePath('/', locale);
  const finished = useRef(false);
  const redirectTo = safeRedirect(new URLSearchParams(location.search).get('redirect'));
  useEffect(() => {
    if (guestOnly && session.status === 'player' && !finished.current) navigate(lobby, { replace: true });
  }, [guestOnly, session.status, navigate, lobby]);
  const finish = (to?: string, state?: unknown) => {
    finished.current = true;
    navigate(to ?? redirectTo ?? fallback ?? lobby, { replace: true, preventScrollReset: true, state });
  };
  /** `?redirect=` for links to the other auth screens, so it survives the switch. */
  const redirectQuery = redirectTo ? `?redirect=${encodeURIComponent(redirectTo)}` : '';
  return { finish, redirectQuery, lobby, location, navigate };
}
