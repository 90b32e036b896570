/**
 * The payment methods' information cards (docs/rules/content-pages.md "Payments page"): every
 * method the sandbox PSP takes, read from the same definitions the cashbox deposits and pays out
 * with, so a card never promises a limit the cashbox would refuse. Fiat methods in the asked fiat
 * currency, each crypto method in its own currency (when the site has that currency).
 */
import type { PaymentMethodInfo, PaymentMethodsInfoResponse } from '@orbit/contracts';
import { limitsOf, METHODS, type CurrencyInfo } from './methods';

/**
 * A limit past the safe integers (dogecoin's deposit maximum in its 10^8 subunits) is the largest
 * amount a request can carry anyway: the cashbox refuses more as an invalid amount.
 */
const safe = (cents: number) => Math.min(cents, Number.MAX_SAFE_INTEGER);

export function methodsInfo(currencies: readonly CurrencyInfo[], fiat: CurrencyInfo): PaymentMethodsInfoResponse {
  const byCode = new Map(currencies.map((c) => [c.code, c]));
  const methods: PaymentMethodInfo[] = [];
  for (const m of METHODS) {
    if (m.provider !== 'sandbox') continue;
    const currency = m.currency === 'fiat' ? fiat : byCode.get(m.currency);
    if (!currency) continue;
    const deposit = m.actions.includes('deposit') ? limitsOf(m, 'deposit', currency) : null;
    const withdrawal = m.actions.includes('cashout') ? limitsOf(m, 'cashout', currency) : null;
    methods.push({
      id: m.id,
      brand: m.brand,
      type: m.type,
      currency: currency.code,
      processing_time: m.processingTime,
      fee_percent: m.feePercent,
      network: m.network,
      deposit: deposit && { min_cents: deposit.min, max_cents: safe(deposit.max) },
      withdrawal: withdrawal && { min_cents: withdrawal.min, max_cents: safe(withdrawal.max) },
      min_dep_cents: deposit?.min ?? null,
      subunits_to_unit: currency.subunitsToUnit,
    });
  }
  return { currency: fiat.code, methods };
}
