/**
 * What the limits pages need of money (the cashbox's helpers: the same display units,
 * formatting and input rules as the balance and the deposit form).
 */
import { useMemo } from 'react';
import { amountInput, currencyInfo, parseAmount } from '../../lib/money';
import { useCurrencyCatalogue, useMoneyFormat, type MoneyFormat } from '../../lib/money-format';

export type LimitMoney = {
  /** Minor units of a currency for people: "€20.00". */
  format: MoneyFormat;
  /** What the player typed, in whole units, to minor units; else the error code (`required`, `invalid_amount`, `too_many_decimals`). */
  parse: (
    text: string,
    currency: string,
  ) => { cents: number; error?: undefined } | { cents?: undefined; error: string };
  /** Minor units back to the input's text ("20"). */
  input: (cents: number, currency: string) => string;
};

/**
 * The limits pages' money: the cashbox's formatting and its amount input rule (whole units
 * typed, at most the currency's decimals, never rounded), so a limit is typed and read the way a
 * deposit is.
 */
export function useLimitMoney(): LimitMoney {
  const format = useMoneyFormat();
  const currencies = useCurrencyCatalogue();
  return useMemo(
    () => ({
      format,
      parse: (text, currency) => parseAmount(text, currencyInfo(currency, currencies).subunits_to_unit),
      input: (cents, currency) => amountInput(cents, currencyInfo(currency, currencies).subunits_to_unit),
    }),
    [format, currencies],
  );
}
