/**
 * Bonuses in the back office (docs/backoffice.md "Bonuses"): the templates listed with their
 * usage, created, changed, switched off and on, cloned (`bonuses.manage`); a template granted to
 * a list of players or a player group, once per player and idempotency key (`bonuses.grant`).
 * The bonuses module keeps the templates and grants (`app.orbitBonusDesk.templates`); every write's
 * audit entry is written here, in the write's transaction.
 */
import { inArray } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  BONUS_GRANT_GROUP_MAX,
  backofficeBonusGrantRequestSchema,
  backofficeBonusGrantResponseSchema,
  backofficeBonusTemplateCloneRequestSchema,
  backofficeBonusTemplateCreateRequestSchema,
  backofficeBonusTemplateParamsSchema,
  backofficeBonusTemplateSchema,
  backofficeBonusTemplatesQuerySchema,
  backofficeBonusTemplatesResponseSchema,
  backofficeBonusTemplateUpdateRequestSchema,
  type BackofficeBonusTemplate,
  type BackofficeBonusTemplatesQuery,
  type BonusGrantSkip,
} from '@orbit/contracts';
import type { ModuleContext } from '../../../platform/context';
import { unprocessable } from '../../../platform/errors';
import { noStore } from '../../../platform/http/no-store';
import type { TemplateChangeHook } from '../../bonuses';
import { groupMemberIds } from '../../identity';
import { appendAudit } from '../audit';
import { playerBlocks } from '../schema';
import { requirePermission, type BackofficeGuard } from './guard';
import { actingOperator } from './player-actions';

/** The list's filters, applied to the few templates there are. */
function filtered(rows: BackofficeBonusTemplate[], query: BackofficeBonusTemplatesQuery) {
  const q = query.q?.toLowerCase();
  return rows.filter(
    (t) =>
      (query.kind === undefined || t.kind === query.kind) &&
      (query.enabled === undefined || String(t.enabled) === query.enabled) &&
      (!q || [t.key, t.title, t.code ?? ''].some((text) => text.toLowerCase().includes(q))),
  );
}

