/**
 * The player's card (docs/backoffice.md "The player's card"): what an operator reads about one
 * player, each part through the door of the module that owns it. Every call is a read: nothing is
 * written, not even an audit entry. An unknown player answers 404, an id that is no safe positive
 * integer 422. The card's lists (ledger, rounds, audit ...) are in player-card-lists.ts.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  backofficePlayerAccountsResponseSchema,
  backofficePlayerIdParamsSchema,
  backofficePlayerProfileSchema,
  type BackofficePlayerProfile,
} from '@orbit/contracts';
import type { ModuleContext } from '../../../platform/context';
import { notFound } from '../../../platform/errors';
import { playerCardProfile } from '../../identity';
import { restrictionsOf } from '../../limits';
import { loyaltyStanding } from '../../loyalty';
import { verificationSummaryOf } from '../../verification';
import { listAccounts, listCurrencies } from '../../wallet';
import { requirePermission, type BackofficeGuard } from './guard';
import { playerCardListRoutes, requireKnownPlayer } from './player-card-lists';

async function profileOf(ctx: ModuleContext, userId: number): Promise<BackofficePlayerProfile> {
  const profile = await playerCardProfile(ctx.db, userId);
  if (!profile) throw notFound();
  const at = ctx.clock.now();
  const [verification, loyalty, restrictions] = await Promise.all([
    verificationSummaryOf(ctx.db, userId),
    loyaltyStanding(ctx.db, userId, at),
    restrictionsOf(ctx.db, userId, at),
  ]);
  return { ...profile, verification, loyalty, restrictions };
}

/** Each currency account with its balances, and the currency's minor units for showing them. */
async function accountsOf(ctx: ModuleContext, userId: number) {
  await requireKnownPlayer(ctx, userId);
  const [accounts, currencies] = await Promise.all([listAccounts(ctx.db, userId), listCurrencies(ctx.db)]);
  const byCode = new Map(currencies.map((c) => [c.code, c]));
  const data = accounts.map((a) => ({
    id: a.currency,
    currency: a.currency,
    symbol: byCode.get(a.currency)?.symbol ?? a.currency,
    subunits_to_unit: byCode.get(a.currency)?.subunitsToUnit ?? 100,
    active: a.active,
    real_cents: a.real,
    bonus_cents: a.bonus,
    held_cents: a.held,
    reserved_cents: a.reserved,
  }));
  return { data, total: data.length };
}

export function playerCardRoutes(guard: BackofficeGuard) {
  return async (fastify: FastifyInstance, ctx: ModuleContext): Promise<void> => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    app.get(
      '/api/backoffice/players/:id',
      {
        onRequest: requirePermission(guard, 'players.read'),
        schema: {
          tags: ['backoffice'],
          summary: "A player's card: details, last sign-in, groups, verification, loyalty and any exclusion in force",
          params: backofficePlayerIdParamsSchema,
          response: { 200: backofficePlayerProfileSchema },
        },
      },
      async (request) => profileOf(ctx, request.params.id),
    );
    app.get(
      '/api/backoffice/players/:id/accounts',
      {
        onRequest: requirePermission(guard, 'players.read'),
        schema: {
          tags: ['backoffice'],
          summary: "A player's accounts per currency: real, bonus, held and reserved balances (minor units)",
          params: backofficePlayerIdParamsSchema,
          response: { 200: backofficePlayerAccountsResponseSchema },
        },
      },
      async (request) => accountsOf(ctx, request.params.id),
    );
    await playerCardListRoutes(guard)(fastify, ctx);
  };
}
