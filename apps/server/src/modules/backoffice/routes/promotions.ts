/**
 * Promotions in the back office (docs/backoffice.md "Promotions"), permission `promotions.manage`:
 * tournaments, quests and achievements listed by status, read with their live leaderboard,
 * created, changed while they have not started, ended now with the rules' payout; lotteries
 * listed, created (the committed seed's fingerprint answered), read with their draw's
 * verification data. The promotions module keeps them (`app.orbitPromotionDesk`); every write's
 * audit entry is written here, in the write's own transaction. Quests and achievements have their
 * own door (`/quests`, the same tournaments' code with the level table beside it). The prize
 * wheel's door is `wheel.ts`.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  backofficeLotteriesQuerySchema,
  backofficeLotteriesResponseSchema,
  backofficeLotteryCreateRequestSchema,
  backofficeLotterySchema,
  backofficePromotionParamsSchema,
  backofficeQuestLevelsSchema,
  backofficeQuestRequestSchema,
  backofficeQuestSchema,
  backofficeQuestsQuerySchema,
  backofficeQuestsResponseSchema,
  backofficeTournamentCreateRequestSchema,
  backofficeTournamentSchema,
  backofficeTournamentsQuerySchema,
  backofficeTournamentsResponseSchema,
  backofficeTournamentUpdateRequestSchema,
} from '@orbit/contracts';
import type { ModuleContext } from '../../../platform/context';
import { noStore } from '../../../platform/http/no-store';
import type { PromotionChangeHook } from '../../promotions';
import { appendAudit } from '../audit';
import { requirePermission, type BackofficeGuard } from './guard';
import { actingOperator } from './player-actions';

export function promotionRoutes(guard: BackofficeGuard) {
  return async (fastify: FastifyInstance, ctx: ModuleContext): Promise<void> => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const tags = ['backoffice'];
    const manage = { onRequest: requirePermission(guard, 'promotions.manage') };
    const desk = () => fastify.orbitPromotionDesk;

    /** The write's audit entry (`tournament.create`, `lottery.create` …), in its transaction. */
    const audited =
      <T extends { id: number }>(request: FastifyRequest, kind: 'tournament' | 'quest' | 'lottery', action: string) =>
      (tx: Parameters<PromotionChangeHook<T>>[0], before: T | null, after: T) =>
        appendAudit(tx, ctx.clock.now(), actingOperator(request), {
          action: `${kind}.${action}`,
          // A quest is a tournament's row: its entries sit in that row's trail.
          targetType: kind === 'quest' ? 'tournament' : kind,
          targetId: after.id,
          before,
          after,
        });

    app.get(
      '/api/backoffice/tournaments',
      {
        ...manage,
        schema: {
          tags,
          summary: 'Tournaments, quests and achievements (test and group ones too): active, then future, then archive',
          querystring: backofficeTournamentsQuerySchema,
          response: { 200: backofficeTournamentsResponseSchema },
        },
      },
      async (request, reply) => {
        reply.headers(noStore);
        return desk().tournamentList(request.query);
      },
    );
    app.get(
      '/api/backoffice/tournaments/:id',
      {
        ...manage,
        schema: {
          tags,
          summary: 'One tournament with its prize table as written, its live (or final) leaderboard and its payouts',
          params: backofficePromotionParamsSchema,
          response: { 200: backofficeTournamentSchema },
        },
      },
      async (request, reply) => {
        reply.headers(noStore);
        return desk().tournament(request.params.id);
      },
    );
    app.post(
      '/api/backoffice/tournaments',
      {
        ...manage,
        schema: {
          tags,
          summary: 'A new tournament, quest or achievement, validated as the operator API validates it',
          body: backofficeTournamentCreateRequestSchema,
          response: { 201: backofficeTournamentSchema },
        },
      },
      async (request, reply) =>
        reply.status(201).send(await desk().createTournament(request.body, audited(request, 'tournament', 'create'))),
    );
    app.put(
      '/api/backoffice/tournaments/:id',
      {
        ...manage,
        schema: {
          tags,
          summary: 'Changes a tournament (schedule, prize table, games, currencies …) while it has not started',
          params: backofficePromotionParamsSchema,
          body: backofficeTournamentUpdateRequestSchema,
          response: { 200: backofficeTournamentSchema },
        },
      },
      (request) => desk().updateTournament(request.params.id, request.body, audited(request, 'tournament', 'update')),
    );
    app.post(
      '/api/backoffice/tournaments/:id/end',
      {
        ...manage,
        schema: {
          tags,
          summary:
            'Ends a running tournament now: ranked and paid by the end job’s own rules, once however often asked',
          params: backofficePromotionParamsSchema,
          response: { 200: backofficeTournamentSchema },
        },
      },
      (request) => desk().endTournament(request.params.id, audited(request, 'tournament', 'end')),
    );

    app.get(
      '/api/backoffice/lotteries',
      {
        ...manage,
        schema: {
          tags,
          summary: 'Lotteries, newest first',
          querystring: backofficeLotteriesQuerySchema,
          response: { 200: backofficeLotteriesResponseSchema },
        },
      },
      async (request, reply) => {
        reply.headers(noStore);
        return desk().lotteryList(request.query);
      },
    );
    app.get(
      '/api/backoffice/lotteries/:id',
      {
        ...manage,
        schema: {
          tags,
          summary: 'One lottery: its seed’s fingerprint, and after the draw the data that verifies it',
          params: backofficePromotionParamsSchema,
          response: { 200: backofficeLotterySchema },
        },
      },
      async (request, reply) => {
        reply.headers(noStore);
        return desk().lottery(request.params.id);
      },
    );
    app.post(
      '/api/backoffice/lotteries',
      {
        ...manage,
        schema: {
          tags,
          summary: 'A new lottery; its server seed is chosen now and only its SHA-256 fingerprint shown until the draw',
          body: backofficeLotteryCreateRequestSchema,
          response: { 201: backofficeLotterySchema },
        },
      },
      async (request, reply) =>
        reply.status(201).send(await desk().createLottery(request.body, audited(request, 'lottery', 'create'))),
    );
    // ---- quests and achievements ------------------------------------------------------------------

    app.get(
      '/api/backoffice/quests',
      {
        ...manage,
        schema: {
          tags,
          summary: 'Quests and achievements (test and group ones too): active, then future, then archive',
          querystring: backofficeQuestsQuerySchema,
          response: { 200: backofficeQuestsResponseSchema },
        },
      },
      async (request, reply) => {
        reply.headers(noStore);
        return desk().questList(request.query);
      },
    );
    app.get(
      '/api/backoffice/quest-levels',
      {
        ...manage,
        schema: {
          tags,
          summary: "Each quest size's level table: the bets in whole EUR each level needs",
          response: { 200: backofficeQuestLevelsSchema },
        },
      },
      () => desk().questLevels(),
    );
    app.get(
      '/api/backoffice/quests/:id',
      {
        ...manage,
        schema: {
          tags,
          summary: 'One quest or achievement: its level table, prize table, the players with their level, its payouts',
          params: backofficePromotionParamsSchema,
          response: { 200: backofficeQuestSchema },
        },
      },
      async (request, reply) => {
        reply.headers(noStore);
        return desk().quest(request.params.id);
      },
    );
    app.post(
      '/api/backoffice/quests',
      {
        ...manage,
        schema: {
          tags,
          summary: 'A new quest or achievement of a known size (identifier `<kind>--<size>--<slug>`)',
          body: backofficeQuestRequestSchema,
          response: { 201: backofficeQuestSchema },
        },
      },
      async (request, reply) =>
        reply.status(201).send(await desk().createQuest(request.body, audited(request, 'quest', 'create'))),
    );
    app.put(
      '/api/backoffice/quests/:id',
      {
        ...manage,
        schema: {
          tags,
          summary: 'Changes a quest (schedule, size, prize table …) while it has not started',
          params: backofficePromotionParamsSchema,
          body: backofficeQuestRequestSchema,
          response: { 200: backofficeQuestSchema },
        },
      },
      (request) => desk().updateQuest(request.params.id, request.body, audited(request, 'quest', 'update')),
    );
    app.post(
      '/api/backoffice/quests/:id/end',
      {
        ...manage,
        schema: {
          tags,
          summary: 'Ends a running quest now, as the tournaments’ End now: ranked and paid once however often asked',
          params: backofficePromotionParamsSchema,
          response: { 200: backofficeQuestSchema },
        },
      },
      (request) => desk().endQuest(request.params.id, audited(request, 'quest', 'end')),
    );
  };
}
