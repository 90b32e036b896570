import type { CurrenciesResponse } from '@orbit/contracts';
import { browserApi } from './api';

let catalogue: Promise<CurrenciesResponse> | undefined;

/**
 * The currency catalogue (`GET /api/info/currencies`), asked once a page and shared by whoever
 * needs it (the header's wallet, the cashbox, the profile's forms, money on the profile's pages);
 * it changes with a deploy, not during a visit. A failure is asked again on the next use.
 */
export function loadCurrencyCatalogue(): Promise<CurrenciesResponse> {
  catalogue ??= browserApi()
    .get<CurrenciesResponse>('/api/info/currencies')
    .catch((error: unknown) => {
      catalogue = undefined;
      throw error;
    });
  return catalogue;
}
