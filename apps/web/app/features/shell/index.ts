export { Shell } from './shell';
export { loadFooterMarksCode } from './footer-marks-island';
export type { ShellProps } from './shell';
export { activeNavHref, isLinkShown, isTournamentsPath, promotionsMenu, tournamentsItem, visitorMenu } from './nav';
export type { FooterLink, NavItem, PromotionsOffer } from './nav';
