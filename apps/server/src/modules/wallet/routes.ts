import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  currenciesResponseSchema,
  openAccountRequestSchema,
  playerAccountSchema,
  playerAccountsResponseSchema,
  type CurrenciesResponse,
  type PlayerAccount as PlayerAccountShape,
} from '@orbit/contracts';
import { TtlCache } from '../../platform/cache';
import type { ModuleContext } from '../../platform/context';
import { operatorGuard } from '../../platform/http/operator';
import { requirePlayer } from '../identity';
import { listAccounts, switchAccount, type PlayerAccount } from './accounts';
import { auditLedger } from './audit';
import { listCurrencies } from './currencies';

export function presentAccount(a: PlayerAccount): PlayerAccountShape {
  return {
    currency: a.currency,
    amount_cents: a.real + a.bonus,
    // No bonus locks real money yet (the bonuses issue adds the lock).
    available_to_cashout_cents: a.real,
    available_to_bet_with_locked_cent: a.real + a.bonus,
    hidden_at: null,
    deposit_available: true,
    active: a.active,
  };
}

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
