import { browserOnly } from '../../ui/island';

/**
 * The cookie question (docs/page-shell.md "Cookie banner"). It asks in the browser only, so its
 * code, with the crawler list it checks, loads once the page runs.
 */
export const CookieBanner = browserOnly(() => import('./cookie-banner').then((m) => ({ default: m.CookieBanner })));
