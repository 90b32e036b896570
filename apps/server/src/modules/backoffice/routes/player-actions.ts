/** An operator's actions on a player: notes, sign-in sessions, blocks (docs/backoffice.md "Acting on a player"). */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  backofficeBlockSchema,
  backofficeBonusParamsSchema,
  backofficeCanceledSchema,
  backofficeGroupChangeRequestSchema,
  backofficeGroupsResponseSchema,
  backofficeIdParamsSchema,
  backofficeLimitRequestSchema,
  backofficeListQuerySchema,
  backofficeNoteCreateRequestSchema,
  backofficeNoteSchema,
  backofficeNotesResponseSchema,
  backofficePlayerSessionsResponseSchema,
  backofficeReasonRequestSchema,
  backofficeSessionParamsSchema,
  backofficeSessionsEndedSchema,
  userLimitsResponseSchema,
} from '@orbit/contracts';
import type { ModuleContext } from '../../../platform/context';
import { listGroups, playerSessionsPage } from '../../identity';
import { appendAudit } from '../audit';
import { actorOf } from '../operators';
import type { PlayerDesk } from '../player-desk';
import { operatorOf, requirePermission, type BackofficeGuard } from './guard';

/** The operator behind a guarded request, as the audit log names them. */
export const actingOperator = (request: FastifyRequest) => actorOf(operatorOf(request).operator, request.ip);

