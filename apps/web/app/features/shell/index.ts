export { Shell } from './shell';
export { loadFooterMarksCode, loadFooterMoreCode } from './footer-marks-island';
export type { FooterContent, ShellProps } from './shell';
export { awardsOf, contactsOf, logoOf, SHELL_SNIPPETS, snippetLine, socialLinksOf } from './shell-content';
export { activeNavHref, isLinkShown, isTournamentsPath, promotionsMenu, tournamentsItem, visitorMenu } from './nav';
export type { FooterLink, NavItem, PromotionsOffer } from './nav';
