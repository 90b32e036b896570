/**
 * Loyalty in the back office (docs/backoffice.md "Loyalty"), permission `promotions.manage`: the
 * comp-point shop's cards (listed, created, changed, switched on and off), the accrual rules per
 * currency, the VIP managers with the players assigned to them, and the adventure calendar (the
 * CMS's `vip-adventures` config, written through the CMS's versioned write path). The loyalty
 * module keeps the first three (`app.orbitLoyaltyDesk`, the operator API's own writers); every
 * write's audit entry is written here, in the write's own transaction.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  backofficeAccrualParamsSchema,
  backofficeAccrualRuleSchema,
  backofficeAccrualRulesResponseSchema,
  backofficeAccrualRuleUpdateRequestSchema,
  backofficeAdventuresRequestSchema,
  backofficeAdventuresSchema,
  backofficeCompPointRateCreateRequestSchema,
  backofficeCompPointRateParamsSchema,
  backofficeCompPointRateSchema,
  backofficeCompPointRatesQuerySchema,
  backofficeCompPointRatesResponseSchema,
  backofficeCompPointRateUpdateRequestSchema,
  backofficeListQuerySchema,
  backofficeManagerInputSchema,
  backofficeManagerParamsSchema,
  backofficeManagerPlayersResponseSchema,
  backofficeManagerSchema,
  backofficeManagersResponseSchema,
  backofficePlayerManagerParamsSchema,
  backofficePlayerManagerRequestSchema,
  backofficePlayerManagerSchema,
  type BackofficeAdventures,
  type BackofficeAdventuresRequest,
  type ContentEntry,
} from '@orbit/contracts';
import type { ModuleContext } from '../../../platform/context';
import { AppError } from '../../../platform/errors';
import { noStore } from '../../../platform/http/no-store';
import type { LoyaltyChangeHook } from '../../loyalty';
import { appendAudit } from '../audit';
import { cmsWriter } from './cms-writer';
import { requirePermission, type BackofficeGuard } from './guard';
import { actingOperator } from './player-actions';

const ADVENTURES = 'vip-adventures';

/** The calendar as the form reads it: the config's document, or its built-in default (version 0). */
function adventuresOf(entry: ContentEntry): BackofficeAdventures {
  const value = (entry.document as { value?: { enabled?: boolean; adventures?: Array<Record<string, unknown>> } })
    .value;
  return {
    id: ADVENTURES,
    version: entry.version,
    updated_at: entry.updated_at,
    enabled: value?.enabled ?? false,
    adventures: value?.adventures ?? [],
  };
}

