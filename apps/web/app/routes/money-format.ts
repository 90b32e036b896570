/**
 * Money on the profile's pages, composed from the cashbox's helpers (not a route module): the
 * same display units and formatting as the header's balance and the cashbox (`formatMoney`,
 * `currencyInfo`), with the currency catalogue (`GET /api/info/currencies`, loaded once a page).
 */
import type { Currency } from '@orbit/contracts';
import { useCallback, useEffect, useState } from 'react';
import { currencyInfo, formatMoney } from '../features/cashbox/money';
import { browserApi } from '../lib/api';
import { useI18n } from '../lib/i18n';

let catalogue: Promise<Currency[]> | undefined;

function loadCurrencies(): Promise<Currency[]> {
  catalogue ??= browserApi()
    .get<Currency[]>('/api/info/currencies')
    .catch((error: unknown) => {
      catalogue = undefined;
      throw error;
    });
  return catalogue;
}

/** `(cents, currency) => "€12.50"`; until the catalogue is here, currencies are guessed as the cashbox does. */
export function useMoneyFormat(): (cents: number, currency: string) => string {
  const { locale } = useI18n();
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
  return useCallback((cents: number, currency: string) => formatMoney(cents, currencyInfo(currency, currencies), locale), [currencies, locale]);
}
