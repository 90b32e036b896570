import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AppError, notFound } from '../../../platform/errors';
import type { CashboxService } from '../service';

/** The PSP's notifications. */
export function webhookRoutes(service: CashboxService) {
  return async (fastify: FastifyInstance): Promise<void> => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    // The PSP's notifications: the signature is over the raw body, so this route keeps it as text.
    await app.register(async (webhooks) => {
      webhooks.addContentTypeParser(
        'application/json',
        { parseAs: 'string', bodyLimit: 256 * 1024 },
        (_request, body, done) => done(null, body),
      );
      webhooks.post(
        '/api/cashbox/webhooks/:provider',
        { config: { csrf: false }, schema: { hide: true } },
        async (request, reply) => {
          const { provider } = request.params as { provider: string };
          if (provider !== service.provider) throw notFound();
          const ok = await service.notify(typeof request.body === 'string' ? request.body : '', request.headers);
          if (!ok) throw new AppError(401, 'invalid_signature');
          return reply.status(200).send({ received: true });
        },
      );
    });
  };
}