export function loyaltyRoutes(guard: BackofficeGuard) {
  return async (fastify: FastifyInstance, ctx: ModuleContext): Promise<void> => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const tags = ['backoffice'];
    const manage = { onRequest: requirePermission(guard, 'promotions.manage') };
    const desk = () => fastify.orbitLoyaltyDesk;

    /** The write's audit entry (`comp_point_rate.create`, `vip_manager.assign` …), in its transaction. */
    const audited =
      <T extends { id: string | number }>(request: FastifyRequest, targetType: string, action: string) =>
      (...[tx, before, after]: Parameters<LoyaltyChangeHook<T>>) =>
        appendAudit(tx, ctx.clock.now(), actingOperator(request), {
          action: `${targetType}.${action}`,
          targetType,
          targetId: after.id,
          before,
          after,
        });

    // ---- the shop's cards ---------------------------------------------------------------------

    app.get(
      '/api/backoffice/comp_point_rates',
      {
        ...manage,
        schema: {
          tags,
          summary: 'The comp-point shop’s cards, active or not, in the shop’s order',
          querystring: backofficeCompPointRatesQuerySchema,
          response: { 200: backofficeCompPointRatesResponseSchema },
        },
      },
      (request, reply) => {
        reply.headers(noStore);
        return desk().rateList(request.query);
      },
    );
    app.get(
      '/api/backoffice/comp_point_rates/:id',
      {
        ...manage,
        schema: {
          tags,
          summary: 'One shop card by its group',
          params: backofficeCompPointRateParamsSchema,
          response: { 200: backofficeCompPointRateSchema },
        },
      },
      (request, reply) => {
        reply.headers(noStore);
        return desk().rate(request.params.id);
      },
    );
    app.post(
      '/api/backoffice/comp_point_rates',
      {
        ...manage,
        schema: {
          tags,
          summary: 'A new shop card (a group in use: 422 `group: taken`)',
          body: backofficeCompPointRateCreateRequestSchema,
          response: { 201: backofficeCompPointRateSchema },
        },
      },
      async (request, reply) =>
        reply.status(201).send(await desk().createRate(request.body, audited(request, 'comp_point_rate', 'create'))),
    );
    app.put(
      '/api/backoffice/comp_point_rates/:id',
      {
        ...manage,
        schema: {
          tags,
          summary: 'Changes a shop card: the whole card again, as the operator API takes it',
          params: backofficeCompPointRateParamsSchema,
          body: backofficeCompPointRateUpdateRequestSchema,
          response: { 200: backofficeCompPointRateSchema },
        },
      },
      (request) => desk().updateRate(request.params.id, request.body, audited(request, 'comp_point_rate', 'update')),
    );
    for (const [verb, active] of [
      ['enable', true],
      ['disable', false],
    ] as const)
      app.post(
        `/api/backoffice/comp_point_rates/:id/${verb}`,
        {
          ...manage,
          schema: {
            tags,
            summary: `Switches a shop card ${active ? 'on' : 'off'} (its state already: answered, nothing written)`,
            params: backofficeCompPointRateParamsSchema,
            response: { 200: backofficeCompPointRateSchema },
          },
        },
        (request) => desk().setRateActive(request.params.id, active, audited(request, 'comp_point_rate', verb)),
      );

    // ---- accrual rules ------------------------------------------------------------------------

    app.get(
      '/api/backoffice/comp_point_accrual_rules',
      {
        ...manage,
        schema: {
          tags,
          summary: 'How bets earn comp points, per currency (`*`: every currency without its own rule)',
          querystring: backofficeListQuerySchema,
          response: { 200: backofficeAccrualRulesResponseSchema },
        },
      },
      (request, reply) => {
        reply.headers(noStore);
        return desk().accrualList(request.query);
      },
    );
    app.get(
      '/api/backoffice/comp_point_accrual_rules/:id',
      {
        ...manage,
        schema: {
          tags,
          summary: 'One currency’s accrual rule',
          params: backofficeAccrualParamsSchema,
          response: { 200: backofficeAccrualRuleSchema },
        },
      },
      (request, reply) => {
        reply.headers(noStore);
        return desk().accrualRule(request.params.id);
      },
    );
    app.put(
      '/api/backoffice/comp_point_accrual_rules/:id',
      {
        ...manage,
        schema: {
          tags,
          summary: 'Creates or replaces a currency’s accrual rule',
          params: backofficeAccrualParamsSchema,
          body: backofficeAccrualRuleUpdateRequestSchema,
          response: { 200: backofficeAccrualRuleSchema },
        },
      },
      (request) =>
        desk().saveAccrualRule(request.params.id, request.body, audited(request, 'comp_point_accrual_rule', 'update')),
    );

    // ---- VIP managers -------------------------------------------------------------------------

    app.get(
      '/api/backoffice/vip_managers',
      {
        ...manage,
        schema: {
          tags,
          summary: 'The personal managers with how many players are assigned to each',
          querystring: backofficeListQuerySchema,
          response: { 200: backofficeManagersResponseSchema },
        },
      },
      (request, reply) => {
        reply.headers(noStore);
        return desk().managerList(request.query);
      },
    );
    app.get(
      '/api/backoffice/vip_managers/:id',
      {
        ...manage,
        schema: {
          tags,
          summary: 'One personal manager',
          params: backofficeManagerParamsSchema,
          response: { 200: backofficeManagerSchema },
        },
      },
      (request, reply) => {
        reply.headers(noStore);
        return desk().manager(request.params.id);
      },
    );
    app.get(
      '/api/backoffice/vip_managers/:id/players',
      {
        ...manage,
        schema: {
          tags,
          summary: 'The players assigned to a manager, the newest assignment first',
          params: backofficeManagerParamsSchema,
          querystring: backofficeListQuerySchema,
          response: { 200: backofficeManagerPlayersResponseSchema },
        },
      },
      (request, reply) => {
        reply.headers(noStore);
        return desk().managerPlayers(request.params.id, request.query);
      },
    );
    app.post(
      '/api/backoffice/vip_managers',
      {
        ...manage,
        schema: {
          tags,
          summary: 'A new personal manager (a name in use: 422 `name: taken`)',
          body: backofficeManagerInputSchema,
          response: { 201: backofficeManagerSchema },
        },
      },
      async (request, reply) =>
        reply.status(201).send(await desk().createManager(request.body, audited(request, 'vip_manager', 'create'))),
    );
    app.put(
      '/api/backoffice/vip_managers/:id',
      {
        ...manage,
        schema: {
          tags,
          summary: 'Changes a personal manager’s card',
          params: backofficeManagerParamsSchema,
          body: backofficeManagerInputSchema,
          response: { 200: backofficeManagerSchema },
        },
      },
      (request) => desk().updateManager(request.params.id, request.body, audited(request, 'vip_manager', 'update')),
    );
    app.put(
      '/api/backoffice/player_vip_manager/:id',
      {
        ...manage,
        schema: {
          tags,
          summary: 'Assigns player `id` a personal manager, or none (null)',
          params: backofficePlayerManagerParamsSchema,
          body: backofficePlayerManagerRequestSchema,
          response: { 200: backofficePlayerManagerSchema },
        },
      },
      (request) =>
        desk().assignPlayer(request.params.id, request.body.manager_id, async (tx, before, after) =>
          appendAudit(tx, ctx.clock.now(), actingOperator(request), {
            action: after.manager_id === null ? 'player.vip_manager.unassign' : 'player.vip_manager.assign',
            targetType: 'player',
            targetId: after.id,
            before,
            after,
          }),
        ),
    );

    // ---- the adventure calendar (the CMS's `vip-adventures` config) ---------------------------

    app.get(
      '/api/backoffice/adventures',
      {
        ...manage,
        schema: {
          tags,
          summary: 'The adventure calendar as the casino reads it, with its CMS version',
          response: { 200: backofficeAdventuresSchema },
        },
      },
      async (_request, reply) => {
        reply.headers(noStore);
        return adventuresOf(await fastify.orbitCmsDesk.entry('fe-configs', ADVENTURES));
      },
    );
    app.put(
      '/api/backoffice/adventures',
      {
        ...manage,
        schema: {
          tags,
          summary:
            'The whole calendar again, as a new version of the `vip-adventures` config (409 `version_conflict` when another came first)',
          body: backofficeAdventuresRequestSchema,
          response: { 200: backofficeAdventuresSchema },
        },
      },
      async (request) => {
        await refuseUnknownTemplates(fastify, request.body);
        const { base_version, ...value } = request.body;
        const entry = await fastify.orbitCmsDesk.put(
          'fe-configs',
          ADVENTURES,
          { value },
          cmsWriter(ctx.clock, request, base_version, () => ({ action: 'adventure_calendar.update' })),
        );
        return adventuresOf(entry);
      },
    );
  };
}

/** Every gift names a template the bonuses have, of its kind: else 422 `…template_key: unknown`. */
async function refuseUnknownTemplates(fastify: FastifyInstance, body: BackofficeAdventuresRequest): Promise<void> {
  const kinds = new Map((await fastify.orbitBonusDesk.templates.templates()).map((t) => [t.key, t.kind]));
  const errors: Record<string, string[]> = {};
  const check = (path: string, prize: { type: 'bonus' | 'freespin'; template_key: string } | null) => {
    if (!prize) return;
    const kind = kinds.get(prize.template_key);
    if (kind === undefined || (kind === 'freespins') !== (prize.type === 'freespin'))
      errors[`${path}.template_key`] = ['unknown'];
  };
  body.adventures.forEach((adventure, a) => {
    adventure.days.forEach((day, d) => check(`adventures.${a}.days.${d}.prize`, day.prize));
    check(`adventures.${a}.super_prize`, adventure.super_prize);
  });
  if (Object.keys(errors).length) throw AppError.validation(errors);
}
