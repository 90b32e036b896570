/** The cookie question (docs/page-shell.md "Cookie banner"): its code loads once the page runs. */
export { CookieBanner } from './cookie-banner-host';