export function playerActionRoutes(desk: PlayerDesk, guard: BackofficeGuard) {
  return async (fastify: FastifyInstance, ctx: ModuleContext): Promise<void> => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const tags = ['backoffice'];

    app.get(
      '/api/backoffice/players/:id/notes',
      {
        onRequest: requirePermission(guard, 'players.read'),
        schema: {
          tags,
          summary: "Operators' notes on the player, newest first",
          params: backofficeIdParamsSchema,
          querystring: backofficeListQuerySchema,
          response: { 200: backofficeNotesResponseSchema },
        },
      },
      (request) => desk.notes(request.params.id, request.query.page, request.query.per_page),
    );
    app.post(
      '/api/backoffice/players/:id/notes',
      {
        onRequest: requirePermission(guard, 'players.notes'),
        schema: {
          tags,
          summary: 'A note on the player (append-only, signed by its author)',
          params: backofficeIdParamsSchema,
          body: backofficeNoteCreateRequestSchema,
          response: { 201: backofficeNoteSchema },
        },
      },
      async (request, reply) =>
        reply.status(201).send(await desk.addNote(actingOperator(request), request.params.id, request.body.body)),
    );

    app.get(
      '/api/backoffice/players/:id/sessions',
      {
        onRequest: requirePermission(guard, 'players.sessions'),
        schema: {
          tags,
          summary: "The player's sign-in sessions, newest first",
          params: backofficeIdParamsSchema,
          querystring: backofficeListQuerySchema,
          response: { 200: backofficePlayerSessionsResponseSchema },
        },
      },
      async (request) => {
        await desk.requirePlayer(request.params.id);
        const { page, per_page } = request.query;
        return playerSessionsPage(ctx.db, request.params.id, page, per_page, ctx.clock.now());
      },
    );
    app.post(
      '/api/backoffice/players/:id/sessions/:session_id/end',
      {
        onRequest: requirePermission(guard, 'players.sessions'),
        schema: {
          tags,
          summary: 'Ends one of the player’s sessions (and the game sessions it launched)',
          params: backofficeSessionParamsSchema,
          response: { 200: backofficeSessionsEndedSchema },
        },
      },
      (request) => desk.endSessions(actingOperator(request), request.params.id, request.params.session_id),
    );
    app.post(
      '/api/backoffice/players/:id/sessions/end_all',
      {
        onRequest: requirePermission(guard, 'players.sessions'),
        schema: {
          tags,
          summary: 'Ends every session of the player',
          params: backofficeIdParamsSchema,
          response: { 200: backofficeSessionsEndedSchema },
        },
      },
      (request) => desk.endSessions(actingOperator(request), request.params.id, null),
    );

    app.get(
      '/api/backoffice/player_blocks/:id',
      {
        onRequest: requirePermission(guard, 'players.read'),
        schema: {
          tags,
          summary: 'Whether the player is blocked, since when and why',
          params: backofficeIdParamsSchema,
          response: { 200: backofficeBlockSchema },
        },
      },
      async (request) => {
        await desk.requirePlayer(request.params.id);
        return desk.blockOf(request.params.id);
      },
    );
    app.post(
      '/api/backoffice/players/:id/limits',
      {
        onRequest: requirePermission(guard, 'limits.tighten'),
        schema: {
          tags,
          summary:
            "At the player's request: a new or stricter limit, a cooling-off or a self-exclusion; never a looser one (422 would_loosen)",
          params: backofficeIdParamsSchema,
          body: backofficeLimitRequestSchema,
          response: { 200: userLimitsResponseSchema },
        },
      },
      async (request) => {
        const { id } = request.params;
        await desk.requirePlayer(id);
        const { limit, reason } = request.body;
        const by = actingOperator(request);
        return fastify.orbitLimitsDesk.tighten(id, limit, (tx) =>
          appendAudit(tx, ctx.clock.now(), by, {
            action: 'player.limit.set',
            targetType: 'player',
            targetId: id,
            after: limit,
            reason,
          }),
        );
      },
    );

    app.get(
      '/api/backoffice/player_groups',
      {
        onRequest: requirePermission(guard, 'players.read'),
        schema: {
          tags,
          summary: 'The groups and levels players belong to',
          response: { 200: backofficeGroupsResponseSchema },
        },
      },
      async () => {
        const groups = (await listGroups(ctx.db)).map((g) => ({ id: g.id, name: g.name, kind: g.kind }));
        return { data: groups, total: groups.length };
      },
    );
    app.post(
      '/api/backoffice/players/:id/groups',
      {
        onRequest: requirePermission(guard, 'players.groups'),
        schema: {
          tags,
          summary: 'Puts the player in groups and takes them out; answers their groups and level',
          params: backofficeIdParamsSchema,
          body: backofficeGroupChangeRequestSchema,
          response: { 200: backofficeGroupsResponseSchema },
        },
      },
      (request) => desk.changeGroups(actingOperator(request), request.params.id, request.body.add, request.body.remove),
    );

    for (const [kind, cancel] of [
      ['bonuses', fastify.orbitBonusDesk.cancelBonus],
      ['freespins', fastify.orbitBonusDesk.cancelFreespins],
    ] as const) {
      app.post(
        `/api/backoffice/players/:id/${kind}/:bonus_id/cancel`,
        {
          onRequest: requirePermission(guard, 'bonuses.grant'),
          schema: {
            tags,
            summary: `Cancels one of the player's ${kind === 'bonuses' ? 'bonuses (its bonus money is forfeited)' : 'free-spin grants'}, with a reason`,
            params: backofficeBonusParamsSchema,
            body: backofficeReasonRequestSchema,
            response: { 200: backofficeCanceledSchema },
          },
        },
        async (request) => {
          const { id, bonus_id } = request.params;
          await desk.requirePlayer(id);
          const by = actingOperator(request);
          await cancel(id, bonus_id, (tx, stage) =>
            appendAudit(tx, ctx.clock.now(), by, {
              action: `player.${kind}.cancel`,
              targetType: 'player',
              targetId: id,
              before: { [kind === 'bonuses' ? 'bonus_id' : 'freespin_id']: bonus_id, stage },
              after: { stage: 'canceled' },
              reason: request.body.reason,
            }),
          );
          return { id: bonus_id, stage: 'canceled' };
        },
      );
    }

    for (const action of ['block', 'unblock'] as const) {
      app.post(
        `/api/backoffice/players/:id/${action}`,
        {
          onRequest: requirePermission(guard, 'players.block'),
          schema: {
            tags,
            summary:
              action === 'block'
                ? 'Blocks the player (reason required): no sign-in, every session ends; cashouts stay for review'
                : 'Lifts the block (reason required)',
            params: backofficeIdParamsSchema,
            body: backofficeReasonRequestSchema,
            response: { 200: backofficeBlockSchema },
          },
        },
        (request) => desk[action](actingOperator(request), request.params.id, request.body.reason),
      );
    }
  };
}
