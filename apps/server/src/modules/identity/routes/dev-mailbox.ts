import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { devMailboxQuerySchema, devMailboxResponseSchema } from '@orbit/contracts';
import type { ModuleContext } from '../../../platform/context';

export async function devMailboxRoutes(fastify: FastifyInstance, ctx: ModuleContext): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  // The development mailbox: what SMTP would have sent. A demo feature (DEMO=1): it shows
  // every player's mail, so a real deployment never mounts it.
  if (ctx.config.devMailbox) {
    app.get(
      '/api/dev/mailbox',
      {
        schema: {
          tags: ['development'],
          summary: 'Latest mails (demo casino only: DEMO=1)',
          querystring: devMailboxQuerySchema,
          response: { 200: devMailboxResponseSchema },
        },
      },
      async (request) =>
        (await ctx.mailer.latest(request.query.to)).map((m) => ({
          id: m.id,
          to: m.to,
          subject: m.subject,
          text: m.text,
          html: m.html,
          created_at: m.createdAt.toISOString(),
        })),
    );
  }
}
