/** The cookie question (docs/page-shell.md "Cookie banner"). */
export { CookieBanner } from './cookie-banner';
