/**
 * Keeping the guest's promo banner's room from the first paint (docs/page-shell.md "Header"): the
 * server's HTML has a slot of the banner's height under the header wherever the CMS has a promo;
 * the slot takes no room for a browser that signed in (`data-player-hint`) or while the banner is
 * not to show (`data-promo-off`, below), both set before the first paint.
 */
import { PROMO_CLOSED_KEY, PROMO_REOPEN_MS, PROMO_TIMER_COOKIE } from './shell-content';

/**
 * Set on the page's root element while the promo banner is not to show (its countdown over, or
 * closed less than two minutes ago): the head script below sets it before the first paint, the
 * banner keeps it up to date once it runs.
 */
export const PROMO_OFF_ATTRIBUTE = 'data-promo-off';

/**
 * Run in the page's head before its first paint (root.tsx): `promoShown` (shell-content.ts) for
 * the stored countdown's end (no cookie yet: the countdown starts at first sight, so the banner
 * shows) and the stored close time.
 */
export const PROMO_OFF_SCRIPT =
  `try{var m=/(?:^|;\\s*)${PROMO_TIMER_COOKIE}=(\\d{10,16})(?:;|$)/.exec(document.cookie),t=Date.now(),` +
  `c=Number(sessionStorage.getItem(${JSON.stringify(PROMO_CLOSED_KEY)}));` +
  `if((m&&Number(m[1])<=t)||(isFinite(c)&&c>0&&t-c<${PROMO_REOPEN_MS}))` +
  `document.documentElement.setAttribute(${JSON.stringify(PROMO_OFF_ATTRIBUTE)},"")}catch(e){}`;
