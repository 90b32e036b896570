/**
 * What the limits pages need of money, handed in by the route (the cashbox's helpers: the same
 * display units, formatting and input rules as the balance and the deposit form).
 */
export type LimitMoney = {
  /** Minor units of a currency for people: "€20.00". */
  format: (cents: number, currency: string) => string;
  /** What the player typed, in whole units, to minor units; else the error code (`required`, `invalid_amount`, `too_many_decimals`). */
  parse: (
    text: string,
    currency: string,
  ) => { cents: number; error?: undefined } | { cents?: undefined; error: string };
  /** Minor units back to the input's text ("20"). */
  input: (cents: number, currency: string) => string;
};
