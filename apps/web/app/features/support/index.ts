// The support chat (docs/rules/page-shell.md "Support chat"; server side: docs/support.md): the
// header's and the bookmark's buttons with the unread counter, the chat itself (drawn by
// `SupportHost`, its code loaded on demand), and the `/support` page with the contact form. The
// shell layout and the player's header compose these: features do not import each other.
export { openSupportChat, SupportBadge, SupportButton, SupportHost, SupportMenuItem } from './support-shell';
export { SupportPage } from './contact-page';
