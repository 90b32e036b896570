/**
 * The player's money accounts (`/api/player/accounts`). The balances are the wallet's; the calls
 * live here, beside the cashbox that fills and empties them, because they need the session
 * (identity) and identity itself opens the first account through the wallet.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { openAccountRequestSchema, playerAccountSchema, playerAccountsResponseSchema } from '@orbit/contracts';
import type { ModuleContext } from '../../platform/context';
import { requirePlayer } from '../identity';
import { listAccounts, presentAccount, switchAccount } from '../wallet';

export async function accountsRoutes(app: FastifyInstance, ctx: ModuleContext): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.get(
    '/api/player/accounts',
    {
      schema: {
        tags: ['player'],
        summary: "The player's money accounts, the active one first",
        querystring: z.object({ compatibility: z.string().optional() }),
        response: { 200: playerAccountsResponseSchema },
      },
    },
    async (request, reply) => {
      const player = await requirePlayer(request);
      reply.header('cache-control', 'no-store');
      return (await listAccounts(ctx.db, player.user.id)).map(presentAccount);
    },
  );

  api.post(
    '/api/player/accounts',
    {
      schema: {
        tags: ['player'],
        summary: 'Opens (or switches to) the account in a currency',
        body: openAccountRequestSchema,
        response: { 200: playerAccountSchema },
      },
    },
    async (request) => {
      const player = await requirePlayer(request);
      await switchAccount(ctx.db, player.user.id, request.body.currency, ctx.clock.now());
      const account = (await listAccounts(ctx.db, player.user.id)).find((a) => a.currency === request.body.currency);
      return presentAccount(account!);
    },
  );
}
