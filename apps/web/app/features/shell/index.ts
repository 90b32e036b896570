export { Shell } from './shell';
export { loadFooterMarksCode } from './footer-marks-island';
export type { ShellProps } from './shell';
export { activeNavHref, isLinkShown, isTournamentsPath, tournamentsItem, visitorMenu } from './nav';
export type { FooterLink, NavItem } from './nav';
