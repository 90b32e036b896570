/**
 * The name a player knows a currency by where the platform's code is shorter: the API's `DOG` is
 * Dogecoin, written DOGE everywhere on the page (docs/rules/money-display.md). A module of its
 * own, so that forms can name currencies without the money code.
 */
const PLAYER_CODES: Readonly<Record<string, string>> = { DOG: 'DOGE' };

/** A currency code as the page shows it (`DOGE` for `DOG`; every other code as it is). */
export function currencyLabel(code: string): string {
  return PLAYER_CODES[code] ?? code;
}
