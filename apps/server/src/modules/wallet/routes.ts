import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { currenciesResponseSchema, type CurrenciesResponse } from '@orbit/contracts';
import { TtlCache } from '../../platform/cache';
import type { ModuleContext } from '../../platform/context';
import { operatorGuard } from '../../platform/http/operator';
import { auditLedger } from './audit';
import { listCurrencies } from './currencies';

export async function walletRoutes(app: FastifyInstance, ctx: ModuleContext): Promise<void> {
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

  // The operator's proof that no money was lost or created (`npm run audit:ledger` is the same check offline).
  api.get(
    '/api/operator/ledger/audit',
    {
      onRequest: operatorGuard(ctx.config.operatorToken),
      schema: { tags: ['operator'], summary: 'Checks the ledger invariants (Authorization: Bearer OPERATOR_TOKEN)' },
    },
    () => auditLedger(ctx.db),
  );
}
