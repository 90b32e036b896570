import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  promoParamsSchema,
  tournamentConfirmBodySchema,
  tournamentConfirmResponseSchema,
  tournamentPlayerResponseSchema,
  tournamentSchema,
  tournamentsQuerySchema,
  tournamentsRecentResponseSchema,
  tournamentsResponseSchema,
  tournamentStatusSchema,
} from '@orbit/contracts';
import type { ModuleContext } from '../../../platform/context';
import { notFound, unprocessable } from '../../../platform/errors';
import { requestLocale } from '../../cms';
import { currentPlayer, requirePlayer } from '../../identity';
import { listAccounts } from '../../wallet';
import { statusOf, type TournamentService } from '../tournaments';
import { noStore } from '../../../platform/http/no-store';

const tags = ['promotions'];
/** The tester group sees every promotion page, test quests included (spec "tester flag"). */
export const TESTER_GROUP_ID = 21;

/** The tournaments, quests and achievements on offer, the player's, and the recent ones. */
export function tournamentListRoutes(tournaments: TournamentService) {
  return async (fastify: FastifyInstance, ctx: ModuleContext): Promise<void> => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    app.get(
      '/api/tournaments',
      {
        schema: {
          tags,
          summary: 'Tournaments, quests and achievements: active, then future, then archive',
          querystring: tournamentsQuerySchema,
          response: { 200: tournamentsResponseSchema },
        },
      },
      async (request) => {
        const player = await currentPlayer(request);
        const groupIds = player?.groupIds ?? null;
        const asked = request.query.test_quests === '1' || request.query.test_quests === 'true';
        const rows = await tournaments.list({
          testQuests: asked || (groupIds ?? []).includes(TESTER_GROUP_ID),
          groupIds,
        });
        return Promise.all(
          rows.map((t) => tournaments.present(ctx.db, t, player?.user.id ?? null, requestLocale(request))),
        );
      },
    );
    app.get(
      '/api/tournaments/player',
      {
        schema: {
          tags,
          summary: "The player's standings in the tournaments they take part in",
          response: { 200: tournamentPlayerResponseSchema },
        },
      },
      async (request, reply) => {
        const player = await requirePlayer(request);
        reply.headers(noStore);
        return tournaments.playerStandings(player.user.id);
      },
    );
    app.get(
      '/api/tournaments/recent',
      {
        schema: {
          tags,
          summary: 'Tournaments finished in the last 30 days, newest first',
          response: { 200: tournamentsRecentResponseSchema },
        },
      },
      async (request) => {
        const player = await currentPlayer(request);
        const rows = await tournaments.recent();
        return Promise.all(
          rows.map((t) => tournaments.present(ctx.db, t, player?.user.id ?? null, requestLocale(request))),
        );
      },
    );
  };
}

/** One tournament: its page, its standing, and taking part. */
export function tournamentRoutes(tournaments: TournamentService) {
  return async (fastify: FastifyInstance, ctx: ModuleContext): Promise<void> => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const tournamentOr404 = async (id: string) => {
      const t = await tournaments.one(id);
      if (!t) throw notFound();
      return t;
    };
    app.get(
      '/api/tournaments/:id',
      {
        schema: {
          tags,
          summary: 'One tournament by id or by its slug',
          params: promoParamsSchema,
          response: { 200: tournamentSchema },
        },
      },
      async (request) => {
        const player = await currentPlayer(request);
        const t = await tournamentOr404(request.params.id);
        return tournaments.present(ctx.db, t, player?.user.id ?? null, requestLocale(request));
      },
    );
    app.get(
      '/api/tournaments/:id/status',
      {
        schema: {
          tags,
          summary: "The player's standing (and a quest's levels)",
          params: promoParamsSchema,
          response: { 200: tournamentStatusSchema },
        },
      },
      async (request, reply) => {
        const player = await requirePlayer(request);
        const t = await tournamentOr404(request.params.id);
        reply.headers(noStore);
        return tournaments.standing(ctx.db, t, player.user.id);
      },
    );
    app.post(
      '/api/tournaments/:id/confirm',
      {
        schema: {
          tags,
          summary: 'Joins a tournament that asks for confirmation',
          params: promoParamsSchema,
          body: tournamentConfirmBodySchema,
          response: { 200: tournamentConfirmResponseSchema },
        },
      },
      async (request, reply) => {
        const player = await requirePlayer(request);
        const t = await tournamentOr404(request.params.id);
        if (statusOf(t, ctx.clock.now()) === 'archive' || t.finishedAt) throw unprocessable('tournament_finished');
        const currencies = (await listAccounts(ctx.db, player.user.id)).map((a) => a.currency);
        const eligible = await tournaments.eligible(
          ctx.db,
          t,
          player.user.id,
          t.currencies.find((c) => currencies.includes(c) || c === player.user.currency) ?? player.user.currency,
        );
        if (!eligible) throw unprocessable('tournament_not_eligible');
        await tournaments.confirm(t, player.user.id);
        reply.headers(noStore);
        return tournaments.standing(ctx.db, t, player.user.id);
      },
    );
  };
}
