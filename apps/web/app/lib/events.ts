/**
 * Fired on window by the browser's API client on a 401: the session is gone
 * (docs/rules/routes-and-guards.md "Signed out by the server").
 */
export const AUTH_ERROR_EVENT = 'orbit:auth-error';

/**
 * Fired on window with a promotion's identifier (`detail`, e.g. `lottery--weekly-draw`) when the
 * player's notifications bring one about it, so its page asks again (features/tournaments).
 */
export const PROMO_NOTICE_EVENT = 'orbit:promo-notice';

/**
 * Fired on window when a framing sibling site asks the casino to reload the player
 * (`refresh_user`, docs/sportsbook.md): the player's header reloads the balances.
 */
export const REFRESH_USER_EVENT = 'orbit:refresh-user';

/**
 * Fired on window to open or close the side menu (drawer) from anywhere in the page (a banner's
 * button, a game's frame message): the shell listens (docs/page-shell.md "Menus").
 */
export const OPEN_MENU_EVENT = 'orbit:open-menu';
export const CLOSE_MENU_EVENT = 'orbit:close-menu';
