/**
 * Money on the pages, as the cashbox shows it: the same display units and formatting as the
 * header's balance and the cashbox (`formatMoney`, `currencyInfo`), with the currency catalogue
 * (`lib/currencies.ts`: loaded once a page). Features take it as a prop (`money: MoneyFormat`)
 * from their route.
 */
import type { Currency } from '@orbit/contracts';
import { useCallback, useEffect, useState } from 'react';
import { currencyInfo, formatMoney } from './money';
import { loadCurrencyCatalogue } from './currencies';
import { useI18n } from './i18n';

/** Minor units of a currency for people: `(cents, currency) => "€12.50"`. */
export type MoneyFormat = (cents: number, currency: string) => string;

/** The catalogue the header's wallet and the profile's forms read too: one request a page. */
export function useCurrencyCatalogue(): Currency[] | undefined {
  const [currencies, setCurrencies] = useState<Currency[] | undefined>(undefined);
  useEffect(() => {
    let live = true;
    loadCurrencyCatalogue().then(
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
export function useMoneyFormat(): MoneyFormat {
  const { locale } = useI18n();
  const currencies = useCurrencyCatalogue();
  return useCallback(
    (cents: number, currency: string) => formatMoney(cents, currencyInfo(currency, currencies), locale),
    [currencies, locale],
  );
}
