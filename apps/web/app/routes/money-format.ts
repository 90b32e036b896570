/**
 * Money on the profile's pages, composed from the cashbox's helpers (not a route module): the
 * same display units and formatting as the header's balance and the cashbox (`formatMoney`,
 * `currencyInfo`), with the currency catalogue (`lib/currencies.ts`: loaded once a page).
 */
import type { Currency } from '@orbit/contracts';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { amountInput, currencyInfo, formatMoney, parseAmount } from '../lib/money';
import type { LimitMoney } from '../features/limits';
import { loadCurrencyCatalogue } from '../lib/currencies';
import { useI18n } from '../lib/i18n';

/** The catalogue the header's wallet and the profile's forms read too: one request a page. */
const loadCurrencies = loadCurrencyCatalogue;

function useCurrencies(): Currency[] | undefined {
  const [currencies, setCurrencies] = useState<Currency[] | undefined>(undefined);
  useEffect(() => {
    let live = true;
    loadCurrencies().then(
      (list) => live && setCurrencies(list),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, []);
  return currencies;
}

/** `(cents, currency) => "€12.50"`; until the catalogue is here, currencies are guessed as the cashbox does. */
export function useMoneyFormat(): (cents: number, currency: string) => string {
  const { locale } = useI18n();
  const currencies = useCurrencies();
  return useCallback(
    (cents: number, currency: string) => formatMoney(cents, currencyInfo(currency, currencies), locale),
    [currencies, locale],
  );
}

/**
 * The limits pages' money (`LimitMoney`): the cashbox's formatting and its amount input rule
 * (whole units typed, at most the currency's decimals, never rounded), so a limit is typed and
 * read the way a deposit is.
 */
export function useLimitMoney(): LimitMoney {
  const format = useMoneyFormat();
  const currencies = useCurrencies();
  return useMemo(
    () => ({
      format,
      parse: (text, currency) => parseAmount(text, currencyInfo(currency, currencies).subunits_to_unit),
      input: (cents, currency) => amountInput(cents, currencyInfo(currency, currencies).subunits_to_unit),
    }),
    [format, currencies],
  );
}
