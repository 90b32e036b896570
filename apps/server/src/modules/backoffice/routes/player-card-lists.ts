/**
 * The player's card, its lists (docs/backoffice.md "The player's card"): the ledger statement,
 * payments, game rounds, bonuses, limits, documents and the audit entries about the player. Read
 * only, each through the door of the module that owns it; 404 for an unknown player.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  backofficeAuditResponseSchema,
  backofficeListQuerySchema,
  backofficePlayerBonusesResponseSchema,
  backofficePlayerDocumentsResponseSchema,
  backofficePlayerIdParamsSchema,
  backofficePlayerLimitsResponseSchema,
  backofficePlayerPaymentsQuerySchema,
  backofficePlayerPaymentsResponseSchema,
  backofficePlayerRoundsResponseSchema,
  backofficeStatementResponseSchema,
  backofficeTransfersQuerySchema,
  type BackofficeTransfersQuery,
} from '@orbit/contracts';
import type { ModuleContext } from '../../../platform/context';
import { notFound } from '../../../platform/errors';
import { bonusesOfPlayer } from '../../bonuses';
import { paymentsOfPlayer } from '../../cashbox';
import { roundsOfPlayer } from '../../games';
import { playerExists } from '../../identity';
import { PlayerLimits } from '../../limits';
import { documentsOfPlayer } from '../../verification';
import { accountStatement } from '../../wallet';
import { auditPage } from '../audit';
import type { Permission } from '../permissions';
import { requirePermission, type BackofficeGuard } from './guard';

const DAY_MS = 86_400_000;

/** 404 for an id that is no player's (each of the card's calls asks first). */
export async function requireKnownPlayer(ctx: ModuleContext, userId: number): Promise<void> {
  if (!(await playerExists(ctx.db, userId))) throw notFound();
}

/** A day's `from` is its start and its `to` its end (UTC); an instant is taken as it is, `to` included. */
function periodOf(query: Pick<BackofficeTransfersQuery, 'from' | 'to'>) {
  const isDay = (value: string) => /^\d{4}-\d{2}-\d{2}$/.test(value);
  const from =
    query.from === undefined ? undefined : new Date(isDay(query.from) ? `${query.from}T00:00:00Z` : query.from);
  const to =
    query.to === undefined
      ? undefined
      : isDay(query.to)
        ? new Date(new Date(`${query.to}T00:00:00Z`).getTime() + DAY_MS)
        : new Date(new Date(query.to).getTime() + 1);
  return { from, to };
}

async function statementOf(ctx: ModuleContext, userId: number, query: BackofficeTransfersQuery) {
  await requireKnownPlayer(ctx, userId);
  const { rows, total } = await accountStatement(
    ctx.db,
    userId,
    { currency: query.currency, kind: query.kind, ...periodOf(query) },
    query.page,
    query.per_page,
  );
  return {
    total,
    data: rows.map((r) => ({
      id: `${r.transferId}-${r.accountKind}`,
      transfer_id: r.transferId,
      at: r.at.toISOString(),
      kind: r.kind,
      reference: r.reference,
      currency: r.currency,
      account_kind: r.accountKind as 'real' | 'bonus' | 'reserved' | 'held',
      amount_cents: r.amount,
      balance_after_cents: r.balanceAfter,
    })),
  };
}

/** A card call's options: its permission checked first, the player's id validated (422) before any read. */
function cardCall<S extends object>(guard: BackofficeGuard, permission: Permission, summary: string, schema: S) {
  return {
    onRequest: requirePermission(guard, permission),
    schema: { tags: ['backoffice'], summary, params: backofficePlayerIdParamsSchema, ...schema },
  };
}

/** The money side: the ledger statement, payments, rounds and bonuses. */
function moneyRoutes(guard: BackofficeGuard) {
  return async (fastify: FastifyInstance, ctx: ModuleContext): Promise<void> => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    app.get(
      '/api/backoffice/players/:id/transfers',
      cardCall(
        guard,
        'players.read',
        "A player's ledger statement: each transfer on their accounts with the balance after",
        {
          querystring: backofficeTransfersQuerySchema,
          response: { 200: backofficeStatementResponseSchema },
        },
      ),
      async (request) => statementOf(ctx, request.params.id, request.query),
    );
    app.get(
      '/api/backoffice/players/:id/payments',
      cardCall(guard, 'payments.read', "A player's deposits and cashouts, newest first", {
        querystring: backofficePlayerPaymentsQuerySchema,
        response: { 200: backofficePlayerPaymentsResponseSchema },
      }),
      async (request) => {
        await requireKnownPlayer(ctx, request.params.id);
        const { type, page, per_page } = request.query;
        return paymentsOfPlayer(ctx.db, request.params.id, type, page, per_page);
      },
    );
    app.get(
      '/api/backoffice/players/:id/rounds',
      cardCall(guard, 'players.read', "A player's game rounds, newest first, with our studio's fairness check", {
        querystring: backofficeListQuerySchema,
        response: { 200: backofficePlayerRoundsResponseSchema },
      }),
      async (request) => {
        await requireKnownPlayer(ctx, request.params.id);
        return roundsOfPlayer(ctx.db, request.params.id, request.query.page, request.query.per_page);
      },
    );
    app.get(
      '/api/backoffice/players/:id/bonuses',
      cardCall(guard, 'players.read', "A player's bonuses and free spins, newest first", {
        response: { 200: backofficePlayerBonusesResponseSchema },
      }),
      async (request) => {
        await requireKnownPlayer(ctx, request.params.id);
        return bonusesOfPlayer(ctx.db, request.params.id);
      },
    );
  };
}

/** The records: limits and exclusions, documents, and the audit entries about the player. */
function recordRoutes(guard: BackofficeGuard) {
  return async (fastify: FastifyInstance, ctx: ModuleContext): Promise<void> => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const limits = new PlayerLimits(ctx);
    app.get(
      '/api/backoffice/players/:id/limits',
      cardCall(guard, 'limits.read', "A player's limits in force with their usage, and every exclusion", {
        response: { 200: backofficePlayerLimitsResponseSchema },
      }),
      async (request) => {
        await requireKnownPlayer(ctx, request.params.id);
        return limits.of(request.params.id);
      },
    );
    app.get(
      '/api/backoffice/players/:id/documents',
      cardCall(guard, 'players.read', "A player's verification documents (metadata), newest first", {
        response: { 200: backofficePlayerDocumentsResponseSchema },
      }),
      async (request) => {
        await requireKnownPlayer(ctx, request.params.id);
        const data = await documentsOfPlayer(ctx.db, request.params.id);
        return { data, total: data.length };
      },
    );
    app.get(
      '/api/backoffice/players/:id/audit_log',
      cardCall(guard, 'players.read', 'The audit entries whose target is the player, newest first', {
        querystring: backofficeListQuerySchema,
        response: { 200: backofficeAuditResponseSchema },
      }),
      async (request) => {
        await requireKnownPlayer(ctx, request.params.id);
        const { page, per_page } = request.query;
        return auditPage(ctx.db, { page, per_page, target_type: 'player', target_id: String(request.params.id) });
      },
    );
  };
}

export function playerCardListRoutes(guard: BackofficeGuard) {
  return async (fastify: FastifyInstance, ctx: ModuleContext): Promise<void> => {
    await moneyRoutes(guard)(fastify, ctx);
    await recordRoutes(guard)(fastify, ctx);
  };
}
