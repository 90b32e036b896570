/**
 * What the page and the server's page cache both read of a browser: its device class, and a cookie
 * only the page reads. Kept apart from zod (like limit-rules.ts): the lobby's first JavaScript
 * reads it.
 */
export const DEVICES = ['desktop', 'mobile'] as const;

/**
 * Which builds a browser gets, by its user agent: phones and tablets the mobile ones. The page asks
 * for games with it, and the server keys its cached pages by it (one rule for both).
 */
export function deviceFromUserAgent(userAgent: string | null | undefined): (typeof DEVICES)[number] {
  return userAgent && /Mobi|Android|iPhone|iPad|iPod/i.test(userAgent) ? 'mobile' : 'desktop';
}

/**
 * The cookie that holds when the header promo's countdown ends (ms since the epoch), set and read
 * by the page in the browser only: the server's page cache leaves it out of its key.
 */
export const PROMO_TIMER_COOKIE = 'promo_tooltip_timer';
