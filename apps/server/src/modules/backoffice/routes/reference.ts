/**
 * Reference data in the back office (docs/backoffice.md "Reference data and flags"): the
 * reference rates with their history (permission `reference.manage`) and the limits' defaults
 * with their versions (`limits.defaults`). The wallet and limits modules keep the data and write
 * it with the same functions their other callers use; each write's audit entry is written here,
 * in the write's transaction. The page's feature flags need no route of their own: they are the
 * CMS fe config `feature-flags`, written through `/api/backoffice/content/fe-configs`.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  backofficeReferenceRatesPutRequestSchema,
  backofficeReferenceRatesResponseSchema,
  limitDefaultsPutRequestSchema,
  limitDefaultsResponseSchema,
  limitDefaultsVersionSchema,
  referenceRateCurrencyParamsSchema,
  referenceRateHistoryResponseSchema,
  type BackofficeReferenceRatesResponse,
} from '@orbit/contracts';
import type { ModuleContext } from '../../../platform/context';
import { notFound } from '../../../platform/errors';
import { noStore } from '../../../platform/http/no-store';
import {
  formatRate,
  lastReferenceRateChanges,
  listReferenceRates,
  parseRate,
  referenceRateHistory,
  updateReferenceRates,
  type ReferenceRateChangeRow,
} from '../../wallet';
import { appendAudit } from '../audit';
import { operatorOf, requirePermission, type BackofficeGuard } from './guard';
import { actingOperator } from './player-actions';

const presentChange = (c: Omit<ReferenceRateChangeRow, 'previous'>) => ({
  id: c.id,
  currency: c.currency,
  eur_per_unit: c.eurPerUnit,
  valid_from: c.validFrom.toISOString(),
  changed_by: c.changedBy,
  reason: c.reason,
});

export function referenceRoutes(guard: BackofficeGuard) {
  return async (fastify: FastifyInstance, ctx: ModuleContext): Promise<void> => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const tags = ['backoffice'];
    const rates = { onRequest: requirePermission(guard, 'reference.manage') };
    const limitDefaults = { onRequest: requirePermission(guard, 'limits.defaults') };

    const presentRates = async (): Promise<BackofficeReferenceRatesResponse> => {
      const [current, last] = await Promise.all([listReferenceRates(ctx.db), lastReferenceRateChanges(ctx.db)]);
      return {
        rates: current.map((r) => {
          const [newest, before] = last.get(r.currency) ?? [];
          return {
            currency: r.currency,
            eur_per_unit: formatRate(parseRate(r.eurPerUnit)),
            updated_at: r.updatedAt.toISOString(),
            last_change: newest
              ? { ...presentChange(newest), previous_eur_per_unit: before?.eurPerUnit ?? null }
              : null,
          };
        }),
      };
    };

    // ---- reference rates ----
    app.get(
      '/api/backoffice/reference_rates',
      {
        ...rates,
        schema: {
          tags,
          summary: "Every currency's reference rate (euros per unit) with the change that set it",
          response: { 200: backofficeReferenceRatesResponseSchema },
        },
      },
      (_request, reply) => {
        reply.headers(noStore);
        return presentRates();
      },
    );
    app.put(
      '/api/backoffice/reference_rates',
      {
        ...rates,
        schema: {
          tags,
          summary:
            'Changes one or several reference rates, all or none (422 unknown_currency on rates.<i>.currency); each change is kept in the history',
          body: backofficeReferenceRatesPutRequestSchema,
          response: { 200: backofficeReferenceRatesResponseSchema },
        },
      },
      async (request) => {
        const at = ctx.clock.now();
        const who = actingOperator(request);
        const reason = request.body.reason || null;
        await updateReferenceRates(
          ctx.db,
          request.body.rates,
          at,
          { changedBy: String(operatorOf(request).operator.id), reason },
          (tx, changes) =>
            appendAudit(tx, at, who, {
              action: 'reference_rates.update',
              targetType: 'reference_rates',
              targetId: changes.map((c) => c.currency).join(','),
              before: Object.fromEntries(changes.map((c) => [c.currency, c.previous])),
              after: Object.fromEntries(changes.map((c) => [c.currency, c.eurPerUnit])),
              reason,
            }),
        );
        return presentRates();
      },
    );
    app.get(
      '/api/backoffice/reference_rates/:currency/history',
      {
        ...rates,
        schema: {
          tags,
          summary: "A currency's reference rate changes, newest first",
          params: referenceRateCurrencyParamsSchema,
          response: { 200: referenceRateHistoryResponseSchema },
        },
      },
      async (request, reply) => {
        reply.headers(noStore);
        const { currency } = request.params;
        const changes = await referenceRateHistory(ctx.db, currency);
        if (changes.length === 0) throw notFound();
        return { currency, changes: changes.map(presentChange) };
      },
    );

    // ---- limits' defaults ----
    app.get(
      '/api/backoffice/limit_defaults',
      {
        ...limitDefaults,
        schema: {
          tags,
          summary: "The limits' defaults in force and every stored version, newest first",
          response: { 200: limitDefaultsResponseSchema },
        },
      },
      (_request, reply) => {
        reply.headers(noStore);
        return fastify.orbitLimitDefaults.versions();
      },
    );
    app.put(
      '/api/backoffice/limit_defaults',
      {
        ...limitDefaults,
        schema: {
          tags,
          summary:
            "Stores a new version of the limits' defaults: applies to raises asked, confirmations mailed and players without a reality-check choice from now on",
          body: limitDefaultsPutRequestSchema,
          response: { 200: limitDefaultsVersionSchema },
        },
      },
      (request) => {
        const at = ctx.clock.now();
        const who = actingOperator(request);
        return fastify.orbitLimitDefaults.change(
          request.body,
          String(operatorOf(request).operator.id),
          at,
          (tx, before, after) =>
            appendAudit(tx, at, who, {
              action: 'limit_defaults.update',
              targetType: 'limit_defaults',
              targetId: after.version,
              before: { version: before.version, settings: before.settings },
              after: { version: after.version, settings: after.settings },
              reason: after.reason,
            }),
        );
      },
    );
  };
}
