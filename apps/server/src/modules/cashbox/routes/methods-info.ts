import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { paymentMethodsInfoQuerySchema, paymentMethodsInfoResponseSchema } from '@orbit/contracts';
import type { ModuleContext } from '../../../platform/context';
import { unprocessable } from '../../../platform/errors';
import { DEFAULT_CURRENCY, listCurrencies } from '../../wallet';
import { methodsInfo } from '../methods-info';

/** The payments page's information cards: public, no session (docs/rules/content-pages.md). */
export function methodsInfoRoutes() {
  return async (fastify: FastifyInstance, ctx: ModuleContext): Promise<void> => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    app.get(
      '/api/cashbox/methods/info',
      {
        schema: {
          tags: ['cashbox'],
          summary: "The payment methods' information cards (fiat methods in `currency`, crypto in their own)",
          querystring: paymentMethodsInfoQuerySchema,
          response: { 200: paymentMethodsInfoResponseSchema },
        },
      },
      async (request) => {
        const currencies = await listCurrencies(ctx.db);
        const fiat = currencies.find((c) => c.code === (request.query.currency ?? DEFAULT_CURRENCY));
        // Only a fiat currency of the site: crypto methods come in their own currency anyway.
        if (!fiat?.fiat) throw unprocessable('invalid', 'currency');
        return methodsInfo(currencies, fiat);
      },
    );
  };
}
