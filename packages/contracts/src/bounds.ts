/**
 * Upper (and lower) bounds of the numbers requests carry (docs/security.md "Numbers in
 * requests"). Every number of a request schema states its bound with its code
 * (`.max(INT32_MAX, 'too_big')`), so that no value reaches a column that cannot hold it: an
 * integer column given 2^31 fails in PostgreSQL, which the player saw as a 500.
 * `test/request-bounds.test.ts` walks every request schema and fails on a number without one.
 */

/** The largest PostgreSQL `integer`: ids of `serial` tables (games, lotteries, groups), positions, point prices. */
export const INT32_MAX = 2_147_483_647;
/** The smallest PostgreSQL `integer`. */
export const INT32_MIN = -2_147_483_648;

/**
 * The most money (minor units) an operator's terms or a shop's rate may name: 10^12, ten billion
 * EUR or 10,000 BTC at 8 decimals. Far below the safe integers, so that such an amount times the
 * largest multiplier the rules apply (1000 % of a deposit, x200 wagering) stays exact. Payments,
 * limits and the providers' wallet calls take any safe integer (a bigint column).
 */
export const MONEY_MAX_CENTS = 1_000_000_000_000;

/** The last page a paged list may be asked for (a million pages of 100: far past any player's history). */
export const PAGE_MAX = 1_000_000;

/** The most tickets of one lottery a player may hold (an operator's cap), and so the most bought at once. */
export const LOTTERY_TICKETS_MAX = 100_000;
