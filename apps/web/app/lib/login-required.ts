// Not in route-helpers: the session client it calls would be in every page's first JavaScript.
import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useI18n } from './i18n';
import { localizePath } from './locale';
import { sentBeforeSignOut, useSession, type Session } from './session';
import { loadSession } from './session-client';

/**
 * The login-required guard of pages drawn in the browser: a guest is sent to sign-up with the
 * full target as `redirect` (docs/rules/routes-and-guards.md "Login required"). Answers the
 * session; render a placeholder until it holds a player.
 */
export function useLoginRequired(): Session {
  const { locale } = useI18n();
  const session = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  // A page the player was on when they signed out themselves is left by the sign-out (the menu
  // sends them home): sending them to sign-up as well would race that and open the popup.
  const shownAt = useRef(performance.now());
  useEffect(() => {
    void loadSession().then((player) => {
      if (player || sentBeforeSignOut(shownAt.current)) return;
      const target = location.pathname + location.search + location.hash;
      navigate(`${localizePath('/sign-up', locale)}?redirect=${encodeURIComponent(target)}`, { replace: true });
    });
  }, [session.status, location, locale, navigate]);
  return session;
}
