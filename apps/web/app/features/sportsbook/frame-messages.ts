import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { REFRESH_USER_EVENT } from '../../lib/events';
import { localizePath, type Locale } from '../../lib/locale';
import { acceptsOrigin, parseFrameMessage, sportHashTarget, type BettingSite } from './rules';

/**
 * The casino in a sibling site's frame (docs/sportsbook.md "Frame messages"): `close`, `redirect`
 * and `refresh_user` from the origins of `FRAME_ANCESTORS` (`origins`); any other origin, or a
 * message of another shape, is ignored.
 *
 * - `close`: the casino cannot remove the frame it is in, so it closes what it shows: it goes to
 *   the lobby (a popup, a game, any page is left); the sibling site hides its frame itself.
 * - `redirect {path}`: goes to that path of this site (never to a full address elsewhere).
 * - `refresh_user`: loads the player again and tells the player's header to reload the balances.
 */
export function useFrameMessages(origins: readonly string[], locale: Locale): void {
  const navigate = useNavigate();
  const allowed = useRef(origins);
  allowed.current = origins;
  useEffect(() => {
    const onMessage = (event: MessageEvent) => {
      if (!acceptsOrigin(event.origin, allowed.current)) return;
      const message = parseFrameMessage(event.data);
      if (!message) return;
      if (message.type === 'close') void navigate(localizePath('/', locale));
      else if (message.type === 'redirect') void navigate(message.path);
      else {
        void import('../../lib/session-client').then((m) => m.refreshPlayer());
        window.dispatchEvent(new Event(REFRESH_USER_EVENT));
      }
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [navigate, locale]);
}

/**
 * `#sport` and `#sport_{section}` open the betting site (its frame, `/sport/{section}`) with the
 * page they were on as `path`, so closing it comes back; with no betting site they do nothing.
 */
export function useSportHash(site: BettingSite | null, locale: Locale): void {
  const location = useLocation();
  const navigate = useNavigate();
  useEffect(() => {
    if (!site || !location.hash.startsWith('#sport')) return;
    const target = sportHashTarget(location.hash, location.pathname + location.search);
    if (target) void navigate(localizePath(target, locale), { replace: true });
  }, [site, location, navigate, locale]);
}
