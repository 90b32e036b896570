import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  cryptoExchangeRatesResponseSchema,
  currenciesResponseSchema,
  referenceRatesResponseSchema,
  updateReferenceRatesRequestSchema,
  type CryptoExchangeRatesResponse,
  type CurrenciesResponse,
  type ReferenceRatesResponse,
} from '@orbit/contracts';
import { TtlCache } from '../../platform/cache';
import type { ModuleContext } from '../../platform/context';
import { operatorGuard } from '../../platform/http/operator';
import { auditLedger } from './audit';
import { listCurrencies } from './currencies';
import { publishBalances } from './live';
import {
  cryptoExchangeRates,
  formatRate,
  listReferenceRates,
  parseRate,
  updateReferenceRates,
} from './reference-rates';

export async function walletRoutes(app: FastifyInstance, ctx: ModuleContext): Promise<void> {
  publishBalances(ctx);
  const api = app.withTypeProvider<ZodTypeProvider>();
  const cache = new TtlCache<CurrenciesResponse>(5_000, 1);
  api.get(
    '/api/info/currencies',
    { schema: { tags: ['info'], summary: 'Currencies players can hold', response: { 200: currenciesResponseSchema } } },
    () =>
      cache.get('all', async () =>
        (await listCurrencies(ctx.db)).map((c) => ({
          code: c.code,
          symbol: c.symbol,
          subunits_to_unit: c.subunitsToUnit,
          fiat: c.fiat,
          default: c.isDefault,
        })),
      ),
  );

  // What a crypto unit is worth in each fiat currency, from the reference rates (docs/reference-rates.md).
  const cryptoRatesCache = new TtlCache<CryptoExchangeRatesResponse>(5_000, 1);
  api.get(
    '/api/info/crypto_exchange_rates',
    {
      schema: {
        tags: ['info'],
        summary: 'Each crypto currency in units of each fiat currency (from the reference rates)',
        response: { 200: cryptoExchangeRatesResponseSchema },
      },
    },
    () =>
      cryptoRatesCache.get('all', async () => {
        const [held, rates] = await Promise.all([listCurrencies(ctx.db), listReferenceRates(ctx.db)]);
        const rate = new Map(rates.map((r) => [r.currency, parseRate(r.eurPerUnit)]));
        return cryptoExchangeRates(
          held.filter((c) => !c.fiat).map((c) => c.code),
          held.filter((c) => c.fiat).map((c) => c.code),
          rate,
        );
      }),
  );

  // The operator's proof that no money was lost or created (`npm run audit:ledger` is the same check offline).
  api.get(
    '/api/operator/ledger/audit',
    {
      onRequest: operatorGuard(ctx.config.operatorToken),
      schema: { tags: ['operator'], summary: 'Checks the ledger invariants (Authorization: Bearer OPERATOR_TOKEN)' },
    },
    () => auditLedger(ctx.db),
  );

  // Reference rates: how amounts in different currencies compare (docs/reference-rates.md).
  const presentRates = async (): Promise<ReferenceRatesResponse> => ({
    rates: (await listReferenceRates(ctx.db)).map((r) => ({
      currency: r.currency,
      eur_per_unit: formatRate(parseRate(r.eurPerUnit)),
      updated_at: r.updatedAt.toISOString(),
    })),
  });
  api.get(
    '/api/operator/reference_rates',
    {
      onRequest: operatorGuard(ctx.config.operatorToken),
      schema: {
        tags: ['operator'],
        summary: 'Euros per unit of every currency',
        response: { 200: referenceRatesResponseSchema },
      },
    },
    presentRates,
  );
  api.put(
    '/api/operator/reference_rates',
    {
      // Bearer-token authenticated, server to server: a browser's cookies carry no authority here.
      config: { csrf: false },
      onRequest: operatorGuard(ctx.config.operatorToken),
      schema: {
        tags: ['operator'],
        summary: 'Sets the reference rates of the given currencies (all or none)',
        body: updateReferenceRatesRequestSchema,
        response: { 200: referenceRatesResponseSchema },
      },
    },
    async (request) => {
      await updateReferenceRates(ctx.db, request.body.rates, ctx.clock.now());
      return presentRates();
    },
  );
}
