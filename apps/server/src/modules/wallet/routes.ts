import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { currenciesResponseSchema, type CurrenciesResponse } from '@orbit/contracts';
import { TtlCache } from '../../platform/cache';
import type { ModuleContext } from '../../platform/context';
import { listCurrencies } from './currencies';

export async function walletRoutes(app: FastifyInstance, ctx: ModuleContext): Promise<void> {
  const cache = new TtlCache<CurrenciesResponse>(5_000, 1);
  app.withTypeProvider<ZodTypeProvider>().get(
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
}