export function bonusRoutes(guard: BackofficeGuard) {
  return async (fastify: FastifyInstance, ctx: ModuleContext): Promise<void> => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const tags = ['backoffice'];
    const manage = { onRequest: requirePermission(guard, 'bonuses.manage') };
    const desk = () => fastify.orbitBonusDesk.templates;

    /** The template's audit entry, in its write's transaction. */
    const audited =
      (request: FastifyRequest, action: string): TemplateChangeHook =>
      (tx, before, after) =>
        appendAudit(tx, ctx.clock.now(), actingOperator(request), {
          action: `bonus_template.${action}`,
          targetType: 'bonus_template',
          targetId: after.id,
          before,
          after,
          reason: action === 'clone' && before ? `cloned from ${before.key}` : null,
        });

    app.get(
      '/api/backoffice/bonus_templates',
      {
        ...manage,
        schema: {
          tags,
          summary: 'The bonus templates with their usage (issued, activated, redeemed by code), oldest first',
          querystring: backofficeBonusTemplatesQuerySchema,
          response: { 200: backofficeBonusTemplatesResponseSchema },
        },
      },
      async (request, reply) => {
        reply.headers(noStore);
        const { page, per_page } = request.query;
        const rows = filtered(await desk().templates(), request.query);
        return { data: rows.slice((page - 1) * per_page, page * per_page), total: rows.length };
      },
    );
    app.get(
      '/api/backoffice/bonus_templates/:id',
      {
        ...manage,
        schema: {
          tags,
          summary: 'One bonus template with its usage',
          params: backofficeBonusTemplateParamsSchema,
          response: { 200: backofficeBonusTemplateSchema },
        },
      },
      (request, reply) => {
        reply.headers(noStore);
        return desk().template(request.params.id);
      },
    );
    app.post(
      '/api/backoffice/bonus_templates',
      {
        ...manage,
        schema: {
          tags,
          summary: 'A new bonus template, validated as the operator API validates it (a key or code in use: 422 taken)',
          body: backofficeBonusTemplateCreateRequestSchema,
          response: { 201: backofficeBonusTemplateSchema },
        },
      },
      async (request, reply) => reply.status(201).send(await desk().create(request.body, audited(request, 'create'))),
    );
    app.put(
      '/api/backoffice/bonus_templates/:id',
      {
        ...manage,
        schema: {
          tags,
          summary: 'Changes a bonus template (all but its key); bonuses already given keep their terms',
          params: backofficeBonusTemplateParamsSchema,
          body: backofficeBonusTemplateUpdateRequestSchema,
          response: { 200: backofficeBonusTemplateSchema },
        },
      },
      (request) => desk().update(request.params.id, request.body, audited(request, 'update')),
    );
    for (const action of ['enable', 'disable'] as const) {
      app.post(
        `/api/backoffice/bonus_templates/:id/${action}`,
        {
          ...manage,
          schema: {
            tags,
            summary:
              action === 'disable'
                ? 'Switches a template off: offered to nobody, bonuses already given go on'
                : 'Switches a template on again (its code taken meanwhile: 422 code taken)',
            params: backofficeBonusTemplateParamsSchema,
            response: { 200: backofficeBonusTemplateSchema },
          },
        },
        (request) => desk().setEnabled(request.params.id, action === 'enable', audited(request, action)),
      );
    }
    app.post(
      '/api/backoffice/bonus_templates/:id/clone',
      {
        ...manage,
        schema: {
          tags,
          summary: 'A copy of the template under a new key, with its own code or none, disabled until switched on',
          params: backofficeBonusTemplateParamsSchema,
          body: backofficeBonusTemplateCloneRequestSchema,
          response: { 201: backofficeBonusTemplateSchema },
        },
      },
      async (request, reply) =>
        reply
          .status(201)
          .send(await desk().clone(request.params.id, request.body.key, request.body.code, audited(request, 'clone'))),
    );

    app.post(
      '/api/backoffice/bonus_grants',
      {
        onRequest: requirePermission(guard, 'bonuses.grant'),
        schema: {
          tags,
          summary:
            'Grants a template (bonus or free spins) to players by id or to a player group: each player once per idempotency key; answers who got it and why the others did not',
          body: backofficeBonusGrantRequestSchema,
          response: { 200: backofficeBonusGrantResponseSchema },
        },
      },
      async (request) => {
        const body = request.body;
        let playerIds = body.player_ids ?? [];
        if (body.group_id !== undefined) {
          const members = await groupMemberIds(ctx.db, body.group_id, BONUS_GRANT_GROUP_MAX + 1);
          if (!members) throw unprocessable('not_found', 'group_id');
          if (members.length > BONUS_GRANT_GROUP_MAX) throw unprocessable('too_many', 'group_id');
          playerIds = members;
        }
        // Blocked players get nothing (the block is the back office's own record).
        const blocked = playerIds.length
          ? await ctx.db
              .select({ userId: playerBlocks.userId })
              .from(playerBlocks)
              .where(inArray(playerBlocks.userId, playerIds))
          : [];
        const refused = new Map<number, BonusGrantSkip>(blocked.map((b) => [b.userId, 'blocked']));
        const by = actingOperator(request);
        return desk().grantMany(
          {
            templateKey: body.template_key,
            currency: body.currency,
            amountCents: body.amount_cents,
            playerIds,
            idempotencyKey: body.idempotency_key,
            refused,
          },
          (tx, outcome) =>
            appendAudit(tx, ctx.clock.now(), by, {
              action: 'bonus.grant',
              targetType: 'bonus_template',
              targetId: body.template_key,
              after: {
                kind: outcome.kind,
                currency: body.currency,
                amount_cents: body.amount_cents ?? null,
                group_id: body.group_id ?? null,
                idempotency_key: body.idempotency_key,
                granted: outcome.players.filter((p) => p.result === 'granted').map((p) => p.player_id),
                skipped_by_reason: outcome.skipped_by_reason,
              },
            }),
        );
      },
    );
  };
}
